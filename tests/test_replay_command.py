"""`hanabi-companion replay` as a person runs it (a contract)."""

import json
import subprocess
import sys
from pathlib import Path

from companion.formats.game_log import FORMAT


def replay(*args):
    return subprocess.run([sys.executable, "-m", "companion", "replay", *map(str, args)],
                          capture_output=True, text=True, timeout=60)


def test_json_lines_for_every_real_game_in_order(tmp_path, real_games):
    paths = []
    for name, data in real_games:
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data["log"]))
        paths.append(path)
    result = replay("--json", *paths)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["file"] for line in lines] == [str(p) for p in paths]
    for line, (name, data) in zip(lines, real_games):
        for key, value in data["expect"].items():
            assert line[key] == value, (name, key)
        assert line["rating"] in ("legendary", "amazing")
    assert result.stderr == ""


def test_invalid_logs_name_the_first_illegal_event_and_exit_2(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"format": FORMAT, "version": 1, "players": ["A", "B"], "events": []}))
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps({"format": FORMAT, "version": 1, "players": ["A", "B"],
                                   "events": [{"type": "clue"}, {"type": "discard", "card": "R1"},
                                              {"type": "discard", "card": "R1"}]}))
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ')
    missing = tmp_path / "missing.json"
    result = replay("--json", good, illegal, broken, missing)
    assert result.returncode == 2
    good_line, illegal_line, broken_line, missing_line = map(json.loads, result.stdout.splitlines())
    assert good_line["over"] is False and good_line["outcome"] == "playing"
    assert illegal_line == {"file": str(illegal), "error": {
        "event": 2, "message": "All 8 clock tokens are available: you cannot discard"}}
    assert broken_line["error"]["event"] is None and "Not valid JSON" in broken_line["error"]["message"]
    assert missing_line["error"] == {"event": None, "message": "No such file"}
    assert "Traceback" not in result.stderr


def test_readable_summary_and_huge_file(tmp_path):
    demo = "companion/data/demo-game.json"
    result = replay(demo)
    assert result.returncode == 0
    assert "score 25 of max 25 - legendary" in result.stdout
    assert "every firework is complete" in result.stdout
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(2 * 1024**3)
    result = replay(huge)
    assert result.returncode == 2
    assert result.stdout.strip() == f"{huge}: invalid: The file is 2147 MB: a game log is a few kB, so this is not one"
    assert result.stderr == ""


def test_the_summary_speaks_the_tables_language():
    from companion import i18n
    from companion.commands.replay import _text, replay_file

    i18n.set_language("it")
    try:
        demo = Path(__file__).resolve().parents[1] / "companion" / "data" / "demo-game.json"
        text = _text(replay_file(str(demo)))
        missing = _text(replay_file("no-such-log.json"))
    finally:
        i18n.set_language("en")
    assert "punteggio 25 su un massimo di 25 - leggendario" in text
    assert "finita: tutti i fuochi d'artificio sono completi dopo 55 turni" in text
    assert missing == "no-such-log.json: non valido: Il file non esiste"
