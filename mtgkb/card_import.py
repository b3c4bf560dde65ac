"""Card databases other than the embedded one: `mtgkb cards import FILE` reads a current
MTGJSON AtomicCards.json or a Scryfall oracle-cards bulk file, keeps the card faces (not
tokens, emblems or art cards), checks that each record reads, and installs the result in
the user data directory ($XDG_DATA_HOME/mtgkb/cards, else ~/.local/share/mtgkb/cards) as a
JSON Lines file in the embedded database's format, written atomically.

Which database a command uses: `--cards NAME|FILE` on every command, or the environment
variable MTGKB_CARDS (which `--cards` sets, so that worker processes inherit it); without
either, the embedded database (kb/oracle-cards-2022-04.jsonl.gz).  NAME is an imported
database; FILE a .jsonl.gz written by an import."""

from __future__ import annotations

import gzip
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .parser.cardjson import card_from_json, iter_card_objects
from .parser.errors import ParseError

ENV = "MTGKB_CARDS"
IMPORT_MAX_BYTES = 1024 * 1024 * 1024   # an import file (Scryfall's bulk file is ~150 MB): at most 1 GiB
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
# layouts of objects that are not cards a player plays with (tokens, emblems, art cards)
SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series", "reversible_card"})


def data_dir() -> Path:
    """Where imported databases live: $XDG_DATA_HOME/mtgkb/cards (an absolute
    $XDG_DATA_HOME), else ~/.local/share/mtgkb/cards."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "mtgkb" / "cards"


def installed() -> list[str]:
    """The names of the imported databases, sorted."""
    d = data_dir()
    if not d.is_dir():
        return []
    return sorted(p.name[: -len(".jsonl.gz")] for p in d.iterdir() if p.name.endswith(".jsonl.gz"))


class UnknownDatabase(ValueError):
    """`--cards` names no database (a usage error: exit 2)."""


def resolve(choice: str) -> Path:
    """`--cards NAME|FILE` -> the database file.  UnknownDatabase when there is none."""
    p = Path(choice)
    if p.is_file():
        return p
    if _NAME.match(choice):
        q = data_dir() / f"{choice}.jsonl.gz"
        if q.is_file():
            return q
    known = installed()
    raise UnknownDatabase(f"no card database {choice!r}: expected the name of an imported database ("
                          + (", ".join(known) if known else "none yet: mtgkb cards import FILE")
                          + ") or a .jsonl.gz file written by mtgkb cards import")


def selected() -> Path | None:
    """The database chosen for this process (MTGKB_CARDS), or None for the embedded one."""
    choice = os.environ.get(ENV, "")
    return resolve(choice) if choice else None


# ----------------------------------------------------------------------------- import

@dataclass
class ImportReport:
    path: str                 # the installed file
    faces: int = 0            # records written (one a face)
    cards: int = 0            # cards (distinct card names) written
    skipped: dict[str, int] = field(default_factory=dict)   # layout -> objects left out

    def to_json(self) -> dict:
        return {"schema": "mtgkb.cards-import/1", "path": self.path, "cards": self.cards, "faces": self.faces,
                "skipped": dict(sorted(self.skipped.items()))}


def _records(obj: dict) -> list[dict]:
    """Our database records (one a face) of one card object of MTGJSON or Scryfall."""
    faces = obj.get("card_faces")
    name = obj.get("name")
    if isinstance(faces, list) and faces:   # Scryfall: the faces of a multi-face card
        out = []
        for f in faces:
            if not isinstance(f, dict):
                continue
            out.append(_record(f, name=name, face_name=f.get("name"), layout=obj.get("layout")))
        return out
    face_name = obj.get("faceName") or obj.get("face_name")
    return [_record(obj, name=name, face_name=face_name, layout=obj.get("layout"))]


def _record(f: dict, *, name, face_name, layout) -> dict:
    def pick(*keys):
        for k in keys:
            if f.get(k) is not None:
                return f[k]
        return None
    return {"name": name, "face_name": face_name if face_name != name else None, "layout": layout or "normal",
            "mana_cost": pick("mana_cost", "manaCost"), "type_line": pick("type_line", "type"),
            "oracle_text": pick("oracle_text", "text"), "power": pick("power"), "toughness": pick("toughness"),
            "loyalty": pick("loyalty"), "colors": pick("colors")}


def import_cards(src: str, name: str, *, dest: Path | None = None) -> ImportReport:
    """Read `src` (MTGJSON AtomicCards.json, Scryfall oracle-cards, or any card JSON mtgkb
    parse reads), check every record, and install it as database `name`."""
    from .sources import read_bytes

    if not _NAME.match(name):
        raise ParseError(f"database name {name!r} is not a plain name", src, 1, 1,
                         expected=("letters, digits, '.', '_' or '-', at most 64, not starting with a separator",))
    data = read_bytes(src, "card file", limit=IMPORT_MAX_BYTES)
    if data[:2] == b"\x1f\x8b":
        raise ParseError("a compressed file", src, 1, 1, expected=("the uncompressed JSON file",))
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise ParseError(f"not UTF-8 ({e.reason} at byte {e.start})", src, 1, 1, expected=("a UTF-8 JSON file",)) from None
    except json.JSONDecodeError as e:
        raise ParseError(f"not JSON: {e.msg}", src, e.lineno, e.colno, expected=("a JSON document",)) from None
    rep = ImportReport(path="")
    lines: list[str] = []
    seen: set[tuple] = set()
    for i, obj in enumerate(iter_card_objects(doc), start=1):
        layout = obj.get("layout") if isinstance(obj.get("layout"), str) else "normal"
        if layout in SKIPPED_LAYOUTS or (isinstance(obj.get("type_line") or obj.get("type"), str)
                                         and str(obj.get("type_line") or obj.get("type")).startswith("Token ")):
            rep.skipped[layout] = rep.skipped.get(layout, 0) + 1
            continue
        recs = _records(obj)
        key = tuple((r["name"], r["face_name"]) for r in recs)
        if key in seen:   # AllPrintings-like files: one card in many sets
            continue
        seen.add(key)
        for r in recs:
            card_from_json(r, file=src, line=1, record=i)   # a record that does not read: a positioned error
            lines.append(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    if not lines:
        raise ParseError("the file holds no card", src, 1, 1, expected=("MTGJSON AtomicCards", "Scryfall oracle-cards"))
    rep.faces = len(lines)
    rep.cards = len({json.loads(x)["name"] for x in lines})
    target = dest if dest is not None else data_dir() / f"{name}.jsonl.gz"
    _write_atomic(target, "".join(lines).encode("utf-8"))
    rep.path = str(target)
    return rep


def _write_atomic(target: Path, payload: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(prefix=".import-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            # mtime 0: the same cards give the same bytes
            with gzip.GzipFile(fileobj=fh, mode="wb", mtime=0) as gz:
                gz.write(payload)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
