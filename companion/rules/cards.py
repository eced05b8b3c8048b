"""Cards: a suit letter and a rank, written "R1" .. "W5", "M1" .. "M5"."""

from __future__ import annotations

from typing import NamedTuple

SUIT_LETTERS = ("R", "Y", "G", "B", "W", "M")
RANKS = (1, 2, 3, 4, 5)
# Copies of each rank in a standard suit: three 1s, two 2s, 3s and 4s, one 5.
STANDARD_COPIES = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}


class Card(NamedTuple):
    suit: str
    rank: int

    def __str__(self) -> str:
        return f"{self.suit}{self.rank}"


_CARDS = {f"{s}{r}": Card(s, r) for s in SUIT_LETTERS for r in RANKS}


def parse_card(text: object) -> Card | None:
    """The card named by `text` ("R1"), or None if it names no card of any Hanabi deck."""
    if not isinstance(text, str):
        return None
    return _CARDS.get(text)
