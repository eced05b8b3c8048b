"""A store file that cannot be used is never lost: a store of the companion's (or a plainly
damaged SQLite file) is kept aside, byte for byte, and a fresh store is started; a file of
another kind, another program's database or a folder is left where it is, untouched, and the
games are kept in memory. The notice says which, plainly."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import GameSetup, parse_card
from companion.session import TableSession
from companion.store import open_store, schema

NAMES = ["Ana", "Ben", "Cy"]


def asides(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir() if ".damaged-" in p.name
                  and not p.name.endswith(("-wal", "-shm", "-journal")))


def works(store) -> None:
    """The store records a game: the table can go on."""
    session = TableSession(journal=store)
    session.new_game(GameSetup.create(NAMES))
    assert session.clue(1, "colour", "R").kind == "applied"
    assert session.play(parse_card("R1")).kind == "applied"
    assert len(store.game(session.game_id).events) == 2


def opened_aside(path: Path, original: bytes, words: str):
    """Opens the store and checks that the old file is aside untouched and the notice says it."""
    store, notice = open_store(path)
    [aside] = asides(path)
    assert aside.read_bytes() == original
    assert notice is not None and words in notice and aside.name in notice and str(path) in notice
    assert store.persistent and store.games() == []
    works(store)
    store.close()
    return notice


def left_alone(path: Path, original: bytes, words: str) -> str:
    """Opens the store and checks that the file was neither moved nor changed, and the games
    of the session are kept in memory, with a notice saying so."""
    store, notice = open_store(path)
    assert not asides(path) and path.read_bytes() == original
    assert notice is not None and words in notice and str(path) in notice
    assert "store.path" in notice and not store.persistent
    works(store)
    store.close()
    assert path.read_bytes() == original
    return notice


def our_store_with_games(path: Path) -> None:
    store, _ = open_store(path)
    works(store)
    store.close()


def test_a_missing_store_is_created_with_its_folders(tmp_path):
    path = tmp_path / "a" / "b" / "companion.sqlite3"
    store, notice = open_store(path)
    assert notice is None and path.is_file()
    assert schema.user_version(store._conn) == schema.SCHEMA_VERSION
    works(store)
    store.close()


def test_random_bytes_are_left_where_they_are(tmp_path):
    path = tmp_path / "companion.sqlite3"
    original = os.urandom(5000)
    path.write_bytes(original)
    left_alone(path, original, "is not a game history")


def test_a_truncated_store_is_kept_aside(tmp_path):
    path = tmp_path / "companion.sqlite3"
    store, _ = open_store(path)
    for seed in range(30):
        from companion.rules.simulate import simulate_game
        store.import_game(simulate_game(GameSetup.create(NAMES), seed))
    store.close()
    whole = path.read_bytes()
    assert len(whole) > 40_000
    original = whole[: len(whole) // 2]
    path.write_bytes(original)
    opened_aside(path, original, "is damaged and cannot be read")


def test_a_store_with_a_damaged_page_is_kept_aside(tmp_path):
    path = tmp_path / "companion.sqlite3"
    store, _ = open_store(path)
    from companion.rules.simulate import simulate_game
    for seed in range(30):
        store.import_game(simulate_game(GameSetup.create(NAMES), seed))
    store.close()
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for i in range(page, 4 * page):  # scribble over pages 2 to 4
        data[i] = (data[i] * 7 + 13) % 256
    original = bytes(data)
    path.write_bytes(original)
    opened_aside(path, original, "is damaged and cannot be read")


def test_another_programs_database_is_left_where_it_is(tmp_path):
    path = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    conn.execute("INSERT INTO recipes VALUES ('risotto', 25)")
    conn.commit()
    conn.close()
    left_alone(path, path.read_bytes(), "is another program's database")


def test_a_store_of_our_own_with_the_wrong_tables_is_kept_aside(tmp_path):
    path = tmp_path / "companion.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    opened_aside(path, path.read_bytes(), "is damaged and cannot be read")


def test_a_store_from_a_newer_companion_is_kept_aside_and_never_downgraded(tmp_path):
    path = tmp_path / "companion.sqlite3"
    our_store_with_games(path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 5}")
    conn.execute("PRAGMA journal_mode = DELETE")  # as a newer version might leave it
    conn.close()
    original = path.read_bytes()
    notice = opened_aside(path, original, "written by a newer version of the companion")
    assert "update the companion" in notice


def test_a_folder_in_the_place_of_the_store_is_left_where_it_is(tmp_path):
    path = tmp_path / "companion.sqlite3"
    path.mkdir()
    (path / "photo.jpg").write_bytes(b"\xff\xd8 not really")
    store, notice = open_store(path)
    assert not asides(path) and [p.name for p in tmp_path.iterdir()] == [path.name]
    assert path.is_dir() and (path / "photo.jpg").read_bytes() == b"\xff\xd8 not really"
    assert "A folder is in the place of the game history" in notice and "store.path" in notice
    assert not store.persistent
    works(store)
    store.close()


def test_an_empty_file_becomes_the_store(tmp_path):
    path = tmp_path / "companion.sqlite3"
    path.write_bytes(b"")
    store, notice = open_store(path)
    assert notice is None and not asides(path)
    works(store)
    store.close()


def test_a_sound_store_is_opened_as_it_is(tmp_path):
    path = tmp_path / "companion.sqlite3"
    our_store_with_games(path)
    store, notice = open_store(path)
    assert notice is None and not asides(path)
    assert len(store.games()) == 1
    store.close()


def test_the_wal_of_a_store_that_was_not_closed_is_recovered_not_set_aside(tmp_path):
    path = tmp_path / "companion.sqlite3"
    code = (
        "import os, sys\n"
        "from companion.store import open_store\n"
        "from companion.rules import GameSetup\n"
        "from companion.session import TableSession\n"
        "store, _ = open_store(sys.argv[1])\n"
        "s = TableSession(journal=store)\n"
        "s.new_game(GameSetup.create(['Ana', 'Ben']))\n"
        "for _ in range(5): s.clue(1 - s.state.current_player, 'rank', 2)\n"
        "os._exit(0)\n")  # no close, no checkpoint: the events are only in the -wal file
    subprocess.run([sys.executable, "-c", code, str(path)], check=True,
                   cwd=Path(__file__).resolve().parents[2])
    assert Path(str(path) + "-wal").stat().st_size > 0
    store, notice = open_store(path)
    assert notice is None and not asides(path)
    assert len(store.unfinished()[2]) == 5
    store.close()


NOBODY_OPEN = """
import os, sys
from companion.store import open_store  # everything imported while the files can be read
import companion.store.open_safely, sqlite3, hashlib, json, shutil
os.setgid(65534); os.setuid(65534)
store, notice = open_store(sys.argv[1])
print(store.persistent)
print(notice)
"""


def run_as_nobody(path: Path) -> list[str]:
    """open_store in a process without root's right to write anywhere."""
    repo = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", NOBODY_OPEN, str(path)], cwd=repo,
                            capture_output=True, text=True, env=dict(os.environ, HOME=str(path.parent)))
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@pytest.fixture
def nobodys_folder():
    """A folder the unprivileged user can reach (pytest's own are root's only)."""
    folder = Path(tempfile.mkdtemp(prefix="hanabi-store-"))
    os.chmod(folder, 0o755)
    yield folder / "data"
    os.chmod(folder, 0o755)
    for child in (folder / "data").glob("*") if (folder / "data").exists() else []:
        os.chmod(child, 0o755)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to drop to another user")
