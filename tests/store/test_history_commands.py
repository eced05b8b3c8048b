"""`hanabi-companion history / export / import`: what a person types and reads."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import config
from companion.formats import hanablive
from companion.cli import main
from companion.formats.game_log import game_from_dict, game_to_dict, read_log
from companion.store import open_store

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write_log(folder, name, log) -> str:
    path = folder / name
    path.write_text(json.dumps(log), encoding="utf-8")
    return str(path)


def stored_games() -> int:
    store, _ = open_store(config.store_path(config.load(None)))
    try:
        return len(store.games())
    finally:
        store.close()


def test_the_history_starts_empty_in_the_data_folder(capsys):
    code, out, err = run(capsys, "history")
    assert (code, out, err) == (0, "No games yet.\n", "")
    assert (config.data_dir() / "companion.sqlite3").is_file()
    assert os.environ["HANABI_COMPANION_DATA"] in str(config.data_dir())


def test_import_then_list_newest_first_with_the_statistics(capsys, tmp_path, real_games):
    for name, data in real_games:
        code, out, err = run(capsys, "import", write_log(tmp_path, f"{name}.json", data["log"]))
        assert code == 0 and err == ""
        assert out.startswith("Added game ")
    assert "Alice, Bob, Cathy, Donald, Emily · 23 points, the deck ran out" in out
    code, out, _ = run(capsys, "history")
    lines = out.splitlines()
    assert code == 0
    assert [int(line.split()[0]) for line in lines[:5]] == [5, 4, 3, 2, 1]
    assert "23 points: the deck ran out and everyone played a last turn (amazing)" in lines[0]
    assert lines[5] == "5 games scored: average 24.6, best 25 (game 1), perfect 80%"
    assert "  Classic, 4 players: 3 games, average 25.0, best 25" in lines
    assert lines[-1] == ("Most common reason a game fell short: "
                         "The deck ran out before the fireworks were complete")


def test_history_as_json(capsys, tmp_path, real_games):
    name, data = real_games[4]
    run(capsys, "import", write_log(tmp_path, "g.json", data["log"]))
    code, out, _ = run(capsys, "history", "--json")
    result = json.loads(out)
    assert code == 0
    [game] = result["games"]
    assert game["players"] == data["log"]["players"] and game["score"] == 23
    assert game["outcome"] == "deck_out" and game["events"] == len(data["log"]["events"])
    assert result["statistics"]["games"] == 1 and result["statistics"]["best"] == 23


def test_the_same_game_is_not_imported_twice(capsys, tmp_path, real_games):
    log = real_games[0][1]["log"]
    path = write_log(tmp_path, "g.json", log)
    run(capsys, "import", path)
    code, out, err = run(capsys, "import", path)
    assert (code, err) == (0, "")
    assert out == "This game is already in the history as game 1: not added again\n"
    assert stored_games() == 1


def test_export_writes_the_log_and_the_hanablive_json(capsys, tmp_path, real_games):
    log = real_games[2][1]["log"]
    run(capsys, "import", write_log(tmp_path, "g.json", log))
    code, out, err = run(capsys, "export", "1", "--out", str(tmp_path / "back.json"))
    assert (code, out) == (0, "") and err == f"Game 1 written to {tmp_path / 'back.json'}\n"
    assert game_to_dict(read_log(tmp_path / "back.json")) == game_to_dict(game_from_dict(log))

    code, out, _ = run(capsys, "export", "1", "--format", "hanablive")
    exported = json.loads(out)
    assert code == 0 and set(exported) == {"players", "deck", "actions", "options"}
    assert game_to_dict(hanablive.game_from_hanablive(exported)) == game_to_dict(
        game_from_dict(log))
    # the hanab.live file imports back as the same game
    code, out, _ = run(capsys, "import", write_log(tmp_path, "live.json", exported))
    assert out == "This game is already in the history as game 1: not added again\n"


@pytest.mark.parametrize("argv,message", [
    (["export", "7"], "hanabi-companion: There is no game 7 in the history\n"),
    (["export", "9" * 30], f"hanabi-companion: There is no game {'9' * 30} in the history\n"),
    (["export", "seven"], "hanabi-companion: 'seven' is not a game number: "
                          "`hanabi-companion history` lists them\n"),
    (["import", "/no/such/file.json"], "hanabi-companion: /no/such/file.json: no such file\n"),
])
def test_mistakes_get_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", message)


def test_export_to_a_folder_that_does_not_exist_says_so(capsys, tmp_path, real_games):
    run(capsys, "import", write_log(tmp_path, "g.json", real_games[0][1]["log"]))
    code, _out, err = run(capsys, "export", "1", "--out", str(tmp_path / "no" / "x.json"))
    assert code == 2 and err.startswith("hanabi-companion: Cannot write ")
    assert err.count("\n") == 1


def test_a_bad_configuration_is_one_line(capsys, tmp_path):
    bad = tmp_path / "config.toml"
    bad.write_text("[store]\npath = 3\n")
    code, _out, err = run(capsys, "--config", str(bad), "history")
    assert code == 2 and err == f"hanabi-companion: {bad}: store.path must be text, not 3\n"


def test_the_configured_store_path_is_used(capsys, tmp_path, real_games):
    cfg = tmp_path / "config.toml"
    store = tmp_path / "elsewhere" / "games.sqlite3"
    cfg.write_text(f'[store]\npath = "{store}"\n')
    run(capsys, "--config", str(cfg), "import", write_log(tmp_path, "g.json", real_games[0][1]["log"]))
    assert store.is_file()
    code, out, _ = run(capsys, "--config", str(cfg), "history")
    assert out.splitlines()[0].split()[0] == "1"


@pytest.mark.parametrize("content,message", [
    (b"\xff\xfe not text", "Not a text file (a game log is UTF-8 JSON)"),
    (b"{not json", "Not valid JSON"),
    (b'{"format": "something else"}', "Not a game log: format must be 'hanabi-companion-log'"),
    (b'{"format": "hanabi-companion-log", "version": 1, "players": ["A", "B"], '
     b'"events": [{"type": "clue", "target": 1}, {"type": "play", "card": "Z9"}]}',
     "Event 1: 'Z9' is not a card (write R1 .. W5, M1 .. M5)"),
    (b'{"format": "hanabi-companion-log", "version": 1, "players": ["A", "B"], '
     b'"events": [{"type": "discard", "card": "R1"}]}',
     "event 0 is not allowed: All 8 clock tokens are available: you cannot discard"),
    (b'{"players": ["A", "B"], "deck": [], "actions": [], "options": {"variant": ["No Variant"]}}',
     "The hanab.live variant ['No Variant'] is not played here"),
])
def test_a_bad_log_adds_nothing_and_says_why_in_one_line(capsys, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, out, err = run(capsys, "import", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"hanabi-companion: {path}: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert stored_games() == 0


def test_a_folder_is_not_a_log(capsys, tmp_path):
    code, _out, err = run(capsys, "import", str(tmp_path))
    assert code == 2 and err == f"hanabi-companion: {tmp_path}: {tmp_path} is a folder, not a game log\n"


# ----- anything at all fed to import -----------------------------------------------------------
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(
        ["R1", "B5", "M3", "colour", "rank", "play", "discard", "clue", "abandon", "classic",
         "multicolor-wild", "Ana", "", "No Variant"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.sampled_from(["type", "card", "copy", "target", "kind", "value", "player", "rank",
                         "suitIndex", "x"]), inner, max_size=4),
    max_leaves=20)
EVENTS = st.lists(st.fixed_dictionaries({"type": st.sampled_from(["clue", "play", "discard",
                                                                   "abandon", "pass"])},
                                        optional={"card": JSON_VALUES, "target": JSON_VALUES,
                                                  "kind": JSON_VALUES, "value": JSON_VALUES,
                                                  "copy": JSON_VALUES}), max_size=12)
LOGS = st.fixed_dictionaries(
    {"format": st.sampled_from(["hanabi-companion-log", "hanabi-companion-log", "x"]),
     "version": st.sampled_from([1, 1, 2, 0, "1"]),
     "players": st.lists(st.sampled_from(["Ana", "Ben", "Cy", "", "x" * 50]), max_size=6),
     "events": EVENTS},
    optional={"variant": st.sampled_from(["classic", "multicolor", "nope", 3]),
              "options": JSON_VALUES, "first_player": JSON_VALUES})
HANABLIVE = st.fixed_dictionaries(
    {"players": st.lists(st.sampled_from(["Ana", "Ben", "Cy"]), min_size=2, max_size=3),
     "deck": st.lists(st.fixed_dictionaries({"suitIndex": st.integers(-1, 5),
                                             "rank": st.integers(0, 6)}), max_size=60),
     "actions": st.lists(st.fixed_dictionaries({"type": st.integers(0, 6),
                                                "target": st.integers(-1, 60),
                                                "value": st.integers(-1, 6)}), max_size=8)},
    optional={"options": JSON_VALUES, "companion": JSON_VALUES})


@SETTINGS
@given(document=LOGS | HANABLIVE | JSON_VALUES)
def test_anything_fed_to_import_is_added_whole_or_refused_in_one_line(capsys, tmp_path, document):
    before = stored_games()
    path = tmp_path / "fed.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = run(capsys, "import", str(path))
    assert "Traceback" not in err
    if code == 0:
        assert out.startswith(("Added game ", "This game is already in the history"))
        added = out.startswith("Added game ")
        assert stored_games() == before + added
    else:
        assert code == 2 and out == "" and err.count("\n") == 1
        assert err.startswith(f"hanabi-companion: {path}: ")
        assert stored_games() == before
