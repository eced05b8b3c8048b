"""The store's schema and its migrations, numbered by SQLite's `PRAGMA user_version`.

Version 0 is an empty file. Each migration takes the database from version N to N + 1 inside
one transaction, so a store is never left half-migrated. A store whose version is above
`SCHEMA_VERSION` was written by a newer companion: it is kept aside, never downgraded.

Never edit a migration once released; append a new one.
"""

from __future__ import annotations

import sqlite3

# "HnbC": marks the file as a companion store (PRAGMA application_id).
APPLICATION_ID = 0x486E6243

_V1 = """
CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    source       TEXT    NOT NULL DEFAULT 'table',  -- 'table' (played here) or 'import'
    players      TEXT    NOT NULL,                  -- JSON list of names, in seat order
    variant      TEXT    NOT NULL,
    options      TEXT    NOT NULL,                  -- JSON object of the table options
    first_player INTEGER NOT NULL DEFAULT 0,
    started      TEXT    NOT NULL,                  -- ISO 8601, UTC
    ended        TEXT,                              -- NULL while the game is in progress
    outcome      TEXT    NOT NULL DEFAULT 'playing',
    score        INTEGER NOT NULL DEFAULT 0,
    max_score    INTEGER NOT NULL DEFAULT 0,        -- the highest score still reachable
    rating       TEXT,
    turns        INTEGER NOT NULL DEFAULT 0,        -- events still part of the game
    digest       TEXT                               -- of the log, to spot an import twice
);
CREATE INDEX games_started ON games (started);
CREATE INDEX games_digest ON games (digest);

CREATE TABLE events (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games (id),
    idx      INTEGER NOT NULL,                      -- 0-based place in the game
    event    TEXT    NOT NULL,                      -- JSON, as in the game log
    recorded TEXT    NOT NULL,
    undone   TEXT                                   -- when it was taken back (NULL: it stands)
);
-- At most one standing event per place; undone ones stay for the record.
CREATE UNIQUE INDEX events_standing ON events (game_id, idx) WHERE undone IS NULL;
CREATE INDEX events_game ON events (game_id, id);
"""

# MIGRATIONS[n] takes the store from version n to n + 1.
MIGRATIONS: list[str] = [_V1]
SCHEMA_VERSION = len(MIGRATIONS)

# The tables and columns this version reads; a store without them is not ours.
EXPECTED_COLUMNS = {
    "games": {"id", "source", "players", "variant", "options", "first_player", "started", "ended",
              "outcome", "score", "max_score", "rating", "turns", "digest"},
    "events": {"id", "game_id", "idx", "event", "recorded", "undone"},
}


def user_version(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA user_version").fetchone()[0]


def application_id(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA application_id").fetchone()[0]


def table_names(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows if not name.startswith("sqlite_")}


def has_expected_tables(conn: sqlite3.Connection) -> bool:
    for table, columns in EXPECTED_COLUMNS.items():
        found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not columns <= found:
            return False
    return True


def migrate(conn: sqlite3.Connection, migrations: list[str] | None = None) -> int:
    """Brings the store up to the latest version, one transaction per step; returns the version.

    `conn` must be in autocommit mode (isolation_level None).
    """
    migrations = MIGRATIONS if migrations is None else migrations
    version = user_version(conn)
    while version < len(migrations):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(migrations[version]):
                conn.execute(statement)
            if version == 0:
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            version += 1
            conn.execute(f"PRAGMA user_version = {version}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return version


def _statements(script: str) -> list[str]:
    """The statements of a migration script, split where SQLite says a statement is complete."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    leftover = "\n".join(line for line in current.splitlines()
                         if line.strip() and not line.strip().startswith("--"))
    if leftover:
        statements.append(leftover)
    return statements


def make_durable(conn: sqlite3.Connection) -> None:
    """Every commit synced to the card before it returns (WAL + synchronous=FULL)."""
    conn.execute("PRAGMA journal_mode = WAL").fetchone()
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
