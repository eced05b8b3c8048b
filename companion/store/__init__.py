"""Where games are kept: the crash-safe journal of the game in progress and the history.

    store, notice = open_store(config.store_path(cfg))   # notice: str | None for the screen
    session = TableSession(journal=store)
    if (kept := store.unfinished()):
        session.resume(*kept)

SQLite (standard library) in WAL mode with synchronous=FULL: every event the screen confirms
has reached the card. See database.py (the store), open_safely.py (what happens to a bad file),
schema.py (versions and migrations), stats.py (the group's statistics).
"""

from companion.store.database import MIN_FREE_BYTES, Store, StoreError
from companion.store.open_safely import memory_store, open_store
from companion.store.rows import EventRecord, GameRow
from companion.store.stats import Statistics, statistics

__all__ = ["MIN_FREE_BYTES", "Store", "StoreError", "memory_store", "open_store", "EventRecord",
           "GameRow", "Statistics", "statistics"]
