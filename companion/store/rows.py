"""What the store gives back: a game of the history and an event as it was recorded."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from companion.rules.events import Event
from companion.rules.log import event_from_dict


@dataclass(frozen=True)
class GameRow:
    """One game of the history, as listed (its events are fetched with Store.game)."""

    id: int
    players: tuple[str, ...]
    variant: str
    options: dict
    first_player: int
    started: datetime
    ended: datetime | None
    score: int
    max_score: int
    outcome: str  # "playing" while in progress, else the rules' outcome
    rating: str | None
    events: int  # events that stand (undone ones are not counted)
    source: str  # "table" (played here) or "import"

    @property
    def finished(self) -> bool:
        return self.outcome != "playing"

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "players": list(self.players),
            "variant": self.variant,
            "options": dict(self.options),
            "first_player": self.first_player,
            "started": self.started.isoformat(),
            "ended": self.ended.isoformat() if self.ended else None,
            "score": self.score,
            "max_score": self.max_score,
            "outcome": self.outcome,
            "rating": self.rating,
            "events": self.events,
            "source": self.source,
        }


@dataclass(frozen=True)
class EventRecord:
    """An event as the journal keeps it, undone ones included."""

    index: int
    event: Event
    recorded: datetime
    undone: datetime | None

    @property
    def stands(self) -> bool:
        return self.undone is None


GAME_COLUMNS = ("id, players, variant, options, first_player, started, ended, score, max_score, "
                "outcome, rating, turns, source")


def parse_time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def game_row(row: tuple) -> GameRow:
    (game_id, players, variant, options, first_player, started, ended, score, max_score, outcome,
     rating, turns, source) = row
    return GameRow(game_id, tuple(json.loads(players)), variant, json.loads(options), first_player,
                   parse_time(started), parse_time(ended), score, max_score, outcome, rating, turns,
                   source)


def event_record(row: tuple) -> EventRecord:
    index, event, recorded, undone = row
    return EventRecord(index, event_from_dict(json.loads(event), index), parse_time(recorded),
                       parse_time(undone))
