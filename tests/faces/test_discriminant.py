"""The learned judge of the face reader: views a camera might give of a taught face, and the
discriminant that tells two faces of one suit apart by their figure, not by the lamp."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from conftest import CLASSIC
from companion.faces.discriminant import FaceModel, parts
from companion.faces.finder import FACE_H, FACE_W
from companion.faces.pixel_judge import MIN_EVIDENCE, PixelJudge
from companion.faces.reader import FaceReader
from companion.faces.variations import variation, variations


@pytest.fixture(scope="module")
def model(taught):
    reader = PixelJudge(taught)
    return reader, reader.model


def _seen_at_the_table(face: np.ndarray) -> list[np.ndarray]:
    """The face under a warm lamp and blurred, under a cold one and darker, and moved by a
    pixel or two: views no taught photo shows."""
    f = face.astype(np.float32)
    warm = cv2.GaussianBlur(f * np.float32([0.75, 0.95, 1.15]), (0, 0), 1.2)
    cold = f * np.float32([1.1, 1.0, 0.85]) * 0.7
    shifted = cv2.warpAffine(f, np.float32([[1.02, 0, -1.5], [0, 1.02, 1.0]]), (FACE_W, FACE_H),
                             borderMode=cv2.BORDER_REPLICATE)
    return [np.clip(x, 0, 255).astype(np.uint8) for x in (warm, cold, shifted)]


def test_views_are_faces_of_the_same_size_and_the_same_for_the_same_seed(taught):
    face = taught.faces["R2"][0]
    first, again = variations(face, 5, seed=3), variations(face, 5, seed=3)
    assert all(v.shape == face.shape and v.dtype == np.uint8 for v in first)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not np.array_equal(first[0], variations(face, 1, seed=4)[0])
    # a view is the face, changed, not another picture
    grey = face.mean(axis=2).ravel()
    for view in first:
        assert not np.array_equal(view, face)
        assert np.corrcoef(view.mean(axis=2).ravel(), grey)[0, 1] > 0.4


def test_every_face_is_seen_under_the_same_lamps_blurs_and_shifts_as_drawn_one_by_one(taught):
    """The views of every face are drawn once for a size, count and seed: each is what drawing
    it from the seed's generator, view after view, gives for that face."""
    for card in ("R2", "W5"):
        face = taught.faces[card][0]
        rng = np.random.default_rng(7)
        assert all(np.array_equal(view, variation(face, rng)) for view in variations(face, 6, seed=7)), card
    # another size draws its own views
    small = cv2.resize(taught.faces["R2"][0], (FACE_W // 2, FACE_H // 2))
    assert all(view.shape == small.shape for view in variations(small, 3, seed=7))
    # the same lamps as ever: a card's learned model does not change with how the views are drawn
    # (each view's mean colour, as the views drawn face by face gave it; a platform's rounding of a
    # warp or a blur moves it by far less than the tolerance, another lamp by far more)
    plain = np.zeros((FACE_H, FACE_W, 3), np.uint8)
    plain[:] = (60, 140, 200)
    cv2.rectangle(plain, (10, 20), (49, 69), (230, 230, 230), -1)
    cv2.circle(plain, (30, 45), 12, (20, 40, 160), -1)
    means = [view.reshape(-1, 3).mean(axis=0) for view in variations(plain, 4, seed=7)]
    assert np.allclose(means, [[91.36, 127.74, 160.17], [129.16, 197.02, 232.03], [127.35, 160.05, 234.03],
                               [64.91, 120.12, 216.08]], atol=0.1)


def test_every_taught_face_seen_another_time_is_nearest_its_own_card_by_a_clear_margin(model, taught):
    reader, learned = model
    assert learned is not None
    for index, card in enumerate(reader.cards):
        for face in taught.faces[card]:
            for view in _seen_at_the_table(face):
                parts_ = learned.verdicts(view)
                total = sum(part.distance for part in parts_)
                others = np.delete(total, index)
                assert others.min() - total[index] >= MIN_EVIDENCE, (card, reader.cards[int(np.argmin(total))])


def test_a_face_upside_down_is_judged_as_the_same_card(model, taught):
    reader, learned = model
    for card in ("R1", "B3", "Y5"):
        face = taught.faces[card][0]
        assert reader.learned(face) == reader.cards.index(card)
        assert reader.learned(np.ascontiguousarray(face[::-1, ::-1])) == reader.cards.index(card)


def test_two_ranks_of_one_suit_differ_in_the_discriminant_more_than_a_lamp_changes_one(model, taught):
    """What the discriminant is for: a 2 under two lamps stays closer to itself than to a 3."""
    reader, learned = model
    two, three = reader.cards.index("G2"), reader.cards.index("G3")
    warm, cold, _ = _seen_at_the_table(taught.faces["G2"][0])
    for view in (warm, cold):
        whole, first, second = learned.verdicts(view)
        assert whole.distance[two] < whole.distance[three]
        assert min(first.distance[two], second.distance[two]) < min(first.distance[three], second.distance[three])


def test_a_blank_card_shaped_face_is_not_named_by_the_discriminant(model):
    """A white notebook or a blank card passes for a white 1 under some lamp (the first judge
    lets the colour through); the figure that is missing keeps the second from naming it."""
    reader, _learned = model
    for level in (200, 235, 250):
        blank = np.full((FACE_H, FACE_W, 3), level, np.uint8)
        assert reader.learned(blank) is None


def test_the_parts_of_a_face_turned_are_its_parts_turned(taught):
    face = taught.faces["W4"][0]
    whole, first, second = parts(face)
    t_whole, t_first, t_second = parts(np.ascontiguousarray(face[::-1, ::-1]))
    assert np.allclose(t_first, second, atol=1e-5) and np.allclose(t_second, first, atol=1e-5)
    assert np.allclose(t_whole.reshape(3, -1)[:, ::-1], whole.reshape(3, -1), atol=1e-5)


def test_a_deck_of_every_classic_face_is_learned(taught):
    faces = [face for card in CLASSIC for face in taught.faces[card]]
    labels = [i for i, card in enumerate(CLASSIC) for _ in taught.faces[card]]
    learned = FaceModel(faces, labels, views=4)
    assert learned.cards == len(CLASSIC)
    assert learned.whole.typical > 0 and learned.corner.typical > 0


def test_two_names_taught_the_same_picture_are_never_told_apart(taught):
    """Views of every face are made alike, so two faces alike stay alike: no chance difference
    between their views may pass for evidence."""
    from companion.faces.deck_file import Deck

    deck = Deck()
    for card in ("R1", "R2", "B3", "G4"):
        deck.add(card, taught.faces["R1" if card in ("R1", "R2") else card][0])
    reader = PixelJudge(deck)
    for view in _seen_at_the_table(taught.faces["R1"][0]) + [taught.faces["R1"][0]]:
        assert reader.learned(view) is None


@pytest.mark.parametrize("generator, seed, taught_cards", [
    ("faces_synth_b", 5, ("R1",)), ("faces_synth_a", 9, ("R1",)), ("faces_synth_b", 5, ("R2", "R3")),
    ("faces_synth_a", 4, ("R2", "R3"))])
def test_a_deck_taught_in_part_never_names_an_untaught_card_of_the_same_suit(generator, seed, taught_cards):
    """A teach pass finished early leaves a deck of a few faces: a card it was never shown is
    not named as one it was (a suit is read once all its faces are taught)."""
    import importlib

    from companion.faces.deck_file import Deck
    from companion.faces.teach import learn_face

    gen = importlib.import_module(generator)
    rng = np.random.default_rng(seed)
    look = gen.make_deck(rng)
    deck = Deck()
    for card in taught_cards:
        assert learn_face(deck, card, gen.teach_photo(look, card, rng))
    reader = FaceReader(deck)
    wrong = []
    for card in ("R1", "R2", "R3", "R4", "R5", "Y1", "W1", "W2", "M1"):
        for _ in range(6):
            frame, _shown = gen.table_frame(look, card, rng)
            wrong += [(card, name) for name in reader.read(frame, "multicolor") if name != card]
    assert wrong == []


def test_a_suit_taught_whole_is_read_beside_suits_not_taught(taught, look):
    import faces_synth_a
    from companion.faces.deck_file import Deck

    deck = Deck()
    for card in ("B1", "B2", "B3", "B4", "B5", "G1"):
        for face in taught.faces[card]:
            deck.add(card, face)
    reader = FaceReader(deck)
    rng = np.random.default_rng(12)
    named = []
    for card in ("B2", "B4", "G1", "G3"):
        for _ in range(3):
            frame, _shown = faces_synth_a.table_frame(look, card, rng, mild=True)
            named += [(card, name) for name in reader.read(frame, "classic")]
    assert all(card == name for card, name in named), named
    assert {card for card, _name in named} >= {"B2", "B4"}  # blue is whole: read
    assert not {card for card, _name in named} & {"G1", "G3"}  # green is not: never named


def test_a_margin_against_some_cards_only_weighs_those():
    """PartVerdict.margin: by how much the card is nearer than the nearest other card, or
    than the nearest of the cards asked about (the reader asks a corner about other ranks)."""
    from companion.faces.discriminant import PartVerdict

    verdict = PartVerdict(np.array([10.0, 12.0, 30.0, np.inf], np.float32))
    assert verdict.margin(0) == 2.0
    assert verdict.margin(1) == -2.0
    assert verdict.margin(0, np.array([False, False, True, True])) == 20.0
    assert verdict.margin(0, np.array([True, False, False, False])) == float("inf")  # none but itself
