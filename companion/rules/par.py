"""Par: the score a table is expected to reach, per variant and player count.

The group's rating (companion.rules.record) is measured against it. The table is fixed and
derived from simulated games (companion.rules.simulate): `derive_par()` plays GAMES_PER_TABLE
games for every variant and player count, seeds 0 .. GAMES_PER_TABLE - 1, with the default
options (standard endgame, a third fuse scores 0), and takes the mean score rounded to one
decimal. `python scripts/derive_par.py` prints it again; a test checks that PAR is what it
gives. docs/rating.md says why a fixed table and not the group's own history.
"""

from __future__ import annotations

from statistics import fmean

from companion.rules.game import MAX_PLAYERS, MIN_PLAYERS, GameSetup
from companion.rules.simulate import simulate_game
from companion.rules.variants import VARIANTS

GAMES_PER_TABLE = 500
SEAT_NAMES = ("A", "B", "C", "D", "E")

# (variant, players) -> expected score; made by derive_par(), do not edit by hand.
PAR: dict[tuple[str, int], float] = {
    ('classic', 2): 18.4,
    ('classic', 3): 21.2,
    ('classic', 4): 20.4,
    ('classic', 5): 21.0,
    ('multicolor', 2): 18.3,
    ('multicolor', 3): 22.6,
    ('multicolor', 4): 22.1,
    ('multicolor', 5): 23.9,
    ('multicolor-short', 2): 19.4,
    ('multicolor-short', 3): 22.4,
    ('multicolor-short', 4): 22.0,
    ('multicolor-short', 5): 23.2,
    ('multicolor-wild', 2): 18.5,
    ('multicolor-wild', 3): 22.6,
    ('multicolor-wild', 4): 21.9,
    ('multicolor-wild', 5): 24.0,
}


def derive_par(games: int = GAMES_PER_TABLE) -> dict[tuple[str, int], float]:
    """The mean score of `games` simulated games per variant and player count."""
    table = {}
    for variant in VARIANTS:
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            setup = GameSetup.create(SEAT_NAMES[:players], variant)
            scores = [simulate_game(setup, seed).state.score for seed in range(games)]
            table[(variant, players)] = round(fmean(scores), 1)
    return table


def par_score(variant: str, players: int) -> float | None:
    """The expected score for this table; None for a table the par does not cover."""
    return PAR.get((variant, players))
