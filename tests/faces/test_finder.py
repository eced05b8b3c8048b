"""The card finder on frames where a card's outline does not close by itself, drawn by the
benchmark's generators (bench/faces_synth_a.py, bench/faces_synth_b.py) with the card's true
corners: a finger across a side, a striped card on a striped cloth, a sheen across a card, a
thumb over a striped card, a rainbow card on a checked cloth. Each was a frame where no
outline near the card was found."""

from __future__ import annotations

import cv2
import faces_synth_a
import faces_synth_b
from card_truth import MATCH, corner_error, short_side  # every corner within MATCH of the short side
import numpy as np
import pytest

from companion.faces import finder, side_lines, standing_out
from companion.faces.finder import FACE_H, FACE_W, MAX_ASPECT, MIN_ASPECT, OutlineSearch, find_cards
from companion.faces.teach import taught_faces


def _frame(gen, card: str, seed: int):
    rng = np.random.default_rng(seed)
    look = gen.make_deck(rng)
    frame, shown, corners = gen.table_frame(look, card, rng, with_corners=True)
    assert shown == {card}
    return frame, corners


@pytest.mark.parametrize("gen, card, seed", [
    (faces_synth_a, "R3", 144),  # a finger across a long side of a dark card
    (faces_synth_a, "R3", 290),  # a finger across a short side, on a light table
    (faces_synth_a, "R3", 390),  # a finger across a side of a big light card
    (faces_synth_b, "M2", 14),  # a striped card on a striped cloth, a sheen beside it
    (faces_synth_b, "M2", 25),  # a sheen band across the card and its sides
    (faces_synth_b, "M2", 48),  # a thumb over a striped card
], ids=["finger-long-side", "finger-short-side", "finger-big-card", "stripes-on-stripes", "sheen", "thumb"])
def test_a_card_whose_outline_does_not_close_is_found_with_its_corners(gen, card, seed):
    frame, corners = _frame(gen, card, seed)
    quads = find_cards(frame)
    errors = [corner_error(q, corners) for q in quads]
    assert errors and min(errors) < MATCH * short_side(corners), errors
    assert len(quads) <= 2  # the card, and at most its border's outline: no flood of outlines


@pytest.mark.parametrize("gen, card, seed", [
    (faces_synth_a, "G3", 92),  # a light card, its figure in the corner
    (faces_synth_b, "G3", 48),  # its rank's bars against a long side
    (faces_synth_b, "W3", 5),  # its rank's bars against the top, on a checked cloth
], ids=["light-card", "bars-on-the-side", "bars-on-the-top"])
def test_a_card_whose_figure_runs_into_its_edge_is_found_with_all_four_corners(gen, card, seed):
    """The card's outline turns along its figure where the figure touches the edge: the quad
    where it turns cuts a corner off the card. The least rectangle around the outline runs
    along the card's edges instead, and is its outline."""
    frame, corners = _frame(gen, card, seed)
    errors = [corner_error(q, corners) for q in find_cards(frame)]
    assert errors and min(errors) < MATCH * short_side(corners), errors


def test_asking_for_the_corners_changes_no_frame_and_no_teach_photo():
    for gen in (faces_synth_a, faces_synth_b):
        plain = gen.table_frame(gen.make_deck(np.random.default_rng(3)), "B4", np.random.default_rng(4))
        full = gen.table_frame(gen.make_deck(np.random.default_rng(3)), "B4", np.random.default_rng(4),
                               with_corners=True)
        assert len(plain) == 2 and len(full) == 3
        assert np.array_equal(plain[0], full[0]) and plain[1] == full[1]
        assert full[2].shape == (4, 2) and full[2].dtype == np.float32
        photo = gen.teach_photo(gen.make_deck(np.random.default_rng(3)), "B4", np.random.default_rng(4))
        same, corners = gen.teach_photo(gen.make_deck(np.random.default_rng(3)), "B4", np.random.default_rng(4),
                                        with_corners=True)
        assert np.array_equal(photo, same) and corners.shape == (4, 2)
        # the corners are where the card lies (its own corners rounded or cut, its outline a little in)
        assert min(corner_error(q, corners) for q in find_cards(photo)) < 0.1 * short_side(corners)


@pytest.mark.parametrize("gen, seed", [
    (faces_synth_b, 44),  # a card on a striped cloth, a sheen across both
    (faces_synth_b, 76),  # a striped rainbow card on a checked cloth
], ids=["striped-cloth-sheen", "rainbow-on-checks"])
def test_a_card_lost_among_the_cloths_edges_is_found_by_its_colours(gen, seed):
    frame, corners = _frame(gen, "M3", seed)
    search = OutlineSearch(frame)
    assert search.cards(fallback=False) == []  # no edge gives an outline: the frame's point
    quads = find_cards(frame)
    errors = [corner_error(q, corners) for q in quads]
    assert errors and min(errors) < MATCH * short_side(corners), errors
    assert len(quads) <= 2


