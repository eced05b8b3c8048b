"""What reading faces adds to the live scan, and what the teach pass costs, per camera frame.

    nice .venv/bin/python bench/bench_live_faces.py [--frames 120] [--seed 1]

On table frames of single cards drawn by bench/faces_synth_a.py (a deck of a random look,
taught from one photo per face), measured alternately in the same run:

  scan, tags only      ScanService's work on a frame without a taught deck (the baseline)
  scan, tags + faces   the same with the taught deck: faces are read in the same frame
  teach pass           TeachPass.feed on a frame (finding the card, the stillness check)
  bare find_cards      the card finder alone, the teach pass's baseline

and the cards the live scan counted from faces (each card shown for a few frames, then
taken away) beside the cards shown.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import numpy as np  # noqa: E402

import faces_synth_a  # noqa: E402
from companion.faces.deck_file import Deck  # noqa: E402
from companion.faces.finder import find_cards  # noqa: E402
from companion.faces.reader import FaceReader  # noqa: E402
from companion.faces.teach import learn_face  # noqa: E402
from companion.faces.teach_pass import TeachPass  # noqa: E402
from companion.rules.variants import VARIANTS  # noqa: E402
from companion.scan.service import ScanService  # noqa: E402
from hardware.camera.file_source import FileSource  # noqa: E402

SHOWN_FRAMES = 5  # frames each card stays in view
AWAY_FRAMES = 7  # empty frames after it (more than the scan's leave count)


def corpus(frames: int, seed: int):
    rng = np.random.default_rng(seed)
    look = faces_synth_a.make_deck(rng)
    variant = VARIANTS["classic"]
    deck = Deck()
    for card in variant.cards():
        learn_face(deck, str(card), faces_synth_a.teach_photo(look, str(card), rng))
    stream, shown = [], []
    cards = [str(c) for c in variant.cards()]
    while len(stream) < frames:
        card = cards[len(shown) % len(cards)]
        shown.append(card)
        held, _ = faces_synth_a.table_frame(look, card, rng, mild=True)
        stream += [held] * SHOWN_FRAMES
        stream += [faces_synth_a.empty_frame(look, rng, "table")] * AWAY_FRAMES
    return deck, variant, stream, shown


def scan_time(frames, faces=None) -> tuple[float, list[str]]:
    counted = []
    service = ScanService(lambda: FileSource(list(frames)), lambda c, k: counted.append(str(c)),
                          lambda s, d: None, variant="classic", faces=faces)
    start = time.perf_counter()
    while service.step() or not service.frames:
        pass
    return (time.perf_counter() - start) / max(1, service.frames), counted


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    deck, variant, frames, shown = corpus(args.frames, args.seed)
    reader = FaceReader(deck)
    tags, faces, teach, bare = [], [], [], []
    counted: list[str] = []
    for _round in range(3):  # alternately, so that a busy moment weighs on both sides
        t, _ = scan_time(frames)
        tags.append(t)
        t, counted = scan_time(frames, reader.read)
        faces.append(t)
        pass_ = TeachPass(variant, Deck())
        start = time.perf_counter()
        for frame in frames:
            pass_.feed(frame)
        teach.append((time.perf_counter() - start) / len(frames))
        start = time.perf_counter()
        for frame in frames:
            find_cards(frame)
        bare.append((time.perf_counter() - start) / len(frames))
    ms = lambda values: 1000 * min(values)  # noqa: E731  the least disturbed round
    print(f"{len(frames)} frames of {len(shown)} cards shown one after another (640x480)")
    print(f"  scan, tags only     {ms(tags):6.2f} ms/frame   (baseline)")
    print(f"  scan, tags + faces  {ms(faces):6.2f} ms/frame   x{min(faces) / min(tags):.1f}")
    print(f"  teach pass          {ms(teach):6.2f} ms/frame   bare find_cards {ms(bare):6.2f} ms/frame"
          f"   x{min(teach) / min(bare):.2f}")
    right = len(set(counted) & set(shown))
    wrong = [c for c in counted if c not in shown]
    twice = len(counted) - len(set(counted))
    print(f"  cards counted from faces: {right} of {len(shown)} shown, {len(wrong)} never shown, "
          f"{twice} counted twice")
    return 0


if __name__ == "__main__":
    sys.exit(main())
