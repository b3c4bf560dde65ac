"""Reading input files: bytes -> text with clear errors (UTF-8, empty files)."""

from __future__ import annotations

import os

from mtgkb.parser import cache_files
from mtgkb.parser.errors import ParseError, char_name, check_text, find_bad_char


FILE_MAX_BYTES = 50 * 1024 * 1024   # a .mtg, card text or JSON file: at most 50 MiB


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):g} MiB"


def read_bytes(path: str, what: str = "file", limit: int = FILE_MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; a missing, unreadable or
    too large file, a directory, a FIFO or a device is a ParseError at 1:1 (checked
    with os.stat before opening: a FIFO is never opened, so never waited on)."""
    import stat

    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise ParseError("no such file", path, 1, 1, expected=(f"an existing {what}",)) from None
    except (OSError, ValueError) as e:
        raise ParseError(f"cannot read the file: {getattr(e, 'strerror', None) or e}", path, 1, 1,
                         expected=(f"a readable {what}",)) from None
    if stat.S_ISDIR(st.st_mode):
        raise ParseError(f"is a directory, not a {what}", path, 1, 1, expected=(f"a {what}",))
    if not stat.S_ISREG(st.st_mode):
        kind = ("a FIFO (named pipe)" if stat.S_ISFIFO(st.st_mode) else "a device" if stat.S_ISCHR(st.st_mode)
                or stat.S_ISBLK(st.st_mode) else "a socket" if stat.S_ISSOCK(st.st_mode) else "not a regular file")
        raise ParseError(f"is {kind}, not a {what}", path, 1, 1, expected=(f"a regular {what}",))
    if st.st_size > limit:
        raise ParseError(f"the file is too large ({_size(st.st_size)}; at most {_size(limit)})", path, 1, 1,
                         expected=(f"a {what} of at most {_size(limit)}",))
    try:
        with open(path, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):  # swapped in since the stat
                raise ParseError(f"is not a regular file, not a {what}", path, 1, 1, expected=(f"a regular {what}",))
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise ParseError("no such file", path, 1, 1, expected=(f"an existing {what}",)) from None
    except IsADirectoryError:
        raise ParseError(f"is a directory, not a {what}", path, 1, 1, expected=(f"a {what}",)) from None
    except OSError as e:
        raise ParseError(f"cannot read the file: {e.strerror or e}", path, 1, 1,
                         expected=(f"a readable {what}",)) from None
    if len(data) > limit:  # grew since the stat
        raise ParseError(f"the file is too large (more than {_size(limit)})", path, 1, 1,
                         expected=(f"a {what} of at most {_size(limit)}",))
    return data


def decode_utf8(data: bytes, path: str) -> str:
    """UTF-8 text without a byte-order mark; a bad byte is reported at its line and column."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        before = data[: e.start]
        line = before.count(b"\n") + 1
        col = e.start - (before.rfind(b"\n") + 1) + 1
        raise ParseError(f"the file is not UTF-8 text (byte 0x{data[e.start]:02x})", path, line, col,
                         expected=("UTF-8 encoded text",)) from None
    text = text[1:] if text.startswith("\ufeff") else text
    check_text(text, path)  # NUL and control characters: an error at their line and column
    return text


def read_text(path: str) -> str:
    return decode(read_bytes(path), path)


def decode(data: bytes, path: str) -> str:
    """A scenario file's text: UTF-8 and not empty."""
    text = decode_utf8(data, path)
    if not text.strip():
        raise ParseError("the file is empty", path, 1, 1, expected=("at least one block",))
    return text


def expand_paths(paths: list[str]) -> list[str]:
    """Files as given; directories become their *.mtg files, sorted (deterministic)."""
    return scan_paths(paths)[0]


def scan_paths(paths: list[str]) -> tuple[list[str], list[ParseError], list[ParseError]]:
    """expand_paths, with (2) the problems of the directories given: one that holds no
    .mtg file, a subdirectory that cannot be read (ParseErrors, for the caller to
    report as warnings, or as errors under --strict) and (3) errors: a file whose
    name holds a control character (left out: its name would reach the terminal)."""
    if isinstance(paths, (str, bytes)) or isinstance(paths, os.PathLike):
        raise TypeError(f"paths must be a list of paths, not a single {type(paths).__name__} "
                        f"(write [{paths!r}])")
    out: list[str] = []
    problems: list[ParseError] = []
    errors: list[ParseError] = []

    def add(f: str) -> None:
        i = find_bad_char(f)
        if i is None:
            out.append(f)
        else:
            errors.append(ParseError(f"the file name holds {char_name(f[i])}", f, 1, 1,
                                     expected=("a file name of printable characters",)))

    for p in paths:
        if not isinstance(p, (str, os.PathLike)):
            raise TypeError(f"each path must be a str or os.PathLike, not {type(p).__name__}")
        p = os.fspath(p)
        if os.path.isdir(p):
            found = 0

            def unreadable(e: OSError) -> None:
                problems.append(ParseError(f"cannot read the directory: {e.strerror or e}", e.filename or p, 1, 1,
                                           expected=("a readable directory",)))

            for root, dirs, files in os.walk(p, onerror=unreadable):
                dirs.sort()
                mtg = [os.path.join(root, f) for f in sorted(files) if f.endswith(".mtg")]
                found += len(mtg)
                for f in mtg:
                    add(f)
            if not found:
                problems.append(ParseError("the directory holds no .mtg file", p, 1, 1,
                                           expected=("a directory with ruling files (*.mtg)",)))
        else:
            add(p)
    return out, problems, errors


# ----------------------------------------------------------------------------- the per-user cache
#
# The card-name index is kept in the per-user cache directory, written and read
# only as mtgkb.parser.cache_files allows (atomic writes; a private directory and
# file, never through a symbolic link).  The grammars' tables are kept next to it.

# The directory of the card index, next to the grammars' mtgkb/.
CACHE_FOLDER = "mtgkb-index"


def open_cache_dir(create: bool = True, folder: str = CACHE_FOLDER) -> int | None:
    """A descriptor of the cache directory if it can be trusted, else None (the caller closes it)."""
    return cache_files.open_cache_dir(folder, create=create)


def read_cache(name: str, folder: str = CACHE_FOLDER) -> bytes | None:
    """The content of cache file `name`, or None (see mtgkb.parser.cache_files.read_cache)."""
    return cache_files.read_cache(folder, name)


def write_cache(name: str, data: bytes, folder: str = CACHE_FOLDER) -> bool:
    """Write cache file `name` atomically; False when it cannot be done."""
    return cache_files.write_cache(folder, name, data)
