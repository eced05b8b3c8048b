"""Small builders for rules tests."""

from companion.rules import Clue, Discard, Game, GameSetup, Play, parse_card

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]


def setup(players=3, variant="classic", **options):
    return GameSetup.create(NAMES[:players], variant, **options)


def game(players=3, variant="classic", **options):
    return Game(setup(players, variant, **options))


def play(name, copy=None):
    return Play(parse_card(name), copy)


def discard(name, copy=None):
    return Discard(parse_card(name), copy)


def clue(target=None, kind=None, value=None):
    return Clue(target, kind, value)


def perfect_order(suits="RYGBW"):
    """The 25 (or 30) plays of a perfect game, suit after suit."""
    return [f"{s}{r}" for s in suits for r in range(1, 6)]
