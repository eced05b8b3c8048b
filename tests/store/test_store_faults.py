"""The store's faults as a person meets them: a store path naming a folder, a full card at
start-up, an empty store file beside the log that holds the game, the file deleted while the app
runs, and a stop between ending the old game and beginning the new one.

A full card is a real one: a small tmpfs mounted for the test, filled to the last byte (the
tests that need it are skipped where mounting is not allowed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.formats.game_log import event_to_dict
from companion.rules import GameSetup
from companion.rules.simulate import simulate_game
from companion.session import TableSession
from companion.store import open_store

REPO = Path(__file__).resolve().parents[2]
NAMES = ["Ana", "Ben", "Cy"]


def everything_in(folder: Path) -> dict[str, bytes | None]:
    """Each file's bytes (None for a folder), by name."""
    return {p.name: None if p.is_dir() else p.read_bytes() for p in sorted(folder.iterdir())}


def play(store, moves: int, seed: int = 1) -> TableSession:
    """A session on `store` with a game of `moves` events in progress."""
    plan = simulate_game(GameSetup.create(NAMES), seed)
    session = TableSession(journal=store)
    session.new_game(plan.setup)
    for event in plan.events[:moves]:
        assert session.apply_event(event).kind == "applied"
    return session


def events_of(store, game_id: int) -> list[dict]:
    return [event_to_dict(e) for e in store.game(game_id).events]


# ----- 1. a store path naming a folder ---------------------------------------------------------
def test_open_store_never_moves_a_folder(tmp_path):
    folder = tmp_path / "hanabi-companion"
    folder.mkdir()
    (folder / "holiday.jpg").write_bytes(b"\xff\xd8 a photo")
    before = everything_in(tmp_path)
    store, notice = open_store(folder)
    assert everything_in(tmp_path) == before and everything_in(folder) == {"holiday.jpg":
                                                                           b"\xff\xd8 a photo"}
    assert not store.persistent and "store.path" in notice
    play(store, 3)  # the table still works, in memory
    store.close()
    assert everything_in(tmp_path) == before


@pytest.mark.parametrize("content", [b"", b"\x00" * 10, "my shopping list\n".encode(),
                                     b"%PDF-1.4 a document"])
def test_a_file_of_another_kind_is_never_moved_nor_changed(tmp_path, content):
    path = tmp_path / "companion.sqlite3"
    if content:
        path.write_bytes(content)
        before = everything_in(tmp_path)
        store, notice = open_store(path)
        assert everything_in(tmp_path) == before and not store.persistent
        assert "store.path" in notice
        store.close()
    else:  # an empty file is an empty store: it becomes the store, as before
        path.write_bytes(content)
        store, notice = open_store(path)
        assert notice is None and store.persistent
        store.close()


# ----- 2. a full card at start-up --------------------------------------------------------------
@pytest.fixture
def small_card(tmp_path):
    """A 3 MB file system of its own (a tmpfs), unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    point = tmp_path / "card"
    point.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(point)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], check=False)


def fill(folder: Path) -> Path:
    """Fills the file system to its last byte; returns the filler file, to free the space."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\xaa" * 4096)
        except OSError:
            pass
    return filler


def test_a_full_card_at_start_up_keeps_the_store_and_the_game_resumes_once_freed(small_card):
    path = small_card / "companion.sqlite3"
    store, notice = open_store(path, min_free_bytes=0)
    session = play(store, 6)
    game_id, kept = session.game_id, [event_to_dict(e) for e in session.game.events]
    store.close()
    before = everything_in(small_card)
    filler = fill(small_card)

    store, notice = open_store(path, min_free_bytes=0)  # the app starting on the full card
    assert not store.persistent
    assert "full" in notice and "safe" in notice and "damaged" not in notice
    store.close()
    after = everything_in(small_card)
    del after["filler"]
    assert after == before  # nothing moved aside, nothing changed

    filler.unlink()  # space freed: the next start resumes the game
    store, notice = open_store(path, min_free_bytes=0)
    assert notice is None and store.persistent
    resumed_id, _setup, events = store.unfinished()
    assert resumed_id == game_id and [event_to_dict(e) for e in events] == kept
    store.close()


