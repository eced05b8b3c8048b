"""Whole games that end in a chosen way: a given score, a fuse loss, a crowning loss."""

from companion.rules import Abandon, Card, Game
from companion.rules.cards import RANKS
from rules_helpers import clue, discard, perfect_order, play, setup


def _deck(g: Game) -> list[str]:
    variant = g.setup.variant
    return [f"{s}{r}" for s in variant.suits for r in RANKS for _ in range(variant.copies(Card(s, r)))]


def _finish_with_clues(g: Game) -> Game:
    while not g.state.over:
        g.apply(clue())
    return g


def scored_game(score: int, players: int = 3, variant: str = "classic", **options) -> Game:
    """A game ended by the deck running out (or perfect, at the full score) with `score`."""
    g = Game(setup(players, variant, **options))
    suits = "".join(g.setup.variant.suits)
    plays = perfect_order(suits)[:score]
    for name in plays:
        g.apply(play(name))
    if g.state.over:
        return g
    pool = _deck(g)
    for name in plays:
        pool.remove(name)
    while g.state.deck:
        if g.state.clues == 8:
            g.apply(clue())
        g.apply(discard(pool.pop(0)))
    _finish_with_clues(g)
    assert g.state.outcome == "deck_out" and g.state.score == score, g.state.summary()
    return g


def fuse_loss(fireworks: int, fuse_out: str, players: int = 3, **options) -> Game:
    """`fireworks` cards played, then three misfires (the last one a blue 4)."""
    g = Game(setup(players, fuse_out=fuse_out, **options))
    for name in perfect_order()[:fireworks]:
        g.apply(play(name))
    for name in ("W4", "W3", "B4"):
        g.apply(play(name))
    assert g.state.outcome == "fuses"
    return g


def crowning_perfect(players: int = 3) -> Game:
    g = Game(setup(players, endgame="crowning"))
    for name in perfect_order():
        g.apply(play(name))
    return g


def crowning_card_lost(players: int = 3) -> Game:
    """Crowning: the only red 5 is discarded, so the game can no longer be perfect."""
    g = Game(setup(players, endgame="crowning"))
    g.apply(play("R1"))
    g.apply(clue())
    g.apply(discard("R5"))
    assert g.state.outcome == "critical_lost"
    return g


def abandoned(players: int = 3) -> Game:
    g = Game(setup(players))
    for name in perfect_order()[:7]:
        g.apply(play(name))
    g.apply(Abandon())
    return g
