"""The corner colour judge: two suits that share their art and differ only by the colour of the
figure in their corners are told apart by that colour, whatever the lamp, the blur, an outline
a pixel or two off, or the way up; figures of one colour in every suit tell no suit."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.faces.corner_colours import CornerColourJudge
from companion.faces.deck_file import Deck
from companion.faces.finder import FACE_H, FACE_W
from companion.faces.reader import COLOUR_MARGIN

RED, PURPLE, WHITE = (40, 40, 210), (200, 50, 150), (235, 235, 235)


def bars_face(bars, art=(40, 60, 220), paper=(25, 18, 20), turn: float = 0.0) -> np.ndarray:
    """A dark card with a star-like wheel of `art` in the middle (turned by `turn` degrees, as a
    photo taught a little askew) and two bars of `bars` in the top-left corner, turned in the
    bottom-right one."""
    face = np.full((FACE_H, FACE_W, 3), paper, np.uint8)
    for k in range(5):
        angle = np.radians(turn + k * 72)
        tip = (int(FACE_W / 2 + 12 * np.sin(angle)), int(FACE_H / 2 - 12 * np.cos(angle)))
        cv2.line(face, (FACE_W // 2, FACE_H // 2), tip, art, 4)
    for x in (5, 9):
        cv2.rectangle(face, (x, 4), (x + 1, 15), bars, -1)
        cv2.rectangle(face, (FACE_W - 1 - x - 1, FACE_H - 16), (FACE_W - 1 - x, FACE_H - 5), bars, -1)
    return face


@pytest.fixture(scope="module")
def bars_deck():
    """A red 1 and a rainbow 1 whose art is the same, their bars red and purple; the rainbow 1
    taught from a photo whose art lies a little turned."""
    return Deck(faces={"R1": [bars_face(RED)], "M1": [bars_face(PURPLE, turn=8)], "R2": [bars_face(RED)]})


def at_the_table(face: np.ndarray, dx: float, dy: float, gain, blur: float, upside_down: bool) -> np.ndarray:
    """The face moved by (dx, dy) pixels, under a lamp of `gain` per channel, blurred by `blur`,
    turned over if `upside_down`."""
    moved = cv2.warpAffine(face, np.float32([[1, 0, dx], [0, 1, dy]]), (FACE_W, FACE_H),
                           borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    seen = np.clip(cv2.GaussianBlur(moved * np.float32(gain), (0, 0), blur), 0, 255).astype(np.uint8)
    return seen[::-1, ::-1].copy() if upside_down else seen


VIEWS = [(0, 0, (1, 1, 1), 0.3, False), (2, -1, (0.75, 0.9, 1.15), 0.7, True), (-2, 2, (1.15, 1.0, 0.8), 0.7, False),
         (1, 1, (0.55, 0.55, 0.55), 0.6, True)]


@pytest.mark.parametrize("dx, dy, gain, blur, upside_down", VIEWS)
def test_a_suit_told_only_by_its_corner_bars_colour_is_told_by_it(bars_deck, dx, dy, gain, blur, upside_down):
    judge = CornerColourJudge(bars_deck)
    red = at_the_table(bars_face(RED), dx, dy, gain, blur, upside_down)
    purple = at_the_table(bars_face(PURPLE), dx, dy, gain, blur, upside_down)
    # each view's own suit is nearer in colour in both corners; the other suit far off in both
    assert max(judge.margins(red, "R1")) < 0
    assert max(judge.margins(purple, "M1")) < 0
    assert min(judge.margins(red, "M1")) >= COLOUR_MARGIN
    assert min(judge.margins(purple, "R1")) >= COLOUR_MARGIN


def test_figures_of_one_colour_in_every_suit_tell_no_suit():
    """Where every suit's bars are white, the suits' art differing, the bars' colour leans to
    no suit: no margin near COLOUR_MARGIN, whichever card is asked."""
    deck = Deck(faces={"R1": [bars_face(WHITE)], "B1": [bars_face(WHITE, art=(220, 90, 30))],
                       "Y1": [bars_face(WHITE, art=(40, 210, 230), turn=6)]})
    judge = CornerColourJudge(deck)
    for art in ((40, 60, 220), (220, 90, 30)):
        for view in VIEWS:
            seen = at_the_table(bars_face(WHITE, art=art), *view)
            for card in ("R1", "B1", "Y1"):
                assert max(judge.margins(seen, card)) < COLOUR_MARGIN / 2, (card, art, view)


def test_a_card_with_no_rank_to_share_or_no_figure_gets_no_margin(bars_deck):
    blank = Deck(faces={"R1": [bars_face(RED)], "M1": [np.full((FACE_H, FACE_W, 3), 30, np.uint8)]})
    judge = CornerColourJudge(bars_deck)
    view = bars_face(RED)
    assert judge.rivals("R2") == []
    assert judge.margins(view, "R2") == (-np.inf, -np.inf)
    assert judge.margins(view, "G1") == (-np.inf, -np.inf)  # not taught
    # a rainbow 1 taught with no figure in its corners: nothing to tell the red 1 from
    assert CornerColourJudge(blank).margins(view, "R1") == (-np.inf, -np.inf)
    assert CornerColourJudge(blank).margins(view, "M1") == (-np.inf, -np.inf)
    assert judge.distances(view, "G1") == {}
    assert sorted(judge.distances(view, "M1")) == ["M1", "R1"]


def test_a_face_of_another_size_is_an_error(bars_deck):
    with pytest.raises(ValueError):
        CornerColourJudge(bars_deck).margins(np.zeros((45, 30, 3), np.uint8), "R1")


def test_a_lamp_too_strong_to_undo_tells_no_colour(bars_deck):
    """Under a lamp that takes a channel's gain COLOUR_TINT from the channels' mean or further,
    the figure's colour is not to be trusted: no margin, whichever card is asked."""
    from companion.faces.corner_colours import COLOUR_TINT

    for gain in ((1.9, 1.0, 0.5), (0.45, 0.9, 1.6)):
        for colour, card in ((RED, "M1"), (PURPLE, "R1"), (RED, "R1")):
            seen = at_the_table(bars_face(colour), 0, 0, gain, 0.5, False)
            assert CornerColourJudge(bars_deck).margins(seen, card) == (-np.inf, -np.inf), (gain, card)
    # a warm lamp within it still tells the colour
    assert COLOUR_TINT > 1.25
    seen = at_the_table(bars_face(RED), 0, 0, (1.2, 1.0, 0.85), 0.5, False)
    assert min(CornerColourJudge(bars_deck).margins(seen, "M1")) >= COLOUR_MARGIN


def test_only_the_variants_suits_are_rivals(bars_deck):
    """A red 1 whose bars are the rainbow 1's colour has no rival in a game without the rainbow
    suit: the rainbow 1 cannot be on the table."""
    judge = CornerColourJudge(bars_deck)
    purple = at_the_table(bars_face(PURPLE), 0, 0, (1, 1, 1), 0.5, False)
    assert min(judge.margins(purple, "R1", among={"R1", "M1"})) >= COLOUR_MARGIN
    assert judge.margins(purple, "R1", among={"R1", "B1"}) == (-np.inf, -np.inf)