def test_a_read_only_store_is_kept_aside(nobodys_folder):
    folder = nobodys_folder
    folder.mkdir()
    path = folder / "companion.sqlite3"
    our_store_with_games(path)
    os.chmod(path, 0o444)
    os.chown(path, 65534, 65534)
    os.chown(folder, 65534, 65534)  # the folder is the user's; only the file is read-only
    original = path.read_bytes()
    persistent, notice = run_as_nobody(path)
    [aside] = asides(path)
    assert aside.read_bytes() == original
    assert persistent == "True"
    assert "is read-only" in notice and aside.name in notice


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to drop to another user")
def test_a_read_only_folder_leaves_everything_untouched_and_keeps_games_in_memory(nobodys_folder):
    folder = nobodys_folder
    folder.mkdir()
    path = folder / "companion.sqlite3"
    our_store_with_games(path)
    original = path.read_bytes()
    os.chmod(folder, 0o555)
    try:
        persistent, notice = run_as_nobody(path)
    finally:
        os.chmod(folder, 0o755)
    assert persistent == "False"
    assert path.read_bytes() == original and not asides(path)
    assert "will not be saved" in notice


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to drop to another user")
def test_no_folder_can_be_made_keeps_games_in_memory(nobodys_folder):
    locked = nobodys_folder
    locked.mkdir(mode=0o555)
    persistent, notice = run_as_nobody(locked / "sub" / "companion.sqlite3")
    assert persistent == "False"
    assert "the games of this session will not be saved" in notice


def test_a_nearly_full_card_is_said_at_start_up(tmp_path):
    path = tmp_path / "companion.sqlite3"
    our_store_with_games(path)
    store, notice = open_store(path, free_space=lambda: 1_000_000)
    assert notice == ("The SD card is almost full: free some space, or the next moves cannot "
                      "be saved.")
    assert len(store.games()) == 1 and not asides(path)
    store.close()


def test_the_notice_is_in_the_tables_language(tmp_path):
    from companion import i18n

    path = tmp_path / "companion.sqlite3"
    path.write_bytes(b"not a database at all, just words" * 10)
    i18n.set_language("it")
    try:
        store, notice = open_store(path)
    finally:
        i18n.set_language("en")
    assert "non è uno storico delle partite" in notice and "store.path" in notice
    store.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.binary(min_size=1, max_size=6000), looks_like_sqlite=st.booleans(),
       keep=st.integers(min_value=0, max_value=100))
def test_any_file_at_all_opens_a_usable_store_and_is_never_changed(tmp_path_factory, junk,
                                                                  looks_like_sqlite, keep):
    folder = tmp_path_factory.mktemp("junk")
    path = folder / "companion.sqlite3"
    if looks_like_sqlite:
        # a real header, then garbage: the hard case for a reader
        conn = sqlite3.connect(folder / "real.sqlite3")
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
        conn.close()
        header = (folder / "real.sqlite3").read_bytes()[:keep]
        junk = header + junk
    path.write_bytes(junk)
    store, notice = open_store(path)
    kept = asides(path)
    if kept:
        assert junk.startswith(b"SQLite format 3\x00")  # only a damaged SQLite file is moved
        assert kept[0].read_bytes() == junk and kept[0].name in notice
    elif not store.persistent:
        assert path.read_bytes() == junk and "store.path" in notice  # not ours: left alone
    else:
        assert notice is None  # it was an empty database after all
    works(store)
    store.close()
