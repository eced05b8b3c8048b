"""Opening the store at start-up without ever losing what is in it.

`open_store(path)` returns the store and, when something was wrong, a notice for the screen.
Only a file the companion recognises as a store of its own (damaged, written by a newer
companion, read-only) or as a plainly damaged SQLite file is ever moved: it is renamed aside
untouched (companion.sqlite3.damaged-2026-11-21T10-30-00, with its -wal and -shm files) and a
fresh store is started. An empty store beside a write-ahead log that holds records is moved
aside with its log, and the records are replayed from a copy of the log into the fresh store
(companion.store.wal_replay). A folder, a file of another kind or another program's database
is left exactly where it is. A store that cannot be read or written for now (a full card, an
I/O error) is not damage: it stays where it is, untouched. In these last cases, or if not
even a fresh store can be made, the games are kept in memory only, and the notice says so.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from datetime import datetime
from pathlib import Path

from companion.i18n import N_
from companion.words import format_message
from companion.store import schema, wal_replay
from companion.store.database import MIN_FREE_BYTES, Store

SQLITE_MAGIC = b"SQLite format 3\x00"
SIDE_FILES = ("-wal", "-shm", "-journal")


def _notice(template: str, **params: object) -> str:
    return format_message(template, params)


# Why a file that is not the companion's cannot be used: it is left where it is ({path}).
NOT_OURS = {
    "folder": N_("A folder is in the place of the game history ({path}). It was left untouched; "
                 "the games of this session will not be saved. Set store.path in the "
                 "configuration to a file."),
    "not_sqlite": N_("{path} is not a game history. It was left untouched; the games of this "
                     "session will not be saved. Move it, or set store.path in the configuration "
                     "to another file."),
    "foreign": N_("{path} is another program's database, not a game history. It was left "
                  "untouched; the games of this session will not be saved. Move it, or set "
                  "store.path in the configuration to another file."),
}

# Why a store of the companion's cannot be used, worded for the notice ({path}: the file,
# {aside}: its new name).
PROBLEMS = {
    "damaged": N_("The game history {path} is damaged and cannot be read. It was kept untouched as "
                  "{aside}, and a new, empty history was started."),
    "newer": N_("The game history {path} was written by a newer version of the companion. It was "
                "kept untouched as {aside}, and a new, empty history was started: update the "
                "companion to see the old games again."),
    "read_only": N_("The game history {path} is read-only, so no game could be saved in it. It was "
                    "kept untouched as {aside}, and a new, empty history was started."),
}


class Unusable(Exception):
    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(kind)
        self.kind, self.detail = kind, detail


# SQLite's primary result codes that say nothing about the bytes of the file: the card, the
# system or another process is in the way (an I/O error, a full card, a lock, no memory, no
# right to write). Any other error on a file with SQLite's header means the file is damaged.
NOT_DAMAGE_CODES = {sqlite3.SQLITE_PERM, sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED,
                    sqlite3.SQLITE_NOMEM, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_INTERRUPT,
                    sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN,
                    sqlite3.SQLITE_PROTOCOL, sqlite3.SQLITE_AUTH}


def _is_damage(err: sqlite3.Error) -> bool:
    code = getattr(err, "sqlite_errorcode", None)
    return not (isinstance(code, int) and code & 0xFF in NOT_DAMAGE_CODES)


def _side(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    return sqlite3.connect(target, uri=uri, isolation_level=None, timeout=5.0)


def _check_contents(conn: sqlite3.Connection) -> None:
    """Unusable unless the database is empty or this program's, at a version it reads."""
    app_id = schema.application_id(conn)
    version = schema.user_version(conn)
    tables = schema.table_names(conn)
    if app_id not in (0, schema.APPLICATION_ID) or (app_id == 0 and (tables or version)):
        raise Unusable("foreign")
    if version > schema.SCHEMA_VERSION:
        raise Unusable("newer")
    if version > 0 and not schema.has_expected_tables(conn):
        raise Unusable("damaged", "a store of the companion's without its tables")


