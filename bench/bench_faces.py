"""Benchmark of the card-face reader on invented decks, against bare pyzbar on the same frames.

    nice .venv/bin/python bench/bench_faces.py [--corpus a|b|both] [--decks 6] [--frames 40]
                                              [--empty 12] [--seed 1] [--save DIR]

For each corpus (bench/faces_synth_a.py, bench/faces_synth_b.py: two generators that share no
code) it invents decks of random looks, teaches each from one photo per face (30 faces, the
multicolour deck; a photo the reader refuses is taken again, as the app asks for another:
taught_deck), then reads table frames of single cards under every table condition and
frames with no face (an empty table, a card's back, a phone, the box lid, a hand). It prints:

  read right   share of card frames where exactly the card in view was named
  wrong        cards named that were not the one in view
  false        cards named in frames with no face
  named nothing
               why, for each card frame that named no card (bench/card_truth.py): no outline
               of any look the reader takes on the card, outlines on it but none within 4% of
               its short side of its corners (or of a border printed inside them), or one that
               is and the network found the card nearest (no rule sure enough to name it: "unsure
               of its rank" where the network's next card was another rank of its suit) or
               another rank of its suit or another suit's card, or its outlines judged as a part
               of another thing
  ms/frame     mean time of FaceReader.read per frame (FaceReader.read_all, which it names its
               cards from), on one core (OpenCV and numpy's BLAS kept to one thread), beside
               bare pyzbar.decode on the same frames, measured alternately in the same run.
               pyzbar.decode copies a colour frame's first channel before zbar reads it, and
               numpy's copy of a 640x480 frame's channel took 1.46 ms before numpy 2.4 and takes
               0.17 ms since (zbar itself about 7 ms): the versions and the processor run on are
               printed first, as the ratio is against the pyzbar of that numpy and moves from one
               processor to another
  a deck       the time to find the faces in a deck's teach photos, beside the time the reader
               then takes to be built from them (most of it discriminant.FaceModel learning the
               faces; once per deck loaded)

Goals: read right >= 95%, no wrong and no false card, at no more than 1.5x the time of pyzbar.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import sys
import time
from pathlib import Path

# the reader timed on one core, as pyzbar runs: numpy's BLAS kept to one thread (set before numpy
# is loaded; OpenCV's threads are set in corpus_arguments), as the package sets it for the app:
# BLAS threads spinning on the small products of a face made it several times slower where the
# other core was busy
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from pyzbar import pyzbar  # noqa: E402

import card_truth  # noqa: E402

from companion.faces.deck_file import Deck  # noqa: E402
from companion.faces.finder import OutlineSearch  # noqa: E402
from companion.faces.odd_faces import odd_faces  # noqa: E402
from companion.faces.reader import FaceReader, later_looks  # noqa: E402
from companion.faces.teach import confusions, learn_face  # noqa: E402
from companion.rules.variants import VARIANTS  # noqa: E402

CARDS = [str(c) for c in VARIANTS["multicolor"].cards()]


def timed_beside_zbar(work, frame):
    """(work(frame), the seconds it took, the seconds bare pyzbar.decode takes on the frame)."""
    t0 = time.perf_counter()
    out = work(frame)
    t1 = time.perf_counter()
    pyzbar.decode(frame)
    return out, t1 - t0, time.perf_counter() - t1


FRAMES, EMPTY = 40, 12  # per deck, by default: card frames, and frames with no face


def draw_deck(gen, rng: np.random.Generator, frames: int, empty: int, with_corners: bool = False) -> tuple:
    """One deck of the corpus `gen` (a faces_synth module), drawn from `rng` in the benchmark's
    order: (its look, a teach photo per card of CARDS, [(frame, cards shown, label)]), the
    `frames` card frames first, then the `empty` frames with no face (labelled by kind); with
    `with_corners`, each frame's card's corners as a fourth value (drawn_frame)."""
    look, photos = draw_look(gen, rng)
    return look, photos, list(drawn_frames(gen, rng, look, frames, empty, with_corners))


RETAKES = 3  # a teach photo the reader refuses is taken again, as the app asks, at most this often


def taught_deck(gen, look, photos: list, seed: int, index: int) -> tuple[Deck, int]:
    """(a Deck taught from a teach photo per card of CARDS, the photos refused): as in the
    app's teach pass, a refused photo is taken again, up to RETAKES times, and at the end a
    face unlike the rest of its suit (odd_faces.py) is taken out and its card taken again, up
    to RETAKES times. The new photos are drawn from a stream of their own (the corpus's `seed`,
    the deck's `index` and the card's), so the corpus's frames stay the same whatever is
    refused."""
    deck, refused = Deck(), 0
    streams: dict[int, np.random.Generator] = {}

    def taken(n: int, card: str, photo, attempts: int) -> None:
        nonlocal refused
        again = streams.setdefault(n, np.random.default_rng([seed, index, n]))
        for _attempt in range(attempts):
            if photo is None:
                photo = gen.teach_photo(look, card, again)
            if learn_face(deck, card, photo):
                return
            refused += 1
            photo = None

    for n, (card, photo) in enumerate(zip(CARDS, photos)):
        taken(n, card, photo, RETAKES + 1)
    for card in deck.take_out(odd_faces(deck)):
        refused += 1
        taken(CARDS.index(card), card, None, RETAKES)
    return deck, refused


def draw_look(gen, rng: np.random.Generator) -> tuple:
    """A deck's look and its teach photos (draw_deck's first two parts)."""
    look = gen.make_deck(rng)
    return look, [gen.teach_photo(look, card, rng) for card in CARDS]


def drawn_frames(gen, rng: np.random.Generator, look, frames: int, empty: int, with_corners: bool = False):
    """The frames of a deck of `look` (draw_deck's third part), each drawn when asked for."""
    for at in range(frames + empty):
        yield drawn_frame(gen, rng, look, at, frames, with_corners)


def drawn_frame(gen, rng: np.random.Generator, look, at: int, frames: int = FRAMES,
                with_corners: bool = False) -> tuple:
    """The deck's frame number `at` of drawn_frames, `rng` standing where it starts: (frame,
    cards shown, label), a card frame while `at` is below `frames`, then a frame with no face;
    with `with_corners`, the card's corners as a fourth value (None where no face is shown),
    the frame the same either way."""
    if at < frames:
        card = CARDS[int(rng.integers(len(CARDS)))]
        frame, shown, corners = gen.table_frame(look, card, rng, with_corners=True)
        return (frame, shown, card, corners) if with_corners else (frame, shown, card)
    kind = gen.NO_FACE[(at - frames) % len(gen.NO_FACE)]
    frame = gen.empty_frame(look, rng, kind)
    return (frame, set(), kind, None) if with_corners else (frame, set(), kind)


def every_outline(frame: np.ndarray, reads) -> list[np.ndarray]:
    """The outlines the reader may judge in the frame: those of each look it may take
    (reader.FaceReader.read_all: the first, then reader.later_looks; with a later look's, those it
    passes over as the same as one judged before, all but on it), and those of its verdicts (among
    them an outline shrunk or grown)."""
    search = OutlineSearch(frame)
    looks = [search.cards(fallback=False)] + [look(()) for look, _coarse in later_looks(search)]
    return [quad for look in looks for quad in look] + [read.quad for read in reads]


def run_corpus(name: str, decks: int, frames: int, empty: int, seed: int, save: Path | None) -> dict:
    gen = importlib.import_module(f"faces_synth_{name}")
    rng = np.random.default_rng(seed)
    totals = {"cards": 0, "right": 0, "wrong": 0, "missed": 0, "empty": 0, "false": 0,
              "t_faces": 0.0, "t_zbar": 0.0, "n": 0, "refused": 0, "untaught": 0, "alike": 0,
              "t_teach": 0.0, "t_learn": 0.0, "decks": 0}
    misses: dict[str, int] = {}
    why = dict.fromkeys(card_truth.WHY, 0)
    for d in range(decks):
        deck_look, photos, samples = draw_deck(gen, rng, frames, empty, with_corners=True)
        t0 = time.perf_counter()
        deck, refused = taught_deck(gen, deck_look, photos, seed, d)
        totals["refused"] += refused
        totals["untaught"] += len(CARDS) - len(deck.cards())
        t1 = time.perf_counter()
        reader = FaceReader(deck)
        t2 = time.perf_counter()
        totals["t_teach"] += t1 - t0
        totals["t_learn"] += t2 - t1
        totals["decks"] += 1
        totals["alike"] += len(confusions(deck))
        look = getattr(deck_look, "look", "?")
        for j, (frame, shown, label, corners) in enumerate(samples):
            # read_all is what FaceReader.read names its cards from, each once
            reads, took, zbar_took = timed_beside_zbar(lambda f: reader.read_all(f, "multicolor"), frame)
            names = list(dict.fromkeys(read.card for read in reads if read.card is not None))
            totals["t_faces"] += took
            totals["t_zbar"] += zbar_took
            totals["n"] += 1
            got = set(names)
            if shown:
                totals["cards"] += 1
                totals["right"] += got == shown
                totals["wrong"] += len(got - shown)
                if not got & shown:
                    totals["missed"] += 1
                    misses[look] = misses.get(look, 0) + 1
                    if not got:
                        why[card_truth.missed_why(reads, every_outline(frame, reads), label, corners)] += 1
            else:
                totals["empty"] += 1
                totals["false"] += len(got)
            bad = bool(got - shown)
            if save is not None and (bad or (shown and not got)):
                tag = "wrong" if bad else "missed"
                cv2.imwrite(str(save / f"{name}-d{d}-{j:03d}-{tag}-{label}-as-{'+'.join(sorted(got)) or 'none'}.jpg"),
                            frame)
    totals["misses_by_look"] = misses
    totals["missed_why"] = why
    return totals


def report(name: str, t: dict) -> None:
    cards, n = max(t["cards"], 1), max(t["n"], 1)
    ms_f, ms_z = 1000 * t["t_faces"] / n, 1000 * t["t_zbar"] / n
    print(f"corpus {name}: {t['cards']} card frames, {t['empty']} frames with no face"
          f" ({t['refused']} teach photos refused and taken again, {t['untaught']} faces untaught,"
          f" {t['alike']} pairs too alike)")
    print(f"  read right {100 * t['right'] / cards:5.1f}%   wrong {t['wrong']} ({100 * t['wrong'] / cards:.1f}%)"
          f"   false {t['false']} ({100 * t['false'] / max(t['empty'], 1):.1f}%)   missed {t['missed']}"
          f"  {t['misses_by_look']}")
    print("  named nothing: " + ", ".join(f"{why} {count}" for why, count in t["missed_why"].items()))
    print(f"  face reader {ms_f:6.2f} ms/frame   bare pyzbar.decode {ms_z:6.2f} ms/frame"
          f"   ratio {ms_f / max(ms_z, 1e-9):.2f}x  (goal: >=95% right, 0 wrong, 0 false, <=1.5x)")
    decks = max(t["decks"], 1)
    print(f"  a deck of {len(CARDS)} faces: its photos taught in {t['t_teach'] / decks:.2f} s,"
          f" the reader built from them in {t['t_learn'] / decks:.2f} s (its discriminant learned; once per deck loaded)")


def corpus_arguments(description: str, save_help: str) -> argparse.Namespace:
    """The command line the benchmarks over the two face corpora share (this one and
    bench_finder.py), parsed; OpenCV kept to one thread and the --save folder made."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--corpus", choices=["a", "b", "both"], default="both")
    parser.add_argument("--decks", type=int, default=6)
    parser.add_argument("--frames", type=int, default=FRAMES, help="card frames per deck")
    parser.add_argument("--empty", type=int, default=EMPTY, help="frames with no face per deck")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help=save_help)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    args.corpora = ["a", "b"] if args.corpus == "both" else [args.corpus]
    return args


def processor() -> str:
    """The processor's model as Linux names it in /proc/cpuinfo (on a Raspberry Pi, the board's),
    or the machine's kind elsewhere, and how many processors this process may run on: the ratio
    to pyzbar is the processor's as well as the reader's (1.34-1.38 and 1.57-1.58 on one x86-64
    machine over seeds 601-672, 1.17 and 1.38 on another over seeds 673-696)."""
    model = platform.machine() or "an unknown processor"
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            for line in info:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Model") and value.strip():
                    model = value.strip()
                    break
    except OSError:
        pass
    count = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{model} ({count} CPUs)" if count else model


def main() -> int:
    args = corpus_arguments(__doc__.splitlines()[0], "write the missed and wrong frames here")
    print(f"numpy {np.__version__}, OpenCV {cv2.__version__}, {processor()}, seed {args.seed}")
    for name in args.corpora:
        report(name, run_corpus(name, args.decks, args.frames, args.empty, args.seed, args.save))
    return 0


if __name__ == "__main__":
    sys.exit(main())
