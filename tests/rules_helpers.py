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


def draw_out(g, cards):
    """Discards (with a clue before each) until the deck is empty; returns the cards left."""
    cards = list(cards)
    while g.state.deck:
        if g.state.clues == 8:
            g.apply(clue())
        g.apply(discard(cards.pop(0)))
    return cards


def crowning_player_without_cards():
    """A 2-player crowning game, deck out, where Ana, whose turn it is, has no cards left
    (she played her five blue cards while Ben gave clues)."""
    g = game(2, endgame="crowning")
    for name in perfect_order("RYG"):
        g.apply(play(name))
    spare = ["R1", "R1", "Y1", "Y1", "G1", "G1", "B1", "W1", "B2", "W2", "B3", "W3", "B4", "W4",
             "G2", "G3", "G4", "R2", "R3", "R4", "Y2", "Y3", "Y4", "B1", "W1"]
    assert draw_out(g, spare) == []
    assert g.state.hands == [5, 5]
    blue = perfect_order("B")
    while g.state.hands[0]:
        g.apply(play(blue.pop(0)) if g.state.current_player == 0 else clue())
    g.apply(clue())
    assert g.state.current_player == 0 and g.state.hands[0] == 0 and not g.state.over
    return g
