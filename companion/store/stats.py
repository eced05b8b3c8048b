"""The group's statistics, from the games of the history: pure figures, no drawing.

Scores count finished games only: a game in progress or abandoned has no score to compare.
A game "falls short" when it ends below a perfect score; its cause is how it ended, with a
game that ran out of deck after losing an indispensable card counted as a lost card.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from companion.rules.ending import CAUSES
from companion.rules.variants import VARIANTS
from companion.store.rows import GameRow

@dataclass(frozen=True)
class ScorePoint:
    game_id: int
    when: datetime
    score: int
    variant: str
    players: int


@dataclass
class Distribution:
    """The scores of one variant at one player count."""

    variant: str
    players: int
    counts: Counter = field(default_factory=Counter)  # score -> games

    @property
    def games(self) -> int:
        return sum(self.counts.values())

    @property
    def average(self) -> float:
        return sum(s * n for s, n in self.counts.items()) / self.games

    @property
    def best(self) -> int:
        return max(self.counts)

    @property
    def max_score(self) -> int:
        return VARIANTS[self.variant].max_score


@dataclass
class Statistics:
    scored: int = 0  # finished, not abandoned: the games the scores are about
    abandoned: int = 0
    in_progress: int = 0
    average: float | None = None
    best: int | None = None
    best_game: int | None = None
    perfect: int = 0
    over_time: list[ScorePoint] = field(default_factory=list)  # oldest first
    distributions: list[Distribution] = field(default_factory=list)
    causes: Counter = field(default_factory=Counter)  # cause -> games that fell short

    @property
    def perfect_share(self) -> float | None:
        return self.perfect / self.scored if self.scored else None

    @property
    def top_cause(self) -> str | None:
        """The most common reason a game fell short (ties: the first in CAUSES)."""
        if not self.causes:
            return None
        top = max(self.causes.values())
        return next(c for c in CAUSES if self.causes.get(c) == top)

    def to_dict(self) -> dict:
        return {
            "games": self.scored,
            "abandoned": self.abandoned,
            "in_progress": self.in_progress,
            "average": round(self.average, 2) if self.average is not None else None,
            "best": self.best,
            "best_game": self.best_game,
            "perfect": self.perfect,
            "perfect_share": round(self.perfect_share, 4) if self.perfect_share is not None else None,
            "score_over_time": [{"game": p.game_id, "when": p.when.isoformat(), "score": p.score,
                                 "variant": p.variant, "players": p.players}
                                for p in self.over_time],
            "distributions": [{"variant": d.variant, "players": d.players, "games": d.games,
                               "average": round(d.average, 2), "best": d.best,
                               "scores": {str(s): n for s, n in sorted(d.counts.items())}}
                              for d in self.distributions],
            "causes": {c: self.causes[c] for c in CAUSES if self.causes.get(c)},
            "top_cause": self.top_cause,
        }


def statistics(rows: list[GameRow]) -> Statistics:
    """The statistics of these games (in any order)."""
    stats = Statistics()
    groups: dict[tuple[str, int], Distribution] = {}
    for row in sorted(rows, key=lambda r: (r.ended or r.started, r.id)):
        if not row.finished:
            stats.in_progress += 1
            continue
        cause = row.shortfall
        if cause:
            stats.causes[cause] += 1
        if not row.scored:
            stats.abandoned += 1
            continue
        stats.scored += 1
        if row.outcome == "perfect":
            stats.perfect += 1
        if stats.best is None or row.score > stats.best:
            stats.best, stats.best_game = row.score, row.id
        stats.over_time.append(ScorePoint(row.id, row.ended or row.started, row.score,
                                          row.variant, len(row.players)))
        key = (row.variant, len(row.players))
        groups.setdefault(key, Distribution(*key)).counts[row.score] += 1
    if stats.scored:
        stats.average = sum(p.score for p in stats.over_time) / stats.scored
    order = list(VARIANTS)
    stats.distributions = sorted(
        groups.values(),
        key=lambda d: (order.index(d.variant) if d.variant in order else len(order), d.players))
    return stats
