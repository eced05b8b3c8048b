"""The group's record read from the games kept (the pure figures: companion.rules.record).

    records = group_records_of(store)          # every group at every variant, latest first
    change = rating_change_of(store, game_id)  # for the end screen; None if not a scored game

Nothing is stored: the record is worked out again from the history each time, so an undone
event, an imported log or a game removed changes it at once.
"""

from __future__ import annotations

from typing import Iterable

from companion.rules.record import (GroupRecord, RatingChange, RecordGame, group_records,
                                    rating_change)
from companion.store.rows import GameRow


def record_games(rows: Iterable[GameRow]) -> list[RecordGame]:
    return [RecordGame(r.id, r.players, r.variant, r.outcome, r.score, r.ended or r.started)
            for r in rows]


def group_records_of(store) -> list[GroupRecord]:
    """Every group's record from the games of `store` (a companion.store.Store)."""
    return group_records(record_games(store.games()))


def rating_change_of(store, game_id: int) -> RatingChange | None:
    return rating_change(group_records_of(store), game_id)
