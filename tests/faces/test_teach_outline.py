"""A teach photo's card outline that took in a band of cloth is pulled in to the card's edge."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import faces_synth_a
import faces_synth_b
from conftest import corner_error, short_side
from companion.faces.finder import ordered
from companion.faces.teach_outline import pulled_in

SIZE = (640, 480)


def _cloth(kind: str) -> np.ndarray:
    """A striped dark cloth, a plain green felt or a light wooden table."""
    w, h = SIZE
    if kind == "stripes":
        cloth = np.full((h, w, 3), (70, 30, 30), np.uint8)
        for k in range(-h, w, 18):
            cv2.line(cloth, (k, 0), (k + h, h), (120, 60, 50), 6)
    elif kind == "felt":
        cloth = np.full((h, w, 3), (50, 110, 40), np.uint8)
    else:
        cloth = np.full((h, w, 3), (140, 180, 210), np.uint8)
        for y in range(0, h, 23):
            cv2.line(cloth, (0, y), (w, y + 9), (120, 160, 195), 2)
    return cloth


def _card_corners(angle: float, width: float = 200.0) -> np.ndarray:
    """A portrait card's corners (clockwise from its top left), turned by `angle` degrees."""
    half = np.float32([[-1, -1.5], [1, -1.5], [1, 1.5], [-1, 1.5]]) * width / 2
    turn = np.deg2rad(angle)
    rot = np.float32([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    return half @ rot.T + np.float32([320, 240])


def _photo(face: np.ndarray, cloth: str, corners: np.ndarray) -> np.ndarray:
    h, w = face.shape[:2]
    matrix = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), corners)
    laid = cv2.warpPerspective(face, matrix, SIZE)
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), matrix, SIZE) > 127
    photo = _cloth(cloth)
    photo[inside] = laid[inside]
    return cv2.GaussianBlur(photo, (0, 0), 0.8)


def _grown(corners: np.ndarray, top: float = 0.0, right: float = 0.0, bottom: float = 0.0,
           left: float = 0.0) -> np.ndarray:
    """`corners` with each side moved out by as much (a share of the card's width)."""
    width = np.linalg.norm(corners[1] - corners[0])
    across = (corners[1] - corners[0]) / width  # along the top, left to right
    down = (corners[3] - corners[0]) / np.linalg.norm(corners[3] - corners[0])
    grown = corners.copy()
    grown[[0, 1]] -= down * top * width
    grown[[1, 2]] += across * right * width
    grown[[2, 3]] += down * bottom * width
    grown[[0, 3]] -= across * left * width
    return grown


def _off(quad: np.ndarray, truth: np.ndarray) -> float:
    """The largest distance of a corner of `quad` from the true one, as a share of the width."""
    return corner_error(ordered(quad), ordered(truth)) / short_side(truth)


def _faces():
    """Faces of every look of both generators: dark, light and suit-coloured cards, rainbow
    cards, cards with a printed border inside the edge."""
    rng = np.random.default_rng(5)
    looks = {}
    for _ in range(40):
        a, b = faces_synth_a.make_deck(rng), faces_synth_b.make_deck(rng)
        looks.setdefault(("a", a.look), a)
        looks.setdefault(("b", b.body), b)
    assert len(looks) == 6
    return [(kind, card, look.face(card)) for kind, look in sorted(looks.items())
            for card in ("R4", "W1", "M3", "M5")]


@pytest.mark.parametrize("cloth", ["stripes", "felt", "wood"])
@pytest.mark.parametrize("sides", [dict(top=0.09, left=0.07), dict(right=0.09, bottom=0.06),
                                   dict(top=0.05, right=0.06, bottom=0.08, left=0.09)])
def test_a_side_that_took_in_cloth_is_moved_in_to_the_cards_edge(cloth, sides):
    """A red 5 whose outline ran out along the cloth (by 5-9% of the card's width): the face
    taught from it carries a band of cloth, and a red 5 on the table was read as a red 4."""
    look = faces_synth_b.make_deck(np.random.default_rng(3))
    truth = _card_corners(17)
    photo = _photo(look.face("R5"), cloth, truth)
    off = _grown(truth, **sides)
    assert _off(off, truth) > 0.05
    assert _off(pulled_in(photo, off), truth) < 0.02


@pytest.mark.parametrize("angle", [0, 8, 33, 80])
def test_a_true_outline_is_left_where_it_is(angle):
    """On every look, a rainbow card's stripes and a printed border inside the edge included,
    an outline on the card's edge is not moved."""
    truth = _card_corners(angle)
    for name, card, face in _faces():
        for cloth in ("stripes", "felt", "wood"):
            photo = _photo(face, cloth, truth)
            assert _off(pulled_in(photo, truth), truth) < 0.01, (name, card, cloth)


@pytest.mark.parametrize("out", [0.015, 0.025, 0.035])
def test_an_outline_a_little_out_is_never_pulled_inside_the_card(out):
    """An outline a few pixels out on every side (a card with a dark rim of its own on a dark
    cloth included) is left, or pulled in towards the card's edge: never past it."""
    truth = _card_corners(24)
    off = _grown(truth, top=out, right=out, bottom=out, left=out)
    for name, card, face in _faces():
        for cloth in ("stripes", "felt", "wood"):
            photo = _photo(face, cloth, truth)
            assert _off(pulled_in(photo, off), truth) <= _off(off, truth) + 0.005, (name, card, cloth)
