"""hanab.live's game JSON: what the export writes is what hanab.live's published format and its
server accept, it replays to the same game under hanab.live's rules, and reads back to the same
log; docs/hanablive.md says the same as the code."""

from __future__ import annotations

from companion.words import message as words_message
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.formats import hanablive
from companion.formats.errors import LogError
from companion.rules import Abandon, Clue, Game, GameSetup, IllegalEvent, Play, parse_card
from companion.formats.game_log import game_from_dict, game_to_dict
from companion.rules.simulate import simulate_game

REPO = Path(__file__).resolve().parents[2]
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]

# hanab.live's published facts (Hanabi-Live/hanabi-live: misc/example_game_with_comments.jsonc,
# packages/data/src/json/variants.json and suits.json, server/src/command_replay_create.go):
# the variants' suits in order, and which suits a colour clue touches.
HANABLIVE_VARIANTS = {
    "No Variant": ["Red", "Yellow", "Green", "Blue", "Purple"],
    "6 Suits": ["Red", "Yellow", "Green", "Blue", "Purple", "Teal"],
    "Black (6 Suits)": ["Red", "Yellow", "Green", "Blue", "Purple", "Black"],
    "Rainbow (6 Suits)": ["Red", "Yellow", "Green", "Blue", "Purple", "Rainbow"],
}
ONE_OF_EACH = {"Black"}
ALL_CLUE_COLOURS = {"Rainbow"}  # touched by every colour clue, and not a clue colour itself
COPIES = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
HAND_SIZE = {2: 5, 3: 5, 4: 4, 5: 4, 6: 3}
TOP_LEVEL = {"players", "deck", "actions", "options", "notes", "characters", "id", "seed"}
OPTIONS = {"startingPlayer", "variant", "timed", "timeBase", "timePerTurn", "speedrun",
           "cardCycle", "deckPlays", "emptyClues", "oneExtraCard", "oneLessCard", "allOrNothing",
           "detrimentalCharacters"}


def hanablive_replay(data: dict) -> dict:
    """Checks a game JSON the way hanab.live's server does, then plays it by hanab.live's rules.

    Returns the final figures; AssertionError where hanab.live would refuse the file or stop
    the replay at an invalid action.
    """
    assert set(data) - {"companion"} <= TOP_LEVEL, set(data)
    options = data.get("options", {})
    assert set(options) <= OPTIONS, set(options)
    suits = HANABLIVE_VARIANTS[options.get("variant", "No Variant")]
    clue_colours = [s for s in suits if s not in ALL_CLUE_COLOURS]
    players, deck, actions = data["players"], data["deck"], data["actions"]
    assert 2 <= len(players) <= 6 and all(isinstance(p, str) for p in players)
    assert len(actions) >= 1, "hanab.live wants at least one action"
    size = sum(5 if s in ONE_OF_EACH else 10 for s in suits)
    assert len(deck) == size
    for card in deck:
        assert set(card) == {"suitIndex", "rank"}
        assert 0 <= card["suitIndex"] < len(suits) and 1 <= card["rank"] <= 5
    counts: dict[tuple[int, int], int] = {}
    for card in deck:
        key = (card["suitIndex"], card["rank"])
        counts[key] = counts.get(key, 0) + 1
    for (suit, rank), n in counts.items():
        assert n == (1 if suits[suit] in ONE_OF_EACH else COPIES[rank])

    n = len(players)
    hands = [list(range(p * HAND_SIZE[n], (p + 1) * HAND_SIZE[n])) for p in range(n)]
    next_card = n * HAND_SIZE[n]
    stacks = [0] * len(suits)
    clues, strikes, turn = 8, 0, 0
    current = options.get("startingPlayer", 0)
    end_turn = None
    ended = None
    for i, action in enumerate(actions):
        assert ended is None, f"action {i} after the end ({ended})"
        assert set(action) == {"type", "target", "value"}, action
        kind, target, value = action["type"], action["target"], action["value"]
        if kind in (0, 1):
            assert value == 0
            assert target in hands[current], f"action {i}: card {target} not in the hand"
            card = deck[target]
            hands[current].remove(target)
            if kind == 0 and stacks[card["suitIndex"]] + 1 == card["rank"]:
                stacks[card["suitIndex"]] += 1
                if card["rank"] == 5 and clues < 8:
                    clues += 1
            elif kind == 0:
                strikes += 1
            else:
                assert clues < 8, f"action {i}: a discard with 8 clues"
                clues += 1
            if next_card < size:
                hands[current].append(next_card)
                next_card += 1
                if next_card == size:
                    end_turn = turn + n + 1
        elif kind in (2, 3):
            assert clues > 0, f"action {i}: a clue without clue tokens"
            assert 0 <= target < n and target != current, f"action {i}: bad clue target"
            if kind == 2:
                assert 0 <= value < len(clue_colours)
                colour = clue_colours[value]
                touched = [c for c in hands[target] if suits[deck[c]["suitIndex"]] == colour
                           or suits[deck[c]["suitIndex"]] in ALL_CLUE_COLOURS]
            else:
                assert 1 <= value <= 5
                touched = [c for c in hands[target] if deck[c]["rank"] == value]
            assert touched or options.get("emptyClues"), f"action {i}: a clue touching nothing"
            clues -= 1
        elif kind == 4:
            assert 0 <= target < n
            ended = "terminated"
            continue
        else:
            raise AssertionError(f"action {i}: type {kind}")
        turn += 1
        current = (current + 1) % n
        if strikes == 3:
            ended = "strikeout"
        elif all(h == 5 for h in stacks):
            ended = "perfect"
        elif end_turn is not None and turn >= end_turn and not options.get("allOrNothing"):
            ended = "deck out"
    score = 0 if ended in ("strikeout", "terminated") else sum(stacks)
    return {"score": score, "ended": ended, "clues": clues, "strikes": strikes, "stacks": stacks}


