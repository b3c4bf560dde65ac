"""Proofs and layer tables as HTML a researcher can paste into a forum post or a page:
`mtgkb why --format html` and `mtgkb show --layers --format html`.

One self-contained document (inline style, no script, no external resource).  Every text
that comes from the input (titles, card names, claims, card text) or from the CR file is
escaped: it can never become markup.  The same input gives the same bytes."""

from __future__ import annotations

from html import escape

from .proof import Proof, ProofStep

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60em; margin: 1.5em auto; line-height: 1.4; }
h1 { font-size: 1.2em; } h2 { font-size: 1.05em; margin-top: 1.5em; }
.verdict { font-weight: bold; padding: 0 .3em; border-radius: .2em; }
.holds { background: #d9f2d9; } .fails { background: #f8d7d7; }
.undetermined { background: #fdf1c7; } .error { background: #e5e5e5; }
ol.proof li { margin: .3em 0; } .rule { color: #555; font-size: .9em; }
.rule b { color: #000; } .given { color: #444; font-style: italic; }
table { border-collapse: collapse; margin: .5em 0; }
td, th { border: 1px solid #ccc; padding: .2em .5em; vertical-align: top; text-align: left; }
th { background: #f3f3f3; } .small { font-size: .85em; color: #555; }
""".strip()


def _page(title: str, body: list[str]) -> str:
    return "\n".join(["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
                      f"<title>{escape(title)}</title>", f"<style>\n{STYLE}\n</style>", "</head>", "<body>",
                      *body, '<p class="small">Made with mtgkb: rules numbers and titles from the Comprehensive '
                      "Rules shipped with it.</p>", "</body>", "</html>", ""])


def _rules(step: ProofStep) -> str:
    parts = [f"<b>{escape(r['number'])}</b>" + (f" — {escape(r['title'])}" if r["title"] else "") for r in step.rules]
    return f' <span class="rule">[{"; ".join(parts)}]</span>' if parts else ""


def _step(s: ProofStep) -> str:
    text = "; ".join(s.texts)
    if s.conclusion and s.premises:
        text = "so: " + text
    out = escape(text)
    if s.premises:
        out += escape(f" (from {', '.join(str(n) for n in sorted({p.number for p in s.premises}))})")
    if s.given:
        out += ' <span class="given">— given: ' + escape("; ".join(s.given)) + "</span>"
    return f'<li value="{s.number}">{out}{_rules(s)}</li>'


def proof_html(p: Proof) -> str:
    """A claim's proof (mtgkb why) as an HTML document."""
    body = [f'<h1><span class="verdict {escape(p.verdict)}">{escape(p.verdict)}</span> {escape(p.claim)}</h1>']
    if p.message:
        body.append(f"<p>{escape(p.message)}</p>")
    if p.steps:
        body += ['<ol class="proof">', *(_step(s) for s in p.steps), "</ol>"]
    for a in p.absent:
        body.append(f"<p>Not derived: {escape(a)}</p>")
    if p.instead:
        body += ["<p>Derived instead:</p>", '<ol class="proof">', *(_step(s) for s in p.instead), "</ol>"]
    if p.payments is not None:
        if not p.payments:
            body.append("<p>No payment exists.</p>")
        for i, w in enumerate(p.payments, 1):
            rows = "".join(f"<tr><td>{{{escape(str(x['symbol']))}}}</td><td>{escape(str(x['mana']))}</td>"
                           f"<td>{escape(str(x['source']))}</td></tr>" for x in w["pays"])
            body += [f"<h2>Payment {i}</h2>", "<table><tr><th>symbol</th><th>paid with</th><th>from</th></tr>",
                     rows, "</table>"]
    if p.outcome is not None:
        o = p.outcome
        head = f"Outcome {o['branch']} of {p.outcomes}"
        body.append(f"<h2>{escape(head)}</h2>")
        if o.get("choices"):
            body.append("<p>Choices: " + escape("; ".join(o["choices"])) + "</p>")
        if o.get("events"):
            body.append("<table><tr><th>event</th><th>CR</th></tr>" + "".join(
                f"<tr><td>{escape(e['text'].strip())}</td><td>{escape(e['cr'])}</td></tr>" for e in o["events"])
                + "</table>")
        if o.get("stack"):
            body.append("<p>Stack (top first): " + escape(", ".join(o["stack"])) + "</p>")
    for n in p.notes:
        body.append(f'<p class="small">{escape(n)}</p>')
    return _page(f"mtgkb: {p.claim}", body)


def layers_html(file: str, blocks: list[dict]) -> str:
    """`show --layers` (its blocks, as KnowledgeBase.show gives them) as an HTML document: one
    table per object, a row per layer with what changed and the effect and timestamp that
    changed it."""
    body = [f"<h1>{escape(file)}</h1>"]
    for b in blocks:
        body.append(f"<h2>{escape(b['kind'])} “{escape(b['title'])}” (line {b['line']})</h2>")
        for o in b.get("objects", []):
            where = o.get("zone", "")
            body.append(f"<p><b>{escape(o['handle'])}</b> <span class=\"small\">{escape(str(where))}</span></p>")
            rows = o.get("layers")
            if not rows:
                continue
            body.append("<table><tr><th>layer</th><th>CR</th><th>values or changes</th><th>effects</th></tr>")
            for r in rows:
                what = "; ".join(r.get("values") or r.get("changes") or []) or "(no change)"
                if r.get("source"):
                    what = f"({r['source']}) {what}"
                layer = "result" if r["layer"] == "=" else r["layer"]
                title = f' title="{escape(r["title"], quote=True)}"' if r.get("title") else ""
                body.append(f"<tr><td>{escape(layer)}</td><td{title}>{escape(r['rule'])}</td><td>{escape(what)}</td>"
                            f"<td>{escape('; '.join(r.get('effects', [])))}</td></tr>")
            body.append("</table>")
    return _page(f"mtgkb: {file}", body)
