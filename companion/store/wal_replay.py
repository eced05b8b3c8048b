"""Getting the games back from a write-ahead log whose store file is empty.

SQLite deletes the -wal of an empty (0-byte) database file when it opens it, and with it every
record the log held. Before that can happen the two files are moved aside (companion.store.
opening); then a COPY of the log is placed beside a fresh one-page database of the same page
size and opened: SQLite replays every committed frame of the log onto it. If the log holds every
page of the store (no checkpoint since it was made, the usual case for a young store that lost
its main file), the whole store comes back. Otherwise only the games whose every event still
reads are taken; the rest stays in the files aside, untouched, for a person to look at.

    found = recover_into(conn, aside)   # aside: the moved-aside store; its -wal beside it
    found.games, found.events           # how many were copied into `conn` (a fresh store)

The files aside are only ever read.
"""

from __future__ import annotations

import shutil
import sqlite3
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion.store import schema

WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_HEADER_BYTES = 32
GAME_COLUMNS = ("id", "source", "players", "variant", "options", "first_player", "started",
                "ended", "outcome", "score", "max_score", "rating", "turns", "digest")
EVENT_COLUMNS = ("id", "game_id", "idx", "event", "recorded", "undone")


@dataclass(frozen=True)
class Recovered:
    games: int = 0
    events: int = 0


def holds_records(wal: Path) -> bool:
    """A write-ahead log with at least one frame after its header."""
    try:
        return wal.is_file() and wal.stat().st_size > WAL_HEADER_BYTES
    except OSError:
        return False


def _page_size(wal: Path) -> int | None:
    with open(wal, "rb") as f:
        header = f.read(WAL_HEADER_BYTES)
    if len(header) < WAL_HEADER_BYTES:
        return None
    magic, _version, page_size = struct.unpack(">III", header[:12])
    if magic not in WAL_MAGIC or page_size < 512 or page_size & (page_size - 1):
        return None
    return page_size


def _replayed_copy(wal: Path, folder: Path) -> sqlite3.Connection | None:
    """A connection to a fresh database with a copy of `wal` replayed onto it."""
    page_size = _page_size(wal)
    if page_size is None:
        return None
    base = folder / "replay.sqlite3"
    conn = sqlite3.connect(base, isolation_level=None)
    conn.execute(f"PRAGMA page_size = {page_size}")
    conn.execute("PRAGMA journal_mode = WAL").fetchone()
    conn.execute("CREATE TABLE placeholder (x)")  # writes page 1, so the file is not empty
    conn.close()  # checkpoints and removes its own -wal
    shutil.copyfile(wal, folder / "replay.sqlite3-wal")
    return sqlite3.connect(base, isolation_level=None)


def _rows(conn: sqlite3.Connection, table: str, columns: tuple[str, ...]) -> list[tuple]:
    """The rows that can still be read, in id order, stopping at the first unreadable one."""
    rows: list[tuple] = []
    try:
        for row in conn.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY id"):
            rows.append(row)
    except sqlite3.DatabaseError:
        pass
    return rows


def _whole_games(games: list[tuple], events: list[tuple]) -> tuple[list[tuple], list[tuple]]:
    """Only the games that have every event they count (a game's `turns` standing events)."""
    turns = GAME_COLUMNS.index("turns")
    standing: dict[int, int] = {}
    for row in events:
        if row[EVENT_COLUMNS.index("undone")] is None:
            standing[row[1]] = standing.get(row[1], 0) + 1
    whole = [row for row in games if standing.get(row[0], 0) == row[turns]]
    ids = {row[0] for row in whole}
    return whole, [row for row in events if row[1] in ids]


def recover_into(conn: sqlite3.Connection, aside: Path) -> Recovered:
    """Copies the games found by replaying `aside`-wal into the fresh store `conn`. Whatever goes
    wrong (a full card, a log that is not one), nothing is recovered and the files stay aside."""
    try:
        return _recover_into(conn, aside)
    except Exception:
        return Recovered()


def _recover_into(conn: sqlite3.Connection, aside: Path) -> Recovered:
    wal = aside.with_name(aside.name + "-wal")
    folder = Path(tempfile.mkdtemp(prefix="companion-replay-", dir=aside.parent))
    try:
        try:
            replay = _replayed_copy(wal, folder)
        except (OSError, sqlite3.Error):
            return Recovered()
        if replay is None:
            return Recovered()
        try:
            if (schema.application_id(replay) != schema.APPLICATION_ID
                    or not schema.has_expected_tables(replay)):
                return Recovered()  # not a store of the companion's
            games = _rows(replay, "games", GAME_COLUMNS)
            events = _rows(replay, "events", EVENT_COLUMNS)
        except sqlite3.DatabaseError:
            return Recovered()
        finally:
            replay.close()
        games, events = _whole_games(games, events)
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(f"INSERT INTO games ({', '.join(GAME_COLUMNS)}) VALUES "
                             f"({', '.join('?' * len(GAME_COLUMNS))})", games)
            conn.executemany(f"INSERT INTO events ({', '.join(EVENT_COLUMNS)}) VALUES "
                             f"({', '.join('?' * len(EVENT_COLUMNS))})", events)
            conn.execute("COMMIT")
        except sqlite3.Error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            return Recovered()
        return Recovered(len(games), len(events))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