def test_a_card_a_finger_lies_across_stands_out_without_the_finger():
    """A finger across a card's side stands out from the cloth with the card: one blob, the
    card with an arm off its side, no card's shape. Opened by a disc half as wide as the blob's
    thickest part (the card), the arm goes and the card's outline is found."""
    rng = np.random.default_rng(5)
    frame = np.clip(rng.normal(0, 6, (480, 640, 3)) + (70, 120, 70), 0, 255).astype(np.uint8)
    corners = cv2.boxPoints(((330.0, 250.0), (120.0, 176.0), 24.0)).astype(np.float32)
    cv2.fillConvexPoly(frame, corners.astype(np.int32), (225, 232, 236))
    cv2.circle(frame, (330, 250), 30, (40, 40, 200), 6)
    cv2.line(frame, (120, 330), (320, 280), (120, 150, 215), 34)  # the finger, from outside the card
    search = OutlineSearch(frame)
    limit = MATCH * short_side(corners)
    assert all(corner_error(q, corners) >= limit for q in search.cards(fallback=False))  # the frame's point
    assert search.standing_out() == []  # as a teach photo, asked again
    more = search.standing_out(without_arms=True)
    assert len(more) == 1 and corner_error(more[0], corners) < limit


@pytest.mark.parametrize("finger", [14, 34, 50])
def test_a_blob_without_its_arms_is_what_an_opening_by_the_disc_leaves(finger):
    """A card-sized blob with an arm off it (a finger `finger` pixels wide) is no card's shape.
    Its arms are taken off by a disc half as wide as the card, made of two distance transforms
    (what lies deeper in the blob than the disc's radius, grown back by that radius), whose cost
    does not grow with the disc: the card left is the one a morphological opening by the disc
    leaves, within a pixel, and the card's own rectangle, within a few."""
    blob = np.zeros((320, 420), np.uint8)
    card = ((210.0, 160.0), (120.0, 176.0), 24.0)
    cv2.fillConvexPoly(blob, cv2.boxPoints(card).astype(np.int32), 1)
    cv2.line(blob, (5, 250), (210, 190), 1, finger)
    contour = max(cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0], key=cv2.contourArea)
    sizes = (60.0, 200.0, (MIN_ASPECT, MAX_ASPECT))
    assert standing_out._card_like(contour, *sizes) is None  # the frame's point
    parts = standing_out._without_arms(contour, *sizes)
    width = 2 * float(cv2.distanceTransform(blob, cv2.DIST_L2, cv2.DIST_MASK_PRECISE).max())
    k = 2 * round(standing_out.ARM_SHARE * width / 2) + 1
    opened = cv2.morphologyEx(blob, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    expected = [part for part in cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0]
                if standing_out._card_like(part, *sizes)]
    assert len(parts) == len(expected) == 1
    (centre, size, _angle), (want_centre, want_size, _) = cv2.minAreaRect(parts[0]), cv2.minAreaRect(expected[0])
    assert np.abs(np.subtract(centre, want_centre)).max() <= 1.0
    assert np.abs(np.subtract(sorted(size), sorted(want_size))).max() <= 1.0
    assert np.abs(np.subtract(centre, card[0])).max() <= 2.0  # a wide arm leaves a little of its root
    assert np.abs(np.subtract(sorted(size), card[1])).max() <= 3.0


@pytest.mark.parametrize("seed", [58, 113], ids=["edges-outline-the-art", "edges-run-up-a-thumb"])
def test_a_second_look_by_colour_finds_a_card_whose_edges_gave_an_outline_off(seed):
    frame, corners = _frame(faces_synth_a, "M3", seed)
    search = OutlineSearch(frame)
    by_edges = search.cards(fallback=False)
    more = search.standing_out(by_edges)
    assert min(corner_error(q, corners) for q in more) < MATCH * short_side(corners)
    # none of the second look's outlines is one the edges gave already
    assert not any(np.abs(q - k).max() < 1.0 for q in more for k in by_edges)


@pytest.mark.parametrize("gen, seed", [
    (faces_synth_a, 112),  # a dark card on a pink speckled cloth: the edges outline half of it
    (faces_synth_b, 73),  # a black card on a dark red cloth: the edges' outline is off
], ids=["dark-card-half-outlined", "black-on-dark-red"])
def test_a_dark_card_on_a_dark_cloth_is_found_by_its_faint_edges(gen, seed):
    frame, corners = _frame(gen, "B3", seed)
    search = OutlineSearch(frame)
    by_edges = search.cards(fallback=False)
    more = search.standing_out(by_edges)
    limit = MATCH * short_side(corners)
    assert all(corner_error(q, corners) >= limit for q in by_edges + more)  # the frame's point
    faint = search.faint(by_edges + more)
    assert min(corner_error(q, corners) for q in faint) < limit
    assert len(faint) <= 2
    assert not any(np.abs(q - k).max() < 1.0 for q in faint for k in by_edges + more)


