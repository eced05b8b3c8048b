"""How a finished game counts: whether it is scored, and why it fell short of a perfect score.

Works on the figures a finished game leaves (its outcome, score and max score), so that the
history can answer without replaying each game.
"""

from __future__ import annotations

# Why a game fell short of a perfect score, in the order the screens list them.
CAUSES = ("fuses", "lost_card", "deck_out", "stuck", "abandoned")


def is_scored(outcome: str) -> bool:
    """A game with this outcome is over and counts: every ending but an abandoned game."""
    return outcome not in ("playing", "abandoned")


def shortfall_cause(outcome: str, score: int, max_score: int, perfect_score: int) -> str | None:
    """Why a finished game fell short of `perfect_score` (one of CAUSES), None if it did not or
    is still going on. A game that ran out of deck after losing an indispensable card (its max
    score below the perfect score) counts as a lost card."""
    if outcome in ("playing", "perfect"):
        return None
    if outcome in ("abandoned", "fuses", "stuck"):
        return outcome
    if outcome == "critical_lost":
        return "lost_card"
    if score >= perfect_score:
        return None
    return "lost_card" if max_score < perfect_score else "deck_out"
