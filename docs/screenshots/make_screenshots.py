"""Makes the README's screenshots again with `hanabi-companion snapshot` (no window needed).

    .venv/bin/python docs/screenshots/make_screenshots.py

The games are real ones played on hanab.live (tests/fixtures/real-games), cut at telling
moments: the final round of a five-player game, the middle of a four-player game with a
misfire, the end of the five-player game, and the four-player game lost to three misfires.
The teach screen sees a card drawn by the card-face benchmark's generator
(bench/faces_synth_a.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
GAMES = REPO / "tests" / "fixtures" / "real-games"


def logs(folder: Path) -> dict[str, Path]:
    from companion.rules import Game
    from companion.formats.game_log import game_from_dict

    five = json.loads((GAMES / "hanabi-live__no_variant.json").read_text())["log"]
    four = json.loads((GAMES / "hanabi-engine__game-p4v0s9.json").read_text())["log"]
    game = game_from_dict(five)
    replay = Game(game.setup)
    cut = next(i for i, e in enumerate(game.events) if replay.apply(e).last_card_drawn)
    chosen = {
        "final-round": dict(five, events=five["events"][:cut + 3]),
        "middle": dict(four, events=four["events"][:20] + [{"type": "play", "card": "R4"},
                                                           {"type": "discard", "card": "Y4"}]),
        "end": five,
        # the four-player game gone wrong: three misfires, under the -10 scoring
        "lost": dict(four, options={"fuse_out": "minus_ten"},
                     events=four["events"][:20] + [{"type": "play", "card": "R5"},
                                                   {"type": "play", "card": "Y5"},
                                                   {"type": "play", "card": "B5"}]),
    }
    paths = {}
    for name, log in chosen.items():
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(log))
    return paths


SHOTS = [
    ("table-800x480-en.png", "final-round", "table", "800x480", "en"),
    ("end-800x480-en.png", "end", "end", "800x480", "en"),
    ("end-lost-800x480-en.png", "lost", "end", "800x480", "en"),
    ("table-1280x720-it.png", "middle", "table", "1280x720", "it"),
    ("table-720x1280-en.png", "middle", "table", "720x1280", "en"),
    ("teach-800x480-en.png", "middle", "teach", "800x480", "en"),
]


def camera_picture(folder: Path) -> Path:
    """Red 1 of an invented deck lying on a table, as the teach screen's camera sees it."""
    import cv2
    import numpy as np

    sys.path.insert(0, str(REPO / "bench"))
    import faces_synth_a

    rng = np.random.default_rng(4)
    deck = faces_synth_a.make_deck(rng)
    path = folder / "red1.png"
    cv2.imwrite(str(path), faces_synth_a.teach_photo(deck, "R1", rng))
    return path


def main() -> int:
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1")
    with tempfile.TemporaryDirectory() as tmp:
        paths = logs(Path(tmp))
        picture = camera_picture(Path(tmp))
        for out, log, screen, size, lang in SHOTS:
            cmd = [sys.executable, "-m", "companion", "snapshot", str(paths[log]),
                   "--out", str(HERE / out), "--screen", screen, "--size", size, "--lang", lang]
            if screen == "teach":
                cmd += ["--camera", str(picture)]
            result = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=REPO)
            if result.returncode != 0:
                print(result.stderr, file=sys.stderr)
                return result.returncode
            print(HERE / out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