def test_a_card_that_fills_up_during_the_game_refuses_the_move_and_loses_nothing(small_card):
    path = small_card / "companion.sqlite3"
    store, _ = open_store(path, min_free_bytes=0)  # no margin: the card itself says it is full
    session = play(store, 4)
    plan = simulate_game(GameSetup.create(NAMES), 1)
    filler = fill(small_card)
    refused = None
    for event in plan.events[4:40]:  # until the log can grow no more
        outcome = session.apply_event(event)
        if outcome.kind == "refused":
            refused = outcome
            break
    assert refused is not None and "full" in str(refused.error)
    confirmed = [event_to_dict(e) for e in session.game.events]
    assert [p.name for p in small_card.iterdir() if ".damaged-" in p.name] == []
    filler.unlink()  # space freed: the same move now goes through
    assert session.apply_event(refused.event).kind == "applied"
    store.close()
    store, notice = open_store(path, min_free_bytes=0)
    assert notice is None
    _id, _setup, events = store.unfinished()
    assert [event_to_dict(e) for e in events] == confirmed + [event_to_dict(refused.event)]
    store.close()


def test_an_io_error_while_opening_is_not_damage(tmp_path, monkeypatch):
    """Any I/O error on opening (not only a full card) leaves the store where it is."""
    import sqlite3

    from companion.store import open_safely

    path = tmp_path / "companion.sqlite3"
    store, _ = open_store(path)
    play(store, 4)
    store.close()
    before = everything_in(tmp_path)
    real = open_safely._connect

    def failing(target, uri=False):
        conn = real(target, uri)
        if target == str(path):
            conn.close()
            err = sqlite3.OperationalError("disk I/O error")
            err.sqlite_errorcode = sqlite3.SQLITE_IOERR
            raise err
        return conn

    monkeypatch.setattr(open_safely, "_connect", failing)
    store, notice = open_store(path, min_free_bytes=0)
    assert not store.persistent and "left untouched" in notice
    assert everything_in(tmp_path) == before
    monkeypatch.undo()
    store, notice = open_store(path)
    assert notice is None and store.unfinished() is not None
    store.close()


# ----- 3. an empty store file beside a log that holds the game ---------------------------------
UNCLOSED = """
import os, sys
from companion.rules import GameSetup
from companion.rules.simulate import simulate_game
from companion.session import TableSession
from companion.store import open_store
store, _ = open_store(sys.argv[1])
plan = simulate_game(GameSetup.create(['Ana', 'Ben', 'Cy']), 1)
session = TableSession(journal=store)
session.new_game(plan.setup)
for event in plan.events[:int(sys.argv[2])]:
    assert session.apply_event(event).kind == 'applied'
os._exit(0)  # no close, no checkpoint: the records are only in the -wal file
"""


def test_an_empty_store_beside_its_log_is_moved_aside_with_it_and_the_game_recovered(tmp_path):
    path = tmp_path / "companion.sqlite3"
    subprocess.run([sys.executable, "-c", UNCLOSED, str(path), "9"], cwd=REPO, check=True)
    wal = Path(str(path) + "-wal")
    assert wal.stat().st_size > 0
    path.write_bytes(b"")  # the main file lost its content
    log = wal.read_bytes()

    store, notice = open_store(path)
    [aside] = [p for p in tmp_path.iterdir() if p.name.startswith("companion.sqlite3.damaged-")
               and not p.name.endswith(("-wal", "-shm"))]
    assert aside.read_bytes() == b""
    assert Path(str(aside) + "-wal").read_bytes() == log  # the log kept, byte for byte
    assert notice is not None and aside.name in notice and "recovered" in notice
    assert "1 games with 9 events" in notice
    game_id, _setup, events = store.unfinished()  # and the game goes on where it was
    plan = simulate_game(GameSetup.create(NAMES), 1)
    assert [event_to_dict(e) for e in events] == [event_to_dict(e) for e in plan.events[:9]]
    session = TableSession(journal=store)
    session.resume(game_id, plan.setup, events)
    assert session.apply_event(plan.events[9]).kind == "applied"
    store.close()


