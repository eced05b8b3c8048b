"""Reading faces: a taught deck reads its cards back, names nothing when unsure, never a card
outside the variant, and nothing in frames without a face."""

from __future__ import annotations

import numpy as np
import pytest

import faces_synth_a
from conftest import CLASSIC
from companion.faces.deck_file import Deck
from companion.faces.finder import FACE_H, FACE_W, find_cards, upright_face
from companion.faces.reader import FaceReader
from companion.faces.teach import confusions, learn_face


@pytest.fixture(scope="module")
def reader(taught):
    return FaceReader(taught)


def test_a_taught_deck_reads_its_cards_back_and_never_another(reader, look):
    rng = np.random.default_rng(8)
    right, wrong = 0, []
    for card in CLASSIC:
        frame, _shown = faces_synth_a.table_frame(look, card, rng, mild=True)
        names = reader.read(frame, "classic")
        right += names == [card]
        wrong += [(card, name) for name in names if name != card]
    assert wrong == []
    assert right >= 22, right


@pytest.mark.parametrize("kind", faces_synth_a.NO_FACE)
def test_frames_without_a_face_name_nothing(reader, look, kind):
    rng = np.random.default_rng(30 + faces_synth_a.NO_FACE.index(kind))
    for _ in range(4):
        assert reader.read(faces_synth_a.empty_frame(look, rng, kind)) == []


def test_a_card_outside_the_variant_is_never_named(look):
    rng = np.random.default_rng(5)
    deck = Deck()
    for card in ("R1", "R2", "M1", "M2", "M3", "M4", "M5", "B3"):  # the multicolour suit whole
        assert learn_face(deck, card, faces_synth_a.teach_photo(look, card, rng))
    reader = FaceReader(deck)
    frame, _shown = faces_synth_a.table_frame(look, "M1", rng, mild=True)
    assert reader.read(frame, "multicolor") == ["M1"]
    assert reader.read(frame) == ["M1"]
    assert reader.read(frame, "classic") == []
    assert reader.read(frame, "no-such-variant") == []


def test_two_faces_taught_alike_are_named_by_the_self_check_and_never_read(look):
    rng = np.random.default_rng(6)
    deck = Deck()
    photo = faces_synth_a.teach_photo(look, "G4", rng)
    for card in ("G4", "G5"):
        assert learn_face(deck, card, photo)  # the same face taught as two cards
    for card in ("R1", "Y2"):
        assert learn_face(deck, card, faces_synth_a.teach_photo(look, card, rng))
    assert ("G4", "G5") in confusions(deck)
    frame, _shown = faces_synth_a.table_frame(look, "G4", rng, mild=True)
    assert FaceReader(deck).read(frame) == []


def test_the_self_check_of_a_clear_deck_finds_few_pairs(taught):
    assert len(confusions(taught)) <= 5


def test_an_empty_deck_or_odd_frames_name_nothing(reader, look):
    rng = np.random.default_rng(9)
    frame, _shown = faces_synth_a.table_frame(look, "R1", rng, mild=True)
    assert FaceReader(Deck()).read(frame) == []
    assert reader.read(frame[:, :, 0]) == []
    assert reader.read(np.zeros((4, 4, 3), np.uint8)) == []
    assert reader.read(None) == []


def test_a_photo_without_a_card_teaches_nothing(look):
    rng = np.random.default_rng(10)
    deck = Deck()
    assert not learn_face(deck, "R1", faces_synth_a.empty_frame(look, rng, "table"))
    assert len(deck) == 0


def test_a_card_is_found_and_put_upright_whatever_its_turn(look):
    import cv2

    rng = np.random.default_rng(11)
    frame, _shown = faces_synth_a.table_frame(look, "B2", rng, mild=True)
    faces = []
    for turn in (None, cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180):
        turned = frame if turn is None else cv2.rotate(frame, turn)
        quads = find_cards(turned)
        assert quads, turn
        face = upright_face(turned, quads[0])
        assert face.shape == (FACE_H, FACE_W, 3)
        faces.append(face.astype(np.float32))
    # the same card comes out the same way up, or exactly upside down
    for face in faces[1:]:
        same = min(np.abs(face - faces[0]).mean(), np.abs(face[::-1, ::-1] - faces[0]).mean())
        assert same < 12
