"""Words for the rules' objects: suit and card names, messages with their parameters filled in."""

from __future__ import annotations

from companion import i18n
from companion.rules.cards import Card
from companion.rules.errors import N_

SUIT_NAMES = {
    "R": N_("Red"),
    "Y": N_("Yellow"),
    "G": N_("Green"),
    "B": N_("Blue"),
    "W": N_("White"),
    "M": N_("Multicolor"),
}


def suit_name(suit: str) -> str:
    """The suit's name in the current language, capitalised ("Red")."""
    return i18n.gettext(SUIT_NAMES[suit])


def card_name(card: Card) -> str:
    """"Red 3" in the current language."""
    return f"{suit_name(card.suit)} {card.rank}"


def _render(value: object) -> object:
    if isinstance(value, Card):
        return card_name(value)
    return value


def format_message(template: str, params: dict) -> str:
    """The template translated into the current language, its parameters filled in.

    A parameter that is a Card is written as its name; for a lower-case suit name in the middle
    of a sentence, pass `suit` as a letter and use {suit_lower}.
    """
    values = {k: _render(v) for k, v in params.items()}
    if "suit" in params and isinstance(params["suit"], str) and params["suit"] in SUIT_NAMES:
        values["suit"] = suit_name(params["suit"])
        values["suit_lower"] = suit_name(params["suit"]).lower()
    try:
        return i18n.gettext(template).format(**values)
    except (KeyError, IndexError, ValueError):
        return template.format(**values)