def test_a_log_that_cannot_be_replayed_is_still_kept_aside_with_a_notice(tmp_path):
    path = tmp_path / "companion.sqlite3"
    path.write_bytes(b"")
    Path(str(path) + "-wal").write_bytes(b"not a log at all, but not nothing either" * 5)
    store, notice = open_store(path)
    assert notice is not None and "no game could be recovered" in notice
    assert len([p for p in tmp_path.iterdir() if ".damaged-" in p.name]) == 2
    assert store.persistent and store.games() == []
    store.close()


def test_a_log_without_the_checkpointed_pages_gives_back_only_whole_games(tmp_path):
    """After a checkpoint the log holds only the pages changed since: the games it cannot give
    back whole are not half-restored, they stay in the files aside."""
    path = tmp_path / "companion.sqlite3"
    store, _ = open_store(path)
    for seed in range(3):
        store.import_game(simulate_game(GameSetup.create(NAMES), seed))
    store.close()  # checkpointed into the main file
    subprocess.run([sys.executable, "-c", UNCLOSED, str(path), "9"], cwd=REPO, check=True)
    path.write_bytes(b"")
    store, notice = open_store(path)
    for row in store.games():  # whatever came back came back whole
        assert len(store.game(row.id).events) == row.turns
    kept = store.unfinished()
    assert kept is None or len(kept[2]) == 9
    assert len([p for p in tmp_path.iterdir() if ".damaged-" in p.name]) >= 2
    assert "recovered" in notice
    store.close()


# ----- 4. the store file deleted while the app runs --------------------------------------------
@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_store_deleted_while_the_app_runs_is_noticed_and_written_again(tmp_path, what):
    folder = tmp_path / "data"
    path = folder / "companion.sqlite3"
    store, _ = open_store(path)
    store.import_game(simulate_game(GameSetup.create(NAMES), 7))  # an older game of the history
    session = play(store, 5)
    plan = simulate_game(GameSetup.create(NAMES), 1)
    if what == "file":
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
    else:
        import shutil
        shutil.rmtree(folder)

    refused = session.apply_event(plan.events[5])  # the next event notices it
    assert refused.kind == "refused" and "deleted" in str(refused.error)
    assert path.is_file()
    again = session.apply_event(plan.events[5])  # done again: saved in the new file
    assert again.kind == "applied"
    assert session.apply_event(plan.events[6]).kind == "applied"
    store.close()

    reopened, notice = open_store(path)  # after a restart every confirmed event is there
    assert notice is None and len(reopened.games()) == 2
    game_id, _setup, events = reopened.unfinished()
    assert [event_to_dict(e) for e in events] == [event_to_dict(e) for e in plan.events[:7]]
    assert [event_to_dict(e) for e in events] == [event_to_dict(e) for e in session.game.events]
    reopened.close()


def test_a_store_replaced_by_another_file_is_not_overwritten(tmp_path):
    path = tmp_path / "companion.sqlite3"
    store, _ = open_store(path)
    session = play(store, 3)
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    path.write_text("someone else's file")
    plan = simulate_game(GameSetup.create(NAMES), 1)
    outcome = session.apply_event(plan.events[3])
    assert outcome.kind == "refused" and "replaced" in str(outcome.error)
    assert path.read_text() == "someone else's file"
    store.close()


