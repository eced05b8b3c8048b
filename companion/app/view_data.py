"""What the screens show, worked out from the game state: plain data and words, no Kivy.

Everything a screen displays about the game comes from here, so the table screen, the end
screen, the snapshot command and the tests read the same figures. The figures themselves come
from the rules core (GameState); this module only words and arranges them.
"""

from __future__ import annotations

from companion.i18n import N_, gettext as _
from companion.rules import RANKS, Card
from companion.words import format_message, suit_name, variant_name
from companion.rules.ending import ending
from companion.words.ending import ending_lines
from companion.words.table import event_line, final_round_text, turn_text
from companion.rules.state import MAX_CLUES, MAX_FUSES, GameState
from companion.app import palette


def firework_rows(state: GameState) -> list[dict]:
    """One row per suit: its height, the next card it needs, whether it is complete or capped."""
    rows = []
    for suit in state.variant.suits:
        height = state.fireworks[suit]
        nxt = state.next_needed(suit)
        cap = state.suit_max[suit]
        if height == 5:
            next_text = _("complete") + f" [font=Symbols]{palette.DONE_SYMBOL}[/font]"
        elif nxt is None:
            next_text = format_message(N_("stuck at {height}"), {"height": height})
        else:
            next_text = format_message(N_("next: {rank}"), {"rank": nxt})
        rows.append({
            "suit": suit,
            "symbol": palette.suit_symbol(suit),
            "name": suit_name(suit),
            "colour": palette.suit_colour(suit),
            "ink": palette.suit_ink(suit),
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
            "symbol": palette.suit_symbol(suit),
            "name": suit_name(suit),
            "colour": palette.suit_colour(suit),
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
        "max_clues": MAX_CLUES,
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


# The end screen's figures before any game.
NO_END = {"title": "", "figure": "", "score_line": "", "reason": "", "crowd": "", "tone": "neutral",
          "rows": [], "shows_scale": False, "perfect_score": 25, "details": "", "players": [],
          "over": False}


def end_figures(state: GameState) -> dict:
    """What the end screen says (companion.rules.ending, worded by companion.words.ending): the
    outcome as a title, the score the chosen scoring gives, why, the crowd's reaction, and the
    rating scale where that scoring uses it."""
    lines = ending_lines(ending(state))
    return {
        "title": lines.title,
        "figure": lines.figure,
        "score_line": lines.score_line,
        "reason": lines.reason,
        "crowd": lines.crowd,
        "tone": lines.tone,
        "rows": lines.rows,
        "shows_scale": bool(lines.rows),
        "perfect_score": state.variant.max_score,
        "details": format_message(
            N_("{variant} · {players} players · {turns} turns · fireworks {fireworks}"),
            {"variant": variant_name(state.variant.name), "players": len(state.players),
             "turns": state.turn, "fireworks": state.fireworks_total}),
        "players": list(state.players),
        "over": state.over,
    }
