"""Benchmark of the card finder (companion/faces/finder.py) against where the card truly lies.

    nice .venv/bin/python bench/bench_finder.py [--corpus a|b|both] [--decks 6] [--frames 40]
                                               [--empty 12] [--seed 1] [--save DIR]

The frames are those of bench/bench_faces.py (same seed, decks, card frames and frames with no
face, drawn in the same order by bench/faces_synth_a.py and bench/faces_synth_b.py), each card
frame with the card's true corners. For each corpus it prints:

  found        share of card frames with an outline on the true card, every corner nearer
               than MATCH (a share of the card's short side) to the true one
  off          card frames whose nearest outline covers the card but misses a corner by more
  corner error of the outlines found: mean and 95th percentile of their worst corner, in pixels
               and as a share of the card's short side
  others       outlines per card frame that are not on the card (the reader compares each)
  no face      outlines found on frames with no face, per kind (a card's back is card-shaped and
               may be found; a phone, a notebook, a box lid or a hand should not)
  ms/frame     mean time of find_cards per frame, beside bare pyzbar.decode on the same frames,
               measured alternately in the same run

`--save DIR` writes each card frame without a matching outline, the true card drawn in green
and the outlines found in red.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from bench_faces import corpus_arguments, draw_deck, timed_beside_zbar  # noqa: E402
from card_truth import MATCH, corner_error, covers, short_side  # noqa: E402
from companion.faces.finder import find_cards  # noqa: E402
from companion.rules.variants import VARIANTS  # noqa: E402

CARDS = [str(c) for c in VARIANTS["multicolor"].cards()]


def samples(name: str, decks: int, frames: int, empty: int, seed: int):
    """(deck number, frame, true corners or None, label), as bench_faces draws them (draw_deck:
    the teach photos drawn too, so that the random stream, and so every frame, is the same)."""
    gen = importlib.import_module(f"faces_synth_{name}")
    rng = np.random.default_rng(seed)
    for d in range(decks):
        _look, _photos, drawn = draw_deck(gen, rng, frames, empty, with_corners=True)
        for frame, _shown, label, corners in drawn:
            yield d, frame, corners, label


def run_corpus(name: str, args) -> dict:
    t = {"cards": 0, "found": 0, "off": 0, "none": 0, "others": 0, "errors": [], "shares": [],
         "empty": {}, "t_find": 0.0, "t_zbar": 0.0, "n": 0}
    for j, (d, frame, truth, label) in enumerate(samples(name, args.decks, args.frames, args.empty, args.seed)):
        quads, took, zbar_took = timed_beside_zbar(find_cards, frame)
        t["t_find"] += took
        t["t_zbar"] += zbar_took
        t["n"] += 1
        if truth is None:
            kind = t["empty"].setdefault(label, [0, 0])
            kind[0] += 1
            kind[1] += len(quads)
            continue
        t["cards"] += 1
        short = short_side(truth)
        on_card = [q for q in quads if covers(q, truth)]
        t["others"] += len(quads) - len(on_card)
        best = min((corner_error(q, truth) for q in on_card), default=None)
        if best is not None and best < MATCH * short:
            t["found"] += 1
            t["errors"].append(best)
            t["shares"].append(best / short)
            continue
        if best is None:
            t["none"] += 1
        else:
            t["off"] += 1
        if args.save is not None:
            shown = frame.copy()
            cv2.polylines(shown, [truth.astype(np.int32).reshape(-1, 1, 2)], True, (0, 255, 0), 1)
            for q in quads:
                cv2.polylines(shown, [q.astype(np.int32).reshape(-1, 1, 2)], True, (0, 0, 255), 1)
            tag = "none" if best is None else f"off{100 * best / short:.0f}"
            cv2.imwrite(str(args.save / f"{name}-d{d}-{j:03d}-{tag}-{label}.png"), shown)
            cv2.imwrite(str(args.save / f"{name}-d{d}-{j:03d}-{tag}-{label}-raw.png"), frame)
    return t


def report(name: str, t: dict) -> None:
    cards, n = max(t["cards"], 1), max(t["n"], 1)
    errors, shares = np.array(t["errors"] or [np.nan]), np.array(t["shares"] or [np.nan])
    print(f"corpus {name}: {t['cards']} card frames, {sum(v[0] for v in t['empty'].values())} frames with no face")
    print(f"  found {100 * t['found'] / cards:5.1f}%  ({t['found']})   off {t['off']}   none {t['none']}"
          f"   (match: every corner within {100 * MATCH:.0f}% of the short side)")
    print(f"  corner error  mean {np.mean(errors):5.2f} px  p95 {np.percentile(errors, 95):5.2f} px"
          f"   mean {100 * np.mean(shares):4.2f}%  p95 {100 * np.percentile(shares, 95):4.2f}% of the short side")
    print(f"  others {t['others'] / cards:4.2f} outlines per card frame not on the card")
    print("  no face  " + "   ".join(f"{kind} {found}/{frames}" for kind, (frames, found) in t["empty"].items())
          + "  (outlines / frames)")
    ms_f, ms_z = 1000 * t["t_find"] / n, 1000 * t["t_zbar"] / n
    print(f"  find_cards {ms_f:6.2f} ms/frame   bare pyzbar.decode {ms_z:6.2f} ms/frame   ratio {ms_f / max(ms_z, 1e-9):.2f}x")


def main() -> int:
    args = corpus_arguments(__doc__.splitlines()[0], "write the card frames without a matching outline here")
    for name in args.corpora:
        report(name, run_corpus(name, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
