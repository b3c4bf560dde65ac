"""mtgkb: a rules knowledge base for Magic: The Gathering with logic inference.

    from mtgkb import KnowledgeBase
    kb = KnowledgeBase()
    report = kb.check(["kb/rulings"])
"""

__version__ = "0.1.0"

__all__ = ["KnowledgeBase", "__version__"]


def __getattr__(name):
    if name == "KnowledgeBase":
        from .api import KnowledgeBase

        return KnowledgeBase
    raise AttributeError(name)
