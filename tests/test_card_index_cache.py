"""`mtgkb check` prints the same bytes whether the names-only card index is built
(first run, fresh cache), read from the cache (later runs), or built in memory
because the cache directory cannot be trusted (a symbolic link)."""

from __future__ import annotations

from pathlib import Path

from mtgkb import sources

from conftest import run_mtgkb, seed_grammar_tables

REPO = Path(__file__).resolve().parents[1]
ARGS = ("check", "kb/rulings/foundation.mtg", "-k", "Orvar", "--format", "json", "--jobs", "1")


def _index_files(home: Path) -> list[Path]:
    d = home / sources.CACHE_FOLDER
    return sorted(d.glob("cards-*.index")) if d.is_dir() else []


def test_check_output_is_the_same_built_cached_and_without_a_cache(tmp_path):
    home = tmp_path / "cache"
    home.mkdir()
    seed_grammar_tables(home)   # the grammars' tables: not what this test is about
    first = run_mtgkb(*ARGS, cwd=REPO, env={"XDG_CACHE_HOME": str(home)})
    made = _index_files(home)
    assert len(made) == 1                                  # built and kept by the first run
    # a rebuilt file is a new file (written beside it, then renamed over it); a read one keeps its inode (its
    # modification time is set on reading: parser/cache_files.py evicts the least recently used)
    stamp = made[0].stat().st_ino
    cached = run_mtgkb(*ARGS, cwd=REPO, env={"XDG_CACHE_HOME": str(home)})
    assert _index_files(home) == made and made[0].stat().st_ino == stamp   # read, not rebuilt
    real = tmp_path / "elsewhere"
    (real / sources.CACHE_FOLDER).mkdir(parents=True)
    untrusted = tmp_path / "linked-home"
    untrusted.mkdir()
    seed_grammar_tables(untrusted)
    (untrusted / sources.CACHE_FOLDER).symlink_to(real / sources.CACHE_FOLDER, target_is_directory=True)
    nocache = run_mtgkb(*ARGS, cwd=REPO, env={"XDG_CACHE_HOME": str(untrusted)})
    assert "is not used" in nocache.stderr
    assert not list((real / sources.CACHE_FOLDER).iterdir())   # nothing written through the link
    assert first.returncode == cached.returncode == nocache.returncode == 0, (first.stderr, nocache.stderr)
    assert first.stdout == cached.stdout == nocache.stdout
    assert '"status": "passed"' in first.stdout
