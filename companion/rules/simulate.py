"""Plausible whole games from a shuffled real deck, for benchmarks, demos and tests.

The simulated table sees every hand, plays a playable card when it holds one, else clues or
discards, so the games look like real ones (deck runs out, some misfires, most fireworks rise).
"""

from __future__ import annotations

import random

from companion.rules.cards import Card
from companion.rules.events import Clue, Discard, Play
from companion.rules.game import Game, GameSetup
from companion.rules.state import MAX_CLUES, hand_size


def simulate_game(setup: GameSetup, seed: int, misfire_rate: float = 0.04) -> Game:
    rng = random.Random(seed)
    variant = setup.variant
    deck: list[tuple[Card, int]] = [(c, k) for c in variant.cards() for k in range(1, variant.copies(c) + 1)]
    rng.shuffle(deck)
    n = len(setup.players)
    hands = [[deck.pop() for _ in range(hand_size(n))] for _ in range(n)]
    game = Game(setup)
    while not game.state.over:
        state = game.state
        player = state.current_player
        hand = hands[player]
        playable = [i for i, (c, _) in enumerate(hand) if state.fireworks[c.suit] + 1 == c.rank]
        if playable and (rng.random() > 0.25 or state.clues == 0):
            index = rng.choice(playable)
            event = Play(*hand[index])
        elif hand and rng.random() < misfire_rate:
            index = rng.randrange(len(hand))
            event = Play(*hand[index])
        elif state.clues > 0 and (state.clues == MAX_CLUES or rng.random() < 0.5 or not hand):
            target = rng.choice([p for p in range(n) if p != player])
            if rng.random() < 0.5:
                event = Clue(target, "rank", rng.randint(1, 5))
            else:
                event = Clue(target, "colour", rng.choice(variant.clue_colours))
            index = None
        elif hand:
            dead = [i for i, (c, _) in enumerate(hand) if state.is_dead(c)]
            index = rng.choice(dead) if dead else rng.randrange(len(hand))
            event = Discard(*hand[index])
        else:
            break
        game.apply(event)
        if index is not None:
            hand.pop(index)
            if deck and not game.state.over:
                hand.append(deck.pop())
    return game
