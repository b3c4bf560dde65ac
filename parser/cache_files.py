"""The per-user cache directory: files mtgkb derives once and keeps (the grammars'
LALR tables, the card-name index).  Written atomically (a temporary file in the same
directory, then os.replace, so a reader sees the old file or the new one, never a
torn one) and read only from a directory that is the user's own and that nobody else
can write, never through a symbolic link (O_NOFOLLOW on the directory and on the
file, both opened relative to the checked directory's descriptor, so nothing can be
swapped in between).  Where any of this cannot be had, there is no cache: the
caller builds in memory (and a directory that exists but cannot be trusted is
named once, on stderr).  The directory is kept under a size budget: after a write, the
files least recently written or read go first (a read marks its file as used), so caches of
older versions of the program and of the card database do not pile up.  A leaf."""

from __future__ import annotations

import os
import sys

CACHE_MAX_BYTES = 64 * 1024 * 1024  # a cache file larger than this is not read
CACHE_DIR_BUDGET = 256 * 1024 * 1024  # past this, a write removes the least recently used files

_warned: set[str] = set()


def _distrust(path: str, why: str) -> None:
    """Say once per directory that it is not used."""
    if path not in _warned:
        _warned.add(path)
        print(f"mtgkb: warning: the cache directory {path} is not used ({why}); "
              "building in memory", file=sys.stderr)


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


def open_cache_dir(folder: str, create: bool = True) -> int | None:
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
    except OSError:   # missing, not creatable, or a symbolic link (ELOOP/ENOTDIR)
        if os.path.islink(path):
            _distrust(path, "it is a symbolic link")
        return None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode) and _private(st):
            return fd
    except OSError:
        pass
    os.close(fd)
    _distrust(path, "it is not this user's own, or others can write to it")
    return None


def read_cache(folder: str, name: str) -> bytes | None:
    """The content of cache file `name`, or None: no trusted cache directory, no such
    file, a symbolic link, not a regular file, not the user's own or writable by
    others, larger than CACHE_MAX_BYTES, or unreadable."""
    import stat

    dfd = open_cache_dir(folder, create=False)
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
        _mark_used(fd)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)
        os.close(dfd)


def read_marshal(folder: str, name: str, key: bytes):
    """What cache file `name` holds after its key line `key`, in `marshal` form (loading it
    runs no code), or None: no such file (read_cache), another key, or not marshal data."""
    import marshal

    raw = read_cache(folder, name)
    if raw is None or not raw.startswith(key):
        return None
    try:
        return marshal.loads(raw[len(key):])
    except (ValueError, EOFError, TypeError):
        return None


def write_cache(folder: str, name: str, data: bytes) -> bool:
    """Write cache file `name` atomically: a new private file (0600) next to it, synced,
    then renamed over it.  False (and nothing left behind) when it cannot be done."""
    import secrets

    dfd = open_cache_dir(folder, create=True)
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
        evict(dfd, keep=name)
        return True
    except OSError:
        try:
            os.unlink(tmp, dir_fd=dfd)
        except OSError:
            pass
        return False
    finally:
        os.close(dfd)


def _mark_used(fd: int) -> None:
    """Set the modification time of an open cache file to now: eviction keeps the files in use."""
    try:
        os.utime(fd)
    except (OSError, NotImplementedError):
        pass


def evict(dfd: int, keep: str, budget: int | None = None) -> int:
    """Remove the user's own regular files of the cache directory `dfd`, least recently used
    first (by modification time, then name), until the directory holds at most `budget` bytes
    (default CACHE_DIR_BUDGET); never `keep` (the file just written) nor another writer's
    temporary file (a dot file).  Returns the number of files removed."""
    import stat

    budget = CACHE_DIR_BUDGET if budget is None else budget
    files, total = [], 0
    try:
        with os.scandir(dfd) as it:
            for e in it:
                try:
                    st = e.stat(follow_symlinks=False)
                except OSError:
                    continue
                if not (stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid()):
                    continue
                total += st.st_size
                if e.name != keep and not e.name.startswith("."):
                    files.append((st.st_mtime_ns, e.name, st.st_size))
    except OSError:
        return 0
    removed = 0
    for _, name, size in sorted(files):
        if total <= budget:
            break
        try:
            os.unlink(name, dir_fd=dfd)
        except OSError:
            continue
        total -= size
        removed += 1
    return removed