# ----- 5. a stop between ending the old game and beginning the new one --------------------------
NEW_GAME_KILLED = """
import os, sys
from companion.rules import GameSetup
from companion.rules.simulate import simulate_game
from companion.session import TableSession
from companion.store import open_store

class KillAfterFirstCommit:
    '''The connection, killing the process as soon as one transaction has been committed.'''
    def __init__(self, conn):
        self._conn = conn
    def __getattr__(self, name):
        return getattr(self._conn, name)
    def execute(self, sql, *args):
        result = self._conn.execute(sql, *args)
        if sql == 'COMMIT':
            os._exit(9)
        return result

store, _ = open_store(sys.argv[1])
plan = simulate_game(GameSetup.create(['Ana', 'Ben', 'Cy']), 1)
session = TableSession(journal=store)
session.new_game(plan.setup)
for event in plan.events[:5]:
    session.apply_event(event)
store._conn = KillAfterFirstCommit(store._conn)
session.new_game(GameSetup.create(['Ana', 'Ben']))  # the old game is still in progress
"""


def test_a_stop_while_a_new_game_begins_never_brings_the_old_one_back(tmp_path):
    path = tmp_path / "companion.sqlite3"
    result = subprocess.run([sys.executable, "-c", NEW_GAME_KILLED, str(path)], cwd=REPO)
    assert result.returncode == 9
    store, notice = open_store(path)
    assert notice is None
    rows = {row.id: row for row in store.games()}
    kept = store.unfinished()
    if kept is not None and kept[0] == 1:  # killed before the one write: the old game goes on
        assert set(rows) == {1}
    else:  # the new game began, so the old one ended with it
        assert rows[1].outcome == "abandoned" and rows[2].outcome == "playing"
        game_id, setup, events = kept
        session = TableSession(journal=store)
        session.resume(game_id, setup, events)
        session.abandon()  # the new game ends...
        store.close()
        store, _ = open_store(path)
        assert store.unfinished() is None  # ...and no game comes back at the next start
    store.close()


def test_a_new_game_the_journal_refuses_leaves_the_old_game_as_it_was(tmp_path):
    path = tmp_path / "companion.sqlite3"
    store, _ = open_store(path)
    session = play(store, 4)
    before = [event_to_dict(e) for e in session.game.events]
    store.min_free_bytes = 1 << 62  # the card is full now
    outcome = session.new_game(GameSetup.create(["Ana", "Ben"]))
    assert outcome.kind == "refused" and session.game_id == 1
    assert [event_to_dict(e) for e in session.game.events] == before
    assert not session.state.over
    store.close()
    store, _ = open_store(path)
    assert store.unfinished()[0] == 1 and events_of(store, 1) == before
    store.close()


def test_another_programs_database_with_its_log_beside_it_is_not_changed(tmp_path):
    """A database of another program (its own application id) with a -wal beside it: opening it
    read-write would merge the log into it; it is recognised from its header and left alone."""
    import sqlite3

    from companion.store import open_store

    path = tmp_path / "companion.sqlite3"
    other = sqlite3.connect(path)
    other.execute("PRAGMA application_id = 1234")
    other.execute("PRAGMA journal_mode = WAL")
    other.execute("PRAGMA wal_autocheckpoint = 0")
    other.execute("CREATE TABLE notes (text)")
    other.execute("INSERT INTO notes VALUES ('mine')")
    other.commit()
    copy = tmp_path / "kept"
    copy.mkdir()
    import shutil
    for suffix in ("", "-wal"):
        shutil.copy(f"{path}{suffix}", copy / f"x{suffix}")
    other.close()  # (closing merges the log: put the files back as they were before)
    for suffix in ("", "-wal"):
        shutil.copy(copy / f"x{suffix}", f"{path}{suffix}")
    before = {s: open(f"{path}{s}", "rb").read() for s in ("", "-wal")}
    store, notice = open_store(path)
    store.close()
    assert notice is not None and str(path) in str(notice)
    assert {s: open(f"{path}{s}", "rb").read() for s in ("", "-wal")} == before
