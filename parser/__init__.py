"""mtgkb.parser: lark grammars and the code that turns card text and scenario text
into a typed AST.  Nothing here knows about clingo; `mtgkb.facts` turns the AST
into symbols."""

from .errors import ParseError

__all__ = ["ParseError"]
