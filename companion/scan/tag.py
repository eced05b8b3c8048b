"""The card tag: a QR code whose text is "HNB:<card>:<copy>", e.g. "HNB:R1:2".

`tag_text` writes it, `parse_tag` reads it back and says in plain words why a text is not a card
(a menu's QR code, "HNB:R6:1", "HNB:R1:4", a multicolor card in a deck without one...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from companion.i18n import N_
from companion.rules.cards import STANDARD_COPIES, Card, parse_card
from companion.words import format_message
from companion.rules.variants import Variant, get_variant

PREFIX = "HNB:"
# Strict: a card name, a colon, a copy number written without sign, space or leading zero.
_TAG = re.compile(r"HNB:([A-Z0-9]{1,8}):([0-9]{1,3})")
_SHOWN_CHARS = 40


def tag_text(card: Card, copy: int) -> str:
    """The text printed in the QR code of `copy` (1, 2, 3) of `card`: "HNB:R1:2"."""
    return f"{PREFIX}{card}:{int(copy)}"


@dataclass(frozen=True)
class TagRead:
    """What a decoded text means: a card and its copy, or the reason it is not a card."""

    text: str
    card: Card | None = None
    copy: int | None = None
    template: str = ""  # the rejection reason (English template), empty for a card
    params: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def ok(self) -> bool:
        return self.card is not None

    @property
    def reason(self) -> str:
        """Why the text is not a card, in the current language ("" for a card)."""
        if self.card is not None:
            return ""
        params = dict(self.params)
        if "variant" in params:
            from companion.words import variant_name

            params["variant"] = variant_name(params["variant"])
        return format_message(self.template, params)

    @property
    def key(self) -> str:
        """"R1:2" for a card, the text itself otherwise."""
        return f"{self.card}:{self.copy}" if self.card is not None else self.text


def shown(text: str) -> str:
    """The text as it may appear in a message: printable and not too long."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in text)
    return clean if len(clean) <= _SHOWN_CHARS else clean[: _SHOWN_CHARS - 1] + "…"


def _variant(variant: Variant | str | None) -> Variant | None:
    if variant is None or isinstance(variant, Variant):
        return variant
    return get_variant(variant)


def parse_tag(text: object, variant: Variant | str | None = None) -> TagRead:
    """Reads a decoded QR text. With a variant (or its name), a card must be in that deck."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if not isinstance(text, str):
        text = str(text)

    def reject(template: str, **params: object) -> TagRead:
        return TagRead(text, template=template, params=params)

    if not text.startswith(PREFIX):
        return reject(N_("not a card tag: {text}"), text=shown(text))
    match = _TAG.fullmatch(text)
    if match is None:
        return reject(N_("a damaged or unknown card tag: {text}"), text=shown(text))
    name, copy_text = match.groups()
    card = parse_card(name)
    if card is None:
        return reject(N_("{name} is not a Hanabi card"), name=name)
    copy = int(copy_text)
    if copy_text != str(copy) or copy == 0:
        return reject(N_("a damaged or unknown card tag: {text}"), text=shown(text))
    deck = _variant(variant)
    if deck is not None:
        count = deck.copies(card)
        if count == 0:
            return reject(N_("{card} is not in the {variant} deck"), card=card, variant=deck.name)
        if copy > count:
            return reject(N_("there is no copy {copy} of {card} in the {variant} deck (it has {count})"),
                          card=card, count=count, copy=copy, variant=deck.name)
    else:
        count = STANDARD_COPIES[card.rank]
        if copy > count:
            return reject(N_("there is no copy {copy} of {card} (a deck has {count})"),
                          card=card, count=count, copy=copy)
    return TagRead(text, card, copy)


def deck_tags(variant: Variant | str) -> list[tuple[Card, int]]:
    """Every (card, copy) of the variant's deck, suit by suit: one tag per physical card."""
    deck = _variant(variant)
    if deck is None:
        raise ValueError(f"unknown variant {variant!r}")
    return [(card, copy) for card in deck.cards() for copy in range(1, deck.copies(card) + 1)]