@pytest.mark.parametrize("gen, seed", [
    (faces_synth_a, 47),  # a dark green card on a dark grainy cloth
    (faces_synth_a, 293),  # a dark teal card on a dark green weave
    (faces_synth_b, 351),  # a dark blue card on a checked cloth, a sheen across it
], ids=["green-on-grain", "teal-on-weave", "dark-on-checks"])
def test_a_dark_card_lost_to_every_other_look_differs_from_the_cloth_in_colour_and_grain(gen, seed):
    """Its colours are among the cloth's and its faint edges are lost in the weave: no other look
    outlines anything. The card is smooth and the cloth grainy, and the card's colour, averaged
    over a few pixels, is not the cloth's: what differs from the cloth in both outlines it."""
    frame, corners = _frame(gen, "B3", seed)
    search = OutlineSearch(frame)
    known = search.cards(fallback=False)
    known += search.standing_out(known, without_arms=True)
    known += search.faint(known)
    assert known == []  # the frame's point
    unlike = search.unlike_cloth()
    assert min(corner_error(q, corners) for q in unlike) < MATCH * short_side(corners)
    assert len(unlike) <= 2


@pytest.mark.parametrize("gen, seed, module, setting, value", [
    # a dark card on a pale grainy cloth: its sides run along the picture's edges for only about
    # half their length (the weave's edges run into them)
    (faces_synth_a, 551, finder, "UNLIKE_MIN_SUPPORT", finder.MIN_SUPPORT),
    # a blue card on a dark striped cloth, a finger across its side: the card and the finger
    # differ from the cloth as one blob of no card's shape, and the card is that blob without
    # its arms (standing_out's)
    (faces_synth_b, 732, standing_out, "_without_arms", lambda *args: []),
], ids=["half-its-sides-on-an-edge", "a-finger-cut-off"])
def test_a_card_other_looks_outline_off_is_outlined_by_what_differs_from_the_cloth(gen, seed, module, setting,
                                                                                  value, monkeypatch):
    """The other looks give outlines, none of them the card's: what differs from the cloth
    outlines the card, and without what the case needs (`setting` of `module`), nothing near it."""
    frame, corners = _frame(gen, "B3", seed)
    search = OutlineSearch(frame)
    limit = MATCH * short_side(corners)
    known = search.cards(fallback=False)
    known += search.standing_out(known, without_arms=True)
    known += search.faint(known)
    assert known and all(corner_error(q, corners) >= limit for q in known)  # the frame's point
    assert min(corner_error(q, corners) for q in search.unlike_cloth(known)) < limit
    monkeypatch.setattr(module, setting, value)
    assert all(corner_error(q, corners) >= limit for q in OutlineSearch(frame).unlike_cloth(known))


@pytest.mark.parametrize("gen", [faces_synth_a, faces_synth_b], ids=["corpus-a", "corpus-b"])
def test_an_empty_table_differs_from_its_cloth_nowhere_card_shaped(gen):
    """Thirty empty tables of each corpus's cloths (grain, weave, checks, stripes, under every
    lamp): what differs from the cloth in colour and grain outlines nothing on any."""
    rng = np.random.default_rng(3)
    for _ in range(30):
        frame = gen.empty_frame(gen.make_deck(rng), rng, "table")
        assert OutlineSearch(frame).unlike_cloth() == []


@pytest.mark.parametrize("seed", [1, 33, 36])
def test_a_rainbow_cards_teach_photo_on_a_checked_cloth_teaches_its_face(seed):
    rng = np.random.default_rng(seed)
    look = faces_synth_b.make_deck(rng)
    photo = faces_synth_b.teach_photo(look, "M2", rng)
    faces = taught_faces(photo)
    assert faces, "no card found in the teach photo"

    def apart(face, card):
        drawn = cv2.resize(look.face(card), (FACE_W, FACE_H), interpolation=cv2.INTER_AREA).astype(np.float32)
        small = face.astype(np.float32)
        return min(float(np.abs(small - drawn).mean()), float(np.abs(small[::-1, ::-1] - drawn).mean()))

    # the face taught is the card's, not a patch of cloth: nearer its own drawing than any
    # other suit's
    assert all(apart(faces[0], "M2") < apart(faces[0], other) for other in ("R2", "Y2", "G2", "B2", "W2"))


@pytest.mark.parametrize("edges", [np.zeros((240, 320), np.uint8), np.full((240, 320), 255, np.uint8)[:0]],
                         ids=["no-edge", "empty-map"])
