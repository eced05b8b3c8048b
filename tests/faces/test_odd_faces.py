"""A teach photo whose outline was not the card's (a block of the cloth, a wedge of it along one
side, the card's art) is found by its edge, unlike the rest of its suit, and taken again: by the
teach pass, the command line and the benchmark."""

from __future__ import annotations

import copy

import cv2
import numpy as np
import pytest

from conftest import bench_deck, bench_look, bench_photo, bench_reader
from companion.faces.deck_file import Deck, load_deck
from companion.faces.odd_faces import (DEPTH, PARTS, PARTS_UNLIKE, UNLIKE, edge_colour, edge_parts, odd_faces,
                                        unlike_its_suit)
from companion.faces.reader import FaceReader
from companion.faces.teach import learn_face
from companion.faces.teach_outline import pulled_in
from companion.faces.teach_pass import TeachPass
from companion.rules.cards import Card

# the benchmark's teach photos whose outline is not the card's: a square of striped cloth with
# the card turned inside it (corpus B, seed 60, deck 1: the blue 5), a block of checked cloth
# (seed 66, deck 0: the rainbow 4), and a red 2 taken before the suit could tell (seed 22,
# deck 4: found by the check at the end of the pass). The first and the last are not taught at
# all now, their outline found to be the cloth's round the card (teach_outline.cloth_round_a_card):
# their faces are taken from that outline, as the teach took them before
CLOTH = [("b", 60, 1, "B5"), ("b", 66, 0, "M4"), ("b", 22, 4, "R2")]


def photo_face(generator, seed, index, card):
    """A teach photo and the face its biggest outline gives (pulled in, as the teach pulls it)."""
    from companion.faces.finder import OutlineSearch, upright_face

    photo = bench_photo(generator, seed, index, card)
    return photo, upright_face(photo, pulled_in(photo, OutlineSearch(photo).cards()[0]))


@pytest.mark.parametrize("generator, seed, index, card", CLOTH)
def test_a_face_taught_from_the_cloth_is_unlike_its_suit(generator, seed, index, card):
    photo, face = photo_face(generator, seed, index, card)
    deck = bench_deck(generator, seed, index)[0]
    # the benchmark took the card again, from another photo: its deck has no odd face
    assert odd_faces(deck) == []
    assert not any(np.array_equal(face, taught) for taught in deck.faces[card])
    # the face is refused as the photo of its card, and found among the deck's faces
    assert unlike_its_suit(deck, card, face)
    without = Deck({name: list(faces) for name, faces in deck.faces.items() if name != card})
    assert not learn_face(without, card, photo)
    assert card not in without.faces
    with_it = copy.deepcopy(without)
    with_it.add(card, face)
    assert odd_faces(with_it) == [(card, 0)]
    # every other face of the suit is like the rest of it
    for other in deck.faces:
        if other[0] == card[0] and other != card:
            assert not unlike_its_suit(with_it, other, deck.faces[other][0])


# the benchmark's teach photos whose outline is the card's but for a part of its edge, so that the
# band as a whole keeps the suit's colour: a blue 4 outlined on its art, its starbursts reaching
# the face's edge (corpus A, seed 845, deck 1), a blue 5 with a wedge of the green cloth along its
# lower side (corpus B, seed 874, deck 5), and two rainbow 5s outlined inside the card, their ring
# cut by the outline (corpus A, seed 567, deck 3, and seed 603, deck 1). Taught so, a frame of each
# was read as another rank of its suit (the network's doubt set aside, which stops the last two):
# the frame, the card it shows, and what it is read as with the face taught
PART_OFF = [("a", 845, 1, "B4", 31, "B4", ["B5"]), ("b", 874, 5, "B5", 30, "B5", ["B4"]),
            ("a", 567, 3, "M5", 22, "M5", ["M4"]), ("a", 603, 1, "M5", 19, "M4", ["M5"])]


