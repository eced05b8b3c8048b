"""hanab.live's game JSON: a game written for hanab.live's replay tools, and such a file read back.

The format (hanab.live's misc/example_game_with_comments.jsonc, checked by its server when a
JSON replay is loaded):

    {"players": ["Ana", "Ben", "Cy"],
     "deck": [{"suitIndex": 0, "rank": 1}, ...],           every card, top to bottom
     "actions": [{"type": 2, "target": 1, "value": 0},      0 play, 1 discard (target: the card's
                 {"type": 0, "target": 7, "value": 0}],     order in the deck), 2 colour clue,
                                                            3 rank clue (target: a player),
                                                            4 game over (value: why)
     "options": {"variant": "No Variant"}}

Cards are dealt from the top of the deck to player 0 until the hand is full, then to player 1,
and so on; a player who plays or discards draws the next card. A table only learns a card when
it is played or discarded, so the deck is rebuilt: each card seen is put in the hand it was
played from, in the order drawn, and the cards never seen (still in hands or in the deck at the
end) are filled with the rest of the deck, choosing cards a recorded clue touches where the clue
needs one. What hanab.live cannot hold (a clue whose details were not recorded, the copy of a
card, the fuse_out option) goes under the key "companion", which hanab.live ignores, so that
`game_from_hanablive(export_game(game))` gives the same game back. docs/hanablive.md says what
such a replay can and cannot show.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass

from companion.formats.errors import LogError
from companion.formats.game_log import (event_from_dict, event_to_dict, game_from_dict,
                                        read_json_file, setup_from_dict, setup_to_dict)
from companion.rules import Abandon, Card, Clue, Discard, Game, IllegalEvent, Play
from companion.rules.errors import N_
from companion.rules.events import Event
from companion.rules.game import MAX_PLAYERS, MIN_PLAYERS, is_whole_number
from companion.rules.state import hand_size
from companion.rules.variants import Variant

# Our variants and hanab.live's names for them (its variants.json).
VARIANT_NAMES = {
    "classic": "No Variant",
    "multicolor": "6 Suits",  # the sixth suit is its own clue colour (hanab.live: Teal)
    "multicolor-short": "Black (6 Suits)",  # one card of each rank, its own clue colour
    "multicolor-wild": "Rainbow (6 Suits)",  # touched by every colour clue, never named
}
VARIANTS_BY_NAME = {name: key for key, name in VARIANT_NAMES.items()}
# hanab.live's suits in order: Red, Yellow, Green, Blue, Purple (the white suit of the box),
# then Teal / Black / Rainbow for the sixth.
SUIT_ORDER = ("R", "Y", "G", "B", "W", "M")

PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE, GAME_OVER, GAME_OVER_BY_VOTE = 0, 1, 2, 3, 4, 5
TERMINATED = 4  # hanab.live's end condition "a player terminated the game"
EXTRAS_KEY = "companion"
# hanab.live options that change the hands or the turns: such a game cannot be replayed here.
RULE_CHANGING_OPTIONS = ("oneExtraCard", "oneLessCard", "detrimentalCharacters")


@dataclass
class _ClueNote:
    action: int
    target: int
    kind: str | None
    value: object
    hand: tuple[int, ...]  # the card orders in the target's hand when the clue was given


def _full_deck(variant: Variant) -> Counter:
    return Counter({card: variant.copies(card) for card in variant.cards()})


def _pick_order(hand: list[int], card: Card, pending: list[_ClueNote],
                identity: list[Card | None], variant: Variant) -> int:
    """The card of the hand that was played or discarded, chosen so that every clue still
    waiting for a card it touches keeps one: first never the last such card of a clue this card
    does not fit, then one that fits the most clues, then the oldest card."""
    def weigh(order: int) -> tuple:
        last = fits = 0
        risk = 0.0
        for note in pending:
            if order not in note.hand:
                continue
            if variant.clue_touches(note.kind, note.value, card):
                fits += 1
                continue
            left = sum(1 for o in note.hand if identity[o] is None)
            last += left <= 1
            risk += 1 / max(left, 1)
        return (last, -fits, risk, order)

    return min(hand, key=weigh)


def _clue_kind(event: Clue) -> str | None:
    if event.kind is not None:
        return event.kind
    if event.value is None:
        return None
    return "rank" if is_whole_number(event.value) else "colour"


def _rebuild(game: Game) -> tuple[list[Card], list[dict], bool]:
    """The deck and actions for hanab.live, and whether some clue must be allowed to touch nothing."""
    setup = game.setup
    variant = setup.variant
    seats = len(setup.players)
    size = hand_size(seats)
    identity: list[Card | None] = [None] * variant.deck_size
    hands = [list(range(p * size, (p + 1) * size)) for p in range(seats)]
    next_order = seats * size
    state = setup.new_state()
    notes: list[_ClueNote] = []
    pending: list[_ClueNote] = []  # clues whose hand has no card they touch yet
    actions: list[dict] = []
    for index, event in enumerate(game.events):
        player = state.current_player
        if isinstance(event, (Play, Discard)):
            is_play = isinstance(event, Play)
            order = _pick_order(hands[player], event.card, pending, identity, variant)
            identity[order] = event.card
            hands[player].remove(order)
            pending = [c for c in pending if not (
                order in c.hand and variant.clue_touches(c.kind, c.value, event.card))]
            actions.append({"type": PLAY if is_play else DISCARD, "target": order, "value": 0})
        elif isinstance(event, Clue):
            target = event.target if event.target is not None else (player + 1) % seats
            note = _ClueNote(index, target, _clue_kind(event), event.value, tuple(hands[target]))
            notes.append(note)
            if note.kind is not None and note.value is not None:
                pending.append(note)
            actions.append({"type": None, "target": target, "value": None})  # filled below
        else:
            actions.append({"type": GAME_OVER, "target": player, "value": TERMINATED})
        effect = state.apply(event)
        if effect.drew:
            hands[player].append(next_order)
            next_order += 1

    remaining = _full_deck(variant) - Counter(c for c in identity if c is not None)
    empty_clues = any(not c.hand for c in notes if c.kind is None or c.value is None)
    # The clues still waiting: give a card they touch to a card that stayed in the hand,
    # the clues with the fewest such cards first.
    def free(note: _ClueNote) -> list[int]:
        return [o for o in note.hand if identity[o] is None]

    for note in sorted(pending, key=lambda c: len(free(c))):
        if any(identity[o] is not None and variant.clue_touches(note.kind, note.value, identity[o])
               for o in note.hand):
            continue
        wanted = [c for c in variant.cards()
                  if remaining[c] > 0 and variant.clue_touches(note.kind, note.value, c)]
        if not free(note) or not wanted:
            empty_clues = True
            continue
        others = [c for c in pending if c is not note]

        def also(pick: tuple[int, Card]) -> int:
            """How many other waiting clues this card, in this place, would touch too."""
            order, card = pick
            return -sum(1 for c in others
                        if order in c.hand and variant.clue_touches(c.kind, c.value, card))

        order, card = min(((o, c) for o in free(note) for c in wanted), key=also)
        identity[order] = card
        remaining[card] -= 1

    # The cards never seen: the rest of the deck, shuffled the same way for the same game.
    rest = list(remaining.elements())
    random.Random(json.dumps([event_to_dict(e) for e in game.events])).shuffle(rest)
    for order in range(len(identity)):
        if identity[order] is None:
            identity[order] = rest.pop()

    for note in notes:
        action = actions[note.action]
        kind, value = note.kind, note.value
        if kind is None or value is None:
            card = identity[note.hand[0]] if note.hand else Card(variant.clue_colours[0], 1)
            if kind == "colour":
                value = card.suit if card.suit in variant.clue_colours else variant.clue_colours[0]
            else:
                kind, value = "rank", card.rank
        if kind == "rank":
            action.update(type=RANK_CLUE, value=value)
        else:
            action.update(type=COLOUR_CLUE, value=variant.clue_colours.index(value))
    return identity, actions, empty_clues


def export_game(game: Game) -> dict:
    """The game as hanab.live's game JSON (a dict ready for json.dumps)."""
    setup = game.setup
    variant = setup.variant
    deck, actions, empty_clues = _rebuild(game)
    options: dict = {"variant": VARIANT_NAMES[variant.name]}
    if setup.first_player:
        options["startingPlayer"] = setup.first_player
    if setup.options.empty_clues or empty_clues:
        options["emptyClues"] = True
    if setup.options.endgame == "crowning":
        options["allOrNothing"] = True
    data = {
        "players": list(setup.players),
        "deck": [{"suitIndex": variant.suits.index(c.suit), "rank": c.rank} for c in deck],
        "actions": actions,
        "options": options,
    }
    # What hanab.live cannot hold, for our own reader: only where reading back would differ.
    extras: dict = {}
    read_setup, read_events = _decode(data, strict=False)
    if setup_to_dict(read_setup) != setup_to_dict(setup):
        extras["options"] = setup.options.to_dict()
    changed = {str(i): event_to_dict(e) for i, (e, back) in enumerate(zip(game.events, read_events))
               if event_to_dict(e) != event_to_dict(back)}
    if changed:
        extras["events"] = changed
    if extras:
        data[EXTRAS_KEY] = {"version": 1, **extras}
    return data


