"""What a worker process of mtgkb.parallel runs for `mtgkb show`, `ask`, `why` and `pay`
(the parent side is mtgkb.commands_budgeted).

Each call reads the scenario (under the reading budget), calls `started(seconds)` (the
evaluation's own budget starts), evaluates, and returns plain picklable data."""

from __future__ import annotations


def _show(kb, args: dict, started):
    from .check import select_block

    sf = kb._scenario(args["source"], "path")
    blocks = sf.blocks if args["ruling"] is None else [select_block(sf, args["ruling"])]
    started(kb.timeout * max(1, len(blocks)))
    return kb._show(sf, blocks, args["layers"])


def _ask(kb, args: dict, started):
    sf = kb._scenario(args["source"], "path")
    started()
    return kb._ask(sf, args["claim"], args["explain"], args["ruling"])


def _why(kb, args: dict, started):
    from .check import select_block
    from .why import why

    sf = kb._scenario(args["source"], "path")
    started()
    return why(kb.session, sf, args["claim"], timeout=kb.timeout, block=select_block(sf, args["ruling"]))


class _FileRead:
    """A Session whose `load` and `load_block` give a file already read (so that
    pay_document's reading of it is not counted twice)."""

    def __init__(self, session, sf) -> None:
        self._session, self._sf = session, sf

    def load(self, path: str, display: str | None = None):
        return self._sf

    def load_block(self, path: str, ruling: str | None = None):
        from mtgkb.parser.errors import raise_errors

        from .check import select_block

        raise_errors(self._sf.errors)
        return self._sf, select_block(self._sf, ruling)

    def __getattr__(self, name):
        return getattr(self._session, name)


def _pay(kb, args: dict, started):
    from .pay import pay_document

    options = dict(args)
    path, cost = options.pop("path"), options.pop("cost")
    sf = kb.session.load(path)
    started()
    return pay_document(path, cost, timeout=kb.timeout, session=_FileRead(kb.session, sf), **options)


WORKER_CALLS = {"show": _show, "ask": _ask, "why": _why, "pay": _pay}
