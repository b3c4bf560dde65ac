"""Reading input files: bytes -> text with clear errors (UTF-8, empty files)."""

from __future__ import annotations

import os

from mtgkb.parser.errors import ParseError


def read_bytes(path: str, what: str = "file") -> bytes:
    """The bytes of a file; a missing or unreadable file is a ParseError at 1:1."""
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        raise ParseError("no such file", path, 1, 1, expected=(f"an existing {what}",)) from None
    except IsADirectoryError:
        raise ParseError(f"is a directory, not a {what}", path, 1, 1, expected=(f"a {what}",)) from None
    except OSError as e:
        raise ParseError(f"cannot read the file: {e.strerror or e}", path, 1, 1,
                         expected=(f"a readable {what}",)) from None


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
    return text[1:] if text.startswith("\ufeff") else text


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
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".mtg")]
        else:
            out.append(p)
    return out


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
