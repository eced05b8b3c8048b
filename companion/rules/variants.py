"""The variants: which suits are in the deck, how many copies of each card, which colours clue."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.cards import RANKS, STANDARD_COPIES, Card

CLASSIC_SUITS = ("R", "Y", "G", "B", "W")
SIX_SUITS = CLASSIC_SUITS + ("M",)


@dataclass(frozen=True)
class Variant:
    name: str
    suits: tuple[str, ...]
    short_multicolor: bool = False  # the M suit has one card of each rank
    wild_multicolor: bool = False  # M cannot be named; every colour clue touches M

    def copies(self, card: Card) -> int:
        """How many copies of `card` the deck holds (0 if the card is not in this variant)."""
        if card.suit not in self.suits or card.rank not in STANDARD_COPIES:
            return 0
        if card.suit == "M" and self.short_multicolor:
            return 1
        return STANDARD_COPIES[card.rank]

    @property
    def deck_size(self) -> int:
        return sum(self.copies(Card(s, r)) for s in self.suits for r in RANKS)

    @property
    def clue_colours(self) -> tuple[str, ...]:
        """The colours a player may name in a clue."""
        if self.wild_multicolor:
            return CLASSIC_SUITS
        return self.suits

    def clue_touches(self, kind: str | None, value: object, card: Card) -> bool:
        """Whether a clue ("colour" or "rank", with its value) touches the card: a rank clue
        the cards of that rank, a colour clue the cards of that suit, and in the wild variant
        the multicolor cards too, whatever colour is named."""
        if kind == "rank":
            return card.rank == value
        return card.suit == value or (self.wild_multicolor and card.suit == "M")

    @property
    def max_score(self) -> int:
        return 5 * len(self.suits)

    def cards(self) -> list[Card]:
        """Every distinct card of the deck, suit by suit."""
        return [Card(s, r) for s in self.suits for r in RANKS]


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("classic", CLASSIC_SUITS),
        Variant("multicolor", SIX_SUITS),
        Variant("multicolor-short", SIX_SUITS, short_multicolor=True),
        Variant("multicolor-wild", SIX_SUITS, wild_multicolor=True),
    )
}


def get_variant(name: str) -> Variant | None:
    return VARIANTS.get(name) if isinstance(name, str) else None