def dumps(game: Game) -> str:
    """The JSON text, a card or an action per line."""
    parts = []
    for key, value in export_game(game).items():
        text = json.dumps(key)
        if key in ("deck", "actions"):
            items = ",\n  ".join(json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f" {text}: [\n  {items}\n ]")
        else:
            parts.append(f" {text}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


# ----- reading ---------------------------------------------------------------------------------
def _fail(template: str, event: int | None = None, **params) -> LogError:
    return LogError(template, event, **params)


def _card(raw: object, index: int, variant: Variant) -> Card:
    if not isinstance(raw, dict):
        raise _fail(N_("Card {index} of the deck is not an object"), index=index)
    suit = raw.get("suitIndex", raw.get("suit"))  # "suit": hanab.live's older files
    rank = raw.get("rank")
    if not is_whole_number(suit) or not 0 <= suit < len(variant.suits):
        raise _fail(N_("Card {index} of the deck has no suit of this variant"), index=index)
    if not is_whole_number(rank) or not 1 <= rank <= 5:
        raise _fail(N_("Card {index} of the deck has no rank from 1 to 5"), index=index)
    return Card(variant.suits[suit], rank)


def _setup(data: dict, extras: dict):
    players = data.get("players")
    if isinstance(players, list) and not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise _fail(N_("This game has {count} players: a table here holds 2 to 5"),
                    count=len(players))
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise _fail(N_("options must be an object"))
    name = options.get("variant", "No Variant")
    if not isinstance(name, str) or name not in VARIANTS_BY_NAME:
        raise _fail(N_("The hanab.live variant {name!r} is not played here: use one of {choices}"),
                    name=name, choices=", ".join(VARIANT_NAMES.values()))
    for option in RULE_CHANGING_OPTIONS:
        if options.get(option):
            raise _fail(N_("This game was played with hanab.live's option {option}, whose rules "
                           "a table here does not follow"), option=option)
    first = options.get("startingPlayer", 0)
    table_options = {"endgame": "crowning" if options.get("allOrNothing") is True else "standard",
                     "empty_clues": options.get("emptyClues") is True}
    if isinstance(extras.get("options"), dict):
        table_options = extras["options"]
    return setup_from_dict({"variant": VARIANTS_BY_NAME[name], "options": table_options,
                            "players": players, "first_player": first})


def _decode(data: object, strict: bool = True):
    """The setup and events a hanab.live game JSON describes (checked against the rules)."""
    if not isinstance(data, dict):
        raise _fail(N_("A hanab.live game is a JSON object"))
    extras = data.get(EXTRAS_KEY) if strict else None
    extras = extras if isinstance(extras, dict) else {}
    setup = _setup(data, extras)
    variant = setup.variant
    raw_deck = data.get("deck")
    if not isinstance(raw_deck, list) or len(raw_deck) != variant.deck_size:
        raise _fail(N_("The deck must list the {count} cards of the variant"),
                    count=variant.deck_size)
    deck = [_card(raw, i, variant) for i, raw in enumerate(raw_deck)]
    if Counter(deck) != _full_deck(variant):
        raise _fail(N_("The deck does not hold the cards of the variant"))
    raw_actions = data.get("actions")
    if not isinstance(raw_actions, list):
        raise _fail(N_("actions must be a list"))
    changed = extras.get("events") if isinstance(extras.get("events"), dict) else {}

    n = len(setup.players)
    size = hand_size(n)
    hands = [list(range(p * size, (p + 1) * size)) for p in range(n)]
    next_order = n * size
    game = Game(setup)
    for index, action in enumerate(raw_actions):
        if not isinstance(action, dict):
            raise _fail(N_("Action {index} is not an object"), index, index=index)
        kind, target, value = action.get("type"), action.get("target"), action.get("value", 0)
        if not all(is_whole_number(x) for x in (kind, target, value)):
            raise _fail(N_("Action {index}: type, target and value must be numbers"), index,
                        index=index)
        player = game.state.current_player
        if kind in (GAME_OVER, GAME_OVER_BY_VOTE):
            if game.state.over:
                continue  # the site's own mark at the end of a game the rules ended already
            event: Event = Abandon()
        elif kind in (PLAY, DISCARD):
            if target not in hands[player]:
                raise _fail(N_("Action {index}: card {order} is not in {player}'s hand"), index,
                            index=index, order=target, player=setup.players[player])
            event = (Play if kind == PLAY else Discard)(deck[target])
        elif kind == COLOUR_CLUE:
            if not 0 <= value < len(variant.clue_colours):
                raise _fail(N_("Action {index}: there is no clue colour {value} in this variant"),
                            index, index=index, value=value)
            event = Clue(target, "colour", variant.clue_colours[value])
        elif kind == RANK_CLUE:
            event = Clue(target, "rank", value)
        else:
            raise _fail(N_("Action {index} has an unknown type {value}"), index, index=index,
                        value=kind)
        if str(index) in changed:
            event = event_from_dict(changed[str(index)], index)
        try:
            effect = game.apply(event)
        except IllegalEvent as err:
            err.index = index
            raise
        if kind in (PLAY, DISCARD):
            hands[player].remove(target)
            if effect.drew:
                hands[player].append(next_order)
                next_order += 1
    return setup, game.events


def game_from_hanablive(data: object) -> Game:
    """The game a hanab.live game JSON describes; LogError / IllegalEvent (with .index) if bad."""
    setup, events = _decode(data)
    return Game(setup, events)


def is_hanablive(data: object) -> bool:
    return isinstance(data, dict) and "deck" in data and "actions" in data and "format" not in data


def read_game(path) -> Game:
    """Reads a game log, or a hanab.live game JSON, from a file (with the log reader's checks).

    LogError / IllegalEvent (with .index) for a bad file; OSError passes.
    """
    data = read_json_file(path)
    if is_hanablive(data):
        return game_from_hanablive(data)
    return game_from_dict(data)
