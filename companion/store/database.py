"""The SQLite store: the live game's journal and the history of every game played or imported.

`Store` is the session's journal (begin / record / remove): each call is one transaction,
committed and synced to the card (WAL, synchronous=FULL) before it returns, so whatever the
screen confirms survives a pulled plug. Before writing it checks the free space, so a full
card is reported before the next event is accepted, never after, and that its file is still
the one it opened: a file deleted under the running app is written again from the open
connection (which still reads every confirmed event) and that event is refused, with the
reason, so the table says so. Undone events stay in the
journal, marked with the time they were taken back.

Use it from one thread (the UI thread); open it with `companion.store.open_store`.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from companion.i18n import N_
from companion.formats.errors import LogError
from companion.rules import Game, GameSetup, IllegalEvent
from companion.rules.errors import CompanionError, Message
from companion.rules.events import Event
from companion.formats.game_log import event_to_dict, setup_from_dict, setup_to_dict
from companion.rules.state import GameState
from companion.session import JournalError
from companion.store import schema
from companion.store.rows import GAME_COLUMNS, EventRecord, GameRow, event_record, game_row
from companion.store.stats import Statistics, statistics

# Below this much free space the store refuses the next event: SQLite needs room for its
# write-ahead log (up to ~4 MB before a checkpoint) and the card needs some slack.
MIN_FREE_BYTES = 8 * 1024 * 1024


class StoreError(CompanionError):
    """A history request that cannot be met: an unknown game, or one that no longer reads."""


def utc_now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def _stamp(when: datetime) -> str:
    if when.tzinfo is None:
        when = when.astimezone()
    return when.astimezone(timezone.utc).isoformat(timespec="seconds")


def log_digest(setup: dict, events: list[dict]) -> str:
    """A fingerprint of a game's log: the same game imported twice has the same digest."""
    keys = ("variant", "options", "players", "first_player")
    data = {"setup": {k: setup[k] for k in keys}, "events": events}
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _identity(path: Path | None) -> tuple[int, int] | None:
    """Which file is at `path` now (device, inode); None if there is none."""
    if path is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _primary(err: sqlite3.Error) -> int | None:
    code = getattr(err, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


class Store:
    """The journal and the history, over one SQLite connection (see the module docstring)."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None = None, *,
                 clock: Callable[[], datetime] = utc_now,
                 free_space: Callable[[], int] | None = None,
                 min_free_bytes: int = MIN_FREE_BYTES) -> None:
        self._conn = conn
        self.path = path  # None: in memory, nothing is kept
        self._clock = clock
        if free_space is None and path is not None:
            folder = path.parent
            free_space = lambda: shutil.disk_usage(folder).free  # noqa: E731
        self._free_space = free_space
        self.min_free_bytes = min_free_bytes
        self._identity = _identity(path)  # the file this connection writes to

    @property
    def persistent(self) -> bool:
        return self.path is not None

    def close(self) -> None:
        self._conn.close()

    def reader(self) -> "Store | None":
        """A second, read-only connection to the same file, to read the history on another thread
        while this one goes on recording (None for a store kept in memory). Close it after use."""
        if self.path is None:
            return None
        # made here, used and closed by the one thread it is handed to
        conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                               isolation_level=None, timeout=5.0, check_same_thread=False)
        return Store(conn, self.path, clock=self._clock, free_space=lambda: 1 << 62)

    # ----- writing, safely -------------------------------------------------------------------
    def space_is_low(self) -> bool:
        if self._free_space is None:
            return False
        try:
            return self._free_space() < self.min_free_bytes
        except OSError:
            return False

    def _refusal(self, err: sqlite3.Error | None, kept: int | None) -> JournalError:
        """The plain message for a write that failed (err None: the card is full)."""
        code = _primary(err) if err is not None else sqlite3.SQLITE_FULL
        if code == sqlite3.SQLITE_IOERR and self.space_is_low():
            code = sqlite3.SQLITE_FULL  # what a full card often looks like to SQLite
        if kept is None:
            place = Message(N_("Nothing was changed."))
        elif kept == 0:
            place = Message(N_("The game is kept from its start."))
        else:
            place = Message(N_("The game is kept up to turn {turn}."), turn=kept)
        if code == sqlite3.SQLITE_FULL:
            return JournalError(N_("The SD card is full: free some space, then go on. {kept}"),
                                kept=place)
        if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN):
            return JournalError(N_("The SD card cannot be written any more (read-only). {kept}"),
                                kept=place)
        return JournalError(N_("The game could not be saved on the SD card ({detail}). {kept}"),
                            detail=str(err), kept=place)

    def _write(self, work: Callable[[sqlite3.Connection], object], kept: int | None,
               check_space: bool = True):
        """Runs `work` in one durable transaction; JournalError (nothing written) if it cannot."""
        if check_space and self.space_is_low():
            raise self._refusal(None, kept)
        self._check_file(kept)
        conn = self._conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = work(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as err:
            raise self._refusal(err, kept) from None
        return result

    def _now(self) -> str:
        return _stamp(self._clock())

    # ----- a file deleted under the running app ------------------------------------------------
    def _check_file(self, kept: int | None) -> None:
        """Before a write: if the store's file was deleted (or replaced) while the app ran, every
        write from now on would go to a file no one can open again. The history, as the open
        connection still reads it (every event confirmed so far), is written out again to a new
        file at the same place, and this write is refused, so the table says what happened."""
        if self._identity is None or _identity(self.path) == self._identity:
            return
        if self.path.exists():  # another file was put there: it is not ours to overwrite
            raise JournalError(N_("The game history {path} was replaced by another file while the "
                                  "game went on: this move cannot be saved. Start the companion "
                                  "again."), path=str(self.path))
        try:
            self._rewrite()
        except (sqlite3.Error, OSError) as err:
            raise JournalError(N_("The game history {path} was deleted while the game went on, "
                                  "and it cannot be written again ({reason}): this move is not "
                                  "saved."), path=str(self.path),
                               reason=getattr(err, "strerror", None) or str(err)) from None
        raise JournalError(N_("The game history {path} had been deleted while the game went on. "
                              "It was written again with every game and move so far; this move "
                              "was not saved: do it again."), path=str(self.path))

    def _rewrite(self) -> None:
        """A new store file at `path` holding everything the (deleted) open one holds."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(self.path.name + ".rewrite")
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(str(partial) + suffix).unlink(missing_ok=True)
        new = sqlite3.connect(partial, isolation_level=None, timeout=5.0)
        try:
            self._conn.backup(new)
            new.close()
            os.replace(partial, self.path)
            new = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
            schema.make_durable(new)  # the same settings as at start-up
        except BaseException:
            new.close()
            partial.unlink(missing_ok=True)  # only ever the companion's own half-made copy
            raise
        old, self._conn = self._conn, new
        old.close()
        self._identity = _identity(self.path)

    # ----- the journal (companion.session.Journal) --------------------------------------------
    def begin(self, setup: GameSetup,
              ending: tuple[int, int, Event, GameState] | None = None) -> int:
        """A new game in progress; returns its id. `ending` (game id, index, event, state): the
        event that ends the game still in progress (an abandon), recorded in the same
        transaction, so that a stop in between never leaves that game in progress."""
        data = setup_to_dict(setup)
        now = self._now()

        def work(conn):
            if ending is not None:
                self._record(conn, *ending, now)
            cur = conn.execute(
                "INSERT INTO games (source, players, variant, options, first_player, started, "
                "max_score) VALUES ('table', ?, ?, ?, ?, ?, ?)",
                (json.dumps(data["players"], ensure_ascii=False), data["variant"],
                 json.dumps(data["options"]), data["first_player"], now,
                 setup.variant.max_score))
            return cur.lastrowid

        return self._write(work, None)

    def record(self, game_id: int, index: int, event: Event, state: GameState) -> None:
        """Makes event `index` of the game durable, with the state it led to."""
        now = self._now()
        self._write(lambda conn: self._record(conn, game_id, index, event, state, now), index)

    def _record(self, conn, game_id: int, index: int, event: Event, state: GameState,
                now: str) -> None:
        text = json.dumps(event_to_dict(event), ensure_ascii=False)
        # Anything still standing at or after this place was taken back without telling us.
        conn.execute("UPDATE events SET undone = ? WHERE game_id = ? AND idx >= ? "
                     "AND undone IS NULL", (now, game_id, index))
        conn.execute("INSERT INTO events (game_id, idx, event, recorded) VALUES (?, ?, ?, ?)",
                     (game_id, index, text, now))
        self._update_game(conn, game_id, index + 1, state, now)

    def remove(self, game_id: int, index: int, state: GameState) -> None:
        """Takes back event `index` (an undo); it stays in the journal, marked undone."""
        now = self._now()

        def work(conn):
            conn.execute("UPDATE events SET undone = ? WHERE game_id = ? AND idx >= ? "
                         "AND undone IS NULL", (now, game_id, index))
            self._update_game(conn, game_id, index, state, now)

        # An undo writes a few bytes: it is not refused for low space, only if it truly fails.
        self._write(work, index + 1, check_space=False)

    def _update_game(self, conn, game_id: int, turns: int, state: GameState, now: str) -> None:
        digest = None
        if state.over:
            setup_row = conn.execute("SELECT players, variant, options, first_player FROM games "
                                     "WHERE id = ?", (game_id,)).fetchone()
            events = [json.loads(e) for (e,) in conn.execute(
                "SELECT event FROM events WHERE game_id = ? AND undone IS NULL ORDER BY idx",
                (game_id,))]
            digest = log_digest(self._setup_dict(setup_row), events)
        conn.execute(
            "UPDATE games SET turns = ?, outcome = ?, score = ?, max_score = ?, rating = ?, "
            "ended = CASE WHEN ? THEN coalesce(ended, ?) ELSE NULL END, digest = ? WHERE id = ?",
            (turns, state.outcome, state.score, state.max_score, state.rating, state.over, now,
             digest, game_id))

    # ----- reading ---------------------------------------------------------------------------
    @staticmethod
    def _setup_dict(row: tuple) -> dict:
        players, variant, options, first_player = row
        return {"players": json.loads(players), "variant": variant,
                "options": json.loads(options), "first_player": first_player}

    @staticmethod
    def _no_such_game(game_id: int) -> StoreError:
        return StoreError(N_("There is no game {game} in the history"), game=game_id)

    def _game_query(self, sql: str, game_id: int) -> tuple | None:
        """The row `sql` finds for the game; None for a number no game can have (SQLite's
        integers are 64-bit: a bigger one would be an OverflowError)."""
        if not -2**63 <= game_id < 2**63:
            return None
        return self._conn.execute(sql, (game_id,)).fetchone()

    def _setup(self, game_id: int) -> GameSetup:
        row = self._game_query("SELECT players, variant, options, first_player FROM games "
                               "WHERE id = ?", game_id)
        if row is None:
            raise self._no_such_game(game_id)
        try:
            return setup_from_dict(self._setup_dict(row))
        except (LogError, ValueError) as err:
            raise StoreError(N_("Game {game} cannot be read: {reason}"), game=game_id,
                             reason=str(err)) from None

    def _standing_events(self, game_id: int) -> list[Event]:
        return [r.event for r in self.journal(game_id) if r.stands]

    def journal(self, game_id: int) -> list[EventRecord]:
        """Every event recorded for the game, in the order recorded, undone ones included."""
        try:
            rows = self._conn.execute(
                "SELECT idx, event, recorded, undone FROM events WHERE game_id = ? ORDER BY id",
                (game_id,)).fetchall()
            return [event_record(row) for row in rows]
        except (LogError, ValueError) as err:
            raise StoreError(N_("Game {game} cannot be read: {reason}"), game=game_id,
                             reason=str(err)) from None

    def game(self, game_id: int) -> Game:
        """The game with the events that stand; StoreError if it is unknown or unreadable."""
        setup = self._setup(game_id)
        try:
            return Game(setup, self._standing_events(game_id))
        except IllegalEvent as err:
            raise StoreError(N_("Game {game} cannot be replayed: {reason}"), game=game_id,
                             reason=err) from None

    def unfinished(self) -> tuple[int, GameSetup, list[Event]] | None:
        """The game in progress at the table when the app stopped, to resume it; None if none.

        Should its journal no longer replay to the end, the events that still do are given, so
        the table can go on from there.
        """
        row = self._conn.execute("SELECT id FROM games WHERE source = 'table' AND "
                                 "outcome = 'playing' ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        game_id = row[0]
        try:
            setup = self._setup(game_id)
            events = self._standing_events(game_id)
        except StoreError:
            return None
        game = Game(setup)
        for event in events:
            try:
                game.apply(event)
            except IllegalEvent:
                break
        return game_id, setup, list(game.events)

    def games(self) -> list[GameRow]:
        """Every game of the history, newest first."""
        rows = self._conn.execute(f"SELECT {GAME_COLUMNS} FROM games "
                                  "ORDER BY started DESC, id DESC").fetchall()
        return [game_row(row) for row in rows]

    def game_row(self, game_id: int) -> GameRow:
        row = self._game_query(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", game_id)
        if row is None:
            raise self._no_such_game(game_id)
        return game_row(row)

    def statistics(self) -> Statistics:
        """The group's statistics over every game of the history."""
        return statistics(self.games())

    # ----- importing -------------------------------------------------------------------------
    def find_game(self, game: Game) -> int | None:
        """The id of a finished game of the history with exactly this log, if there is one."""
        digest = log_digest(setup_to_dict(game.setup), [event_to_dict(e) for e in game.events])
        row = self._conn.execute("SELECT id FROM games WHERE digest = ? ORDER BY id LIMIT 1",
                                 (digest,)).fetchone()
        return row[0] if row else None

    def import_game(self, game: Game, started: datetime | None = None,
                    ended: datetime | None = None) -> int:
        """Adds a game (from a log) to the history; returns its id."""
        setup = setup_to_dict(game.setup)
        events = [event_to_dict(e) for e in game.events]
        state = game.state
        now = self._clock()
        started_text = _stamp(started or ended or now)
        ended_text = _stamp(ended or started or now) if state.over else None
        digest = log_digest(setup, events)

        def work(conn):
            cur = conn.execute(
                "INSERT INTO games (source, players, variant, options, first_player, started, "
                "ended, outcome, score, max_score, rating, turns, digest) "
                "VALUES ('import', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (json.dumps(setup["players"], ensure_ascii=False), setup["variant"],
                 json.dumps(setup["options"]), setup["first_player"], started_text, ended_text,
                 state.outcome, state.score, state.max_score, state.rating, len(events), digest))
            game_id = cur.lastrowid
            conn.executemany(
                "INSERT INTO events (game_id, idx, event, recorded) VALUES (?, ?, ?, ?)",
                [(game_id, i, json.dumps(e, ensure_ascii=False), started_text)
                 for i, e in enumerate(events)])
            return game_id

        return self._write(work, None)
