"""Shared decks and frames for the card-face tests, drawn by the benchmark's generator A."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import numpy as np
import pytest

from companion import i18n

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import bench_starts  # noqa: E402
import faces_synth_a  # noqa: E402

from companion.faces.deck_file import Deck  # noqa: E402
from companion.faces.reader import FaceReader  # noqa: E402
from companion.faces.teach import learn_face  # noqa: E402
from companion.rules.variants import VARIANTS  # noqa: E402

CLASSIC = [str(c) for c in VARIANTS["classic"].cards()]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def make_look(kind: str, seed: int = 4):
    """A deck of generator A whose look is `kind` ("dark", "light", "filled")."""
    rng = np.random.default_rng(seed)
    while True:
        look = faces_synth_a.make_deck(rng)
        if look.look == kind:
            return look


@pytest.fixture(scope="session")
def look():
    return make_look("light")


@pytest.fixture(scope="session")
def taught(look):
    """The classic deck of `look`, taught from one photo per face."""
    rng = np.random.default_rng(21)
    deck = Deck()
    for card in CLASSIC:
        assert learn_face(deck, card, faces_synth_a.teach_photo(look, card, rng)), card
    return deck


@pytest.fixture(scope="session")
def teach_folder(tmp_path_factory, look):
    """A folder of teach photos for the classic deck, some as png, one face twice."""
    import cv2

    folder = tmp_path_factory.mktemp("teach")
    rng = np.random.default_rng(22)
    for i, card in enumerate(CLASSIC):
        cv2.imwrite(str(folder / f"{card}.{'png' if i % 3 == 0 else 'jpg'}"),
                    faces_synth_a.teach_photo(look, card, rng))
    cv2.imwrite(str(folder / "R1-2.jpg"), faces_synth_a.teach_photo(look, "R1", rng))
    return folder


class DrawnFrames:
    """Some of a deck's frames (bench_faces.drawn_frames), from `start`, `count` of them, each
    as (frame, what `part` of its (cards shown, label) says), given by `sample` (the deck's
    frame by its number: see bench_deck)."""

    def __init__(self, sample, start: int, count: int, part: int) -> None:
        self._sample = sample
        self._start, self._count, self._part = start, count, part

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int):
        if not -self._count <= index < self._count:
            raise IndexError(index)
        sample = self._sample(self._start + index % self._count)
        return sample[0], sample[self._part]


@functools.lru_cache(maxsize=6)
def bench_deck(generator: str, seed: int, index: int):
    """The `index`-th deck of bench/bench_faces.py's corpus `generator` ("a" or "b") for `seed`,
    drawn as the benchmark draws it (its default 40 card frames and 12 with no face): (Deck
    taught from its photos, a refused photo taken again as the benchmark takes it, [(frame,
    cards shown)], [(frame, kind)]), the frames drawn as far as they are asked for. The deck is
    drawn from where bench_starts.json says it starts; a deck not there is drawn after every
    deck before it (about 3 s each). A frame is drawn from where the table says it starts, and
    one not there after every frame before it (about 0.13 s each). Drawn and taught once for the
    session (up to six decks kept, about 50 MB of frames each): a test that changes how a deck
    is taught draws its own with bench_deck.__wrapped__."""
    from bench_faces import EMPTY, FRAMES, drawn_frame, drawn_frames, taught_deck

    gen, rng, look, photos = bench_look(generator, seed, index)
    deck, _refused = taught_deck(gen, look, photos, seed, index)
    frames, drawn, jumped = drawn_frames(gen, rng, look, FRAMES, EMPTY), [], {}

    def sample(at: int) -> tuple:
        if at < len(drawn):
            return drawn[at]
        if at not in jumped:
            start, expected = bench_starts.frame_at(generator, seed, index, at)
            if start is None:
                while len(drawn) <= at:
                    drawn.append(next(frames))
                return drawn[at]
            got = drawn_frame(gen, start, look, at, FRAMES)
            bench_starts.check_frame(generator, seed, index, at, got[0], expected)  # before it is kept
            jumped[at] = got
        return jumped[at]

    return deck, DrawnFrames(sample, 0, FRAMES, 1), DrawnFrames(sample, FRAMES, EMPTY, 2)


def bench_photo(generator: str, seed: int, index: int, card: str) -> np.ndarray:
    """The teach photo of `card` in bench_deck's deck (drawn again: the photos are not kept)."""
    from bench_faces import CARDS

    return bench_look(generator, seed, index)[3][CARDS.index(card)]


def bench_look(generator: str, seed: int, index: int):
    """(the corpus's module, its rng where the deck's frames start, the deck's look, its teach
    photos) for bench_deck's deck."""
    import importlib

    from bench_faces import EMPTY, FRAMES, draw_deck, draw_look

    gen = importlib.import_module(f"faces_synth_{generator}")
    rng, expected = bench_starts.rng_at(generator, seed, index)
    if expected is None:  # not in the table: every deck before it drawn first
        for _ in range(index):
            draw_deck(gen, rng, FRAMES, EMPTY)
    look, photos = draw_look(gen, rng)
    bench_starts.check(generator, seed, index, look, expected)
    return gen, rng, look, photos


@functools.lru_cache(maxsize=6)
def bench_reader(generator: str, seed: int, index: int) -> FaceReader:
    """A reader of bench_deck's deck (building one takes about a second)."""
    return FaceReader(bench_deck(generator, seed, index)[0])
