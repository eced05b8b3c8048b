"""The group's record, derived from the games kept: games, best, recent average, perfect games,
and a rating that moves after each scored game. Pure: plain rows in, figures out.

A group is the same set of players: names compared without regard to order, case or extra
spaces ("ana", "Ana " and "ANA" are one player), shown as written in the group's latest game.
A record is one group at one variant.

Which games count: finished games that were not abandoned (the rules give an abandoned game
no score, so it is counted apart and never moves the rating). A crowning loss scores 0 and a
third fuse scores what the chosen scoring says (0, -10 or the fireworks kept): those are
scores, so they count. A game in progress does not count, so undoing the last event of a
finished game takes its rating change back.

The rating (docs/rating.md): Elo against par. Par is the expected score for the variant and
player count (companion.rules.par); the par "opponent" has a fixed rating of PAR_RATING.
After a scored game:
    expected = 1 / (1 + 10 ** ((PAR_RATING - rating) / 400))
    actual   = performance(score, par, perfect)     in [0, 1], 0.5 exactly at par
    rating  += K * (actual - expected)
starting from START_RATING. Games are taken in the order they ended (then by id).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Iterable, Mapping

from companion.rules.ending import is_scored
from companion.rules.par import PAR
from companion.rules.variants import VARIANTS

START_RATING = 1000.0
PAR_RATING = 1000.0
K_FACTOR = 32.0
ELO_SCALE = 400.0
RECENT_GAMES = 10


@dataclass(frozen=True)
class RecordGame:
    """One game of the history, as the record needs it."""

    game_id: int
    players: tuple[str, ...]
    variant: str
    outcome: str  # the rules' outcome; "playing" while in progress
    score: int
    when: datetime  # when it ended (or started, if it has no end)


@dataclass(frozen=True)
class RatingPoint:
    """The rating change of one scored game."""

    game_id: int
    when: datetime
    score: int
    par: float | None  # None: no par for this table, the rating did not move
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass
class GroupRecord:
    key: tuple[str, ...]  # the group: its players' names folded, sorted
    variant: str
    players: tuple[str, ...]  # as written in the group's latest game
    games: int = 0  # scored games
    abandoned: int = 0
    best: int | None = None
    best_game: int | None = None
    perfect: int = 0
    rating: float = START_RATING
    history: list[RatingPoint] = field(default_factory=list)  # oldest first, one per scored game

    @property
    def recent_average(self) -> float | None:
        """The average score of the last RECENT_GAMES scored games."""
        recent = self.history[-RECENT_GAMES:]
        return sum(p.score for p in recent) / len(recent) if recent else None

    def curve(self) -> list[tuple[datetime, float]]:
        """For a plot: the rating after each scored game, with the time the game ended."""
        return [(p.when, p.after) for p in self.history]

    def to_dict(self) -> dict:
        recent = self.recent_average
        return {
            "players": list(self.players),
            "variant": self.variant,
            "games": self.games,
            "abandoned": self.abandoned,
            "best": self.best,
            "best_game": self.best_game,
            "recent_average": round(recent, 2) if recent is not None else None,
            "perfect": self.perfect,
            "rating": round(self.rating, 2),
            "history": [{"game": p.game_id, "when": p.when.isoformat(), "score": p.score,
                         "par": p.par, "before": round(p.before, 2), "after": round(p.after, 2)}
                        for p in self.history],
        }


@dataclass(frozen=True)
class RatingChange:
    """What one game did to its group's record, for the end screen."""

    players: tuple[str, ...]
    variant: str
    before: float
    after: float
    best: int
    game_number: int  # this game is the group's n-th scored game at this variant
    par: float | None


def player_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def group_key(players: Iterable[str]) -> tuple[str, ...]:
    """The same set of players gives the same key, whatever the order, case or spacing."""
    return tuple(sorted(player_key(p) for p in players))


def perfect_score(variant: str) -> int:
    v = VARIANTS.get(variant)
    return v.max_score if v else 25


def performance(score: int, par: float, perfect: int) -> float:
    """A score as an Elo result: 0 at 0 points or less, 0.5 at par, 1 at a perfect score,
    in straight lines between."""
    if score >= perfect:
        return 1.0
    if score <= 0:
        return 0.0
    if par >= perfect:
        return 0.5 * score / perfect
    if score >= par:
        return 0.5 + 0.5 * (score - par) / (perfect - par)
    return 0.5 * score / par


def expected_result(rating: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((PAR_RATING - rating) / ELO_SCALE))


def rated(rating: float, score: int, par: float, perfect: int) -> float:
    """The rating after one game scored `score` against `par`."""
    return rating + K_FACTOR * (performance(score, par, perfect) - expected_result(rating))


def group_records(games: Iterable[RecordGame],
                  par: Mapping[tuple[str, int], float] = PAR) -> list[GroupRecord]:
    """Every group's record at every variant it played, the most recently played first."""
    records: dict[tuple[tuple[str, ...], str], GroupRecord] = {}
    last_played: dict[tuple[tuple[str, ...], str], tuple] = {}
    for game in sorted(games, key=lambda g: (g.when, g.game_id)):
        if game.outcome == "playing":
            continue
        key = (group_key(game.players), game.variant)
        record = records.get(key)
        if record is None:
            record = records[key] = GroupRecord(key[0], game.variant, tuple(game.players))
        record.players = tuple(game.players)
        last_played[key] = (game.when, game.game_id)
        if not is_scored(game.outcome):
            record.abandoned += 1
            continue
        record.games += 1
        if game.outcome == "perfect":
            record.perfect += 1
        if record.best is None or game.score > record.best:
            record.best, record.best_game = game.score, game.game_id
        table_par = par.get((game.variant, len(game.players)))
        before = record.rating
        if table_par is not None:
            record.rating = rated(before, game.score, table_par, perfect_score(game.variant))
        record.history.append(RatingPoint(game.game_id, game.when, game.score, table_par,
                                          before, record.rating))
    return sorted(records.values(), key=lambda r: last_played[(r.key, r.variant)], reverse=True)


def rating_change(records: Iterable[GroupRecord], game_id: int) -> RatingChange | None:
    """What game `game_id` did to its group's rating; None if it is not a scored game."""
    for record in records:
        for number, point in enumerate(record.history, 1):
            if point.game_id == game_id:
                best = max(p.score for p in record.history[:number])
                return RatingChange(record.players, record.variant, point.before, point.after,
                                    best, number, point.par)
    return None
