"""Shared decks and frames for the card-face tests, drawn by the benchmark's generator A."""

from __future__ import annotations

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
