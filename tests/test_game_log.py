"""The game-log format (a contract): reading, validating, writing."""

from companion.words import message as words_message
import json

import pytest
from hypothesis import given, settings, strategies as st

from companion.formats.errors import LogError
from companion.rules import IllegalEvent
from companion.formats.game_log import dumps, game_from_dict, loads, read_log, write_log


def log(events, **extra):
    data = {"format": "hanabi-companion-log", "version": 1, "players": ["Ana", "Ben", "Cy"], "events": events}
    data.update(extra)
    return data


def test_defaults_for_variant_options_and_first_player():
    game = game_from_dict(log([]))
    assert game.setup.variant.name == "classic"
    assert game.setup.options.endgame == "standard" and game.setup.options.fuse_out == "zero"
    assert game.setup.options.empty_clues is False and game.setup.first_player == 0


def test_the_example_of_the_format():
    game = game_from_dict(log([
        {"type": "clue", "target": 1, "kind": "colour", "value": "R"},
        {"type": "play", "card": "R1", "copy": 2},
        {"type": "discard", "card": "B4"},
        {"type": "abandon"}], variant="classic",
        options={"endgame": "standard", "fuse_out": "zero", "empty_clues": False}, first_player=0))
    assert game.state.outcome == "abandoned" and game.state.turn == 4
    assert game.state.discards[0].suit == "B"


def test_first_player_sets_whose_turn_it_is():
    game = game_from_dict(log([{"type": "clue", "player": 2}], first_player=2))
    assert game.state.current_player == 0


@pytest.mark.parametrize("events,index,fragment", [
    ([{"type": "clue"}] * 9, 8, "No clock tokens left"),
    ([{"type": "discard", "card": "R1"}], 0, "All 8 clock tokens"),
    ([{"type": "play", "card": "M1"}], 0, "There is no Multicolor 1"),
    ([{"type": "play", "card": "R1", "copy": 1}, {"type": "play", "card": "R1", "copy": 1}], 1, "already"),
    ([{"type": "play", "card": "R5"}, {"type": "play", "card": "R5"}], 1, "already"),
    ([{"type": "clue", "player": 1}], 0, "Ana's turn"),
    ([{"type": "clue", "target": 0}], 0, "themselves"),
    ([{"type": "clue", "target": 1, "kind": "colour", "value": "M"}], 0, "no colour M"),
    ([{"type": "clue", "target": 1, "kind": "rank", "value": 7}], 0, "1 to 5"),
    ([{"type": "play", "card": "R6"}], 0, "not a card"),
    ([{"type": "jump"}], 0, "unknown type"),
    ([{"type": "play", "card": "R1", "colour": "R"}], 0, "unknown fields: colour"),
    ([{"type": "clue", "kind": "rank", "value": "3"}], 0, "number from 1 to 5"),
    ([{"type": "play", "card": "R1", "copy": "2"}], 0, "copy must be a number"),
    ([{"type": "play", "card": "R1", "copy": 4}], 0, "no copy 4"),
    ([{"type": "abandon"}, {"type": "clue"}], 1, "game is over"),
    (["play"], 0, "not an object"),
])
def test_illegal_events_are_named_by_index(events, index, fragment):
    with pytest.raises((IllegalEvent, LogError)) as err:
        game_from_dict(log(events))
    found = err.value.index if isinstance(err.value, IllegalEvent) else err.value.event
    assert found == index
    assert fragment in words_message(err.value)


@pytest.mark.parametrize("data,fragment", [
    ([], "JSON object"),
    ({"format": "other"}, "Not a game log"),
    (log([], version=2), "newer"),
    (log([], version="1"), "version"),
    (log([], variant="rainbow"), "Unknown variant 'rainbow'"),
    (log([], options={"endgame": "sudden"}), "Unknown endgame"),
    (log([], options={"fuse_out": True}), "Unknown fuse_out"),
    (log([], options={"empty_clues": "yes"}), "true or false"),
    (log([], options={"colour": 1}), "Unknown options"),
    (log([], players=["Ana"]), "2 to 5 players"),
    (log([], players=["A", "B", "C", "D", "E", "F"]), "2 to 5 players"),
    (log([], players="Ana, Ben"), "list of names"),
    (log([], players=["Ana", ""]), "name"),
    (log([], first_player=3), "first player"),
    (log({}), "events must be a list"),
])
def test_malformed_logs_get_one_clear_message(data, fragment):
    with pytest.raises(LogError) as err:
        game_from_dict(data)
    assert err.value.event is None
    assert fragment in words_message(err.value)


def test_write_and_read_back(tmp_path, real_games):
    for name, data in real_games:
        game = game_from_dict(data["log"])
        path = tmp_path / f"{name}.json"
        write_log(game, path)
        again = read_log(path)
        assert again.state.summary() == game.state.summary()
        assert json.loads(dumps(again)) == json.loads(dumps(game))
        assert json.loads(dumps(game))["events"] == data["log"]["events"]


def test_files_that_are_not_logs(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(2 * 1024**3)  # a sparse 2 GB file
    with pytest.raises(LogError, match="not one"):
        read_log(big)
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0" + bytes(range(256)))
    with pytest.raises(LogError, match="Not a text file"):
        read_log(binary)
    with pytest.raises(LogError, match="folder"):
        read_log(tmp_path)
    with pytest.raises(LogError, match=r"line 1, column 2"):
        loads("{oops")
    with pytest.raises(LogError, match="nested too deeply"):
        loads("[" * 100000 + "]" * 100000)


def test_a_device_or_an_endless_pipe_is_refused_without_reading_it_all(tmp_path):
    import os
    import threading

    from companion.formats.game_log import MAX_LOG_BYTES

    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    written = []

    def writer():
        try:
            with open(pipe, "wb") as f:
                for _ in range(8):  # twice the limit, in 1 MB pieces
                    f.write(b" " * (MAX_LOG_BYTES // 4))
                    written.append(1)
        except BrokenPipeError:
            pass  # the reader stopped at the limit

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    with pytest.raises(LogError, match="a game log is a few kB, so this is not one"):
        read_log(pipe)
    thread.join(10)
    assert len(written) < 8  # the reader gave up before the writer was done


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["R1", "M5", "colour", "rank", "R", "clue",
                                                                        "play", "discard", "abandon", "x"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "card", "copy", "target", "kind", "value", "player", "junk"]), children, max_size=5),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.lists(json_values, max_size=12), st.dictionaries(st.sampled_from(
    ["variant", "options", "first_player", "players", "version"]), json_values, max_size=3))
def test_any_json_is_a_game_or_one_clear_error(events, overrides):
    data = log(events)
    data.update(overrides)
    try:
        game = game_from_dict(data)
    except (LogError, IllegalEvent) as err:
        assert words_message(err) and "\n" not in words_message(err)
    else:
        assert game.state.turn == len(events)