@pytest.mark.parametrize("generator, seed, index, card, frame_index, shown_card, misread", PART_OFF)
def test_a_face_whose_edge_is_off_the_card_in_a_part_is_unlike_its_suit(monkeypatch, generator, seed, index, card,
                                                                         frame_index, shown_card, misread):
    photo, face = photo_face(generator, seed, index, card)
    deck = bench_deck(generator, seed, index)[0]
    assert odd_faces(deck) == [] and not any(np.array_equal(face, taught) for taught in deck.faces[card])
    others = [faces for name, faces in deck.faces.items() if name[0] == card[0] and name != card]
    # the band as a whole is like that of every other card of the suit: a part of it is not
    assert all(any(np.linalg.norm(edge_colour(face) - edge_colour(f)) <= UNLIKE for f in faces) for faces in others)
    assert unlike_its_suit(deck, card, face)
    without = Deck({name: list(faces) for name, faces in deck.faces.items() if name != card})
    assert not learn_face(without, card, photo)
    with_it = copy.deepcopy(without)
    with_it.add(card, face)
    assert odd_faces(with_it) == [(card, 0)]
    # taught from another photo, the benchmark's deck reads the frame once misread right, with
    # the network's doubt and without it (so that the check is tested alone)
    _deck, frames, _empties = bench_deck(generator, seed, index)
    frame, shown = frames[frame_index]
    assert shown == {shown_card}
    reader = bench_reader(generator, seed, index)
    assert reader.read(frame, "multicolor") == [shown_card]
    monkeypatch.setattr(FaceReader, "_network_doubted", lambda *_args, **_kwargs: False)
    assert reader.read(frame, "multicolor") == [shown_card]
    # taught without the parts judged, the face is kept and the frame is misread (with the reader's
    # check of an outline held by the card's own set aside too: on seed 603 it stops the misread)
    monkeypatch.setattr("companion.faces.odd_faces._parts_unlike", lambda *judged: False)
    monkeypatch.setattr(FaceReader, "_held_figures_outvoted", lambda _self, read, _reads: read)
    assert FaceReader(bench_deck.__wrapped__(generator, seed, index)[0]).read(frame, "multicolor") == misread


def _plain(colour) -> np.ndarray:
    return np.full((90, 60, 3), colour, np.uint8)


