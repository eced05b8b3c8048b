"""`hanabi-companion snapshot`: the table and end screens drawn to PNGs with no window shown.

Every picture is kept in tests/artefacts/snapshots/ to be looked at; the tests check what a
program can: the size, that something was drawn, that the two screens and languages differ.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from companion.rules import Game
from companion.formats.game_log import game_from_dict, game_to_dict

pytestmark = pytest.mark.ui

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "artefacts" / "snapshots"
SIZES = ("800x480", "1280x720", "720x1280")


def png_pixels(path: Path) -> tuple[int, int, bytes]:
    """(width, height, raw scanlines) of an 8-bit RGB/RGBA PNG, with the standard library."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    pos, chunks = 8, {}
    idat = b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IDAT":
            idat += body
        else:
            chunks[kind] = body
        pos += 12 + length
    width, height = struct.unpack(">II", chunks[b"IHDR"][:8])
    return width, height, zlib.decompress(idat)


def snapshot(*args: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1")
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "companion", "snapshot", *args],
                          capture_output=True, text=True, env=env, timeout=120, cwd=REPO)


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, Path]:
    """Three moments of real games: the middle (a misfire, discards), the final round, the end."""
    folder = tmp_path_factory.mktemp("logs")
    fixtures = REPO / "tests" / "fixtures" / "real-games"
    five = json.loads((fixtures / "hanabi-live__no_variant.json").read_text())["log"]
    four = json.loads((fixtures / "hanabi-engine__game-p4v0s9.json").read_text())["log"]
    middle = dict(four, events=four["events"][:20] + [{"type": "play", "card": "R4"},
                                                       {"type": "discard", "card": "Y4"}])
    game = game_from_dict(five)
    replay = Game(game.setup)
    for index, event in enumerate(game.events):
        if replay.apply(event).last_card_drawn:
            final_round = dict(five, events=five["events"][:index + 3])
            break
    out = {"middle": middle, "final-round": final_round, "end": five}
    paths = {}
    for name, log in out.items():
        game_from_dict(log)  # each is a valid log
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(log))
    return paths


def test_both_screens_at_three_sizes_in_both_languages(logs, tmp_path):
    """12 pictures, drawn in parallel (one fresh process each: one window per process)."""
    OUT.mkdir(parents=True, exist_ok=True)
    jobs = []
    for lang in ("en", "it"):
        for screen, log in (("table", logs["middle"]), ("end", logs["end"])):
            for size in SIZES:
                out = OUT / f"{screen}-{size}-{lang}.png"
                out.unlink(missing_ok=True)
                cmd = [sys.executable, "-m", "companion", "snapshot", str(log), "--out", str(out),
                       "--screen", screen, "--size", size, "--lang", lang]
                # processes side by side: each its own Kivy home (Kivy writes its config there)
                home = tmp_path / f"kivy-{len(jobs)}"
                home.mkdir()
                env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1",
                           KIVY_HOME=str(home))
                jobs.append((out, size, subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                                         stderr=subprocess.PIPE, text=True,
                                                         env=env, cwd=REPO)))
                if len(jobs) % 4 == 0:
                    for _out, _size, proc in jobs[-4:]:
                        proc.wait(timeout=120)
    digests = {}
    for out, size, proc in jobs:
        stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, (out.name, stderr)
        assert stdout.strip() == str(out), (out.name, stdout, stderr)
        width, height, raw = png_pixels(out)
        assert f"{width}x{height}" == size
        assert len(set(raw[i:i + 3] for i in range(0, len(raw), 997))) > 20, f"{out} looks blank"
        digests[out.name] = hash(raw)
    assert len(set(digests.values())) == len(digests), "every picture differs from the others"


def test_final_round_snapshot(logs):
    out = OUT / "table-final-round-800x480-en.png"
    result = snapshot(str(logs["final-round"]), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert png_pixels(out)[:2] == (800, 480)


def test_a_bad_log_gives_one_clear_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "hanabi-companion-log", "version": 1, "players": ["A", "B"], '
                   '"events": [{"type": "play", "card": "Q9"}]}')
    out = tmp_path / "x.png"
    result = snapshot(str(bad), "--out", str(out))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert lines == [f"snapshot: {bad}: invalid (event 0): Event 0: 'Q9' is not a card "
                     f"(write R1 .. W5, M1 .. M5)"]
    assert not out.exists()

    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps({"format": "hanabi-companion-log", "version": 1,
                                   "players": ["A", "B"], "events": [{"type": "discard", "card": "R1"}]}))
    result = snapshot(str(illegal), "--out", str(out))
    assert result.returncode == 2
    assert result.stderr.strip() == (f"snapshot: {illegal}: invalid (event 0): All 8 clock tokens "
                                     f"are available: you cannot discard")

    result = snapshot(str(tmp_path / "missing.json"), "--out", str(out))
    assert result.returncode == 2 and result.stderr.strip().endswith("missing.json: no such file")
    result = snapshot(str(illegal), "--out", str(out), "--size", "big")
    assert result.returncode == 2 and "--size must be WIDTHxHEIGHT" in result.stderr
    assert "Traceback" not in result.stderr


def test_snapshot_needs_no_display(logs, tmp_path):
    out = tmp_path / "nodisplay.png"
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1")
    result = subprocess.run([sys.executable, "-m", "companion", "snapshot", str(logs["end"]),
                             "--out", str(out), "--screen", "end", "--size", "720x1280"],
                            capture_output=True, text=True, env=env, timeout=120, cwd=REPO)
    assert result.returncode == 0, result.stderr
    assert png_pixels(out)[:2] == (720, 1280)


def test_a_bad_configuration_stops_before_any_window(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[panel]\nclue_pin = 17\ndiscard_pin = 17\n")
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1")
    result = subprocess.run([sys.executable, "-c",
                             "import sys; from companion.cli import main; rc = main(sys.argv[1:]); "
                             "print('kivy window imported:', 'kivy.core.window' in sys.modules); "
                             "sys.exit(rc)", "--config", str(config)],
                            capture_output=True, text=True, env=env, timeout=60, cwd=REPO)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"hanabi-companion: {config}: panel.discard_pin and panel.clue_pin both use GPIO17; "
        f"each button and light needs its own pin"]
    assert "kivy window imported: False" in result.stdout
