"""`why --format html` and `show --format html`: a self-contained page (no script, no external
resource), deterministic, with every text from the input escaped."""

from __future__ import annotations

from html.parser import HTMLParser

from conftest import run_main_captured

HYDRA = '''scenario "hydra <b>&amp; friends</b>"
  given:
    Alice controls Hooded Hydra with three +1/+1 counters.
'''
HOSTILE = '''scenario "card <script>alert(1)</script>"
  card:
    Evil <img src=x onerror=alert(1)> {1}{G}
    Creature — Bear
    2/2
  given:
    Alice controls Evil <img src=x onerror=alert(1)>.
'''


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += attrs


def _tags(page: str) -> _Tags:
    t = _Tags()
    t.feed(page)
    t.close()
    return t


def test_why_html_is_the_proof(tmp_path):
    f = tmp_path / "h.mtg"
    f.write_text(HYDRA, encoding="utf-8")
    rc, out, err = run_main_captured(["why", str(f), "Hooded Hydra is 3/3.", "--format", "html"])
    assert rc == 0, err
    assert out.startswith("<!DOCTYPE html>") and out.endswith("</html>\n")
    assert '<span class="verdict holds">holds</span> Hooded Hydra is 3/3.' in out
    assert out.count('<li value="') == 3 and "<b>613.4b</b> — Layer 7b" in out and "<b>613.4c</b>" in out
    t = _tags(out)
    assert "script" not in t.tags and not any(k in ("src", "href") for k, _ in t.attrs)
    # the same input, the same bytes
    assert run_main_captured(["why", str(f), "Hooded Hydra is 3/3.", "--format", "html"])[1] == out


def test_show_html_has_a_layer_table_per_object(tmp_path):
    f = tmp_path / "h.mtg"
    f.write_text(HYDRA, encoding="utf-8")
    rc, out, err = run_main_captured(["show", str(f), "--format", "html"])
    assert rc == 0, err
    assert "<h2>scenario “hydra &lt;b&gt;&amp;amp; friends&lt;/b&gt;” (line 1)</h2>" in out
    assert "<td>7c</td>" in out and "+3 power from +1/+1 counters" in out and "<td>result</td>" in out
    assert _tags(out).tags.count("table") == 1


def test_hostile_names_are_escaped(tmp_path):
    f = tmp_path / "e.mtg"
    f.write_text(HOSTILE, encoding="utf-8")
    for argv in (["show", str(f), "--format", "html"], ["why", str(f), "Evil <img src=x onerror=alert(1)> is 2/2.",
                                                           "--format", "html"]):
        rc, out, err = run_main_captured(argv)
        assert rc == 0, err
        t = _tags(out)
        assert "script" not in t.tags and "img" not in t.tags, argv
        assert "&lt;img src=x onerror=alert(1)&gt;" in out
