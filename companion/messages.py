"""Plain words for what happened at the table: "Blue 2 played: blue is at 2", "Misfire: ...".

Used by the screen, the scan banner and the command line; every text goes through gettext.
"""

from __future__ import annotations

from companion.i18n import N_
from companion.rules import Abandon, Clue, Discard, Play
from companion.rules.describe import card_name, format_message, suit_name
from companion.rules.events import Event
from companion.session import Outcome

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

VARIANT_NAMES = {
    "classic": N_("Classic"),
    "multicolor": N_("Multicolor"),
    "multicolor-short": N_("Multicolor, short"),
    "multicolor-wild": N_("Multicolor, wild"),
}


def outcome_name(outcome: str) -> str:
    return format_message(OUTCOME_NAMES.get(outcome, outcome), {})


def rating_name(band: str) -> str:
    return format_message(RATING_NAMES.get(band, band), {})


def variant_name(variant: str) -> str:
    return format_message(VARIANT_NAMES.get(variant, variant), {})


def event_text(event: Event, players: list[str] | tuple[str, ...] = ()) -> str:
    """A short description of an event ("Play Red 3", "Clue to Ben: blue")."""
    if isinstance(event, Abandon):
        return format_message(N_("Game abandoned"), {})
    if isinstance(event, Clue):
        if event.target is not None and event.target < len(players):
            who = players[event.target]
            if event.value is not None:
                value = suit_name(event.value).lower() if isinstance(event.value, str) else str(event.value)
                return format_message(N_("Clue to {player}: {value}"), {"player": who, "value": value})
            return format_message(N_("Clue to {player}"), {"player": who})
        return format_message(N_("Clue"), {})
    if isinstance(event, Play):
        return format_message(N_("Play {card}"), {"card": event.card})
    if isinstance(event, Discard):
        return format_message(N_("Discard {card}"), {"card": event.card})
    return str(event)


def outcome_text(outcome: Outcome, players: list[str] | tuple[str, ...] = ()) -> str:
    """The sentence the screen shows for an outcome."""
    if outcome.kind in ("refused", "nothing_to_undo"):
        return outcome.error.message if outcome.error else ""
    if outcome.kind == "undone":
        return format_message(N_("Undone: {what}"), {"what": event_text(outcome.event, players)})
    if outcome.kind == "armed":
        return format_message(N_("Discard armed: the next card shown is discarded"), {})
    if outcome.kind == "disarmed":
        return format_message(N_("Discard disarmed: the next card shown is played"), {})
    if outcome.kind == "new_game":
        return format_message(N_("New game"), {})
    effect = outcome.effect
    if effect is None:
        return ""
    who = players[effect.player] if effect.player < len(players) else ""
    if effect.kind == "clue":
        text = format_message(N_("{player} gave a clue"), {"player": who})
        if isinstance(outcome.event, Clue) and outcome.event.target is not None:
            text = event_text(outcome.event, players)
    elif effect.kind == "played":
        if effect.completed:
            text = format_message(N_("{card} played: the {suit_lower} firework is complete!"),
                                  {"card": effect.card, "suit": effect.card.suit})
        else:
            text = format_message(N_("{card} played: {suit_lower} is at {height}"),
                                  {"card": effect.card, "suit": effect.card.suit, "height": effect.firework})
    elif effect.kind == "misfire":
        text = format_message(N_("Misfire: {card} does not fit, {suit_lower} is at {height}"),
                              {"card": effect.card, "suit": effect.card.suit, "height": effect.firework})
    elif effect.kind == "discarded":
        text = format_message(N_("{card} discarded"), {"card": effect.card})
    else:
        text = format_message(N_("Game abandoned"), {})
    if effect.last_card_drawn:
        text += " · " + format_message(N_("Last card drawn: final round"), {})
    return text


__all__ = ["card_name", "outcome_text", "event_text", "outcome_name", "rating_name", "variant_name"]
