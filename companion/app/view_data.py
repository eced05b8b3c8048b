"""What the screens show, worked out from the game state: plain data and words, no Kivy.

Everything a screen displays about the game comes from here, so the table screen, the end
screen, the snapshot command and the tests read the same figures. The figures themselves come
from the rules core (GameState); this module only words and arranges them.
"""

from __future__ import annotations

from companion.i18n import N_, gettext as _
from companion.rules import RANKS, Card
from companion.words import format_message, outcome_name, rating_name, suit_name, variant_name
from companion.words.table import event_line, final_round_text, turn_text
from companion.rules.rating import rating_scale
from companion.rules.state import MAX_CLOCKS, MAX_FUSES, GameState
from companion.app import look


def firework_rows(state: GameState) -> list[dict]:
    """One row per suit: its height, the next card it needs, whether it is complete or capped."""
    rows = []
    for suit in state.variant.suits:
        height = state.fireworks[suit]
        nxt = state.next_needed(suit)
        cap = state.suit_max[suit]
        if height == 5:
            next_text = _("complete") + f" [font=Symbols]{look.DONE_SYMBOL}[/font]"
        elif nxt is None:
            next_text = format_message(N_("stuck at {height}"), {"height": height})
        else:
            next_text = format_message(N_("next: {rank}"), {"rank": nxt})
        rows.append({
            "suit": suit,
            "symbol": look.suit_symbol(suit),
            "name": suit_name(suit),
            "colour": look.suit_colour(suit),
            "ink": look.suit_ink(suit),
            "height": height,
            "next": nxt,
            "cap": cap,
            "complete": height == 5,
            "next_text": next_text,
        })
    return rows


def discard_rows(state: GameState) -> list[dict]:
    """The discard pile as a suit-by-rank grid: copies gone of copies in the deck, per card.

    `critical`: the last unseen copy of a card still needed; `dead`: the card can never be
    played (already on its firework, or out of reach).
    """
    rows = []
    for suit in state.variant.suits:
        cells = []
        for rank in RANKS:
            card = Card(suit, rank)
            copies = state.variant.copies(card)
            gone = state.discarded_count.get(card, 0)
            cells.append({
                "card": card,
                "rank": rank,
                "gone": gone,
                "copies": copies,
                "text": f"{gone}/{copies}",
                "critical": state.is_critical(card),
                "dead": state.is_dead(card),
                "unseen": state.unseen(card),
            })
        rows.append({
            "suit": suit,
            "symbol": look.suit_symbol(suit),
            "name": suit_name(suit),
            "colour": look.suit_colour(suit),
            "cells": cells,
        })
    return rows


def picker_cells(state: GameState) -> list[dict]:
    """The card picker's grid: every card of the deck, with the copies not yet seen.

    A card is possible while a copy of it is unseen (in a hand or in the deck); `fits` marks
    the card its firework needs next, so the table sees at once whether a play will work.
    """
    cells = []
    for suit in state.variant.suits:
        for rank in RANKS:
            card = Card(suit, rank)
            left = state.unseen(card)
            cells.append({
                "card": card,
                "suit": suit,
                "rank": rank,
                "left": left,
                "possible": left > 0,
                "fits": state.next_needed(suit) == rank,
                "critical": state.is_critical(card),
            })
    return cells


def recent_events(game, count: int = 6) -> list[str]:
    """The last events, newest first: "23 Cathy: Discard Yellow 4", "22 Bob: Misfire Red 4"."""
    state = game.state
    total = len(game.events)
    lines = [event_line(index + 1, game.events[index], state.effects[index], state.players)
             for index in range(max(0, total - count), total)]
    return lines[::-1]


def table_figures(state: GameState) -> dict:
    """The figures of the table's top bar."""
    return {
        "clues": state.clues,
        "max_clocks": MAX_CLOCKS,
        "fuses": state.fuses,
        "max_fuses": MAX_FUSES,
        "deck": state.deck,
        "score": state.score,
        "max_score": state.max_score,
        "perfect_score": state.variant.max_score,
        "turn_text": turn_text(state),
        "final_round_text": final_round_text(state),
        "over": state.over,
    }


def rating_rows(state: GameState) -> list[dict]:
    """The whole rating scale (30 points with 6 suits), the band reached marked."""
    reached = state.rating
    rows = []
    for band, low, high in rating_scale(len(state.variant.suits)):
        if low is None:
            points = f"\u2264 {high}"
        elif low == high:
            points = str(high)
        else:
            points = f"{low}\u2013{high}"
        rows.append({"band": band, "name": rating_name(band), "points": points,
                     "reached": band == reached})
    return rows


# The end screen's figures before any game.
NO_END = {"headline": "", "score": "", "perfect_score": 25, "score_text": "", "how": "",
          "verdict": "", "details": "", "rating": None, "perfect": False, "rows": [], "players": []}


def end_figures(state: GameState) -> dict:
    """What the end screen says: the score, how the game ended, the rating."""
    perfect = state.variant.max_score
    how = format_message(N_("How it ended: {how}"), {"how": outcome_name(state.outcome)})
    if state.outcome == "playing":
        headline = format_message(N_("Game in progress"), {})
        how = format_message(N_("The game is still going on"), {})
    elif state.outcome == "perfect":
        headline = format_message(N_("A perfect game!"), {})
    elif state.outcome == "abandoned":
        headline = format_message(N_("Game abandoned"), {})
    else:
        headline = format_message(N_("Game over"), {})
    if state.rating:
        verdict = format_message(N_("Rating: {band}"), {"band": rating_name(state.rating)})
    elif state.outcome == "abandoned":
        verdict = format_message(N_("An abandoned game is not rated"), {})
    elif state.lost and state.options.endgame == "crowning":
        verdict = format_message(N_("Crowning rules: a lost game scores nothing"), {})
    else:
        verdict = ""
    return {
        "headline": headline,
        "score": state.score,
        "perfect_score": perfect,
        "score_text": format_message(N_("{score} of {perfect} points"),
                                     {"score": state.score, "perfect": perfect}),
        "how": how,
        "verdict": verdict,
        "details": format_message(
            N_("{variant} · {players} players · {turns} turns · fireworks {fireworks}"),
            {"variant": variant_name(state.variant.name), "players": len(state.players),
             "turns": state.turn, "fireworks": state.fireworks_total}),
        "rating": state.rating,
        "perfect": state.outcome == "perfect",
        "rows": rating_rows(state),
        "players": list(state.players),
    }
