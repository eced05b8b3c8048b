"""The history screen, rendered in a separate process at the three screen sizes (the PNGs stay in
tests/artefacts/ to be looked at): games newest first, a game's summary, the statistics' plots,
large touch targets, Italian, and Back to the table."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("history_snapshot.py")
ARTEFACTS = REPO / "tests" / "artefacts"
SIZES = ["800x480", "1280x720", "720x1280"]

pytestmark = [pytest.mark.ui,
              pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def render(out: Path, *args: str) -> dict:
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1",
               KIVY_HOME=os.environ.get("KIVY_HOME", str(REPO / ".kivy-test")))
    result = subprocess.run([sys.executable, str(SCRIPT), "--out", str(out), *args], cwd=REPO,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr
    assert "too much iteration" not in result.stdout + result.stderr, "a layout never settles"
    return json.loads(result.stdout.strip().splitlines()[-1])


def picture(path: Path):
    image = cv2.imread(str(path))
    assert image is not None, path
    return image


def test_the_history_at_the_three_screen_sizes():
    out = ARTEFACTS / "history"
    shown = render(out)
    assert shown["after_back"] == "table"
    assert shown["empty"] == {"rows": 0, "title": "", "stats_cards": 0, "stats_shown": False,
                              "empty": True}
    for size in SIZES:
        w, h = map(int, size.split("x"))
        seen = shown[size]
        assert seen["rows"] == 16  # every game, the one in progress and the abandoned one too
        assert seen["title"].startswith(f"Game {seen['selected']} · ")
        assert seen["score"].endswith(" of 25") or seen["score"].endswith(" of 30")
        assert seen["band"] and seen["ending"]
        assert seen["stats_cards"] >= 5  # figures, timeline, perfect share, causes, a histogram
        # the groups that played last, each with its rating after every scored game
        plots = dict(seen["rating_plots"])
        assert 1 <= len(plots) <= 3
        assert plots["Rating of Ana, Ben, Cy · Classic"] == 7  # its 7 classic games; not the abandoned one
        for target in ("back_height", "row_height", "tab_height"):
            assert seen[target] >= 48, (size, target)
        assert seen["texts"][1:] == ["Games", "Statistics"]
        games, stats = picture(out / f"history-{size}-games.png"), picture(out / f"history-{size}-stats.png")
        assert games.shape[:2] == (h, w) and stats.shape[:2] == (h, w)
        assert games.std() > 20 and stats.std() > 20  # drawn, not blank
        assert abs(games.astype(int) - stats.astype(int)).mean() > 5  # the tabs differ


def test_the_history_in_italian():
    shown = render(ARTEFACTS / "history-it", "--lang", "it", "--sizes", "800x480")
    seen = shown["800x480"]
    assert seen["texts"] == ["[font=Symbols]\u25c0[/font] Indietro", "Partite", "Statistiche"]
    assert seen["title"].startswith("Partita ") and " su " in seen["score"]