def round_trip(game: Game) -> Game:
    return hanablive.game_from_hanablive(json.loads(hanablive.dumps(game)))


# ----- the real games ------------------------------------------------------------------------
def test_real_games_export_to_plain_hanablive_json_and_read_back_the_same(real_games):
    for name, data in real_games:
        game = game_from_dict(data["log"])
        exported = json.loads(hanablive.dumps(game))
        # nothing outside hanab.live's format was needed: every clue touches a card
        assert "companion" not in exported, name
        assert exported["options"] == {"variant": "No Variant"}, name
        assert exported["players"] == data["log"]["players"]
        figures = hanablive_replay(exported)
        assert figures["score"] == data["expect"]["score"], name
        assert figures["clues"] == data["expect"]["clues"], name
        assert figures["strikes"] == data["expect"]["fuses"], name
        assert figures["ended"] == {"perfect": "perfect", "deck_out": "deck out"}[
            data["expect"]["outcome"]], name
        assert game_to_dict(round_trip(game)) == game_to_dict(game), name


def test_the_export_puts_each_card_seen_where_hanablive_deals_it(real_games):
    """A play or discard names the card order of a card in the player's hand with that identity."""
    game = game_from_dict(real_games[3][1]["log"])
    exported = hanablive.export_game(game)
    plays = [e for e in game.events if not isinstance(e, Clue)]
    targets = [a for a in exported["actions"] if a["type"] in (0, 1)]
    suits = "RYGBW"
    for event, action in zip(plays, targets):
        card = exported["deck"][action["target"]]
        assert f"{suits[card['suitIndex']]}{card['rank']}" == str(event.card)


# ----- every variant, table size and option ----------------------------------------------------
CASES = [(variant, players, first, endgame)
         for variant in ("classic", "multicolor", "multicolor-short", "multicolor-wild")
         for players in (2, 3, 4, 5)
         for first, endgame in ((0, "standard"), (players - 1, "crowning"))]


@pytest.mark.parametrize("variant,players,first,endgame", CASES)
def test_simulated_games_replay_on_hanablive_and_read_back_the_same(variant, players, first,
                                                                    endgame):
    setup = GameSetup.create(NAMES[:players], variant, first_player=first, endgame=endgame,
                             fuse_out="minus_ten" if players == 3 else "zero")
    game = simulate_game(setup, seed=players * 10 + first)
    exported = json.loads(hanablive.dumps(game))
    assert exported["options"]["variant"] == hanablive.VARIANT_NAMES[variant]
    assert exported["options"].get("startingPlayer", 0) == first
    assert exported["options"].get("allOrNothing", False) == (endgame == "crowning")
    figures = hanablive_replay(exported)
    if endgame == "standard" and setup.options.fuse_out == "zero":
        assert figures["score"] == game.state.score
        assert figures["strikes"] == game.state.fuses
    assert game_to_dict(round_trip(game)) == game_to_dict(game)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(sorted(hanablive.VARIANT_NAMES)),
       players=st.integers(2, 5), cut=st.floats(0, 1))
def test_any_game_or_part_of_one_reads_back_the_same(seed, variant, players, cut):
    game = simulate_game(GameSetup.create(NAMES[:players], variant), seed)
    part = Game(game.setup, game.events[:max(1, int(len(game.events) * cut))])
    exported = json.loads(hanablive.dumps(part))
    hanablive_replay(exported)
    assert game_to_dict(round_trip(part)) == game_to_dict(part)


def test_clues_without_details_become_valid_clues_and_come_back_unknown():
    game = Game(GameSetup.create(NAMES[:3], "multicolor-wild"))
    game.apply(Clue())  # the table only pressed "clue"
    game.apply(Clue(0, "colour"))  # to Ana, a colour not recorded
    game.apply(Play(parse_card("M1"), copy=2))
    exported = json.loads(hanablive.dumps(game))
    hanablive_replay(exported)
    first, second = exported["actions"][:2]
    assert first["type"] in (2, 3) and first["target"] == 1  # the next player
    assert second["type"] == 2 and second["target"] == 0
    assert "companion" in exported  # what hanab.live cannot hold, for our own reader
    assert round_trip(game).events == game.events


