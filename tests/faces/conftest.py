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

import faces_synth_a  # noqa: E402

from companion.faces.deck_file import Deck  # noqa: E402
from companion.faces.teach import learn_face  # noqa: E402
from companion.rules.variants import VARIANTS  # noqa: E402

CLASSIC = [str(c) for c in VARIANTS["classic"].cards()]


def short_side(corners: np.ndarray) -> float:
    """A quad's short side, the mean of the two."""
    sides = [float(np.linalg.norm(corners[(i + 1) % 4] - corners[i])) for i in range(4)]
    return min(sides[0] + sides[2], sides[1] + sides[3]) / 2


def corner_error(quad: np.ndarray, corners: np.ndarray) -> float:
    """The worst corner's distance from the card's, the quad taken in its best turn (both
    clockwise)."""
    return min(float(np.linalg.norm(np.roll(quad, k, axis=0) - corners, axis=1).max()) for k in range(4))


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


_DRAWN: dict = {}  # (generator, seed) -> [rng, the index of the next deck it draws]


@functools.lru_cache(maxsize=2)
def bench_deck(generator: str, seed: int, index: int):
    """The `index`-th deck of bench/bench_faces.py's corpus `generator` ("a" or "b") for
    `seed`, drawn as the benchmark draws it (its default 40 card frames and 12 with no face):
    (Deck taught from its photos, [(frame, cards shown)], [(frame, kind)]). Decks drawn on the
    way are dropped (about 50 MB of frames each); asking for them again draws them again."""
    import importlib

    from bench_faces import CARDS, draw_deck

    gen = importlib.import_module(f"faces_synth_{generator}")
    state = _DRAWN.get((generator, seed))
    if state is None or state[1] > index:
        state = _DRAWN[(generator, seed)] = [np.random.default_rng(seed), 0]
    while state[1] <= index:
        _look, photos, samples = draw_deck(gen, state[0], 40, 12)
        state[1] += 1
    deck = Deck()
    for card, photo in zip(CARDS, photos):
        learn_face(deck, card, photo)
    return (deck, [(frame, shown) for frame, shown, _label in samples[:40]],
            [(frame, label) for frame, _shown, label in samples[40:]])
