"""A teach photo's card outline that took in a band of cloth is pulled in to the card's edge, and
an outline that is the cloth's, round the card, or that runs off the card along a line of the
cloth, is not taught."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import bench_starts
import faces_synth_a
import faces_synth_b
from bench_faces import CARDS
from card_truth import corner_error, short_side
from conftest import bench_deck, bench_photo, bench_reader
from companion.faces.finder import OutlineSearch, ordered, overlap
from companion.faces.teach import CLOTH_ROUND, NESTED_SHARE, OFF_CARD, outlines_or_why, taught_outlines
from companion.faces.teach_outline import OVERLAP, cloth_round_a_card, off_the_card, pulled_in

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


def _shrunk(corners: np.ndarray, share: float) -> np.ndarray:
    """`corners` drawn in towards their middle, to `share` of the size."""
    middle = corners.mean(axis=0)
    return (middle + (corners - middle) * share).astype(np.float32)


@pytest.mark.parametrize("cloth", ["stripes", "felt", "wood"])
def test_an_outline_of_the_cloth_round_the_card_is_found(cloth):
    """A rectangle of the cloth round a card lying turned inside it is the cloth's; the card's
    own outline round its middle (its art, a half of its face) is the card's, on every look."""
    truth = _card_corners(24, width=120)
    round_it = np.float32([[190, 40], [450, 40], [450, 440], [190, 440]])
    for name, card, face in _faces():
        photo = _photo(face, cloth, truth)
        assert cloth_round_a_card(photo, round_it, [truth], NESTED_SHARE), (name, card)
        assert not cloth_round_a_card(photo, truth, [_shrunk(truth, 0.6), _shrunk(truth, 0.4)], NESTED_SHARE), \
            (name, card)


def test_only_a_thing_of_a_cards_size_inside_the_outline_makes_it_the_cloths():
    """Inside a rectangle of a plain cloth, nothing card-shaped, a speck too small to be the card,
    or an outline as big as a card's printed border: none is a card the cloth is round."""
    round_it = np.float32([[190, 40], [450, 40], [450, 440], [190, 440]])
    photo = _cloth("felt")
    assert cloth_round_a_card(photo, round_it, [_shrunk(round_it, 0.5)], NESTED_SHARE)
    assert not cloth_round_a_card(photo, round_it, [], NESTED_SHARE)
    assert not cloth_round_a_card(photo, round_it, [_shrunk(round_it, 0.25), _shrunk(round_it, 0.9)], NESTED_SHARE)


# the benchmark's teach photos whose biggest outline is a rectangle of the cloth (stripes,
# checks) with the card turned inside it: a white 5 so taught was never read, and a white V on
# the table was named the white 2 (corpus B, seed 292, deck 1)
ROUND_THE_CARD = [("b", 60, 1, "B5"), ("b", 22, 4, "R2"), ("b", 279, 4, "M2"), ("b", 292, 1, "W5")]
# and photos whose outline holds the card's art or a half of its face: a pale card on a pale
# cloth (corpus A, seed 279, deck 3), a rainbow card's halves, a group of fireworks
THE_CARDS_OWN = [("a", 279, 3, "M4"), ("a", 274, 0, "M1"), ("a", 277, 0, "R4")]


@pytest.mark.parametrize("generator, seed, index, card", ROUND_THE_CARD + THE_CARDS_OWN)
def test_a_teach_photo_is_not_taught_from_the_cloth_round_its_card(generator, seed, index, card):
    photo = bench_photo(generator, seed, index, card)
    search = OutlineSearch(photo)
    outlines = search.cards()
    on_the_cloth = (generator, seed, index, card) in ROUND_THE_CARD
    assert cloth_round_a_card(photo, outlines[0], outlines[1:] + search.standing_out(), NESTED_SHARE) == on_the_cloth
    taught = taught_outlines(photo)
    if on_the_cloth:  # another photo is asked, saying why
        assert taught == [] and outlines_or_why(photo) == ([], CLOTH_ROUND)
    else:
        assert taught and np.allclose(ordered(taught[0]), ordered(pulled_in(photo, outlines[0])))


def test_a_card_whose_photo_showed_the_cloth_round_it_is_taken_again_and_read():
    """The benchmark takes the white 5 again, from another photo, as the app asks for one: the
    white V on the table is read as the white 5 (taught from the cloth, it was named the white 2)."""
    deck, frames, _empty = bench_deck("b", 292, 1)
    frame, shown = frames[27]
    assert shown == {"W5"} and "W5" in deck.faces
    assert bench_reader("b", 292, 1).read(frame, "multicolor") == ["W5"]