def test_a_wedge_along_one_side_is_found_by_its_part_of_the_band():
    """A face of the suit's paper but for a wedge of dark cloth down half of one side: its band
    as a whole is the paper's, one part of it the cloth's."""
    wedge = _plain((200, 200, 200))
    for row in range(45, 90):  # the lower half of the left side, widening downwards
        wedge[row, :(row - 45) // 3 + 2] = (30, 60, 30)
    deck = Deck()
    for rank in range(1, 5):
        deck.add(f"R{rank}", _plain((200, 200, 200)))
    assert np.linalg.norm(edge_colour(wedge) - edge_colour(_plain((200, 200, 200)))) < UNLIKE
    assert unlike_its_suit(deck, "R5", wedge)
    deck.add("R5", wedge)
    assert odd_faces(deck) == [("R5", 0)]
    assert unlike_its_suit(deck, "R5", wedge[::-1, ::-1].copy())


def test_a_face_taught_upside_down_is_matched_turned_over():
    """A suit printed with a mark on one part of its edge (the top's left end): a face of it
    taught upside down has the mark at the bottom's right end, and its parts are matched with
    the other faces' turned over, so it is like its suit; a wedge of the cloth along a side of
    it still is not."""
    design = _plain((200, 200, 200))
    design[1:6, 8:30] = (40, 40, 160)
    deck = Deck()
    for rank in range(1, 5):
        deck.add(f"R{rank}", design)
    turned = design[::-1, ::-1].copy()
    assert np.linalg.norm(edge_parts(turned)[0] - edge_parts(design)[0], axis=1).mean() > PARTS_UNLIKE
    assert not unlike_its_suit(deck, "R5", turned)
    for row in range(45, 90):
        turned[row, :(row - 45) // 3 + 2] = (30, 60, 30)
    assert unlike_its_suit(deck, "R5", turned)


def test_a_suit_whose_edge_differs_from_card_to_card_is_judged_against_that_spread(monkeypatch):
    """A rainbow suit striped across its cards, the stripes lying elsewhere along each card's edge
    (corpus B's first look drawn from seed 2013, apart from the benchmark's decks): the rainbow 2's
    parts are 31-49 from those of three of the four other rainbow cards (beyond PARTS_UNLIKE), but
    within PARTS_SPREAD times the suit's spread (the middle of 8-14), and it is not unlike its suit;
    judged by PARTS_UNLIKE alone, it would be. The one face unlike its suit is a blue 4 outlined on
    the white disc of its art."""
    import faces_synth_b
    from bench_faces import CARDS, draw_look

    _look, photos = draw_look(faces_synth_b, np.random.default_rng(2013))
    deck = Deck()
    for card, photo in zip(CARDS, photos):
        learn_face(deck, card, photo, check_edge=False)
    assert odd_faces(deck) == [("B4", 0)]
    monkeypatch.setattr("companion.faces.odd_faces.PARTS_SPREAD", 0.0)
    assert sorted(odd_faces(deck)) == [("B4", 0), ("M2", 0)]


def test_edge_parts_are_the_middle_colours_of_each_row_in_from_each_sides_edge_in_parts_clockwise():
    """Each of the eight parts painted its own colour on rows 1-5 in from the edge: the parts
    come clockwise from the top's left end, each side's from the end the clockwise way reaches
    first, row 0 at the face's edge."""
    face = _plain((200, 200, 200))
    h, w = face.shape[:2]
    top, bottom = (slice(1, 6), slice(h - 6, h - 1))
    left, right = (slice(1, 6), slice(w - 6, w - 1))
    first_half, second_half = slice(8, 30), slice(30, 52)  # along the top and the bottom
    upper, lower = slice(8, 45), slice(45, 82)  # along the sides
    painted = [(top, first_half), (top, second_half), (upper, right), (lower, right),
               (bottom, second_half), (bottom, first_half), (lower, left), (upper, left)]
    colours = [(0, 0, 255), (0, 255, 0), (255, 0, 0), (0, 255, 255), (255, 0, 255), (255, 255, 0),
               (0, 0, 0), (0, 128, 255)]
    for (rows, cols), bgr in zip(painted, colours):
        face[rows, cols] = bgr
    parts = edge_parts(face)

    def lab(bgr):
        return cv2.cvtColor(np.full((1, 1, 3), bgr, np.uint8), cv2.COLOR_BGR2LAB)[0, 0].astype(np.float32)
    assert parts.shape == (4 * PARTS, DEPTH, 3) == (8, 8, 3)
    for part, bgr in enumerate(colours):
        assert all(np.array_equal(parts[part, row], lab(bgr)) for row in range(1, 6)), part
        assert all(np.array_equal(parts[part, row], lab((200, 200, 200))) for row in (0, 6, 7)), part


@pytest.mark.parametrize("generator, seed, index", [("a", 1, 2), ("a", 1, 4), ("b", 1, 0)])
def test_no_face_taught_from_its_card_is_odd(generator, seed, index):
    """Every teach photo of a deck (cards filled with their suit's colour, dark cards, another
    corpus's), learned without the check, gives faces like the rest of their suit."""
    from bench_faces import CARDS

    _gen, _rng, _look, photos = bench_look(generator, seed, index)
    deck = Deck()
    for card, photo in zip(CARDS, photos):
        learn_face(deck, card, photo, check_edge=False)
    assert len(deck.cards()) >= 28 and odd_faces(deck) == []


def test_a_suit_with_fewer_than_two_other_cards_taught_is_not_judged():
    face = np.full((90, 60, 3), 200, np.uint8)
    cloth = np.zeros((90, 60, 3), np.uint8)
    cloth[::4] = 255  # stripes
    deck = Deck()
    deck.add("R1", face)
    assert not unlike_its_suit(deck, "R2", cloth)
    deck.add("R2", face)
    assert unlike_its_suit(deck, "R3", cloth)
    assert not unlike_its_suit(deck, "R3", face)
    assert not unlike_its_suit(deck, "Y1", cloth)  # another suit
    deck.add("R3", cloth)
    assert odd_faces(deck) == [("R3", 0)]
    # two cards like the odd one are no longer odd: most of the suit is like them
    deck.add("R4", cloth)
    deck.add("R5", cloth)
    assert odd_faces(deck) == [("R1", 0), ("R2", 0)]


def test_edge_colour_is_the_middle_colour_of_the_band_inside_the_edge_without_the_corners():
    face = np.random.default_rng(3).integers(0, 256, (90, 60, 3), dtype=np.uint8)
    band = np.zeros((90, 60), bool)
    band[1:89, 1:59] = True
    band[6:84, 6:54] = False
    for rows in (slice(0, 8), slice(82, 90)):
        for columns in (slice(0, 8), slice(52, 60)):
            band[rows, columns] = False
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB).astype(np.float32)
    assert np.array_equal(edge_colour(face), np.median(lab[band], axis=0))


def test_taking_faces_out_of_a_deck_says_which_cards_are_left_with_none():
    deck = Deck()
    for card, value in (("R1", 10), ("R1", 20), ("R2", 30)):
        deck.add(card, np.full((90, 60, 3), value, np.uint8))
    assert deck.take_out(iter([("R1", 0), ("R2", 0), ("Y3", 0)])) == ["R2"]
    assert list(deck.faces) == ["R1"] and [int(f[0, 0, 0]) for f in deck.faces["R1"]] == [20]


@pytest.mark.parametrize("generator, seed, index, card, why", [
    CLOTH[1] + ("the outline found is not the card's (just inside it, the colour is unlike the other cards of its "
                "suit): take it again on a plain cloth",),
    CLOTH[0] + ("the outline found is the cloth's, round the card (a checked or striped cloth): take it again on "
                "a plain cloth",)])
def test_the_command_line_leaves_out_a_photo_of_the_cloth(tmp_path, capsys, generator, seed, index, card, why):
    """Found by its edge once the suit is read, or not taken at all where the outline is the
    cloth's round the card."""
    from companion.cli import main

    suit = [f"{card[0]}{rank}" for rank in range(1, 6)]
    folder = tmp_path / "photos"
    folder.mkdir()
    for name in suit:
        cv2.imwrite(str(folder / f"{name}.png"), bench_photo(generator, seed, index, name))
    code = main(["teach", str(folder), "--out", str(tmp_path / "ours.deck")])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in out + err
    assert err.strip().splitlines() == [f"{card}.png: not used: {why}"]
    kept = [name for name in suit if name != card]
    assert f"Learned 4 faces from 4 photos: {' '.join(kept)}" in out
    assert sorted(load_deck(tmp_path / "ours.deck").faces) == kept


@pytest.mark.parametrize("generator, seed, index, card", CLOTH[2:])
def test_the_teach_pass_asks_again_for_a_face_taken_from_the_cloth(generator, seed, index, card):
    """Taken before the suit could tell (the first cards of a suit are taken before there is a
    suit to compare them with), the face is taken out at the check and asked for again."""
    deck = copy.deepcopy(bench_deck(generator, seed, index)[0])
    _photo, face = photo_face(generator, seed, index, card)
    deck.faces[card] = [face]
    cards = [Card(name[0], int(name[1])) for name in deck.faces]
    pass_ = TeachPass("multicolor", deck=deck, taken=cards, confusions=lambda d: [])
    assert pass_.complete
    pass_.check()
    wanted = Card(card[0], int(card[1]))
    assert pass_.unlike == [wanted] and pass_.again == [wanted] and pass_.current == wanted
    assert card not in pass_.deck.faces and not pass_.complete and pass_.phase == "teaching"


def test_faces_mixed_up_while_a_photo_of_the_cloth_was_in_the_deck_are_asked_at_the_next_check():
    """The pairs a check reads back with a photo of the cloth in the deck wait for the check
    after its new photo, which still asks for another photo of each (once)."""
    face, cloth = np.full((90, 60, 3), 200, np.uint8), np.zeros((90, 60, 3), np.uint8)
    cloth[::4] = 255
    deck = Deck()
    for rank in range(1, 6):
        deck.add(f"R{rank}", cloth if rank == 1 else face)
    pairs = [("R2", "R3")]
    pass_ = TeachPass("classic", deck=deck, taken=[Card("R", r) for r in range(1, 6)],
                      confusions=lambda d: list(pairs))
    pass_.check()
    assert pass_.unlike == [Card("R", 1)] and pass_.confused == [] and pass_.again == [Card("R", 1)]
    pass_.deck.add("R1", face)  # its new photo, taken as the pass takes it
    pass_.taken.append(Card("R", 1))
    pass_.again.clear()
    pass_.check()
    assert pass_.unlike == [] and pass_.confused == [(Card("R", 2), Card("R", 3))]
    assert pass_.again == [Card("R", 2), Card("R", 3)] and pass_.phase == "teaching"