def _inspect_untouched(path: Path) -> None:
    """Checks a file without writing a byte to it; Unusable if it is not a usable store, and
    sqlite3.Error or OSError if it cannot be read for now (an I/O error is not damage)."""
    if path.is_dir():
        raise Unusable("folder")
    with open(path, "rb") as f:
        header = f.read(100)
    if header and not header.startswith(SQLITE_MAGIC):
        raise Unusable("not_sqlite")
    if not header and wal_replay.holds_records(_side(path, "-wal")):
        raise Unusable("empty_with_log")
    if len(header) >= 72 and _side(path, "-wal").exists():
        # opening it would merge its log into it: another program's database (its application
        # id, bytes 68-71 of the header) is recognised from the header alone and left as it is
        app_id = int.from_bytes(header[68:72], "big")
        if app_id not in (0, schema.APPLICATION_ID):
            raise Unusable("foreign")
    if header and not _side(path, "-wal").exists():
        # (a write-ahead log left by a stop: only a normal open recovers it, so it is checked then)
        try:
            conn = _connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
            try:
                _check_contents(conn)
            finally:
                conn.close()
        except sqlite3.DatabaseError as err:
            if not _is_damage(err):
                raise
            raise Unusable("damaged", str(err)) from None
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK | os.X_OK):
        raise Unusable("read_only")


def _open_checked(path: Path) -> sqlite3.Connection:
    """Opens the store (recovering its log) and checks it whole; Unusable if it is not usable."""
    conn = _connect(str(path))  # an error here is not about the bytes of the file
    try:
        _check_contents(conn)
        problems = conn.execute("PRAGMA quick_check").fetchall()
        if problems != [("ok",)]:
            raise Unusable("damaged", "; ".join(str(p[0]) for p in problems[:3]))
    except sqlite3.DatabaseError as err:
        conn.close()
        if not _is_damage(err):
            raise
        raise Unusable("damaged", str(err)) from None
    except Unusable:
        conn.close()
        raise
    return conn


def _stamp() -> str:
    return datetime.now().strftime("%Y-%m-%dT%H-%M-%S")


def _move_aside(path: Path) -> Path:
    """Renames the file (or folder) and its SQLite side files; returns the new name."""
    base = f"{path.name}.damaged-{_stamp()}"
    aside = path.with_name(base)
    n = 2
    while aside.exists() or any(_side(aside, s).exists() for s in SIDE_FILES):
        aside = path.with_name(f"{base}-{n}")
        n += 1
    os.rename(path, aside)
    for suffix in SIDE_FILES:
        if _side(path, suffix).exists():
            os.rename(_side(path, suffix), _side(aside, suffix))
    return aside


def memory_store(**store_options) -> Store:
    """A store that keeps nothing once the app stops."""
    conn = _connect(":memory:")
    schema.migrate(conn)
    return Store(conn, None, **store_options)


def _fresh(path: Path) -> sqlite3.Connection:
    conn = _connect(str(path))
    try:
        schema.make_durable(conn)
        schema.migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _is_full(err: BaseException) -> bool:
    code = getattr(err, "sqlite_errorcode", None)
    return (isinstance(code, int) and code & 0xFF == sqlite3.SQLITE_FULL) or (
        isinstance(err, OSError) and err.errno == 28)


