"""Opening the store at start-up without ever losing what is in it.

`open_store(path)` returns the store and, when something was wrong, a notice for the screen.
A file that cannot be used as this version's store (damaged, not SQLite, another program's
database, written by a newer companion, read-only, a folder in its place) is never modified:
it is renamed aside untouched (companion.sqlite3.damaged-2026-11-21T10-30-00, with its -wal
and -shm files) and a fresh store is started. If not even a fresh store can be made, the games
are kept in memory only, and the notice says so.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path

from companion.i18n import N_
from companion.words import format_message
from companion.store import schema
from companion.store.database import MIN_FREE_BYTES, Store

SQLITE_MAGIC = b"SQLite format 3\x00"
SIDE_FILES = ("-wal", "-shm", "-journal")


def _notice(template: str, **params: object) -> str:
    return format_message(template, params)


# Why a file cannot be used, worded for the notice ({path}: the file, {aside}: its new name).
PROBLEMS = {
    "folder": N_("A folder was in the place of the game history ({path}). It was kept untouched "
                 "as {aside}, and a new, empty history was started."),
    "not_sqlite": N_("{path} is not a game history. It was kept untouched as {aside}, and a new, "
                     "empty history was started."),
    "damaged": N_("The game history {path} is damaged and cannot be read. It was kept untouched as "
                  "{aside}, and a new, empty history was started."),
    "foreign": N_("{path} is another program's database, not a game history. It was kept untouched "
                  "as {aside}, and a new, empty history was started."),
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


def _side(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    return sqlite3.connect(target, uri=uri, isolation_level=None, timeout=5.0)


def _configure(conn: sqlite3.Connection) -> None:
    """Every commit synced to the card before it returns (WAL + synchronous=FULL)."""
    conn.execute("PRAGMA journal_mode = WAL").fetchone()
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")


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
        raise Unusable("foreign")


def _inspect_untouched(path: Path) -> None:
    """Checks a file without writing a byte to it; Unusable if it is not a usable store."""
    if path.is_dir():
        raise Unusable("folder")
    with open(path, "rb") as f:
        header = f.read(100)
    if header and not header.startswith(SQLITE_MAGIC):
        raise Unusable("not_sqlite")
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK | os.X_OK):
        raise Unusable("read_only")
    if not header or _side(path, "-wal").exists():
        # Empty, or a write-ahead log left by a stop: only a normal open recovers it.
        return
    try:
        conn = _connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            _check_contents(conn)
        finally:
            conn.close()
    except sqlite3.DatabaseError as err:
        raise Unusable("damaged", str(err)) from None


def _open_checked(path: Path) -> sqlite3.Connection:
    """Opens the store (recovering its log) and checks it whole; Unusable if it is not usable."""
    try:
        conn = _connect(str(path))
    except sqlite3.Error as err:
        raise Unusable("damaged", str(err)) from None
    try:
        _check_contents(conn)
        problems = conn.execute("PRAGMA quick_check").fetchall()
        if problems != [("ok",)]:
            raise Unusable("damaged", "; ".join(str(p[0]) for p in problems[:3]))
    except sqlite3.DatabaseError as err:
        conn.close()
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
        _configure(conn)
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
    if path.exists() or path.is_symlink():
        try:
            _inspect_untouched(path)
            conn = _open_checked(path)
            _configure(conn)
            schema.migrate(conn)
        except Unusable as problem:
            if conn is not None:
                conn.close()
                conn = None
            try:
                aside = _move_aside(path)
            except OSError as err:
                return memory_store(**store_options), _notice(
                    N_("The game history {path} cannot be used and cannot be moved aside ({reason}). "
                       "It was left untouched; the games of this session will not be saved."),
                    path=str(path), reason=err.strerror or err)
            notice = _notice(PROBLEMS[problem.kind], path=str(path), aside=aside.name)
        except (sqlite3.Error, OSError) as err:
            # A sound store that cannot be written now (a full card): leave it as it is.
            if conn is not None:
                conn.close()
            if _is_full(err):
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
            for suffix in ("",) + SIDE_FILES:
                # Only what this attempt created, and only if it holds nothing.
                leftover = _side(path, suffix)
                if leftover.is_file() and leftover.stat().st_size == 0:
                    leftover.unlink(missing_ok=True)
            reason = (format_message(N_("the SD card is full"), {}) if _is_full(err)
                      else getattr(err, "strerror", None) or str(err))
            return memory_store(**store_options), _notice(
                N_("A new game history cannot be made at {path} ({reason}): the games of this "
                   "session will not be saved."), path=str(path), reason=reason)

    store = Store(conn, path, **store_options)
    if notice is None and store.space_is_low():
        notice = _notice(N_("The SD card is almost full: free some space, or the next moves "
                           "cannot be saved."))
    return store, notice