def _wedge(corners: np.ndarray, share: float = 0.25) -> np.ndarray:
    """`corners` with the bottom right one moved on down the right side, by `share` of the card's
    width: an outline whose right side ran on past the card's corner along a line of the cloth."""
    width = np.linalg.norm(corners[1] - corners[0])
    down = (corners[2] - corners[1]) / np.linalg.norm(corners[2] - corners[1])
    wedge = corners.copy()
    wedge[2] += down * share * width
    return wedge


@pytest.mark.parametrize("cloth", ["stripes", "felt", "wood"])
def test_an_outline_that_runs_off_the_card_is_found(cloth):
    """An outline that took in a wedge of the cloth past a corner of the card runs off the card,
    against the card's own outline standing out from the cloth; the card's outline does not,
    against the wedge or against an outline a band apart all round (a printed border, a rim of
    cloth), on every look."""
    truth = _card_corners(24)
    wedge = _wedge(truth)
    assert _off(wedge, truth) > 0.2
    band = _grown(truth, top=0.06, right=0.06, bottom=0.06, left=0.06)
    for name, card, face in _faces():
        photo = _photo(face, cloth, truth)
        search = OutlineSearch(photo)
        assert off_the_card(photo, search, wedge, [truth]), (name, card)
        assert not off_the_card(photo, search, truth, [wedge]), (name, card)
        assert not off_the_card(photo, search, truth, [band]) and not off_the_card(photo, search, band, [truth]), \
            (name, card)
        assert not off_the_card(photo, search, wedge, []), (name, card)  # nothing to tell the card's outline by


def _photo_and_corners(generator: str, seed: int, index: int, card: str) -> tuple[np.ndarray, np.ndarray]:
    """bench_photo's teach photo, with where the card lies in it (drawn from the same draws)."""
    gen = faces_synth_a if generator == "a" else faces_synth_b
    rng, expected = bench_starts.rng_at(generator, seed, index)
    assert index == 0 or expected is not None, f"{generator}/{seed}/{index} is not in bench_starts.json"
    look = gen.make_deck(rng)
    bench_starts.check(generator, seed, index, look, expected)
    for other in CARDS:
        photo, corners = gen.teach_photo(look, other, rng, with_corners=True)
        if other == card:
            return photo, corners
    raise KeyError(card)


# the benchmark's teach photos whose biggest outline runs off the card along a line of the cloth,
# a corner out on it (a rainbow 2 so taught was named the 3 on the table: corpus B, seed 391),
# its sides off the picture's edges over the cloth or, on a checked cloth, along the checks
OFF_THE_CARD = [("a", 8, 0, "G3"), ("a", 37, 1, "B1"), ("b", 18, 1, "G2"), ("b", 35, 1, "B5"), ("b", 391, 1, "M2"),
                ("b", 33, 0, "Y3")]
# and photos whose outline is the card's though what stands out from the cloth is a corner apart:
# a pale card's corner lost in a pale cloth (what lies between the two is the card's paper), what
# stands out a band apart all round, or a corner apart by less than a wedge's
ON_THE_CARD = [("a", 214, 1, "Y4"), ("b", 34, 1, "M3"), ("a", 279, 3, "R3")]


@pytest.mark.parametrize("generator, seed, index, card", OFF_THE_CARD + ON_THE_CARD)
def test_a_teach_photo_whose_outline_runs_off_the_card_is_asked_again(generator, seed, index, card):
    photo, corners = _photo_and_corners(generator, seed, index, card)
    search = OutlineSearch(photo)
    outline = search.cards()[0]
    off = (generator, seed, index, card) in OFF_THE_CARD
    assert (_off(outline, corners) > 0.1) == off  # a corner of the outline out on the cloth
    assert off_the_card(photo, search, outline, search.standing_out()) == off
    if off:  # another photo is asked, saying why
        assert outlines_or_why(photo) == ([], OFF_CARD)
    else:  # though what stands out from the cloth covers the outline, a corner of it well apart
        shapes = search.standing_out()
        assert any(overlap(outline, shape) >= OVERLAP and _off(outline, shape) > 0.08 for shape in shapes)
        assert taught_outlines(photo)


def test_a_card_whose_photo_ran_off_the_card_is_taken_again_and_read():
    """The benchmark takes the rainbow 2 of corpus B, seed 391, deck 1 again, from another photo,
    as the app asks for one: the rainbow 2 on the table that the network found more like the 3
    than the 2 (taught with a wedge of the cloth, it was named nothing, and before that the 3) is
    read as the 2."""
    deck, frames, _empty = bench_deck("b", 391, 1)
    frame, shown = frames[7]
    assert shown == {"M2"} and "M2" in deck.faces
    assert bench_reader("b", 391, 1).read(frame, "multicolor") == ["M2"]
