"""Makes the face network's training data from generator C (faces_synth_c.py).

    .venv/bin/python training/make_face_data.py --decks 600 --seed 1 --out /tmp/face-data [--jobs 2]

For each invented deck: every face taught from one teach photo exactly as the app teaches it
(faces.teach.taught_faces: the card finder, the outline pulled in, the printed border's outline
too), then table frames of random cards and frames with no face. Every outline the reader would
judge in a frame (faces.finder.OutlineSearch: the edges' outlines, the second look's, a finger
cut off too, and the last look's faint edges) is put upright (faces.finder.upright_face) and
kept with what it is: the card shown, with how far the outline is off the card's true corners,
or nothing (an outline on no card). The true outline is kept too, moved by a little, so that a
card the finder missed still teaches.

One file per deck, `deck-NNNNN.npz`: `taught` (faces, N x 90 x 60 x 3 uint8), `taught_card`
(index in CARDS per taught face), `crops`, `crop_card` (index in CARDS, -1 for no card),
`crop_error` (worst corner error as a share of the card's short side; 9 for no card).
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

import faces_synth_c as gen  # noqa: E402
from companion.faces.finder import OutlineSearch, ordered, upright_face  # noqa: E402
from companion.faces.teach import taught_outlines  # noqa: E402

CARDS = gen.CARDS
NONE = -1
OFF_CARD = 9.0  # crop_error of an outline on no card
TEACH_TRIES = 3  # a teach photo with no card found is taken again, as the app asks
TABLE_FRAMES = 60
EMPTY_FRAMES = 10
TEACH_ERROR = 0.06  # a teach outline off by more than this share of the short side is taken again
JITTER = 0.03  # the true outline's corners moved by up to this share of the short side


def short_side(corners: np.ndarray) -> float:
    sides = [float(np.linalg.norm(corners[(i + 1) % 4] - corners[i])) for i in range(4)]
    return min(sides[0] + sides[2], sides[1] + sides[3]) / 2


def corner_error(quad: np.ndarray, truth: np.ndarray) -> float:
    """The worst corner's distance, the quad's corners taken in their best turn, as a share of
    the card's short side."""
    worst = min(float(np.linalg.norm(np.roll(quad, k, axis=0) - truth, axis=1).max()) for k in range(4))
    return worst / short_side(truth)


def on_card(quad: np.ndarray, truth: np.ndarray) -> bool:
    centre = tuple(map(float, quad.mean(axis=0)))
    return cv2.pointPolygonTest(truth.reshape(-1, 1, 2).astype(np.float32), centre, False) >= 0


def outlines(frame: np.ndarray) -> list[np.ndarray]:
    """Every outline the reader judges in a frame: the edges', the second look's (what stands
    out, a finger cut off too) and the last look's (faint edges)."""
    search = OutlineSearch(frame)
    quads = search.cards(fallback=False)
    quads += search.standing_out(quads, without_arms=True)
    return quads + search.faint(quads)


def jittered(truth: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    step = JITTER * short_side(truth)
    return ordered(truth + rng.uniform(-step, step, truth.shape).astype(np.float32))


def teach(deck, rng) -> tuple[list[np.ndarray], list[int]]:
    """Each face taught from a teach photo as the app teaches it, the photo taken again (up to
    TEACH_TRIES times) where no card was found. Where the card's outline is off (by more than
    TEACH_ERROR), the face is taught from its true outline instead: a player would see the
    wrong outline on the teach screen and take the photo again, and a face taught wrong would
    teach the network that a card looks like another."""
    faces, labels = [], []
    for index, card in enumerate(CARDS):
        for _ in range(TEACH_TRIES):
            photo, truth = gen.teach_photo(deck, card, rng)
            found = taught_outlines(photo)
            if found:
                break
        if not found or corner_error(found[0], truth) > TEACH_ERROR:
            found = [ordered(truth)]
        faces += [upright_face(photo, quad) for quad in found]
        labels += [index] * len(found)
    return faces, labels


def table(deck, rng) -> tuple[list[np.ndarray], list[int], list[float]]:
    crops, labels, errors = [], [], []
    for _ in range(TABLE_FRAMES):
        index = int(rng.integers(len(CARDS)))
        frame, truth = gen.table_frame(deck, CARDS[index], rng)
        for quad in outlines(frame):
            crops.append(upright_face(frame, quad))
            if on_card(quad, truth):
                labels.append(index)
                errors.append(corner_error(quad, truth))
            else:
                labels.append(NONE)
                errors.append(OFF_CARD)
        crops.append(upright_face(frame, jittered(truth, rng)))
        labels.append(index)
        errors.append(0.0)
    for i in range(EMPTY_FRAMES):
        frame = gen.empty_frame(deck, rng, gen.NO_FACE[i % len(gen.NO_FACE)])
        for quad in outlines(frame):
            crops.append(upright_face(frame, quad))
            labels.append(NONE)
            errors.append(OFF_CARD)
    return crops, labels, errors


def make_deck_file(job: tuple[int, int, Path]) -> str:
    number, seed, out = job
    cv2.setNumThreads(1)
    rng = np.random.default_rng([seed, number])
    deck = gen.make_deck(rng)
    taught, taught_card = teach(deck, rng)
    path = out / f"deck-{number:05d}.npz"
    if path.exists():  # taught again only (the table's views follow from the same draws)
        with np.load(path) as old:
            crops, crop_card, crop_error = old["crops"], old["crop_card"], old["crop_error"]
    else:
        crops, crop_card, crop_error = table(deck, rng)
    np.savez_compressed(path, taught=np.stack(taught), taught_card=np.array(taught_card, np.int8),
                        crops=np.stack(crops), crop_card=np.array(crop_card, np.int8),
                        crop_error=np.array(crop_error, np.float32))
    return path.name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=600)
    parser.add_argument("--first", type=int, default=0, help="number of the first deck")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--teach-again", action="store_true",
                        help="decks already made are taught again, their table views kept")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    jobs = [(n, args.seed, args.out) for n in range(args.first, args.first + args.decks)
            if args.teach_again or not (args.out / f"deck-{n:05d}.npz").exists()]
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, name in enumerate(pool.map(make_deck_file, jobs), 1):
            if done % 20 == 0:
                print(f"{done}/{len(jobs)} {name}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
