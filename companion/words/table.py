"""Plain words for what happened at the table: "Blue 2 played: blue is at 2", "Misfire: ...".

Used by the screen, the scan banner and the command line; every text goes through gettext.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import N_
from companion.rules.events import Abandon, Clue, Discard, Event, Play
from companion.rules.state import Effect, GameState
from companion.words.names import format_message, message, outcome_name, suit_name

if TYPE_CHECKING:  # the session is above the words: only its shape is used here
    from companion.session import Outcome


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


def outcome_text(outcome: "Outcome", players: list[str] | tuple[str, ...] = ()) -> str:
    """The sentence the screen shows for an outcome."""
    if outcome.kind in ("refused", "nothing_to_undo"):
        return message(outcome.error) if outcome.error else ""
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


def event_line(turn: int, event: Event, effect: Effect, players) -> str:
    """One line of the table's recent events: "23  Cathy: Discard Yellow 4"."""
    if effect.kind == "misfire":
        what = format_message(N_("Misfire {card}"), {"card": effect.card})
    else:
        what = event_text(event, players)
    return f"{turn}  {players[effect.player]}: {what}"


def turn_text(state: GameState) -> str:
    if state.over:
        return format_message(N_("Game over: {how}"), {"how": outcome_name(state.outcome)})
    return format_message(N_("{player}'s turn"), {"player": state.players[state.current_player]})


def final_round_text(state: GameState) -> str:
    """Once the last card is drawn: who still plays, in order ("" before that)."""
    still = state.players_still_to_play
    if not still:
        return ""
    names = ", ".join(state.players[i] for i in still)
    return format_message(N_("Final round: {count} turns left ({names})"),
                          {"count": len(still), "names": names})