def open_store(path: str | os.PathLike, *, min_free_bytes: int = MIN_FREE_BYTES,
               **store_options) -> tuple[Store, str | None]:
    """Opens (or creates) the store at `path`; returns it and a notice (None if all is well).

    Never raises for a bad file, a read-only folder or a full card: see the module docstring.
    """
    path = Path(path).expanduser()
    store_options["min_free_bytes"] = min_free_bytes
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return memory_store(**store_options), _notice(
            N_("The game history cannot be kept in {folder} ({reason}): the games of this "
               "session will not be saved."), folder=str(path.parent), reason=err.strerror or err)

    notice: str | None = None
    conn: sqlite3.Connection | None = None
    existed = {suffix for suffix in ("",) + SIDE_FILES if _side(path, suffix).exists()}
    log_aside: Path | None = None
    if path.exists() or path.is_symlink():
        try:
            _inspect_untouched(path)
            conn = _open_checked(path)
            schema.make_durable(conn)
            schema.migrate(conn)
        except Unusable as problem:
            if conn is not None:
                conn.close()
                conn = None
            if problem.kind in NOT_OURS:  # not the companion's: never moved, never written
                return memory_store(**store_options), _notice(NOT_OURS[problem.kind],
                                                              path=str(path))
            try:
                aside = _move_aside(path)
            except OSError as err:
                return memory_store(**store_options), _notice(
                    N_("The game history {path} cannot be used and cannot be moved aside ({reason}). "
                       "It was left untouched; the games of this session will not be saved."),
                    path=str(path), reason=err.strerror or err)
            existed = set()
            if problem.kind == "empty_with_log":
                log_aside = aside
            else:
                notice = _notice(PROBLEMS[problem.kind], path=str(path), aside=aside.name)
        except (sqlite3.Error, OSError) as err:
            # A sound store that cannot be read or written now (a full card, an I/O error):
            # it is not damaged, so it stays as it is, and the next start opens it again.
            if conn is not None:
                conn.close()
            _remove_own_leftovers(path, existed)
            if _is_full(err) or _space_is_low(path.parent, min_free_bytes):
                return memory_store(**store_options), _notice(
                    N_("The SD card is full: the game history in {path} is safe but cannot be "
                       "written. Free some space and start again; until then games are not saved."),
                    path=str(path))
            return memory_store(**store_options), _notice(
                N_("The game history {path} cannot be opened ({reason}). It was left untouched; "
                   "the games of this session will not be saved."), path=str(path), reason=str(err))

    if conn is None:
        try:
            conn = _fresh(path)
        except (sqlite3.Error, OSError) as err:
            _remove_own_leftovers(path, existed, ("",) + SIDE_FILES)
            reason = (format_message(N_("the SD card is full"), {}) if _is_full(err)
                      else getattr(err, "strerror", None) or str(err))
            return memory_store(**store_options), _notice(
                N_("A new game history cannot be made at {path} ({reason}): the games of this "
                   "session will not be saved."), path=str(path), reason=reason)

    if log_aside is not None:
        notice = _replayed_notice(path, log_aside, wal_replay.recover_into(conn, log_aside))
    store = Store(conn, path, **store_options)
    if notice is None and store.space_is_low():
        notice = _notice(N_("The SD card is almost full: free some space, or the next moves "
                           "cannot be saved."))
    return store, notice


# An I/O error on a card with less free space than this is a full card (SQLite often reports
# the space it could not get for its log index as an I/O error, not as SQLITE_FULL).
NEARLY_FULL_BYTES = 1024 * 1024


def _remove_own_leftovers(path: Path, existed: set[str],
                          suffixes: tuple[str, ...] = ("-wal", "-shm")) -> None:
    """After a failed open: removes the files this attempt created (not there before), if they
    hold nothing: an empty file, or a -shm (only an index SQLite builds again from the log)."""
    for suffix in suffixes:
        leftover = _side(path, suffix)
        try:
            if suffix not in existed and leftover.is_file() and (
                    suffix == "-shm" or leftover.stat().st_size == 0):
                leftover.unlink()
        except OSError:
            pass


def _space_is_low(folder: Path, min_free_bytes: int) -> bool:
    try:
        return shutil.disk_usage(folder).free < max(min_free_bytes, NEARLY_FULL_BYTES)
    except OSError:
        return False


def _replayed_notice(path: Path, aside: Path, found: "wal_replay.Recovered") -> str:
    if found.games:
        return _notice(N_("The game history {path} was empty, but its write-ahead log held "
                          "games. Both files were kept untouched as {aside} (and {aside}-wal); "
                          "{games} games with {events} events were recovered from a copy of the "
                          "log into a new history."), path=str(path), aside=aside.name,
                       games=found.games, events=found.events)
    return _notice(N_("The game history {path} was empty, but a write-ahead log was beside it. "
                      "Both files were kept untouched as {aside} (and {aside}-wal); no game could "
                      "be recovered from the log, and a new, empty history was started."),
                   path=str(path), aside=aside.name)