def test_an_edge_map_with_no_straight_run_has_no_line(edges):
    # OpenCV 5.1's Hough transform gives an empty array where earlier releases gave None
    lines = side_lines.straight_lines(edges, 40.0)
    assert lines.shape == (0, 6)


def test_a_plain_frame_has_no_card_and_every_look_of_the_search_finds_none():
    frame = np.full((480, 640, 3), (60, 90, 40), np.uint8)
    search = OutlineSearch(frame)
    first = search.cards(fallback=False)
    assert first == []
    assert search.standing_out(first) == [] and search.faint(first) == []
    assert find_cards(frame) == []


def _card_on_cloth() -> tuple[np.ndarray, np.ndarray]:
    """A cream card with a red disc, turned a little, on a green cloth with some grain: the
    frame and the card's corners (clockwise from its top left)."""
    rng = np.random.default_rng(5)
    frame = np.clip(rng.normal((60, 120, 50), 6, (480, 640, 3)), 0, 255).astype(np.uint8)
    corners = cv2.boxPoints(((320.0, 240.0), (150.0, 225.0), 12.0)).astype(np.float32)
    corners = finder.ordered(corners)
    cv2.fillConvexPoly(frame, corners.astype(np.int32), (200, 225, 235))
    cv2.circle(frame, (320, 240), 40, (40, 40, 200), -1)
    return frame, corners


def test_past_a_cards_own_edge_lies_the_cloth_and_past_a_cut_across_it_the_card():
    frame, corners = _card_on_cloth()
    search = OutlineSearch(frame)
    assert max(search.beyond_sides(corners)) < 0.1
    # the card's top half: its third side runs across the card
    half = np.float32([corners[0], corners[1], (corners[1] + corners[2]) / 2, (corners[3] + corners[0]) / 2])
    shares = search.beyond_sides(half)
    assert shares[2] > 0.95
    assert max(shares[0], shares[1], shares[3]) < 0.1


def test_a_side_whose_strip_lies_off_the_frame_gives_nothing():
    frame, corners = _card_on_cloth()
    off = corners + np.float32([0, 240 - corners[:, 1].min() + 400])  # below the frame
    assert OutlineSearch(frame).beyond_sides(off) == [0.0] * 4
    # the card's top half in a frame cut off just below it: past its cut side, nothing to see
    half = np.float32([corners[0], corners[1], (corners[1] + corners[2]) / 2, (corners[3] + corners[0]) / 2])
    cut = frame[:int(np.ceil(half[2:, 1].max())) + 2]
    shares = OutlineSearch(cut).beyond_sides(half)
    assert shares[2] == 0.0
    assert max(shares[0], shares[1], shares[3]) < 0.1  # the other sides still measured


def test_a_side_of_no_length_has_no_strip():
    frame, corners = _card_on_cloth()
    folded = np.float32([corners[0], corners[1], corners[2], corners[2]])
    assert OutlineSearch(frame).beyond_sides(folded)[2] == 0.0


@pytest.mark.parametrize("gen, seed, size", [(faces_synth_a, 3, None), (faces_synth_b, 4, None),
                                             (faces_synth_b, 6, (722, 481))],
                         ids=["corpus-a", "corpus-b", "odd-size"])
def test_the_cloth_asked_at_points_agrees_with_its_whole_mask(gen, seed, size):
    """standing_out.Cloth makes its mask only round the points it is asked at: each point
    stands out there as it does in the mask of the whole picture (a picture of an odd size too,
    whose half is not half of it exactly), and a point off the picture is -1."""
    rng = np.random.default_rng(seed)
    look = gen.make_deck(rng)
    for _ in range(4):
        frame, _shown = gen.table_frame(look, "R3", rng)
        if size is not None:
            frame = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
        lab = OutlineSearch(frame)._prepared.lab
        cloth = standing_out.Cloth(lab)
        whole = cloth.standing()
        h, w = whole.shape
        for _patch in range(20):  # points near one another, as along a side
            x0, y0 = rng.uniform(0, w - 40), rng.uniform(0, h - 40)
            points = np.stack([rng.uniform(x0, x0 + 40, 15), rng.uniform(y0, y0 + 40, 15)], axis=1)
            at = cloth.standing_at(points)
            x, y = np.round(points[:, 0]).astype(int), np.round(points[:, 1]).astype(int)
            assert np.array_equal(at, whole[y, x].astype(np.int8))
        edge = np.float32([[w - 1, h - 1], [0, 0], [w - 1, 0], [w + 3, 10], [-2, h - 1]])
        at = cloth.standing_at(edge)
        assert at[:3].tolist() == whole[[h - 1, 0, 0], [w - 1, 0, w - 1]].tolist() and at[3:].tolist() == [-1, -1]
