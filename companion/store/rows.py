"""What the store gives back: a game of the history and an event as it was recorded."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from companion.formats.game_log import event_from_dict
from companion.rules.ending import is_scored, shortfall_cause
from companion.rules.events import Event
from companion.rules.variants import VARIANTS


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
    turns: int  # events that stand (undone ones are not counted): one per turn
    source: str  # "table" (played here) or "import"

    @property
    def finished(self) -> bool:
        return self.outcome != "playing"

    @property
    def scored(self) -> bool:
        """Finished and counted: not in progress, not abandoned."""
        return is_scored(self.outcome)

    @property
    def perfect_score(self) -> int:
        """The score of a perfect game of this variant (25, or 30 with six suits)."""
        return VARIANTS[self.variant].max_score

    @property
    def shortfall(self) -> str | None:
        """Why the game fell short of a perfect score (companion.rules.ending.CAUSES), or None."""
        return shortfall_cause(self.outcome, self.score, self.max_score, self.perfect_score)

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
            "turns": self.turns,
            "events": self.turns,  # the same count, under its first name
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