def test_a_clue_that_touched_nothing_is_allowed_with_hanablives_empty_clues_option():
    game = Game(GameSetup.create(NAMES[:2]))
    for _ in range(6):
        game.apply(Clue(1 - game.state.current_player, "rank", 5))
    game.apply(Clue(1 - game.state.current_player, "colour", "R"))
    exported = json.loads(hanablive.dumps(game))
    hanablive_replay(exported)
    # 7 clues on 10 cards: whether they touch depends on cards never seen, so the deck is
    # built to give each clue a card it touches where it can
    assert game_to_dict(round_trip(game)) == game_to_dict(game)


def test_an_abandoned_game_ends_with_hanablives_game_over_action():
    game = Game(GameSetup.create(NAMES[:3]))
    game.apply(Clue(1, "rank", 1))
    game.apply(Abandon())
    exported = hanablive.export_game(game)
    assert exported["actions"][-1] == {"type": 4, "target": 1, "value": 4}
    assert hanablive_replay(exported)["ended"] == "terminated"
    assert round_trip(game).state.outcome == "abandoned"


# ----- reading hanab.live files --------------------------------------------------------------
def hanablive_file(**changes) -> dict:
    game = simulate_game(GameSetup.create(NAMES[:3]), seed=5)
    data = hanablive.export_game(game)
    data.pop("companion", None)  # a file as hanab.live itself would write it
    data.update(changes)
    return data


def test_hanablives_older_files_with_suit_instead_of_suitindex_are_read():
    data = hanablive_file()
    expected = game_to_dict(hanablive.game_from_hanablive(data))
    data["deck"] = [{"suit": c["suitIndex"], "rank": c["rank"]} for c in data["deck"]]
    data["options"] = dict(data["options"], deckPlays=True)  # an option the table has no use for
    assert game_to_dict(hanablive.game_from_hanablive(data)) == expected


@pytest.mark.parametrize("change,message", [
    ({"deck": []}, "The deck must list the 50 cards of the variant"),
    ({"options": {"variant": "Rainbow (5 Suits)"}},
     "The hanab.live variant 'Rainbow (5 Suits)' is not played here"),
    ({"options": {"variant": ["No Variant"]}},
     "The hanab.live variant ['No Variant'] is not played here"),
    ({"options": {"variant": "No Variant", "oneExtraCard": True}},
     "This game was played with hanab.live's option oneExtraCard, whose rules a table here does not follow"),
    ({"options": {"variant": "No Variant", "detrimentalCharacters": True}},
     "This game was played with hanab.live's option detrimentalCharacters"),
    ({"players": ["A", "B", "C", "D", "E", "F"]}, "This game has 6 players: a table here holds 2 to 5"),
    ({"actions": {"0": 1}}, "actions must be a list"),
    ({"actions": [{"type": 0, "target": 40, "value": 0}]}, "Action 0: card 40 is not in Ana's hand"),
    ({"actions": [{"type": 2, "target": 1, "value": 9}]},
     "Action 0: there is no clue colour 9 in this variant"),
    ({"actions": [{"type": 7, "target": 1, "value": 0}]}, "Action 0 has an unknown type 7"),
    ({"actions": [{"type": "play", "target": 1}]}, "Action 0: type, target and value must be numbers"),
])
def test_a_bad_hanablive_file_gets_one_plain_message(change, message):
    with pytest.raises(LogError) as err:
        hanablive.game_from_hanablive(hanablive_file(**change))
    assert words_message(err.value).startswith(message)


def test_an_action_the_rules_refuse_names_its_index():
    data = hanablive_file(actions=[{"type": 1, "target": 0, "value": 0}])  # discard at 8 clocks
    with pytest.raises(IllegalEvent) as err:
        hanablive.game_from_hanablive(data)
    assert err.value.index == 0 and "cannot discard" in words_message(err.value)


def test_a_deck_that_is_not_the_variants_is_refused():
    data = hanablive_file()
    data["deck"][0] = {"suitIndex": 0, "rank": 5}
    data["deck"][1] = {"suitIndex": 0, "rank": 5}
    with pytest.raises(LogError) as err:
        hanablive.game_from_hanablive(data)
    assert words_message(err.value) == "The deck does not hold the cards of the variant"


# ----- the documentation says what the code does ---------------------------------------------
def test_the_documentation_matches_the_export_and_hanablives_format():
    doc = (REPO / "docs" / "hanablive.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\|\s*`([\w-]+)`\s*\|\s*([^|]+?)\s*\|", doc, re.M)
    variants = {ours: theirs.strip("` ") for ours, theirs in rows if ours in hanablive.VARIANT_NAMES}
    assert variants == hanablive.VARIANT_NAMES
    assert set(variants.values()) <= set(HANABLIVE_VARIANTS)
    codes = dict(re.findall(r"^\|\s*(\d)\s*\|\s*([a-z ]+?)\s*\|", doc, re.M))
    assert codes == {"0": "play", "1": "discard", "2": "colour clue", "3": "rank clue",
                     "4": "game over"}
    for word in ("suitIndex", "startingPlayer", "emptyClues", "allOrNothing", '"companion"',
                 "example_game_with_comments.jsonc"):
        assert word in doc, word
