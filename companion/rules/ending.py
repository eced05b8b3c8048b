"""How a finished game counts: whether it is scored, and why it fell short of a perfect score.

Works on the figures a finished game leaves (its outcome, score and max score), so that the
history can answer without replaying each game.

`ending(state)` says what the end screen must show, in keys and figures only (no words):
whether the game is perfect, scored, lost or abandoned; the score to show under the chosen
scoring; whether the rating scale is shown and which band is reached; the reason for a loss
and the card that caused it. companion.words.ending turns it into the lines a person reads.

The scale is shown only where the chosen scoring uses it:
- a game that ends normally (the deck ran out, or every firework is complete) is rated on the
  scale by its fireworks;
- on the third fuse the game is lost. Scored `zero` (0) or `minus_ten` (-10), that figure is
  a penalty, not a show to rate: no scale. Scored `keep`, the fireworks kept are rated;
- with the crowning endgame a game is perfect or lost: no scale, and a loss has no score;
- an abandoned game scores 0, says so, and is not rated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.rules.cards import Card
from companion.rules.rating import rating_band

if TYPE_CHECKING:  # the state imports this module
    from companion.rules.state import GameState

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


RESULTS = ("playing", "scored", "perfect", "lost", "abandoned")
# How the shown score was reached.
SCORINGS = ("fireworks", "fuse_zero", "fuse_minus_ten", "fuse_keep", "crowning", "abandoned")


@dataclass(frozen=True)
class Ending:
    result: str  # one of RESULTS
    outcome: str  # the rules' outcome (GameState.outcome)
    crowning: bool  # the crowning endgame was played
    scoring: str  # one of SCORINGS
    score: int | None  # the score to show; None for a crowning loss (it has none)
    perfect_score: int  # 25, or 30 with six suits
    fireworks: int  # the cards on the fireworks, whatever the score says
    shows_scale: bool  # the rating scale belongs on the end screen
    band: str | None  # the band reached, when the scale is shown
    suit_count: int
    card: Card | None = None  # the misfire that burnt the third fuse, or the indispensable card lost

    @property
    def over(self) -> bool:
        return self.result != "playing"

    @property
    def tone(self) -> str:
        """"success", "loss" or "neutral": the end screen's colour must not call a loss a win."""
        if self.result in ("scored", "perfect"):
            return "success"
        if self.result == "lost":
            return "loss"
        return "neutral"


def _last_card(state: GameState) -> Card | None:
    """The card of the event that ended the game (the third misfire, the indispensable card)."""
    if state.outcome == "critical_lost":
        return state.lost_card
    return state.effects[-1].card if state.effects else None


def ending(state: GameState) -> Ending:
    """What the end screen must show for `state` (a game still going gives result "playing")."""
    crowning = state.options.endgame == "crowning"
    suits = len(state.variant.suits)
    common = {"outcome": state.outcome, "crowning": crowning, "perfect_score": state.variant.max_score,
              "fireworks": state.fireworks_total, "suit_count": suits}
    outcome = state.outcome
    if outcome == "playing":
        return Ending("playing", scoring="fireworks", score=state.score, shows_scale=False,
                      band=None, **common)
    if outcome == "abandoned":
        return Ending("abandoned", scoring="abandoned", score=0, shows_scale=False, band=None,
                      **common)
    if crowning:
        if state.lost:
            return Ending("lost", scoring="crowning", score=None, shows_scale=False, band=None,
                          card=_last_card(state) if outcome != "stuck" else None, **common)
        return Ending("perfect" if outcome == "perfect" else "scored", scoring="crowning",
                      score=state.score, shows_scale=False, band=None, **common)
    if outcome == "fuses":
        scoring = "fuse_" + state.options.fuse_out
        keep = scoring == "fuse_keep"
        return Ending("lost", scoring=scoring, score=state.score, shows_scale=keep,
                      band=rating_band(state.score, suits) if keep else None,
                      card=_last_card(state), **common)
    result = "perfect" if outcome == "perfect" else "scored"
    return Ending(result, scoring="fireworks", score=state.score, shows_scale=True,
                  band=rating_band(state.score, suits), **common)
