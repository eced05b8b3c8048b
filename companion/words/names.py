"""Names and messages in the table's language: suits, cards, variants, outcomes, ratings, and
any message or error given as a template with its parameters (companion.rules.errors)."""

from __future__ import annotations

from companion import i18n
from companion.i18n import N_
from companion.rules.cards import Card
from companion.rules.errors import CompanionError, Message

SUIT_NAMES = {
    "R": N_("Red"),
    "Y": N_("Yellow"),
    "G": N_("Green"),
    "B": N_("Blue"),
    "W": N_("White"),
    "M": N_("Multicolor"),
}

OUTCOME_NAMES = {
    "playing": N_("in progress"),
    "deck_out": N_("the deck ran out and everyone played a last turn"),
    "perfect": N_("every firework is complete"),
    "fuses": N_("the third fuse burnt"),
    "critical_lost": N_("an indispensable card was lost"),
    "stuck": N_("no card is left in any hand"),
    "abandoned": N_("the table abandoned the game"),
}

RATING_NAMES = {
    "horrible": N_("horrible"),
    "mediocre": N_("mediocre"),
    "honourable": N_("honourable"),
    "excellent": N_("excellent"),
    "amazing": N_("amazing"),
    "legendary": N_("legendary"),
    "divine": N_("divine"),
}

# Why a game fell short of a perfect score (companion.rules.ending.CAUSES).
CAUSE_NAMES = {
    "fuses": N_("The third fuse burnt"),
    "lost_card": N_("An indispensable card was lost"),
    "deck_out": N_("The deck ran out before the fireworks were complete"),
    "stuck": N_("No card was left in any hand"),
    "abandoned": N_("The game was abandoned"),
}

VARIANT_NAMES = {
    "classic": N_("Classic"),
    "multicolor": N_("Multicolor"),
    "multicolor-short": N_("Multicolor, short"),
    "multicolor-wild": N_("Multicolor, wild"),
}


def suit_name(suit: str) -> str:
    """The suit's name in the current language, capitalised ("Red")."""
    return i18n.gettext(SUIT_NAMES[suit])


def card_name(card: Card) -> str:
    """"Red 3" in the current language."""
    return f"{suit_name(card.suit)} {card.rank}"


def outcome_name(outcome: str) -> str:
    return i18n.gettext(OUTCOME_NAMES.get(outcome, outcome))


def rating_name(band: str) -> str:
    return i18n.gettext(RATING_NAMES.get(band, band))


def cause_name(cause: str) -> str:
    """Why a game fell short, as a sentence ("The third fuse burnt")."""
    return i18n.gettext(CAUSE_NAMES.get(cause, cause))


def variant_name(variant: str) -> str:
    return i18n.gettext(VARIANT_NAMES.get(variant, variant))


def _render(value: object) -> object:
    if isinstance(value, Card):
        return card_name(value)
    if isinstance(value, (Message, CompanionError)):
        return message(value)
    return value


def format_message(template: str, params: dict | None = None) -> str:
    """The template translated into the current language, its parameters filled in.

    A parameter that is a Card is written as its name, a Message or an error as its text; for a
    suit name pass `suit` as a letter: {suit} is its name, {suit_lower} the name in lower case.
    A translation that lost a parameter falls back on the English template.
    """
    params = params or {}
    values = {k: _render(v) for k, v in params.items()}
    suit = params.get("suit")
    if isinstance(suit, str) and suit in SUIT_NAMES:
        values["suit"] = suit_name(suit)
        values["suit_lower"] = suit_name(suit).lower()
    try:
        return i18n.gettext(template).format(**values)
    except (KeyError, IndexError, ValueError):
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template


def say(template: str, **params: object) -> str:
    """format_message with the parameters given by name: say(N_("{card} played"), card=card)."""
    return format_message(template, params)


def message(item: Message | CompanionError) -> str:
    """A message or an error of any layer, in the current language."""
    return format_message(item.template, item.params)
