"""mtgkb: a rules knowledge base for Magic: The Gathering with logic inference.

    from mtgkb import KnowledgeBase
    kb = KnowledgeBase()
    report, errors = kb.check(["kb/rulings"])

The public API (docs/api.md): `KnowledgeBase`, its results `CheckReport`,
`RulingResult` and `ClaimResult`, and `ParseError` (bad input)."""

__version__ = "0.1.0"

__all__ = ["KnowledgeBase", "CheckReport", "RulingResult", "ClaimResult", "ParseError", "__version__"]


def __getattr__(name):  # imported when first used: `import mtgkb` stays cheap
    if name == "KnowledgeBase":
        from .api import KnowledgeBase

        return KnowledgeBase
    if name in ("CheckReport", "RulingResult", "ClaimResult"):
        from . import results

        return getattr(results, name)
    if name == "ParseError":
        from mtgkb.parser.errors import ParseError

        return ParseError
    raise AttributeError(name)
