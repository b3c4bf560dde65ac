"""Reading input files: bytes -> text with clear errors (UTF-8, empty files)."""

from __future__ import annotations

import os

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
# Files mtgkb derives once and keeps (the card-name index): written atomically
# (a temporary file in the same directory, then os.replace, so a reader sees the
# old file or the new one, never a torn one) and read only from a directory that
# is the user's own and that nobody else can write, never through a symbolic
# link (O_NOFOLLOW on the directory and on the file, both opened relative to the
# checked directory's descriptor, so nothing can be swapped in between).  Where
# any of this cannot be had, there is no cache: the caller builds in memory.

CACHE_MAX_BYTES = 64 * 1024 * 1024  # a cache file larger than this is not read


# The directory of the card index, next to lark's mtgkb/ (whose content
# tests/test_foundation_cache.py pins to the two LALR table files).
CACHE_FOLDER = "mtgkb-index"


def _cache_folder(folder: str) -> str | None:
    """$XDG_CACHE_HOME/<folder> (an absolute $XDG_CACHE_HOME), else ~/.cache/<folder>."""
    if not folder or folder in (".", "..") or "/" in folder or os.sep in folder:
        return None  # one plain directory name only
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset or relative: ignored (XDG base directory spec)
        base = os.path.join(os.path.expanduser("~"), ".cache")
        if not os.path.isabs(base):  # no home directory
            return None
    return os.path.join(base, folder)


def _private(st) -> bool:
    """Owned by this user and not writable by group or others."""
    import stat

    return st.st_uid == os.geteuid() and not (stat.S_IMODE(st.st_mode) & (stat.S_IWGRP | stat.S_IWOTH))


def open_cache_dir(create: bool = True, folder: str = CACHE_FOLDER) -> int | None:
    """A descriptor of the cache directory if it can be trusted, else None.  The
    caller closes it."""
    import stat

    if not (hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY") and hasattr(os, "geteuid")
            and os.open in os.supports_dir_fd):
        return None  # no way to open without following links: no cache
    path = _cache_folder(folder)
    if path is None:
        return None
    try:
        if create:
            os.makedirs(path, mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None  # missing, not creatable, or a symbolic link (ELOOP/ENOTDIR)
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode) and _private(st):
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


def read_cache(name: str, folder: str = CACHE_FOLDER) -> bytes | None:
    """The content of cache file `name`, or None: no trusted cache directory, no such
    file, a symbolic link, not a regular file, not the user's own or writable by
    others, larger than CACHE_MAX_BYTES, or unreadable."""
    import stat

    dfd = open_cache_dir(create=False, folder=folder)
    if dfd is None:
        return None
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=dfd)
    except OSError:
        os.close(dfd)
        return None
    try:
        st = os.fstat(fd)
        if not (stat.S_ISREG(st.st_mode) and _private(st)) or st.st_size > CACHE_MAX_BYTES:
            return None
        chunks, size = [], 0
        while True:
            b = os.read(fd, max(st.st_size - size, 0) + 65536)
            if not b:
                break
            size += len(b)
            if size > CACHE_MAX_BYTES:
                return None
            chunks.append(b)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)
        os.close(dfd)


def write_cache(name: str, data: bytes, folder: str = CACHE_FOLDER) -> bool:
    """Write cache file `name` atomically: a new private file (0600) next to it, synced,
    then renamed over it.  False (and nothing left behind) when it cannot be done."""
    import secrets

    dfd = open_cache_dir(create=True, folder=folder)
    if dfd is None:
        return False
    tmp = f".{name}.{os.getpid()}.{secrets.token_hex(6)}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=dfd)
    except OSError:
        os.close(dfd)
        return False
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
        return True
    except OSError:
        try:
            os.unlink(tmp, dir_fd=dfd)
        except OSError:
            pass
        return False
    finally:
        os.close(dfd)
