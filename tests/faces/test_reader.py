"""Reading faces: a taught deck reads its cards back, names nothing when unsure, never a card
outside the variant, and nothing in frames without a face."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

import faces_synth_a
from conftest import CLASSIC, bench_deck, bench_look, bench_photo, bench_reader
from companion.faces.deck_file import Deck
from companion.faces.finder import FACE_H, FACE_W, OutlineSearch, find_cards, upright_face
from companion.faces.net_judge import MIN_GAP, NetVerdict
from companion.faces.pixel_judge import MAX_RESIDUAL, PixelJudge, PixelVerdict, shown_cards
from companion.faces.reader import AGREED_MARGIN, FaceRead, FaceReader, one_per_thing
from companion.faces.teach import confusions, learn_face
from companion.rules.variants import VARIANTS


NETWORK_DOUBT = FaceReader._network_doubted


def set_network_doubt_aside(monkeypatch) -> None:
    """Set aside the doubt on a card the network is less than very sure of
    (FaceReader._network_doubted: a white or a rainbow card's weak figures, or its corners'
    colours), which stops many of the misreads the tests of other guards bring back too, so
    that each guard is tested alone; bring_network_doubt_back asks it again."""
    monkeypatch.setattr(FaceReader, "_network_doubted", lambda *_args, **_kwargs: False)


def set_held_figures_aside(monkeypatch) -> None:
    """Set aside the check that an outline holding a named one, the card's own round its printed
    border, has figures against the card (FaceReader._held_figures_outvoted): it stops many of the
    misreads of an outline cut across a card's figures that the tests of other guards bring back."""
    monkeypatch.setattr(FaceReader, "_held_figures_outvoted", lambda _self, read, _reads: read)


def bring_network_doubt_back(monkeypatch) -> None:
    """Ask the doubt set_network_doubt_aside set aside again."""
    monkeypatch.setattr(FaceReader, "_network_doubted", NETWORK_DOUBT)


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
    # 21 of 25: this light deck prints its white ranks faintly, and the white 1 to 4 are the
    # ones left to the picker (their corners tell them apart by less than MIN_CORNER)
    assert right >= 21, right


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


@pytest.mark.parametrize("seed", [189, 213, 258])
def test_a_card_the_edges_outline_badly_is_read_from_the_outline_its_colours_give(reader, look, seed):
    """Frames where the outlines the edges give name nothing (a shadow or a glare taken in),
    and the second look, by what stands out from the cloth, reads the card."""
    card = CLASSIC[seed % len(CLASSIC)]
    frame, _shown = faces_synth_a.table_frame(look, card, np.random.default_rng(seed))
    assert reader.read(frame, "classic") == [card]


def _square(size: float) -> np.ndarray:
    half = size / 2
    return np.float32([[100 - half, 100 - half], [100 + half, 100 - half], [100 + half, 100 + half],
                       [100 - half, 100 + half]])


def _read(quad, card, best=None, likeness=0.8, pixels_sure=None, by="", pixels_near=None, gap=None):
    return FaceRead(quad, card, best or card or "Y3", likeness, (0.2 if card else 0.0) if gap is None else gap, by,
                    pixels_sure, pixels_near=pixels_near or {})


def test_outlines_one_on_the_other_are_one_thing_named_only_if_none_names_another_card():
    """One card found twice (its outline and one taking in its shadow or its printed border):
    one outline naming the card names it; two naming different cards, or one naming a card and
    another finding the pixel judge sure of another, name nothing, unless the network finds the
    other outline's view clearly less like a taught face or nearest the card named; outlines apart
    are things apart, each named for itself."""
    inner, outer = _square(80), _square(90)
    assert [r.card for r in one_per_thing([_read(inner, None), _read(outer, "Y3", likeness=0.7)])] == ["Y3"]
    assert [r.card for r in one_per_thing([_read(inner, "Y3"), _read(outer, "Y1")])] == [None]
    assert [r.card for r in one_per_thing([_read(inner, "Y3"), _read(outer, "Y3", likeness=0.9)])] == ["Y3"]
    # an outline of it names nothing, but the pixel judge was sure of another card on it
    contested = [_read(inner, "Y1"), _read(outer, None, pixels_sure="Y2")]
    assert [r.card for r in one_per_thing(contested)] == [None]
    seconded = [_read(inner, "Y1", pixels_sure="Y1"), _read(outer, None)]
    assert [r.card for r in one_per_thing(seconded)] == ["Y1"]
    # an outline the network finds clearly less like a taught face (by its MIN_GAP) contests
    # nothing, naming another card or finding the pixel judge sure of one; nor one whose view the
    # network finds nearest the card named; the card named is that of the outline most like one
    for other in (_read(outer, "Y1", likeness=0.73), _read(outer, None, best="Y1", likeness=0.73, pixels_sure="Y1"),
                  _read(outer, None, best="Y3", likeness=0.79, pixels_sure="Y1"),
                  _read(outer, "Y1", best="Y3", likeness=0.79)):
        assert [r.card for r in one_per_thing([_read(inner, "Y3"), other])] == ["Y3"]
    assert [r.card for r in one_per_thing([_read(inner, "Y3"), _read(outer, "Y1", likeness=0.75)])] == [None]
    assert [r.card for r in one_per_thing([_read(inner, "Y3", likeness=0.7), _read(outer, "Y1")])] == ["Y1"]
    apart = _read(_square(80) + 300, "R2")
    assert sorted(r.card for r in one_per_thing([_read(inner, "Y3"), apart])) == ["R2", "Y3"]
    # the pixel judge sure of another card on another thing contests nothing
    apart_unsure = _read(_square(80) + 300, None, pixels_sure="Y1")
    assert sorted(str(r.card) for r in one_per_thing([_read(inner, "Y3"), apart_unsure])) == ["None", "Y3"]
    assert one_per_thing([]) == []


class _Standing:
    """An outline search whose only thing standing out from the cloth is `quads`."""

    def __init__(self, *quads: np.ndarray) -> None:
        self.quads = list(quads)
        self.asked = 0

    def standing_out(self, known=()):
        self.asked += 1
        return self.quads


def test_a_card_named_on_a_part_of_a_much_bigger_thing_is_not_named_unless_very_like_it():
    """An outline inside a card-shaped thing standing out from the cloth, PART_SHARE times its
    area or more (a strip of a notebook's page), names nothing where the network finds it less
    than very like the card, the card the pixel judge was sure of kept (to contest another
    outline of the thing); very like it, or in a thing less than PART_SHARE times as big (two
    cards side by side, a card read by the border printed on it), or beside a bigger thing, it
    is named. What stands out is not looked for where no read needs it."""
    from companion.faces.reader import PART_SHARE, STRONG_LIKENESS

    unnamed = FaceReader._part_unnamed
    strip = _square(60)
    page = _Standing(_square(60 * np.sqrt(PART_SHARE) + 1))
    part = unnamed(page, _read(strip, "W1", likeness=STRONG_LIKENESS - 0.01, pixels_sure="W1"))
    assert (part.card, part.by, part.pixels_sure, part.best) == (None, "", "W1", "W1")
    assert part.quad is strip and part.likeness == STRONG_LIKENESS - 0.01
    assert unnamed(page, _read(strip, "W1", likeness=STRONG_LIKENESS)).card == "W1"
    two_cards = _Standing(_square(60 * np.sqrt(2.0)))
    assert unnamed(two_cards, _read(strip, "W1", likeness=0.75)).card == "W1"
    beside = _Standing(_square(200) + 400)
    assert unnamed(beside, _read(strip, "W1", likeness=0.75)).card == "W1"
    unasked = _Standing(_square(200))
    assert [unnamed(unasked, read).card for read in (_read(strip, None), _read(strip, "W1", likeness=0.9))] \
        == [None, "W1"]
    assert unasked.asked == 0


def test_a_strip_of_a_notebook_inside_its_page_is_not_a_white_1(monkeypatch):
    """Corpus B, seed 140, deck 2: the edges of a lined notebook outline a strip of its page
    between two lines, which the network finds 0.79 like a cream deck's white 1 (a thin bar),
    the pixel judge is sure of, and whose corners' figures match the 1 by 0.2. The page stands
    out from the cloth, 3.3 times the strip: named nothing. The strip is all but blank too, and
    further from the 1 than BLANK_BARE_RATIO times its distance from the 1's bare paper; and the
    camera saturated its white page, another suit's 1 as near once that is let be
    (SATURATED_SHARE); and the page goes on past the strip's sides (BEYOND_SHARE): only with none
    of them asked is it named the white 1."""
    from companion.faces import pixel_judge
    from companion.faces import reader as reader_module

    _deck, _frames, empties = bench_deck("b", 140, 2)
    frame, kind = empties[48 - 40]
    assert kind == "notebook"
    reader = bench_reader("b", 140, 2)
    assert reader.read(frame, "multicolor") == []
    part_share = reader_module.PART_SHARE
    monkeypatch.setattr(reader_module, "PART_SHARE", float("inf"))
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(pixel_judge, "BLANK_BARE_RATIO", pixel_judge.MAX_BARE_RATIO)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "SATURATED_SHARE", float("inf"))
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "BEYOND_SHARE", float("inf"))
    assert reader.read(frame, "multicolor") == ["W1"]
    monkeypatch.setattr(reader_module, "PART_SHARE", part_share)
    assert reader.read(frame, "multicolor") == []


def test_a_rainbow_card_found_only_by_its_colours_is_not_read_as_its_neighbour():
    """A rainbow 3 on a checked cloth under a warm lamp (the second deck and 31st frame of the
    face benchmark's corpus B, seed 1). No edge outlines it; the outline its colours give
    leans to the 4 (residual 0.245), which an outline of the second look may not name."""
    _deck, frames, _empties = bench_deck("b", 1, 1)
    frame, shown = frames[30]
    assert shown == {"M3"}
    assert find_cards(frame, fallback=False) == []
    assert set(bench_reader("b", 1, 1).read(frame, "multicolor")) <= {"M3"}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_teach_photo_whose_card_runs_off_its_edge_teaches_nothing(seed):
    """A card cut by the photo's edge is outlined to the edge or past it, and its face taught
    so would be skewed (another card's nearest: a 4 taught so read every 4 as a 3): the photo
    teaches nothing, and another is asked for."""
    from companion.faces.teach import CUT_OFF, outlines_or_why, taught_faces

    rng = np.random.default_rng(seed)
    look = faces_synth_a.make_deck(rng)
    photo = faces_synth_a.teach_photo(look, "Y4", rng)
    assert taught_faces(photo)
    card = find_cards(photo)[0]
    x0 = int(card[:, 0].min() + 0.15 * (card[:, 0].max() - card[:, 0].min()))
    cut = np.ascontiguousarray(photo[:, x0:])
    assert find_cards(cut)  # something card-shaped is still found ...
    assert taught_faces(cut) == []  # ... and not taught
    assert outlines_or_why(cut) == ([], CUT_OFF)  # saying why


@pytest.mark.parametrize("generator, seed, index, card", [("a", 37, 2, "M1"), ("b", 10, 0, "M2")])
def test_a_teach_photo_whose_outline_is_part_of_the_card_teaches_nothing(
        generator, seed, index, card, monkeypatch):
    """Teach photos of the face benchmark whose edges outlined part of the card (corpus A: the
    rainbow 1 down to the band of its second figure; corpus B: the disc of a rainbow 2's art),
    while what stands out from the cloth around that outline, 1.6 and 5 times bigger, is the
    card. An earlier teach took the part for the face, and read a rainbow 2 outlined the same
    way as the rainbow 1. The photo teaches nothing, and another is asked for."""
    from companion.faces import teach
    from companion.faces.teach import ART_ONLY, outlines_or_why, taught_faces

    photo = bench_photo(generator, seed, index, card)
    assert find_cards(photo)  # something card-shaped is found ...
    assert taught_faces(photo) == []  # ... and not taught
    assert outlines_or_why(photo) == ([], ART_ONLY)  # saying why
    monkeypatch.setattr(teach, "INSIDE_SHARE", float("inf"))
    assert taught_faces(photo)  # as an earlier teach took it


def test_the_benchmark_takes_another_teach_photo_where_one_is_refused():
    """As the app asks for another photo: the benchmark's deck whose rainbow 1 photo is refused
    (above) is taught every face from a photo taken again, and its frames are the same."""
    from bench_faces import CARDS, taught_deck

    gen, rng, look, photos = bench_look("a", 37, 2)
    where = rng.bit_generator.state
    deck, refused = taught_deck(gen, look, photos, 37, 2)
    assert refused == 1
    assert sorted(deck.cards()) == sorted(CARDS)
    assert rng.bit_generator.state == where  # the deck's frames, drawn next, are the same


@pytest.mark.parametrize("generator, seed, index, frame_index, card", [
    ("a", 8, 1, 12, "R3"),  # read as R5: its corner's 3 sat where the 5 was taught
    ("a", 10, 0, 7, "M2"),  # read as M5, the same way
    ("a", 16, 0, 6, "Y3"),  # read as Y2
    ("b", 11, 1, 10, "M3"),  # read as M2
    ("a", 9, 0, 2, "W4"),  # read as W3 by the first judge alone: as near the 3 and the 5 as the 4
    ("b", 11, 1, 12, "R5"),  # read as R4: the R5 was taught from an outline with a band of cloth
    ("a", 10, 4, 6, "R4"),  # read as R5: the R4 was taught from an outline on its edge down one
    # side and on its printed border down the other (a pale border on a pale cloth)
    ("a", 8, 1, 36, "W5"),  # read as W1 by the pixel judge, nearest the W3 for the network
    ("a", 10, 0, 2, "Y3"),  # read as Y1 by the pixel judge, nearest the Y3 for the network
    ("a", 20, 5, 22, "B5"),  # read as B3 by the pixel judge; the network was sure of the B5
    ("a", 20, 5, 39, "W3"),  # read as W5 by the network, nearest the W5 pixel by pixel too
    ("b", 12, 2, 7, "W5"),  # read as W4 by the network, nearest the W4 pixel by pixel too
    ("b", 21, 1, 9, "Y4"),  # read as Y5 by the network, nearest the Y5 pixel by pixel too
    ("b", 386, 5, 9, "W5"),  # read as R5 by the network: an orange lamp saturated the red of its
    # cream paper and turned its grey disc red, the W5 1.6 times as far pixel by pixel
    ("b", 391, 1, 7, "M2"),  # read as M3 by the pixel judge, the discriminant's rank corners telling
    # the 3: the M2 was taught from an outline with a strip of cloth, its dots off their place
    ("a", 424, 4, 28, "W5"),  # read as W1 by its figures: each corner's dark band along the card's
    ("a", 428, 1, 3, "W5"),  # edge matched the band of the W1, taught from its outer edge (the
    ("a", 428, 1, 22, "W3"),  # W5 and W3 from their printed border); inside the band, the W1 lost
    ("a", 462, 2, 24, "W4"),  # read as W2 by its figures on an outline with a dark rim all round:
    # the W2 alone of the white ranks was taught with such a rim (figures.rim_darkness)
    ("a", 1123, 2, 27, "R5"),  # read as R1 by the network very sure of it where no judge pointed
    # elsewhere: every red rank within 14% of the 1 pixel by pixel, its rank in doubt (_rank_in_doubt)
])
def test_frames_once_misread_name_no_other_card(generator, seed, index, frame_index, card):
    """Frames of the face benchmark's decks that an earlier reader named as another card: of
    the same suit, mostly, where an outline a couple of pixels off moved a corner's figure onto
    where another rank was taught; of another suit where a lamp saturated a channel of the
    camera. Naming nothing is allowed; naming another card is not."""
    _deck, frames, _empties = bench_deck(generator, seed, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    assert set(bench_reader(generator, seed, index).read(frame, "multicolor")) <= {card}


# frames of seeds no rule had been tried on that the reader names as another card, or as a card
# where none is shown (by their card, or their kind of frame with no face): kept here so that they
# stay in sight, each an expected failure while the reader errs so and a failure once it does not
KNOWN_MISREADS = [
    ("b", 467, 4, 48, "notebook"),  # a lined notebook, 0.82 like a pale deck's white 1 for the
    # network and 0.20 ahead, which the discriminant names and the pixel judge finds nearest
    ("a", 498, 0, 32, "W3"),  # a blurred white 3 of a deck whose ranks differ only by the figure in
    # their corners, named the 5 by its corners (each matching the 5 better than any other rank by
    # 0.09), the network 0.92 like the 5 and 0.08 ahead, the pixel judge nearest the 4
    ("b", 546, 5, 17, "M2"),  # a rainbow 2 named the 3 by its figures, the network 0.85 like the 3
    # and 0.09 ahead
    ("a", 641, 3, 3, "G4"),  # a pale green 4 a thumb lies on, outlined inside its edge across the
    # pips in one corner: named the 1 by the pixel judge, the network 0.76 like the 1 and 0.07 ahead
    ("a", 647, 3, 39, "W5"),  # a white 5 under a yellow lamp, all five white ranks within 40% of one
    # another pixel by pixel: named the 3 by the three judges' agreement, the network 0.96 like the
    # 3 and 0.02 ahead, each corner's figure matching the 3 better than any other rank by 0.05
    ("b", 826, 5, 35, "G3"),  # a green roman III named the II by the network, 0.94 like it and 0.16
    # ahead, the pixel judge nearest the II and the discriminant's rank corners telling it
    ("b", 832, 3, 24, "B2"),  # a blue roman II at the frame's edge, a finger across its middle, named
    # the I by the pixel judge and the discriminant's rank corners, the network 0.81 like the I
    # and 0.05 ahead of the II
    ("a", 900, 1, 19, "W4"),  # a pale pink white 4 on a brown cloth, named the 3 by its figures on
    # one of its outlines (each corner's figure matching the 3 better than any other rank), the
    # network 0.93 like the 3 and 0.01 ahead of the 4, the pixel judge nearest the 4 and the 3 1.32
    # times as far
    ("b", 1099, 3, 27, "B2"),  # a dark blue roman II on a checked cloth, outlined a little off its
    # edge, each corner's II cut to an I at the view's edge: named the 1 on the network's word, 0.90
    # like it and 0.11 ahead, the pixel judge nearest the 1 and the figures matching it by 0.08
    ("a", 1113, 3, 39, "G3"),  # a green 3 named the 5 on the network's word, 0.83 like it and 0.28
    # ahead, seconded by the pixel judge (nearest the 5, the 3 1.22 times as far), while each corner's
    # figure matched the 3 better than any other rank, by 0.02 and 0.04
    ("b", 1118, 4, 8, "G2"),  # a green 2 named the 1 by its figures, each corner's matching the 1 by
    # 0.02 and 0.03 and the discriminant's rank corners telling it, the network 0.86 like the 1 and
    # 0.02 ahead of the 2, the pixel judge nearest the 1 (0.25 against the 2's 0.34)
    ("a", 1139, 0, 37, "M1"),  # a rainbow 1 named the 5 on the network's word, 0.92 like it and 0.48
    # ahead, seconded by the pixel judge (the 5 its nearest card, 0.37; no other within 1.9 times),
    # while one corner's figure matched another rank better than the 5 by 0.35
]


@pytest.mark.parametrize("generator, seed, index, frame_index, card, read_whole", [
    ("b", 450, 4, 5, "W2", True),  # a white 2 outlined short of one end, past a glare: its view
    # shows one diamond, 0.79 like the white 1 for the network, the pixel judge nearest it too
    ("b", 525, 5, 32, "G2", True),  # a cream green 2 outlined short of its lower diamond, along a
    # streak of glare across it: 0.82 like the 1 for the network and 0.50 ahead, the pixel judge
    # nearest the 1 and the discriminant naming it
    ("b", 517, 4, 18, "Y3", False),  # a yellow roman III outlined along the border printed on it,
    # its corner figures cut to a II: 0.90 like the II for the network and 0.17 ahead
])
def test_a_part_of_a_card_its_outline_cut_short_names_no_other_card(monkeypatch, generator, seed, index,
                                                                     frame_index, card, read_whole):
    """Frames of seeds no rule had been tried on, each named a lower rank of its suit (a rule of
    the reader at the time, kept as a known misread): the card goes on past a side of the
    outline that named it, most of a strip just outside that side standing out from the cloth.
    Not named by that part, the card is named from its whole outline by a later look, or not
    at all."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import BEYOND_SHARE

    _deck, frames, _empties = bench_deck(generator, seed, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader(generator, seed, index)
    named = reader.read(frame, "multicolor")
    assert named == ([card] if read_whole else [])
    monkeypatch.setattr(reader_module, "BEYOND_SHARE", float("inf"))
    set_network_doubt_aside(monkeypatch)  # seed 450's white part, 0.79 like the 1, is doubted too
    set_held_figures_aside(monkeypatch)  # seed 517's card's own outline has figures against the part
    parts = [read for read in reader.read_all(frame, "multicolor") if read.card not in (None, card)]
    assert parts, "the part is named no other card any more, whatever lies past its sides"
    search = OutlineSearch(frame)
    assert all(read.card[:1] == card[:1] and read.card[1:] < card[1:] for read in parts)
    assert all(max(search.beyond_sides(read.quad)) >= BEYOND_SHARE for read in parts)


def test_a_card_of_the_highest_rank_of_its_suit_is_named_though_something_lies_past_a_side():
    """A white 5 of a pale deck (corpus B, seed 414), named by its corner figures, with most of
    the strip past one side of its outline standing out from the cloth: a part of a card shows
    fewer figures than the card, never more, so a 5 so outlined is named still."""
    from companion.faces.reader import BEYOND_SHARE

    _deck, frames, _empties = bench_deck("b", 414, 4)
    frame, shown = frames[15]
    assert shown == {"W5"}
    reads = [read for read in bench_reader("b", 414, 4).read_all(frame, "multicolor") if read.card is not None]
    assert [read.card for read in reads] == ["W5"]
    assert max(OutlineSearch(frame).beyond_sides(reads[0].quad)) >= BEYOND_SHARE


def test_a_card_the_pixel_judge_names_on_one_outline_is_not_named_where_another_outline_finds_another_rank():
    """The pixel judge named the yellow 1 on an inner outline, the network less than sure of it
    there; the thing's other outline finds the yellow 2 nearest by both judges, the network all but
    as like it (within its MIN_GAP) and the pixel judge the 1 out of contention (further than
    CONTENDER_RATIO times the 2's residual, or not among its near cards): the thing names nothing.
    The 1 is named where any of that fails: the 1 within contention, the network's nearest there
    the pixel judge's second, another suit's card, a view the network finds much less like it, or
    the 1 named by another judge; and where the network is sure of the 1 on its outline, unless it
    finds the other outline's view at least as like a taught face."""
    from companion.faces.pixel_judge import CONTENDER_RATIO
    from companion.faces.net_judge import MIN_GAP

    inner, outer = _square(80), _square(90)

    def named(other_best="Y2", likeness=0.86, near=None, by="pixels", gap=0.04):
        read = _read(inner, "Y1", likeness=0.88, pixels_sure="Y1", by=by, gap=gap)
        other = _read(outer, None, best=other_best, likeness=likeness,
                      pixels_near={other_best: 0.1, "Y1": 0.15} if near is None else near)
        return [r.card for r in one_per_thing([read, other])]

    assert named() == [None]
    assert named(near={"Y2": 0.1}) == [None]  # the 1 not among the near cards at all
    assert named(near={"Y2": 0.1, "Y1": 0.1 * CONTENDER_RATIO + 0.001}) == [None]
    assert named(near={"Y2": 0.1, "Y1": 0.1 * CONTENDER_RATIO - 0.001}) == ["Y1"]
    assert named(near={"Y2": 0.1, "Y5": 0.09, "Y1": 0.2}) == ["Y1"]  # the pixel judge nearest the 5
    assert named(other_best="R1", near={"R1": 0.1, "Y1": 0.2}) == ["Y1"]
    assert named(likeness=0.88 - MIN_GAP - 0.001) == ["Y1"]
    assert named(likeness=0.88 - MIN_GAP + 0.001) == [None]
    assert named(by="figures") == ["Y1"]
    assert named(near={}) == ["Y1"]  # the pixel judge not asked of the other outline
    assert named(gap=MIN_GAP) == ["Y1"]  # the network sure of the 1 on its outline
    assert named(gap=MIN_GAP, likeness=0.88) == [None]
    # the outline that named the card does not contest it, alone or beside one naming it too: the
    # pixel judge named the 1 against the network's 2 there, the 2 nearest pixel by pixel
    alone = _read(inner, "Y1", best="Y2", likeness=0.88, pixels_sure="Y1", by="pixels", gap=0.01,
                  pixels_near={"Y2": 0.1, "Y1": 0.15})
    assert [r.card for r in one_per_thing([alone])] == ["Y1"]
    assert [r.card for r in one_per_thing([alone, _read(outer, "Y1", likeness=0.8)])] == ["Y1"]


@pytest.mark.parametrize("generator, seed, index, frame_index, card, misread", [
    ("b", 712, 5, 13, "R2", "R1"),  # a small blurred dark red roman II, its inner outline 14 pixels
    # off at one corner: the pixel judge named the 1 there (0.11 against the 2's 0.16), while the
    # card's own outline found the 2 nearest (0.12 against the 1's 0.17), 0.88 like it for the network
    ("a", 537, 1, 36, "W2", "W3"),  # a blurred white 2, its faint dots all but gone: the pixel judge
    # named the 3 on an outline of a later look (0.09), two others found the 2 nearest (0.06-0.07,
    # the 3 at 0.09) and the network 0.93-0.94 like it
])
def test_a_card_the_pixel_judge_names_is_not_named_where_another_outline_of_the_thing_finds_another_rank(
        monkeypatch, generator, seed, index, frame_index, card, misread):
    """Frames kept as known misreads until the thing's outlines were asked to agree (seed 712 unseen
    when it was measured, 537 a known misread of an earlier batch): each names nothing now, and
    the misread with the check patched out."""
    from companion.faces import reader as reader_module

    _deck, frames, _empties = bench_deck(generator, seed, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader(generator, seed, index)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "_pixels_contested", lambda read, other, min_gap: False)
    assert reader.read(frame, "multicolor") == [misread]


def test_an_outline_as_like_a_taught_face_that_finds_the_pixel_judge_sure_of_another_card_contests_it(monkeypatch):
    """A red roman II (corpus B, seed 137): an inner outline cut its corner figures to an I and named
    the red 1 by the pixel judge, 0.86 like it for the network; the card's own outline, 0.87 like a
    taught face (the red 5, nearest for the network), found the pixel judge sure of the 2. That
    outline contests the 1, and the card names nothing; with no outline contesting, the 1."""
    from companion.faces import reader as reader_module

    _deck, frames, _empties = bench_deck("b", 137, 2)
    frame, shown = frames[16]
    assert shown == {"R2"}
    reader = bench_reader("b", 137, 2)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "_contests", lambda other, read, min_gap: False)
    set_held_figures_aside(monkeypatch)  # the card's own outline has figures against the 1 too
    assert reader.read(frame, "multicolor") == ["R1"]


def test_a_card_the_network_is_sure_of_on_its_own_outline_is_named_beside_an_outline_cut_across_it(monkeypatch):
    """A green 3 (corpus B, seed 729, unseen when it was measured): its own outline, 0.96 like the 3
    for the network and 0.09 ahead, named it by the pixel judge; an outline cut across it, 0.92
    like the 2, found the 2 nearest by both judges and the 3 out of contention. The network sure
    of the 3 on the outline more like a taught face, the card is named."""
    from companion.faces import reader as reader_module
    from companion.faces.pixel_judge import CONTENDER_RATIO

    _deck, frames, _empties = bench_deck("b", 729, 5)
    frame, shown = frames[22]
    assert shown == {"G3"}
    reader = bench_reader("b", 729, 5)
    asked = []

    def pixels_contested(read, other, min_gap):
        asked.append((read, other))
        return contested(read, other, min_gap)

    contested = reader_module._pixels_contested
    monkeypatch.setattr(reader_module, "_pixels_contested", pixels_contested)
    reads = [read for read in reader.read_all(frame, "multicolor") if read.card is not None]
    assert [(read.card, read.by) for read in reads] == [("G3", "pixels")]
    assert reads[0].gap >= reader.judge.min_gap
    # an outline of it the 3 was asked against: the 2 nearest by both judges, the network all but as
    # like it, the 3 out of contention; but less like a taught face than the 3's own outline
    cut = [(read, other) for read, other in asked if read.card == "G3" and other.best == "G2" and other.pixels_near
           and min(other.pixels_near, key=other.pixels_near.get) == "G2"
           and other.pixels_near.get("G3", np.inf) > CONTENDER_RATIO * other.pixels_near["G2"]]
    assert cut and all(read.likeness - reader.judge.min_gap < other.likeness < read.likeness for read, other in cut)


def test_a_thing_keeps_the_networks_next_card_after_its_nearest_named_or_not():
    """Each verdict says which card the network found next after its nearest (the benchmark
    tells by it whether only a card's rank was in question), on the thing's kept outline whether
    it names a card or the thing's outlines contest one another."""
    _deck, frames, _empties = bench_deck("b", 729, 5)
    reader = bench_reader("b", 729, 5)
    read = next(read for read in reader.read_all(frames[22][0], "multicolor") if read.card == "G3")
    verdict = reader.judge.verdicts([read.face])[0]
    assert read.second == verdict.second and read.second not in ("", "G3")
    contested = [dataclasses.replace(_read(_square(80), "Y3"), second="Y2"),
                 dataclasses.replace(_read(_square(90), "Y1", likeness=0.79), second="Y3")]
    assert [(r.card, r.best, r.second) for r in one_per_thing(contested)] == [(None, "Y3", "Y2")]


@pytest.mark.parametrize("generator, seed, index, frame_index, card", [
    ("b", 611, 0, 4, "B5"),  # a blue 5: its outline 0.98 like the 5 named it; an outline inside it,
    # 0.75 like the 4, found the pixel judge sure of the 4
    ("b", 613, 2, 3, "M4"),  # a rainbow 4: five outlines 0.95-0.97 like it named it; one inside it,
    # 0.76 like the 1, named the 1 by its figures
    ("a", 602, 2, 21, "M5"),  # a rainbow 5: two outlines named it; a third, 0.89 like the 5 for the
    # network too, found the pixel judge sure of the 2
])
def test_an_outline_clearly_less_like_a_taught_face_or_nearest_the_card_named_contests_nothing(
        monkeypatch, generator, seed, index, frame_index, card):
    """Frames of cards named right on their outlines most like a taught face, where a smaller
    outline of the thing, cut across the card's figures, named another card or found the pixel
    judge sure of one: each is named now, and nothing with every such outline contesting it."""
    from companion.faces import reader as reader_module

    _deck, frames, _empties = bench_deck(generator, seed, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader(generator, seed, index)
    assert reader.read(frame, "multicolor") == [card]

    def contests(other, read, min_gap):
        return (other.card or other.pixels_sure or read.card) != read.card

    monkeypatch.setattr(reader_module, "_contests", contests)
    set_held_figures_aside(monkeypatch)  # seed 613's inner outline, held by the card's, is not named
    assert reader.read(frame, "multicolor") == []


@pytest.mark.parametrize("generator, seed, index, frame_index, card, misread, read", [
    ("b", 677, 2, 33, "W2", "W1", []),  # a small dark white 2 in a dim frame, its two bars faint:
    # 0.82 like the 1 and 0.07 ahead for the network, the figures leaning to the 1 by 0.05
    ("b", 682, 5, 13, "W4", "W5", []),  # a dark white 4, blurred, a streak of glare across one
    # corner's pips: 0.74 like the 5 and 0.09 ahead, the figures leaning to the 5 by 0.08
    ("a", 401, 2, 26, "W4", "W2", []),  # a pale white 4 outlined by its outer edge: 0.81 like the 2
    ("a", 539, 2, 2, "M5", "M1", []),  # a dark rainbow 5 a finger lies across: 0.70 like the 1
    ("b", 690, 4, 16, "M1", "R1", []),  # a pale rainbow 1 whose striped star blurred all but to red:
    # 0.89 like the red 1, each corner's figure nearer the rainbow 1's colour (by 0.37 and 0.10);
    # an outline grown by 3% named the red 1 too
])
def test_a_card_the_network_is_less_than_very_sure_of_is_doubted_by_a_weak_figure_or_its_colours(
        monkeypatch, generator, seed, index, frame_index, card, misread, read):
    """Frames named as another card, the network less than very sure of it (seeds 677, 682 and 690
    unseen when they were measured; 539 kept as a known misread; 401 a tuned seed): a white or a
    rainbow card whose figures, with no hue of their own, a blur, a dim lamp, a finger or an outline
    off the card's edge took first, the network less than 0.85 like the card named and its figures
    leaning to it by less than 0.1; a card both of whose corners' figures are nearer in colour to
    another suit's card of the rank. Each now names nothing; without the doubt, each names the
    wrong card. (Two more, a rainbow 5 taken for the 4 and a rainbow 4 for the 5 on seeds 567 and
    603, were misread by a deck whose rainbow 5 was taught from an outline off the card, which the
    teach now refuses: test_odd_faces.py.)"""
    _deck, frames, _empties = bench_deck(generator, seed, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader(generator, seed, index)
    assert reader.read(frame, "multicolor") == read
    set_network_doubt_aside(monkeypatch)
    set_held_figures_aside(monkeypatch)  # seed 677's card's own outline has figures against the 1
    assert misread in reader.read(frame, "multicolor")


def bench_frame(generator: str, seed: int, index: int, at: int, label: str) -> tuple[np.ndarray, set[str]]:
    """Frame `at` of bench_deck's deck, its frames with no face numbered after its card frames,
    checked to show `label` (the card, or what lies on the table): (frame, the cards shown)."""
    _deck, frames, empties = bench_deck(generator, seed, index)
    if at < len(frames):
        frame, shown = frames[at]
        assert shown == {label}
        return frame, shown
    frame, kind = empties[at - len(frames)]
    assert kind == label
    return frame, set()


class KnownMisread(Exception):
    """The reader named a card not in view."""


@pytest.mark.xfail(strict=True, raises=KnownMisread, reason="a known misread, seen on seeds no rule was tried on")
@pytest.mark.parametrize("generator, seed, index, at, label", KNOWN_MISREADS)
def test_known_misreads_name_no_other_card(generator, seed, index, at, label):
    frame, shown = bench_frame(generator, seed, index, at, label)
    named = set(bench_reader(generator, seed, index).read(frame, "multicolor"))
    if not named <= shown:
        raise KnownMisread(f"named {sorted(named)}")


def test_a_view_outlined_with_its_shadows_rim_is_not_named_by_figures_that_lean_elsewhere_inside_it(monkeypatch):
    """A pale white 3 under a pink lamp (corpus A, seed 1037, unseen when it was measured), its first
    outline round the dark rim of its shadow, in a deck whose white 5 alone of the white ranks was
    taught with such a rim: the band along the view's corners matched the 5's, and its figures
    matched the 5 by 0.33 and 0.41, but inside the rim by -0.05 and 0.06; the network found the
    view 0.86 like the 5. With the view's rim seen (figures.rim_darkness), another rank's figure
    better inside the rim by AGREED_MARGIN is against the 5, and the white 3 is named by another
    outline; without, the white 5 is named by the figures."""
    from companion.faces import reader as reader_module
    from companion.faces.figures import DARK_RIM, rim_darkness
    from companion.faces.reader import FIGURE_MARGIN

    frame, _shown = bench_frame("a", 1037, 0, 4, "W3")
    reader = bench_reader("a", 1037, 0)
    face = upright_face(frame, OutlineSearch(frame).cards(fallback=False)[0])
    assert reader.judge.verdicts([face])[0].best == "W5"
    assert rim_darkness(face) >= DARK_RIM
    assert rim_darkness(reader.deck.faces["W3"][0]) < DARK_RIM
    assert min(reader.figures.margins(face, "W5")) >= FIGURE_MARGIN
    assert rim_darkness(reader.deck.faces["W5"][0]) >= DARK_RIM
    assert min(reader.figures.inside_margins(face, "W5")) <= -AGREED_MARGIN
    assert reader.read(frame, "multicolor") == ["W3"]
    monkeypatch.setattr(reader_module, "DARK_RIM", np.inf)
    assert ("W5", "figures") in [(read.card, read.by) for read in reader.read_all(frame, "multicolor")]


def test_a_card_outlined_along_its_border_is_not_named_where_its_own_outlines_figures_are_against_it(monkeypatch):
    """A dark red roman II (corpus B, seed 1060, unseen when it was measured), outlined along its
    printed border, each corner's II cut to an I: 0.87 like the 1 for the network and the pixel
    judge nearest the 1, it was named the 1, on the first look and again on a later look's outline
    along the border. The card's own outline, which holds those, was 0.89 like a taught face and
    matched the 1's figures worse than another red rank's in each corner: nothing is named.
    Without that check, the red 1 is named."""
    from companion.faces.finder import inside_a_bigger_one
    from companion.faces.reader import AGAINST_MARGIN, HELD_SHARE

    frame, _shown = bench_frame("b", 1060, 1, 5, "R2")
    reader = bench_reader("b", 1060, 1)
    outer, border = OutlineSearch(frame).cards(fallback=False)[:2]
    assert inside_a_bigger_one(border, [outer], HELD_SHARE)
    faces = [upright_face(frame, quad) for quad in (outer, border)]
    own, cut = reader.judge.verdicts(faces)
    assert cut.card == "R1" and own.likeness > cut.likeness
    margins = reader.figures.margins(faces[0], "R1")
    assert -np.inf < min(margins) and max(margins) <= -AGAINST_MARGIN
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(FaceReader, "_held_figures_outvoted", lambda _self, read, _reads: read)
    assert reader.read(frame, "multicolor") == ["R1"]


def test_a_later_looks_view_less_than_very_like_a_card_is_named_only_where_its_figure_leans_to_it(monkeypatch):
    """A blurred green 4 of a deck printed with pips (corpus A, seed 357, unseen when it was
    looked at): the first look found no outline of it, and a later look outlined it inside its
    edge, cutting off the pips in its corners. The network found that view 0.75 like the green 1,
    both other judges found it nearest the green 1 too, and the figures told nothing. Named
    nothing; a reader that asked only that no figure be against the card named the green 1."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import LATER_LOOK_FIGURE, STRONG_LIKENESS

    _deck, frames, _empties = bench_deck("a", 357, 5)
    frame, shown = frames[36]
    assert shown == {"G4"}
    reader = bench_reader("a", 357, 5)
    reads = reader.read_all(frame, "multicolor")
    assert {read.card for read in reads} <= {None, "G4"}
    # the view less than very like the green 1, its figures not leaning to it
    doubted = [read for read in reads if read.best == "G1"]
    assert doubted, "no outline of the frame is nearest the green 1 for the network any more"
    read = doubted[0]
    assert read.likeness < STRONG_LIKENESS
    assert min(reader.figures.margins(upright_face(frame, read.quad), "G1")) < LATER_LOOK_FIGURE
    monkeypatch.setattr(reader_module, "LATER_LOOK_FIGURE", -np.inf)
    assert reader.read(frame, "multicolor") == ["G1"]


@pytest.mark.parametrize("seed, index, frame_index", [(18, 1, 43), (19, 5, 48), (18, 2, 43)])
def test_a_lined_notebook_is_not_a_white_1(seed, index, frame_index):
    """A lined notebook on a checked cloth (corpus B): its corners look like the white 1's thin
    figure, and only the whole card (no art in its middle) tells it apart. Seed 18: an earlier
    reader named it the white 1, its whole card far from every card. Seed 19, under a warm
    light: its whole card is as near the white 1 as its taught views allow, but nearer the
    yellow 1; a reader that let the whole card dissent on the suit named it the white 1. Seed
    18, third deck: the network took a notebook for the rainbow 2, nearest it pixel by pixel
    too; the discriminant does not name it."""
    _deck, _frames, empties = bench_deck("b", seed, index)
    frame, kind = empties[frame_index - 40]
    assert kind == "notebook"
    assert bench_reader("b", seed, index).read(frame, "multicolor") == []


def test_a_notebook_whose_margin_line_passes_for_a_white_1s_bar_only_at_the_edge_is_not_named(monkeypatch):
    """A lined notebook on a purple cloth (corpus B, seed 1037, unseen when it was measured): the
    network found it 0.70 like a pale deck's white 1 and 0.26 ahead, the pixel judge nearest the
    white 1 and its discriminant naming it, and the margin line along its edge matched the white
    1's bar in each corner by more than HUELESS_FIGURE_MARGIN. Matched inside the corners' rim,
    the figures match another white rank better by more than AGAINST_MARGIN: the network's word
    is doubted, and nothing is named. Without that doubt, the white 1 is named, on the network's
    word."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import AGAINST_MARGIN, FIGURE_LIKENESS, HUELESS_FIGURE_MARGIN

    frame, _shown = bench_frame("b", 1037, 0, 48, "notebook")
    reader = bench_reader("b", 1037, 0)
    face = upright_face(frame, OutlineSearch(frame).cards(fallback=False)[0])
    verdict = reader.judge.verdicts([face])[0]
    assert verdict.card == "W1" and verdict.likeness < FIGURE_LIKENESS
    assert min(reader.figures.margins(face, "W1")) >= HUELESS_FIGURE_MARGIN
    assert min(reader.figures.inside_margins(face, "W1")) <= -AGAINST_MARGIN
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module._FigureMargins, "against_inside", lambda _self, _card: False)
    assert [(read.card, read.by) for read in reader.read_all(frame, "multicolor") if read.card] == [("W1", "network")]


def test_the_discriminants_verdicts_kept_for_a_face_are_that_faces(reader):
    """The pixel judge keeps the discriminant's verdicts on the face it judged last (the reader
    asks of one face in turn): asked of faces in turn, each gets its own."""
    judge = reader.pixels
    faces = [reader.deck.faces[card][0] for card in ("R1", "R2", "W5")]
    for face in faces + faces[::-1] + [faces[0].copy()]:
        kept, made = judge._parts(face), judge.model.verdicts(face)
        assert all(np.array_equal(a.distance, b.distance) for a, b in zip(kept, made))


def test_the_corners_as_found_are_the_first_of_the_moved_ones(taught):
    """The discriminant judges each corner at every move of CORNER_MOVES, the outline as found
    first, from the same light-evened face as `parts`; the whole card is not moved."""
    from companion.faces import discriminant, features

    for card in ("R1", "G3", "W5"):
        face = taught.faces[card][0]
        whole, first, second = discriminant.parts(face)
        moved_whole, firsts, seconds = discriminant.moved_parts(face)
        assert np.array_equal(whole, moved_whole)
        assert np.array_equal(firsts[0], first) and np.array_equal(seconds[0], second)
        assert len(firsts) == len(seconds) == len(discriminant.CORNER_MOVES)
        assert all(not np.array_equal(firsts[0], other) for other in firsts[1:])
        # each move's corners are those of the whole face moved (each corner is warped alone)
        f = features.evened(face)
        h, w = f.shape[:2]
        for (dx, dy, zoom), moved_first, moved_second in zip(discriminant.CORNER_MOVES, firsts, seconds):
            matrix = np.float32([[zoom, 0, (1 - zoom) * w / 2 + dx], [0, zoom, (1 - zoom) * h / 2 + dy]])
            whole_moved = cv2.warpAffine(f, matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
            expected = [discriminant._logs(c) for c in features.corner_samples(whole_moved, discriminant.CORNER)]
            assert np.allclose(moved_first, expected[0], atol=1e-4)
            assert np.allclose(moved_second, expected[1], atol=1e-4)


@pytest.mark.parametrize("index, frame_index, card", [
    (0, 3, "M2"), (0, 9, "G2"), (0, 12, "G4"), (0, 39, "G5"), (3, 31, "M2"), (3, 36, "M1"),
])
def test_a_pale_corner_tells_the_rank_and_the_whole_card_the_suit(index, frame_index, card):
    """Light cards of corpus A, seed 1, whose pale corners give the rank's figure but hardly
    its suit's colour (a green 4's corner is as near the rainbow 4's): the corner must tell
    the card from every card of another rank, and the whole card, many times nearer its own
    card than any other, tells the suit. An earlier reader asked the corner to tell the suit
    too, and named nothing."""
    _deck, frames, _empties = bench_deck("a", 1, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    assert bench_reader("a", 1, index).read(frame, "multicolor") == [card]


@pytest.mark.parametrize("generator, index, frame_index, card", [
    ("a", 2, 15, "G1"), ("a", 2, 27, "M5"), ("a", 5, 3, "W5"), ("b", 5, 38, "G4"),
])
def test_a_card_the_edges_outlined_with_what_lay_on_it_is_read_from_its_colours_outline(
        generator, index, frame_index, card):
    """Frames of seed 1 where the edges outlined the card with a finger, a glare or the cloth
    beside it, far from every taught face and torn between cards, and the outline of what
    stands out from the cloth fits the card and names it: the card is named. An earlier reader
    let the edges' outline judge, and named nothing."""
    _deck, frames, _empties = bench_deck(generator, 1, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    assert bench_reader(generator, 1, index).read(frame, "multicolor") == [card]


@pytest.mark.parametrize("frame_index, card", [(6, "M4"), (23, "R5")])
def test_a_dark_card_on_a_dark_woven_cloth_is_read_from_what_differs_from_the_cloth(monkeypatch, frame_index, card):
    """Corpus A, seed 223, deck 4: dark cards on a dark teal weave, their colours among the
    weave's and their edges lost in it. Neither the edges, nor what stands out by colour, nor
    the faint edges outline anything; what differs from the cloth in colour and grain taken
    together outlines the card, and names it. With that look set aside, nothing is named."""
    _deck, frames, _empties = bench_deck("a", 223, 4)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader("a", 223, 4)
    assert reader.read(frame, "multicolor") == [card]
    monkeypatch.setattr(OutlineSearch, "unlike_cloth", lambda self, known=(): [])
    assert reader.read(frame, "multicolor") == []


@pytest.mark.parametrize("index, frame_index, card", [(0, 16, "B2"), (2, 15, "Y4"), (2, 26, "B1")])
def test_a_card_far_from_its_taught_whole_but_far_nearer_it_than_any_other_is_named(index, frame_index, card):
    """Cards of corpus B, seed 1, whose whole card strays 2.5-4 times its taught spread (a
    glare, a tilt) but lies at least twice as near its own card as any other, the corners
    near and clear: named. A lined notebook, as far from every card, still is not (above)."""
    _deck, frames, _empties = bench_deck("b", 1, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    assert bench_reader("b", 1, index).read(frame, "multicolor") == [card]


@pytest.mark.parametrize("index, frame_index, card", [
    (1, 7, "Y5"), (1, 20, "B4"), (4, 14, "Y3"), (5, 27, "R4"), (5, 29, "G5"),
])
def test_a_rank_the_first_judge_cannot_tell_is_told_by_the_figure(index, frame_index, card):
    """Cards of corpus A, seed 2, whose face under the frame's light is as near another rank
    of its suit pixel by pixel (the first judge leaned to the 4 for a 5, to a 3 for a 4, or to
    neither), while both rank corners find the card far nearer than any card of another rank.
    The first judge is sure of the suit, the discriminant of the rank: named. An earlier
    reader let the first judge's doubt about the rank stop it."""
    _deck, frames, _empties = bench_deck("a", 2, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    assert bench_reader("a", 2, index).read(frame, "multicolor") == [card]


@pytest.mark.parametrize("index, frame_index, card", [
    (0, 0, "W4"), (0, 10, "W1"), (3, 21, "W1"), (3, 27, "W2"), (4, 0, "G5"),
])
def test_a_faint_figure_the_first_judge_is_sure_of_is_named(index, frame_index, card):
    """Cards of corpus A, seed 1, mostly white cards of a light edition whose pale figure
    barely moves the discriminant (its corners tell the rank by 0-3, under MIN_CORNER) while
    the first judge finds the face within the strict limits it keeps for a deck of one card,
    no other card within CONTENDER_RATIO of its residual. The discriminant does not point
    elsewhere: the pixel judge names it. An earlier reader asked the discriminant to name the
    card itself, and named nothing. The reader names it where the network finds it nearest too
    (the white 2 on the outline of its faint edges: on the outline its edges give, the network
    finds it nearer another card)."""
    _deck, frames, _empties = bench_deck("a", 1, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    assert bench_reader("a", 1, index).read(frame, "multicolor") == [card]


def test_a_first_judge_sure_of_a_rank_the_corners_contradict_leaves_the_pixel_judge_silent(monkeypatch):
    """A red 4 of corpus B, seed 1, in a deck taught without pulling teach outlines in off the
    cloth (as a deck file saved by an earlier version): its face carries a band of cloth, and the
    first judge takes the frame for the red 3 within its strict limits (residual 0.18, leaning
    0.55) while both rank corners find the 4 nearer by 35. The discriminant points elsewhere,
    and the first judge alone names nothing."""
    from companion.faces import teach

    monkeypatch.setattr(teach, "pulled_in", lambda photo, quad: quad)
    # nor its edge judged in parts (odd_faces.py), which would ask for that face again
    monkeypatch.setattr("companion.faces.odd_faces._parts_unlike", lambda *judged: False)
    deck, frames, _empties = bench_deck.__wrapped__("b", 1, 1)  # not the deck taught now
    frame, shown = frames[5]
    assert shown == {"R4"}
    face = upright_face(frame, find_cards(frame)[0])
    assert PixelJudge(deck).verdict(face, shown_cards("multicolor")).card is None
    assert set(FaceReader(deck).read(frame, "multicolor")) <= {"R4"}


def test_a_card_taught_from_an_outline_pulled_in_off_the_cloth_is_read():
    """The same red 4, its face now taught from the outline pulled in to the card's edge."""
    _deck, frames, _empties = bench_deck("b", 1, 1)
    frame, shown = frames[5]
    assert shown == {"R4"}
    assert bench_reader("b", 1, 1).read(frame, "multicolor") == ["R4"]


def _suit_sure_of(pixels, frame, suit, learned_card, monkeypatch, allowed=None, its_residual=0.1):
    """What the pixel judge names for the frame's card when its first judge is sure of `suit`
    only and the discriminant names `learned_card` (both judges stood in for; every card's
    residual 0.1, `learned_card`'s `its_residual`)."""
    face = upright_face(frame, find_cards(frame)[0])
    residual = np.full(len(pixels.cards), 0.1)
    residual[pixels.cards.index(learned_card)] = its_residual
    monkeypatch.setattr(pixels, "judge", lambda comparison, allowed=None: (None, suit + "3", 0.1, 0.0, suit))
    monkeypatch.setattr(pixels, "learned", lambda face, min_each_corner=-np.inf: pixels.cards.index(learned_card))
    monkeypatch.setattr(pixels, "compare", lambda face: type("C", (), {"residual": residual})())
    monkeypatch.setattr(pixels, "_printed", lambda comparison, near: list(near))  # every print seen
    return pixels.verdict(face, allowed).card


def test_a_judge_sure_of_the_suit_alone_never_lets_another_suit_or_card_through(reader, look, monkeypatch):
    """Where the pixel judge's first judge is sure of the suit and not of the rank, the rank is
    the discriminant's, but only a card of that suit, and of the variant, is ever named."""
    frame, _shown = faces_synth_a.table_frame(look, "R3", np.random.default_rng(3), mild=True)
    pixels = reader.pixels
    assert _suit_sure_of(pixels, frame, "R", "R4", monkeypatch) == "R4"
    assert _suit_sure_of(pixels, frame, "R", "Y4", monkeypatch) is None
    assert _suit_sure_of(pixels, frame, "R", "R4", monkeypatch, allowed={"R1", "R2", "R3"}) is None
    # nor a card the first judge finds far from the face (not among the ones near it)
    assert _suit_sure_of(pixels, frame, "R", "R4", monkeypatch, its_residual=0.3) is None


def test_a_card_the_deck_names_without_a_face_does_not_stop_the_reader(taught, look):
    """A deck whose last card has no face (a damaged or hand-made file) reads the others."""
    deck = Deck(faces={card: list(faces) for card, faces in taught.faces.items()})
    deck.faces["W5"] = []
    frame, _shown = faces_synth_a.table_frame(look, "R3", np.random.default_rng(3), mild=True)
    assert set(FaceReader(deck).read(frame, "classic")) <= {"R3"}


def seen(card, best, residual, leaning, near=None, printed=None):
    """A pixel verdict whose near cards all show their print, unless `printed` says."""
    near = near or {}
    return PixelVerdict(card, best, residual, leaning, near, frozenset(near if printed is None else printed))


@pytest.fixture
def judged(reader, monkeypatch):
    """(named, learned, corners, untold, margins): `named(net, pixels, max_residual)` is the
    reader's verdict on a face the judges see so; the discriminant names the cards in `learned`
    (`corners` lists what each rank corner was asked to tell the rank by) and its whole card
    tells the suit of every card but those in `untold`, the figure judge gives the margins in
    `margins` (card: (first, second); none: no rank told) and, inside the corners' rim, those in
    `named.inside` (none: no rank told there), and the colour judge those in `named.colours`
    (none: no colour told)."""
    face = reader.deck.faces["W3"][0]
    learned: list[str] = []
    corners: list[float] = []
    untold: set[str] = set()
    margins: dict[str, tuple[float, float]] = {}

    def learns(face, card, min_each_corner=-np.inf):
        corners.append(min_each_corner)
        return card in learned

    monkeypatch.setattr(reader.pixels, "learns", learns)
    monkeypatch.setattr(reader.figures, "margins",
                        lambda face, card, seen=None: margins.get(card, (-np.inf, -np.inf)))
    inside: dict[str, tuple[float, float]] = {}
    monkeypatch.setattr(reader.figures, "inside_margins",
                        lambda face, card, seen=None: inside.get(card, (-np.inf, -np.inf)))
    monkeypatch.setattr(reader.pixels, "suit_told", lambda face, card: card not in untold)
    colours: dict[str, tuple[float, float]] = {}
    monkeypatch.setattr(reader.colours, "margins",
                        lambda face, card, among=None: colours.get(card, (-np.inf, -np.inf)))

    def named(net: NetVerdict, pixels: PixelVerdict, max_residual: float | None = None, allowed=None):
        monkeypatch.setattr(reader.pixels, "verdict", lambda face, allowed, max_residual=None: pixels)
        return reader._named(face, net, allowed, max_residual)

    named.colours, named.inside = colours, inside
    return named, learned, corners, untold, margins


def test_a_card_is_named_only_where_both_judges_find_it_near_and_one_is_sure(reader, judged, monkeypatch):
    """The network's sure card is named if it is among the pixel judge's near cards, as close
    to its taught face as the pixel judge asks of a card it names, the pixel judge sure of no
    card, and its discriminant names it too (or the network is all but certain of it, its
    figure not against it on an outline of a later look); the pixel judge's sure card is named
    if the network's nearest card is the same and the network finds the view like a taught face
    at all. Where the pixel judge is sure of a card and the network finds another clearly nearer,
    nothing is named; where the pixel judge finds another card nearer without being sure of it,
    the network's card is named only on a first look, the network very sure of it or very like
    it. (The network unmistakably sure of its card names it alone: see
    test_a_card_the_network_is_unmistakably_sure_of_is_named_on_its_word_alone.)"""
    from companion.faces.reader import AGAINST_MARGIN

    named, learned, corners, untold, margins = judged
    sure, unsure = NetVerdict("W5", "W5", 0.95, 0.1), NetVerdict(None, "W5", 0.9, 0.02)
    near_both = {"W1": 0.06, "W5": 0.11}
    assert named(sure, seen(None, "W5", 0.11, 0.4, {"W5": 0.11})) == (None, "")  # the corners do not say 5
    learned.append("W5")
    assert named(sure, seen(None, "W5", 0.11, 0.4, {"W5": 0.11})) == ("W5", "network")
    # the pixel judge's nearest another card, not sure of it, the network's card near too: each
    # rank corner must tell the rank, and the network find the view very like its card
    corners.clear()
    assert named(sure, seen(None, "W1", 0.06, 0.48, near_both)) == ("W5", "network")
    assert corners == [0.0]
    assert named(NetVerdict("W5", "W5", 0.7, 0.1), seen(None, "W1", 0.06, 0.48, near_both)) == (None, "")
    assert named(sure, seen(None, "W1", 0.06, 0.48, {"W1": 0.06})) == (None, "")  # not near
    # near, but the view is as near the white 5's bare paper: its print is not seen
    assert named(sure, seen(None, "W5", 0.11, 0.4, {"W5": 0.11}, printed=())) == (None, "")
    # on an outline of a later look (max_residual given), the pixel judge's nearest card must be
    # the network's: such an outline may take in a shadow, and a face warped off leans to a rank
    assert named(sure, seen(None, "W1", 0.06, 0.48, near_both), max_residual=0.22) == (None, "")
    # the network's card its nearest too, it may be as far from its taught face as on a first look
    assert named(sure, seen(None, "W5", 0.3, 0.4, {"W5": 0.3}), max_residual=0.22) == ("W5", "network")
    # but only if the network finds the view clearly like it (a lined notebook such a look found
    # was 0.66 like a white 1)
    from companion.faces.reader import SECOND_LOOK_LIKENESS

    faintly = NetVerdict("W5", "W5", SECOND_LOOK_LIKENESS - 0.01, 0.3)
    assert named(faintly, seen(None, "W5", 0.3, 0.4, {"W5": 0.3}), max_residual=0.22) == (None, "")
    # on a first look, a white card so little like the view is named where its figures tell it
    assert named(faintly, seen(None, "W5", 0.3, 0.4, {"W5": 0.3})) == (None, "")
    from companion.faces.reader import HUELESS_FIGURE_MARGIN

    margins["W5"] = (HUELESS_FIGURE_MARGIN, HUELESS_FIGURE_MARGIN)
    assert named(faintly, seen(None, "W5", 0.3, 0.4, {"W5": 0.3})) == ("W5", "network")
    del margins["W5"]
    # a card of a suit with a hue of its own is not asked that of its figures
    learned.append("R5")
    assert named(NetVerdict("R5", "R5", 0.69, 0.3), seen(None, "R5", 0.3, 0.4, {"R5": 0.3})) == ("R5", "network")
    # both corners' figures nearer in colour to another suit's card of the rank: a card the
    # network is less than very sure of is not named on its word, one it is very sure of is
    from companion.faces.reader import COLOUR_AGAINST_MARGIN

    named.colours["W5"] = (COLOUR_AGAINST_MARGIN, COLOUR_AGAINST_MARGIN)
    assert named(sure, seen(None, "W5", 0.11, 0.4, {"W5": 0.11})) == (None, "")
    assert named(NetVerdict("W5", "W5", 0.95, 0.2), seen(None, "W5", 0.11, 0.4, {"W5": 0.11})) == ("W5", "network")
    named.colours["W5"] = (COLOUR_AGAINST_MARGIN, COLOUR_AGAINST_MARGIN - 0.01)  # one corner only
    assert named(sure, seen(None, "W5", 0.11, 0.4, {"W5": 0.11})) == ("W5", "network")
    del named.colours["W5"]
    far = MAX_RESIDUAL + 0.05  # near the nearest, but as far from its taught face as this
    assert named(sure, seen(None, "W5", far, 0.4, {"W5": far})) == (None, "")
    # the network very sure (0.8 alike, twice the gap it asks): a view may be as far as
    # FAR_RESIDUAL, the pixel judge's nearest its card (or, on a first look only, another), the
    # discriminant naming it
    from companion.faces.reader import FAR_RESIDUAL

    very = NetVerdict("W5", "W5", 0.95, 0.2)
    assert named(very, seen(None, "W5", far, 0.4, {"W5": far})) == ("W5", "network")
    assert named(very, seen(None, "W5", far, 0.4, {"W5": far}), max_residual=0.22) == ("W5", "network")
    assert named(NetVerdict("W5", "W5", 0.75, 0.2), seen(None, "W5", far, 0.4, {"W5": far})) == (None, "")
    another_nearer = seen(None, "W1", far - 0.1, 0.4, {"W1": far - 0.1, "W5": far})
    corners.clear()
    assert named(very, another_nearer) == ("W5", "network")
    assert corners == [0.0]  # another rank of the suit nearer: each rank corner must tell the rank
    assert named(very, another_nearer, max_residual=0.22) == (None, "")  # a later look
    corners.clear()
    assert named(very, seen(None, "Y5", far - 0.1, 0.4, {"Y5": far - 0.1, "W5": far})) == ("W5", "network")
    assert corners == [-np.inf]  # the same rank in another suit: the discriminant tells the suit
    assert named(NetVerdict("W5", "W5", 0.95, 0.1), another_nearer) == (None, "")  # sure, not very
    learned.remove("W5")
    assert named(very, another_nearer) == (None, "")
    learned.append("W5")
    too_far = FAR_RESIDUAL + 0.05
    assert named(very, seen(None, "W5", too_far, 0.4, {"W5": too_far})) == (None, "")
    assert named(sure, seen("W1", "W1", 0.06, 0.48, near_both)) == (None, "")  # sure of another
    clearly = NetVerdict("W5", "W5", 0.99, 0.08, "W1", {"W5": 0.99, "W1": 0.91})  # the 1 clearly behind
    assert named(clearly, seen("W1", "W1", 0.06, 0.48, near_both)) == (None, "")
    assert named(unsure, seen("W5", "W5", 0.1, 0.4, {"W5": 0.1})) == ("W5", "pixels")
    # the network all but as near another rank of the suit: each rank corner must tell the rank
    told: list[str] = []
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    torn = NetVerdict(None, "W5", 0.9, 0.02, "W2")
    assert named(torn, seen("W5", "W5", 0.1, 0.4, {"W5": 0.1})) == (None, "")
    assert named(NetVerdict(None, "W5", 0.9, 0.02, "R5"), seen("W5", "W5", 0.1, 0.4, {"W5": 0.1})) == ("W5", "pixels")
    assert named(NetVerdict(None, "W5", 0.9, 0.07, "W2"), seen("W5", "W5", 0.1, 0.4, {"W5": 0.1})) == ("W5", "pixels")
    faint = PixelVerdict("W5", "W5", 0.1, 0.4, {"W5": 0.1}, frozenset({"W5"}), faint=True)
    assert named(torn, faint) == ("W5", "pixels")  # a faint figure the discriminant names nothing of
    told.append("W5")
    assert named(torn, seen("W5", "W5", 0.1, 0.4, {"W5": 0.1})) == ("W5", "pixels")
    # the network finds the view little like any card (a lined notebook)
    assert named(NetVerdict(None, "W5", 0.45, 0.2), seen("W5", "W5", 0.1, 0.4, {"W5": 0.1})) == (None, "")
    assert named(NetVerdict(None, "W3", 0.94, 0.03), seen("W1", "W1", 0.06, 0.48)) == (None, "")
    # the network all but certain (CERTAIN_LIKENESS alike, CERTAIN_GAP ahead) and the card
    # within the pixel judge's own limit: named though the discriminant does not second it,
    # and though the pixel judge finds another card nearer
    learned.clear()
    certain = NetVerdict("W5", "W5", 0.88, 0.3)  # less alike than the network alone names a card at
    assert named(certain, seen(None, "W5", 0.3, 0.4, {"W5": 0.3})) == ("W5", "network")
    assert named(NetVerdict("W5", "W5", 0.9, 0.2), seen(None, "W5", 0.3, 0.4, {"W5": 0.3})) == (None, "")
    assert named(NetVerdict("W5", "W5", 0.8, 0.3), seen(None, "W5", 0.3, 0.4, {"W5": 0.3})) == (None, "")
    assert named(certain, seen(None, "W5", far, 0.4, {"W5": far})) == (None, "")  # past MAX_RESIDUAL
    # on an outline of a later look too, its figure not against the card
    assert named(certain, seen(None, "W5", 0.2, 0.4, {"W5": 0.2}), max_residual=0.22) == ("W5", "network")
    margins["W5"] = (0.3, -AGAINST_MARGIN)
    assert named(certain, seen(None, "W5", 0.2, 0.4, {"W5": 0.2}), max_residual=0.22) == (None, "")
    assert named(certain, seen(None, "W5", 0.2, 0.4, {"W5": 0.2})) == ("W5", "network")  # a first look
    del margins["W5"]
    assert named(certain, seen(None, "W1", 0.2, 0.4, {"W1": 0.2, "W5": 0.3})) == ("W5", "network")
    # ... but on a later look's outline only where the pixel judge finds the card nearest
    assert named(certain, seen(None, "W1", 0.2, 0.4, {"W1": 0.2, "W5": 0.3}), max_residual=0.22) == (None, "")
    # the pixel judge's nearest another card: the discriminant's whole card must tell the suit
    untold.add("W5")
    assert named(certain, seen(None, "Y5", 0.2, 0.4, {"Y5": 0.2, "W5": 0.3})) == (None, "")
    assert named(certain, seen(None, "W5", 0.3, 0.4, {"W5": 0.3})) == ("W5", "network")
    untold.clear()
    assert named(certain, seen(None, "W1", 0.2, 0.4, {"W1": 0.2, "W5": far})) == (None, "")
    assert named(certain, seen("W1", "W1", 0.2, 0.4, {"W1": 0.2, "W5": 0.3})) == (None, "")  # sure of another
    assert named(certain, seen(None, "W5", 0.3, 0.4, {"W5": 0.3}, printed=())) == (None, "")


def test_a_rank_told_by_its_corner_figure_alone_is_named_only_where_the_other_judges_agree_on_the_suit(judged):
    """The figure judge names the network's nearest card where no other rule does, only if
    each corner's figure tells the card's rank by FIGURE_MARGIN,
    the network finds the view very like it and is sure of it or at least of its suit, the
    pixel judge finds a card of that suit nearest and the card within its limit, and the
    discriminant's whole card tells the suit (where the network cannot tell the card from
    another rank of its suit, the figure may tell it however little like the card the network
    finds the view, and as far as FAR_RESIDUAL:
    test_two_ranks_the_network_cannot_tell_apart_are_told_by_the_figure)."""
    from companion.faces.reader import AGAINST_MARGIN, FAR_RESIDUAL, FIGURE_MARGIN, STRONG_LIKENESS

    named, _learned, _corners, untold, margins = judged
    unsure = NetVerdict(None, "W5", 0.95, 0.02, "W3")  # the network unsure of the rank
    near = seen(None, "W3", 0.2, 0.4, {"W3": 0.2, "W5": 0.25})
    assert named(unsure, near) == (None, "")
    margins["W5"] = (FIGURE_MARGIN, FIGURE_MARGIN + 0.1)
    assert named(unsure, near) == ("W5", "figures")
    assert named(unsure, near, max_residual=0.3) == ("W5", "figures")  # on a later look's outline too
    # inside the corners' rim, a corner's figure matching another rank better by AGAINST_MARGIN: the
    # match was the card's dark edge, not its figure
    named.inside["W5"] = (0.1, -AGAINST_MARGIN)
    assert named(unsure, near) == (None, "")
    named.inside["W5"] = (0.1, -AGAINST_MARGIN + 0.01)
    assert named(unsure, near) == ("W5", "figures")
    del named.inside["W5"]
    margins["W5"] = (FIGURE_MARGIN - 0.01, 0.5)  # one corner short of the margin
    assert named(unsure, near) == (None, "")
    margins["W5"] = (0.2, 0.2)
    # sure of the card, the view less like it than FIGURE_LIKENESS (and than STRONG_LIKENESS, where
    # the figure outweighs the pixel judge's nearer rank)
    assert named(NetVerdict("W5", "W5", STRONG_LIKENESS - 0.01, 0.1, "Y5"), near) == (None, "")
    assert named(NetVerdict(None, "W5", 0.95, 0.02, "Y5"), near) == (None, "")  # the suit in doubt
    assert named(NetVerdict("W5", "W5", 0.95, 0.1, "Y5"), near) == ("W5", "figures")  # sure of the card
    assert named(unsure, seen(None, "Y5", 0.2, 0.4, {"Y5": 0.2, "W5": 0.25})) == (None, "")  # another suit
    assert named(unsure, seen(None, "W3", 0.2, 0.4, {"W3": 0.2, "W5": FAR_RESIDUAL + 0.05})) == (None, "")
    assert named(unsure, seen(None, "W3", 0.2, 0.4, {"W3": 0.2})) == (None, "")  # not near at all
    assert named(unsure, seen("W3", "W3", 0.2, 0.4, {"W3": 0.2, "W5": 0.25})) == (None, "")  # sure of another
    assert named(unsure, seen(None, "W3", 0.2, 0.4, {"W3": 0.2, "W5": 0.25}, printed=("W3",))) == (None, "")
    untold.add("W5")  # the discriminant's whole card finds another suit nearer
    assert named(unsure, near) == (None, "")


def test_two_ranks_the_network_cannot_tell_apart_are_told_by_the_figure(reader, judged, monkeypatch):
    """Where the network finds two ranks of a suit all but as near and no other rule names either,
    the figure tells its nearest card, however little it finds the view like it beyond its
    MIN_LIKENESS, on an outline of any look: the pixel judge's nearest card of the suit, sure of
    none, the view within FAR_RESIDUAL of the card and, but for a rainbow card, no card nearer it
    by residual, the discriminant's whole card telling the suit and its rank corners no other
    rank, each corner's figure matching the card by FIGURE_MARGIN (AGREED_MARGIN where each rank
    corner tells it)."""
    from companion.faces.reader import AGREED_MARGIN, FAR_RESIDUAL, FIGURE_MARGIN

    named, _learned, _corners, untold, margins = judged
    told: list[str] = []
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    torn = NetVerdict(None, "W5", 0.7, 0.01, "W2")  # 0.70 like the 5, 0.69 like the 2
    near = seen(None, "W2", 0.3, 0.4, {"W2": 0.32, "W5": 0.3})  # the 2 leaning, the 5 nearest by residual
    margins["W5"] = (FIGURE_MARGIN, FIGURE_MARGIN + 0.1)
    assert named(torn, near) == ("W5", "figures")
    # the 2 nearer by residual: not for a white card (a pale white 3 named the 5, corpus A, seed
    # 1027); for a rainbow card, whose stripes may put another rank nearer, as before
    assert named(torn, seen(None, "W2", 0.3, 0.4, {"W2": 0.3, "W5": 0.5})) == (None, "")
    margins["M5"] = margins["W5"]
    assert named(NetVerdict(None, "M5", 0.7, 0.01, "M2"), seen(None, "M2", 0.3, 0.4, {"M2": 0.3, "M5": 0.5})) \
        == ("M5", "figures")
    assert named(torn, near, max_residual=0.22) == ("W5", "figures")  # on a later look's outline too
    assert named(torn, seen(None, "W2", 0.3, 0.4, {"W2": 0.3, "W5": FAR_RESIDUAL + 0.05})) == (None, "")
    assert named(torn, seen(None, "R5", 0.3, 0.4, {"R5": 0.3, "W5": 0.5})) == (None, "")  # another suit nearest
    assert named(NetVerdict(None, "W5", 0.7, 0.01, "R5"), near) == (None, "")  # the suit in doubt
    held = PixelVerdict(None, "W2", 0.3, 0.4, {"W2": 0.3, "W5": 0.5}, frozenset({"W2", "W5"}), held_back="W2")
    assert named(torn, held) == (None, "")  # the first judge sure of the 2
    told.append("W2")  # the rank corners tell another rank
    assert named(torn, near) == (None, "")
    told.clear()
    untold.add("W5")  # the whole card finds another suit nearer
    assert named(torn, near) == (None, "")
    untold.clear()
    margins["W5"] = (AGREED_MARGIN, 0.5)  # the figure leaning to the card by less than FIGURE_MARGIN ...
    assert named(torn, near) == (None, "")
    told.append("W5")  # ... told where each rank corner tells the rank
    assert named(torn, near) == ("W5", "figures")


def test_a_rank_told_by_its_corner_figure_may_be_the_pixel_judges_nearest_card(judged):
    """The figure judge names the pixel judge's nearest card where the network finds another rank
    of its suit nearest and this card all but as near (a white deck's faint figures), on a
    first-look outline only: the network finding the view FIGURE_LIKENESS like it, within its
    MIN_GAP of its nearest, no card nearer pixel by pixel and the card within the pixel judge's
    limit, the discriminant's whole card telling the suit, each corner's figure matching the
    card better than any other rank's by FIGURE_MARGIN, and none against it inside the corners'
    rim (AGAINST_MARGIN)."""
    from companion.faces.reader import AGAINST_MARGIN, FIGURE_LIKENESS, FIGURE_MARGIN

    named, _learned, _corners, untold, margins = judged
    alike = {"W2": 0.95, "W3": 0.94, "W1": 0.93, "Y2": 0.7}
    net = NetVerdict(None, "W2", 0.95, 0.01, "W3", alike)
    near = seen(None, "W3", 0.2, 0.4, {"W3": 0.2, "W2": 0.22})
    assert named(net, near) == (None, "")  # the figures tell nothing
    margins["W3"] = (FIGURE_MARGIN, FIGURE_MARGIN + 0.1)
    assert named(net, near) == ("W3", "figures")
    named.inside["W3"] = (-AGAINST_MARGIN, 0.1)  # inside the corners' rim, another rank leads
    assert named(net, near) == (None, "")
    del named.inside["W3"]
    assert named(net, near, max_residual=0.3) == (None, "")  # a later look's outline
    margins["W3"] = (FIGURE_MARGIN - 0.01, 0.5)  # one corner short of the margin
    assert named(net, near) == (None, "")
    margins["W3"] = (0.2, 0.2)
    assert named(NetVerdict(None, "W2", 0.95, 0.01, "W3", {**alike, "W3": FIGURE_LIKENESS - 0.01}), near) \
        == (None, "")
    assert named(NetVerdict(None, "W2", 0.95, 0.01, "W3", {**alike, "W3": 0.95 - MIN_GAP}), near) == (None, "")
    # another card nearer by residual (the pixel judge's nearest leans most clearly to itself)
    assert named(net, seen(None, "W3", 0.2, 0.4, {"W3": 0.2, "W2": 0.19})) == (None, "")
    assert named(net, seen(None, "W3", MAX_RESIDUAL + 0.01, 0.4, {"W3": MAX_RESIDUAL + 0.01})) == (None, "")
    assert named(net, seen(None, "W3", 0.2, 0.4, {"W3": 0.2, "W2": 0.22}, printed=("W2",))) == (None, "")
    assert named(NetVerdict(None, "Y2", 0.95, 0.01, "W3", {**alike, "Y2": 0.95}), near) == (None, "")  # another suit
    assert named(net, near, allowed={"W1", "W2", "W4", "W5"}) == (None, "")  # not in the variant's deck
    # the network's own nearest card is not named so (its second another suit: the figure's own
    # rule does not name it either)
    margins["W2"] = (FIGURE_MARGIN, FIGURE_MARGIN)
    own = NetVerdict(None, "W2", 0.95, 0.01, "Y2", {"W2": 0.95, "Y2": 0.94})
    assert named(own, seen(None, "W2", 0.2, 0.4, {"W2": 0.2})) == (None, "")
    del margins["W2"]
    untold.add("W3")  # the discriminant's whole card finds another suit nearer
    assert named(net, near) == (None, "")


def test_a_faint_white_2_the_network_takes_for_the_1_is_told_by_its_corner_rings():
    """A white deck printed all but white on white, under an orange lamp: a 2 differs from the 1
    only by a second small ring in each corner. The network finds the view nearest the 1, the 2
    all but as near; the pixel judge finds the 2 nearest, unsure; the figures tell the 2 (corpus
    A, seed 214, looked at after it was measured)."""
    reader, frame, face = _named_by("a", 214, 1, 0, "W2", "figures")
    verdict = reader.judge.verdicts([face])[0]
    assert verdict.best == "W1" and verdict.alike["W2"] > verdict.likeness - MIN_GAP
    assert reader.pixels.verdict(face, None).best == "W2"


def test_the_pixel_judges_card_is_named_where_the_network_cannot_tell_it_from_its_nearest_rank(
        reader, judged, monkeypatch):
    """Where the pixel judge is sure of a card and the network finds another rank of its suit
    nearest, the card all but as near (within MIN_GAP: a white deck's faint figures) and the
    view AGREED_LIKENESS like it, on a first-look outline, the card is named if its rank is
    told, by each rank corner of the discriminant or by each corner's figure matching it better
    than any other rank's by AGREED_MARGIN; never where the network finds it clearly less near
    or the view less like it, or where the network's nearest is of another suit. The figures
    tell a rank only of a view very like the card (STRONG_LIKENESS), where the network finds it
    nearest too."""
    from companion.faces.reader import AGREED_LIKENESS, AGREED_MARGIN

    named, _learned, _corners, _untold, margins = judged
    told: list[str] = []
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    alike = {"W3": 0.95, "W2": 0.94, "W1": 0.93, "R1": 0.93}
    torn = NetVerdict(None, "W3", 0.95, 0.01, "W2", alike)
    sure_of_w1 = seen("W1", "W1", 0.05, 0.4, {"W1": 0.05})
    assert named(torn, sure_of_w1) == (None, "")  # the rank not told
    told.append("W1")
    assert named(torn, sure_of_w1) == ("W1", "pixels")
    told.clear()
    margins["W1"] = (AGREED_MARGIN, AGREED_MARGIN + 0.01)  # the figures tell it, if only just
    assert named(torn, sure_of_w1) == ("W1", "pixels")
    assert named(torn, sure_of_w1, max_residual=0.22) == (None, "")  # not on a later look
    margins["W1"] = (0.0, 0.3)  # a corner with no figure to see matches every rank alike
    assert named(torn, sure_of_w1) == (None, "")
    margins["W1"] = (0.1, 0.1)
    # the 1 as like the view as asked, but the 3 clearly nearer
    behind = NetVerdict(None, "W3", 0.99, 0.01, "W2", {**alike, "W3": 0.99, "W1": 0.99 - MIN_GAP - 0.01})
    assert behind.alike["W1"] >= AGREED_LIKENESS
    assert named(behind, sure_of_w1) == (None, "")
    less = AGREED_LIKENESS - 0.01  # the view less like the 1 than that, the 3 all but as near
    assert named(NetVerdict(None, "W3", less + 0.01, 0.01, "W2", {"W3": less + 0.01, "W1": less}),
                 sure_of_w1) == (None, "")
    # the network's nearest card the pixel judge's too, the 3 all but as near, the view less than
    # very like either: the figures are not asked (a figure cut or shifted may match another
    # rank), each rank corner of the discriminant is
    margins["W5"] = (0.05, 0.03)
    unlike = NetVerdict(None, "W5", 0.69, 0.02, "W3", {"W5": 0.69, "W3": 0.67})
    assert named(unlike, seen("W5", "W5", 0.05, 0.4, {"W5": 0.05})) == (None, "")
    told.append("W5")  # each rank corner of the discriminant tells it
    assert named(unlike, seen("W5", "W5", 0.05, 0.4, {"W5": 0.05})) == ("W5", "pixels")
    margins["R1"] = (0.1, 0.1)
    told.append("R1")
    assert named(torn, seen("R1", "R1", 0.05, 0.4, {"R1": 0.05})) == (None, "")  # another suit


def test_a_card_all_three_judges_agree_on_is_named_though_none_is_sure_of_it(reader, judged, monkeypatch):
    """Where no other rule names a card, but the network and the pixel judge both find it
    nearest, on a first-look outline, the network finding the view AGREED_LIKENESS like it and
    every card of another suit less like it by MIN_GAP, the view within AGREED_RESIDUAL of it,
    the discriminant's whole card telling the suit, and each corner's figure tells it by
    AGREED_MARGIN (a white deck whose faint figures the network and the discriminant cannot tell
    apart), it is named; never on a later look's outline."""
    from companion.faces.reader import AGREED_LIKENESS, AGREED_MARGIN, AGREED_RESIDUAL

    named, _learned, _corners, untold, margins = judged
    alike = {"W3": 0.95, "W2": 0.94, "Y3": 0.95 - MIN_GAP}
    torn = NetVerdict(None, "W3", 0.95, 0.01, "W2", alike)
    near = seen(None, "W3", 0.1, 0.4, {"W3": 0.1, "W2": 0.11})
    assert named(torn, near) == (None, "")  # the figures tell nothing
    margins["W3"] = (AGREED_MARGIN, AGREED_MARGIN + 0.01)
    assert named(torn, near) == ("W3", "agreement")
    # the figures tell the rank only: the suit must be told by the network and the discriminant
    assert named(NetVerdict(None, "W3", 0.95, 0.01, "W2", {**alike, "Y3": 0.95 - MIN_GAP + 0.01}), near) == (None, "")
    untold.add("W3")
    assert named(torn, near) == (None, "")
    untold.clear()
    sure = NetVerdict("W3", "W3", 0.95, 0.1, "W2", alike)
    assert named(sure, near) == ("W3", "network")  # sure: its figure seconds it
    told = {"W2"}  # the rank corners tell another rank: the figure does not second it
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    assert named(sure, near) == ("W3", "agreement")
    told.clear()
    assert named(NetVerdict(None, "W3", 0.95, 0.01, "W2"), near) == (None, "")  # no likeness per card
    assert named(torn, near, max_residual=0.22) == (None, "")  # a later look
    less = AGREED_LIKENESS - 0.01
    assert named(NetVerdict(None, "W3", less, 0.01, "W2", {**alike, "W3": less, "W2": less - 0.01}), near) \
        == (None, "")
    assert named(torn, seen(None, "W2", 0.1, 0.4, {"W2": 0.1, "W3": 0.11})) == (None, "")  # W2 nearest
    assert named(torn, seen(None, "W3", AGREED_RESIDUAL + 0.01, 0.4, {"W3": AGREED_RESIDUAL + 0.01})) == (None, "")
    assert named(torn, seen(None, "W3", 0.1, 0.4, {"W3": 0.1, "W2": 0.11}, printed=("W2",))) == (None, "")
    margins["W3"] = (AGREED_MARGIN - 0.01, 0.3)  # one corner short
    assert named(torn, near) == (None, "")


def test_a_card_the_network_is_very_sure_of_is_named_a_little_further_from_its_taught_face(monkeypatch):
    """Corpus B, seed 35, deck 5: a blue 5 the network finds 0.92 like its taught face, 0.38
    more than any other card, and the pixel judge finds nearest too but 0.56 from it (more than
    the 0.45 it allows a card it names), the discriminant naming it. Named; held to 0.45, the
    corners' rule (_corners_tell) and the network alone (UNMISTAKABLE_GAP) set aside, not."""
    from companion.faces import reader as reader_module

    _deck, frames, _empties = bench_deck("b", 35, 5)
    frame, shown = frames[30]
    assert shown == {"B5"}
    reader = bench_reader("b", 35, 5)
    assert reader.read(frame, "multicolor") == ["B5"]
    monkeypatch.setattr(reader_module, "FAR_RESIDUAL", reader.pixels.max_residual)
    monkeypatch.setattr(reader_module.FaceReader, "_corners_tell", lambda *args: False)  # nor by its corners
    monkeypatch.setattr(reader_module, "UNMISTAKABLE_GAP", 2.0)  # nor by the network alone
    monkeypatch.setattr(reader_module.FaceReader, "_very_sure_unopposed", lambda *args: False)  # nor unopposed
    assert reader.read(frame, "multicolor") == []


def test_a_card_the_network_is_unmistakably_sure_of_is_named_on_its_word_alone(reader, judged, monkeypatch):
    """A card the network finds UNMISTAKABLE_LIKENESS like the view and UNMISTAKABLE_GAP ahead of
    every other card is named though no other judge seconds it: far from its taught face pixel by
    pixel, its print not seen, the discriminant silent. Not where a judge points elsewhere: the
    pixel judge's first judge sure of another card, a corner's figure against it, the rank corners
    telling another rank of its suit, both corners' colours nearer the same rank of another suit;
    nor where the network finds the view a little less like it or a little less far ahead."""
    from companion.faces.reader import AGAINST_MARGIN, COLOUR_AGAINST_MARGIN, UNMISTAKABLE_GAP, UNMISTAKABLE_LIKENESS

    named, learned, _corners, _untold, margins = judged
    told: set[str] = set()
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    sure = NetVerdict("W5", "W5", UNMISTAKABLE_LIKENESS, UNMISTAKABLE_GAP, "Y5")
    far = seen(None, "Y5", 0.7, 0.4, {"Y5": 0.7}, printed=())  # another suit's card nearest, far off
    assert named(sure, far) == ("W5", "network")
    assert named(NetVerdict("W5", "W5", UNMISTAKABLE_LIKENESS - 0.01, UNMISTAKABLE_GAP, "Y5"), far) == (None, "")
    assert named(NetVerdict("W5", "W5", UNMISTAKABLE_LIKENESS, UNMISTAKABLE_GAP - 0.01, "Y5"), far) == (None, "")
    # on an outline of a later look too, the first judge sure of no other card
    assert named(sure, far, max_residual=0.22) == ("W5", "network")
    held = PixelVerdict(None, "Y5", 0.3, 0.4, {"Y5": 0.3}, frozenset(), held_back="Y5")
    assert named(sure, held, max_residual=0.22) == (None, "")
    margins["W5"] = (0.0, -AGAINST_MARGIN)  # the second corner's figure nearer another rank
    assert named(sure, far) == (None, "")
    del margins["W5"]
    told.add("W2")
    assert named(sure, far) == (None, "")
    told.clear()
    named.colours["W5"] = (COLOUR_AGAINST_MARGIN, COLOUR_AGAINST_MARGIN)
    assert named(sure, far) == (None, "")
    named.colours["W5"] = (COLOUR_AGAINST_MARGIN, 0.0)  # one corner alone says nothing
    assert named(sure, far) == ("W5", "network")
    # the first judge sure of the card itself, held back as too far for a later look's outline
    own = PixelVerdict(None, "W5", 0.3, 0.4, {"W5": 0.3}, frozenset(), held_back="W5")
    assert named(sure, own, max_residual=0.22) == ("W5", "network")


def test_a_card_the_network_is_very_sure_of_is_named_where_every_other_judge_leans_its_way(reader, judged,
                                                                                          monkeypatch):
    """A card the network is very sure of (STRONG_LIKENESS, twice the gap it asks) that no other
    rule names, as far from its taught face as no judge seconds it, is named where each other
    judge leans its way: the pixel judge finding no other rank of its suit nearer, nor the card's
    rank in doubt (another rank within CONTENDER_RATIO, neither the figures by AGREED_MARGIN nor
    each rank corner telling the card), the discriminant's whole card telling its suit and its
    rank corners no other rank, each corner's figure, whole and inside its rim, nearer another
    rank by less than AGAINST_MARGIN if at all. Not where one of them points elsewhere, nor where
    the figures tell nothing, nor where the network is sure of the card but not very sure."""
    from companion.faces.pixel_judge import CONTENDER_RATIO
    from companion.faces.reader import (AGAINST_MARGIN, COLOUR_AGAINST_MARGIN, FAR_RESIDUAL, FIGURE_LIKENESS,
                                        SURE_GAP_FACTOR)

    named, _learned, _corners, untold, margins = judged
    told: set[str] = set()
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    very = NetVerdict("W5", "W5", FIGURE_LIKENESS, SURE_GAP_FACTOR * reader.judge.min_gap, "W4")
    far = FAR_RESIDUAL + 0.1  # too far for the pixel judge to second it
    # another rank of the suit near, but further than CONTENDER_RATIO times the card's residual
    alone = seen(None, "W5", far, 0.4, {"W5": far, "W4": 1.3 * far, "Y5": far + 0.1})
    # the figures lean to the card too little to second it (less than AGREED_MARGIN), one corner's
    # to another rank by less than AGAINST_MARGIN
    margins["W5"] = named.inside["W5"] = (0.01, -AGAINST_MARGIN + 0.01)
    assert named(very, alone) == ("W5", "network")
    assert named(very, alone, max_residual=0.22) == ("W5", "network")  # on a later look's outline too
    assert named(NetVerdict("W5", "W5", FIGURE_LIKENESS, SURE_GAP_FACTOR * reader.judge.min_gap - 0.01, "W4"),
                 alone) == (None, "")
    assert named(NetVerdict("W5", "W5", 0.84, 0.2, "W4"), alone) == (None, "")  # a white card: FIGURE_LIKENESS
    assert named(NetVerdict("W5", "W5", FIGURE_LIKENESS, 0.2, "W4"), alone) == ("W5", "network")
    # the pixel judge finds another rank of the suit nearer (another suit's card nearer says nothing of the
    # rank), though the rank corners tell the card and no figure leans elsewhere (its rank not in doubt)
    margins["W5"] = named.inside["W5"] = (0.01, 0.01)
    told.add("W5")
    assert named(very, seen(None, "W4", far - 0.01, 0.4, {"W5": far, "W4": far - 0.01})) == (None, "")
    assert named(very, seen(None, "Y5", far - 0.01, 0.4, {"W5": far, "Y5": far - 0.01})) == ("W5", "network")
    # the card not among the near cards at all
    assert named(very, seen(None, "Y4", far, 0.4, {"Y4": far}, printed=("W5",))) == (None, "")
    told.clear()
    margins["W5"] = named.inside["W5"] = (0.01, -AGAINST_MARGIN + 0.01)
    # its rank in doubt pixel by pixel: another rank within CONTENDER_RATIO, the figures not telling the card
    doubted = seen(None, "W5", far, 0.4, {"W5": far, "W4": CONTENDER_RATIO * far})
    assert named(very, doubted) == (None, "")
    margins["W5"] = named.inside["W5"] = (0.01, 0.01)
    told.add("W5")  # each rank corner of the discriminant tells it, no figure leaning elsewhere
    assert named(very, doubted) == ("W5", "network")
    told.clear()
    margins["W5"] = named.inside["W5"] = (0.01, -AGAINST_MARGIN + 0.01)
    assert named(very, seen(None, "W5", far, 0.4, {"W5": far}, printed=())) == (None, "")  # its print not seen
    held = PixelVerdict(None, "W5", far, 0.4, {"W5": far}, frozenset({"W5"}), held_back="W4")
    assert named(very, held) == (None, "")  # the first judge sure of another card
    untold.add("W5")
    assert named(very, alone) == (None, "")
    untold.clear()
    told.add("W4")
    assert named(very, alone) == (None, "")
    told.clear()
    for whole, inside in (((0.01, -AGAINST_MARGIN), (0.01, 0.01)), ((0.01, 0.01), (-AGAINST_MARGIN, 0.01)),
                          ((-np.inf, -np.inf), (0.01, 0.01)), ((0.01, 0.01), (-np.inf, -np.inf))):
        margins["W5"], named.inside["W5"] = whole, inside
        assert named(very, alone) == (None, ""), (whole, inside)
    margins["W5"] = named.inside["W5"] = (0.01, 0.01)
    named.colours["W5"] = (COLOUR_AGAINST_MARGIN, COLOUR_AGAINST_MARGIN)
    assert named(very, alone) == (None, "")


@pytest.mark.parametrize("seed, index, frame_index, card", [(1048, 5, 11, "Y3"), (1059, 0, 25, "R1")])
def test_cards_no_other_rule_named_are_named_where_the_network_is_very_sure_and_no_judge_opposes(
        seed, index, frame_index, card, monkeypatch):
    """Corpus B: a yellow 3 and a red 1 the network is very sure of, but not unmistakably, that no
    judge seconds (the pixel judge sure of no card), while none points elsewhere: named on the
    network's word, and nothing named with the rule set aside."""
    from companion.faces.reader import UNMISTAKABLE_GAP, UNMISTAKABLE_LIKENESS

    _deck, frames, _empties = bench_deck("b", seed, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader("b", seed, index)
    named = [read for read in reader.read_all(frame, "multicolor") if read.card is not None]
    assert [(read.card, read.by, read.pixels_sure) for read in named] == [(card, "network", None)]
    read = named[0]
    assert reader._very_sure_of(read.likeness, read.gap)
    assert read.likeness < UNMISTAKABLE_LIKENESS or read.gap < UNMISTAKABLE_GAP
    monkeypatch.setattr(FaceReader, "_very_sure_unopposed", lambda *args: False)
    assert reader.read(frame, "multicolor") == []


def _named_by(generator: str, seed: int, index: int, frame_index: int, card: str, by: str = "network"):
    """(the reader of a benchmark deck, its frame, the upright face of the one outline named)
    for a frame of `card` that the reader names by the judge `by` ("network", "figures")."""
    _deck, frames, _empties = bench_deck(generator, seed, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader(generator, seed, index)
    named = [read for read in reader.read_all(frame, "multicolor") if read.card is not None]
    assert [(read.card, read.by) for read in named] == [(card, by)]
    return reader, frame, upright_face(frame, named[0].quad)


@pytest.mark.parametrize("generator, seed, index, frame_index, card", [("a", 34, 0, 13, "R5"), ("b", 34, 0, 0, "G1")])
def test_a_card_the_network_is_all_but_certain_of_is_named_without_the_discriminant(
        generator, seed, index, frame_index, card, monkeypatch):
    """A red 5 and a green 1 the network finds 0.96-0.97 like their taught faces and 0.36-0.58
    ahead of any other card, and the pixel judge finds nearest within its own limit, but whose
    discriminant does not second them (a rank corner finds another rank nearer). Named by the
    network; held to the discriminant, as an earlier reader held them, they are not."""
    from companion.faces import reader as reader_module

    reader, frame, face = _named_by(generator, seed, index, frame_index, card)
    assert not reader.pixels.learns(face, card)
    monkeypatch.setattr(reader_module, "CERTAIN_GAP", 2.0)
    monkeypatch.setattr(reader_module, "UNMISTAKABLE_GAP", 2.0)  # nor by the network alone
    monkeypatch.setattr(reader_module.FaceReader, "_very_sure_unopposed", lambda *args: False)  # nor unopposed
    # the red 5's figure tells it too, alone or with the other judges' nearest cards
    monkeypatch.setattr(reader_module, "FIGURE_MARGIN", 1.0)
    monkeypatch.setattr(reader_module, "AGREED_MARGIN", 1.0)
    assert reader.read(frame, "multicolor") == []


@pytest.mark.parametrize("generator, seed, index, frame_index, card", [
    ("b", 546, 0, 5, "M4"),  # 0.96 like, 0.50 ahead; the pixel judge nearest the rainbow 1, its print not seen
    ("b", 525, 2, 4, "R3"),  # 0.95 like, 0.37 ahead; nearest for the pixel judge too, its print not seen
    ("a", 408, 2, 34, "R1"),  # 0.92 like, 0.33 ahead; 0.47 from its taught face, the discriminant silent
])
def test_a_card_the_network_is_unmistakably_sure_of_is_named_where_no_other_judge_seconds_it(
        generator, seed, index, frame_index, card, monkeypatch):
    """Cards the network finds 0.9 or more like their taught faces and 0.25 or more ahead of any
    other card, which no other rule names (the pixel judge far off or not seeing the print, the
    discriminant silent): named by the network alone; without that rule, as an earlier reader
    read them, nothing is named."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import UNMISTAKABLE_GAP, UNMISTAKABLE_LIKENESS

    reader, frame, _face = _named_by(generator, seed, index, frame_index, card)
    read = next(read for read in reader.read_all(frame, "multicolor") if read.card == card)
    assert read.likeness >= UNMISTAKABLE_LIKENESS and read.gap >= UNMISTAKABLE_GAP
    monkeypatch.setattr(reader_module.FaceReader, "_unmistakable", lambda *args: False)
    assert reader.read(frame, "multicolor") == []


def test_a_rank_the_network_cannot_tell_from_another_is_named_only_if_each_corner_tells_it(monkeypatch):
    """Corpus B, seed 72, deck 2 (ranks as thin roman numerals): a rainbow 5 lying turned,
    which the network finds all but as near the rainbow 2 (0.01 apart) and the pixel judge
    takes for the 2, one rank corner barely nearer it. Named nothing; each corner taken as
    telling the rank, still nothing, as the network cannot tell the rank and the figures match
    another rank better than the 2; the figures taken as not against it too, it is named the
    2."""
    _deck, frames, _empties = bench_deck("b", 72, 2)
    frame, shown = frames[13]
    assert shown == {"M5"}
    reader = bench_reader("b", 72, 2)
    assert reader.read(frame, "multicolor") == []
    # each corner of the taught faces tells their rank
    assert all(reader.pixels.rank_told(reader.deck.faces[card][0], card) for card in ("M2", "M5"))
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: True)
    assert reader.read(frame, "multicolor") == []
    from companion.faces import reader as reader_module

    monkeypatch.setattr(reader_module._FigureMargins, "against", lambda self, card, margin=None: False)
    assert reader.read(frame, "multicolor") == ["M2"]


def test_a_card_a_streak_of_glare_runs_across_is_put_together_from_its_straight_edges():
    """Corpus B, seed 221, deck 0: a rainbow 5 on a plain cloth, a streak of glare running across
    the card and the cloth. The streak's edges join the card's, and what closes is a piece of the
    two, not card-shaped on the frame: the card is put together from its straight edges, as where
    nothing closes, and read (before, nothing was found in the frame by any look)."""
    _deck, frames, _empties = bench_deck("b", 221, 0)
    frame, shown = frames[5]
    assert shown == {"M5"}
    assert len(find_cards(frame, fallback=False)) == 1
    assert bench_reader("b", 221, 0).read(frame, "multicolor") == ["M5"]


@pytest.mark.parametrize("seed, frame_index, card", [
    # a red 3 the network finds 0.83 like the 3 and 0.80 like the 2, outlined by its edges
    (220, 17, "R3"),
    # a striped rainbow III on a striped cloth, a streak of glare beside it, 0.92 like the 3 and
    # 0.90 like the 4: no edge outlines it, what stands out from the cloth's colours does (that
    # look's outlines are not coarse: see the test after the next)
    (219, 33, "M3"),
], ids=["red-3-first-look", "rainbow-3-standing-out"])
def test_the_figures_tell_two_ranks_the_network_finds_all_but_as_near(seed, frame_index, card, monkeypatch):
    """Corpus B, deck 0: cards the network finds all but as like another rank of their suit, which
    no other rule names. The discriminant's whole card tells the suit and each corner's figure
    matches the card better than the other rank: named by the figures; without that rule,
    nothing."""
    _deck, frames, _empties = bench_deck("b", seed, 0)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader("b", seed, 0)
    assert [(read.card, read.by) for read in reader.read_all(frame, "multicolor") if read.card] == [(card, "figures")]
    monkeypatch.setattr(FaceReader, "_figure_tells_doubted_rank", lambda *args: False)
    assert reader.read(frame, "multicolor") == []


def test_what_differs_from_the_cloth_is_looked_at_though_another_look_found_an_outline(monkeypatch):
    """Corpus B, seed 220, deck 0: a white IV on a dark card in a corner of a dark striped cloth.
    The faint edges give the only other outline, which runs on past the card along its shadow and
    names nothing; what differs from the cloth outlines the card itself, and the 4 is read from
    it. Looked at only where no other look found anything, as before, the card is not read."""
    _deck, frames, _empties = bench_deck("b", 220, 0)
    frame, shown = frames[12]
    assert shown == {"W4"}
    reader = bench_reader("b", 220, 0)
    assert reader.read(frame, "multicolor") == ["W4"]
    original = OutlineSearch.unlike_cloth
    monkeypatch.setattr(OutlineSearch, "unlike_cloth", lambda self, known=(): [] if known else original(self, known))
    assert reader.read(frame, "multicolor") == []


def test_the_figures_do_not_tell_two_ranks_apart_on_an_outline_of_what_differs_from_the_cloth(monkeypatch):
    """Corpus B, seed 340, deck 1: a yellow 3 under a streak of glare, a finger on its art, on a
    checked cloth. The edges outline a strip of it; what differs from the cloth outlines it whole,
    but askew: the outline cuts a bar off each corner's figure, which then matches the 2 better,
    and the network finds the view as like the 2 as the 3. The figures do not decide between two
    such ranks on that look's outlines, and nothing is named; were they asked, the 2 would be."""
    _deck, frames, _empties = bench_deck("b", 340, 1)
    frame, shown = frames[16]
    assert shown == {"Y3"}
    reader = bench_reader("b", 340, 1)
    assert reader.read(frame, "multicolor") == []
    original = FaceReader._verdict
    monkeypatch.setattr(FaceReader, "_verdict", lambda self, face, verdict, allowed, max_residual, coarse=False:
                        original(self, face, verdict, allowed, max_residual))
    assert reader.read(frame, "multicolor") == ["Y2"]


@pytest.mark.parametrize("index, frame_index, card", [
    (0, 4, "M4"), (0, 5, "R1"),
])
def test_a_card_the_network_is_sure_of_is_seconded_by_the_discriminant_though_far_from_its_taught_views(
        index, frame_index, card, monkeypatch):
    """Cards of corpus B, seed 8, that the network is sure of and the pixel judge finds nearest
    too, the discriminant's rank corner and whole card telling their rank and suit, all told
    clearly nearest, every part agreeing, but the whole card 7-14 times as far from its
    taught views as they lie from each other. Named; the whole card held to its taught views,
    as an earlier reader held it, they are not."""
    _deck, frames, _empties = bench_deck("b", 8, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    assert bench_reader("b", 8, index).read(frame, "multicolor") == [card]
    monkeypatch.setattr(PixelJudge, "learns", lambda judge, face, named, min_each_corner=None: named in judge.cards
                        and judge.learned(face) == judge.cards.index(named))
    # (each corner's figure tells the rainbow 4 and the red 1 too, alone or with the other
    # judges' nearest cards: FIGURE_MARGIN, AGREED_MARGIN; and the network is all but certain of
    # the red 1 on a later look's outline grown, 0.94 alike and 0.28 ahead: CERTAIN_GAP. Set
    # aside here)
    from companion.faces import reader as reader_module

    monkeypatch.setattr(reader_module, "FIGURE_MARGIN", 1.0)
    monkeypatch.setattr(reader_module, "AGREED_MARGIN", 1.0)
    monkeypatch.setattr(reader_module, "CERTAIN_GAP", 2.0)
    monkeypatch.setattr(reader_module, "UNMISTAKABLE_GAP", 2.0)  # nor by the network alone
    monkeypatch.setattr(reader_module.FaceReader, "_very_sure_unopposed", lambda *args: False)  # nor unopposed
    assert bench_reader("b", 8, index).read(frame, "multicolor") == []


@pytest.mark.parametrize("index, frame_index, card", [(0, 19, "R5"), (2, 21, "R4"), (5, 25, "M3")])
def test_a_part_spoiled_by_a_hand_or_a_lamp_does_not_stop_a_card_the_network_is_sure_of(
        index, frame_index, card, monkeypatch):
    """Cards of corpus B, seed 34, that the network is sure of and the pixel judge finds nearest
    too, one part of the face finding another rank of the suit much nearer: a rank corner the
    red 3 for a red 5 and for a red 4, the other corner telling the rank by 55 and 132; the
    whole card the rainbow 1 for a rainbow 3, both corners telling the rank. Named; with every
    part held to agree, as an earlier reader held them, they are not. (A green 5 of the same
    seed, its whole card nearer the green 3, is now named without this rule too: it no longer
    shows it.)"""
    from companion.faces import reader as reader_module

    _deck, frames, _empties = bench_deck("b", 34, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader("b", 34, index)
    assert reader.read(frame, "multicolor") == [card]
    monkeypatch.setattr(PixelJudge, "_dissent_explained", lambda *args: False)
    # (the red 5, 0.96 alike and 0.34 ahead for the network, is named without the discriminant
    # too: CERTAIN_GAP; each corner's figure tells the red 4, and the rainbow 3 with the other
    # judges' nearest cards: FIGURE_MARGIN, AGREED_MARGIN. Set aside here)
    monkeypatch.setattr(reader_module, "CERTAIN_GAP", 2.0)
    monkeypatch.setattr(reader_module, "FIGURE_MARGIN", 1.0)
    monkeypatch.setattr(reader_module, "AGREED_MARGIN", 1.0)
    # nor by what differs from the cloth, which finds the red 4 again
    monkeypatch.setattr(OutlineSearch, "unlike_cloth", lambda self, known=(): [])
    monkeypatch.setattr(reader_module, "RESIZED", ())  # nor on its outline shrunk or grown
    # nor on the network's word where no judge opposes it (the red 4 and the rainbow 3)
    monkeypatch.setattr(reader_module.FaceReader, "_very_sure_unopposed", lambda *args: False)
    assert reader.read(frame, "multicolor") == []


@pytest.mark.parametrize("generator, seed, index, frame_index, card, nearest", [
    ("a", 10, 4, 4, "R4", "R5"), ("a", 10, 4, 14, "M5", "M4"), ("b", 12, 1, 26, "Y3", "R3"),
])
def test_a_card_the_network_is_sure_of_is_named_though_the_pixel_judge_finds_another_a_little_nearer(
        generator, seed, index, frame_index, card, nearest, monkeypatch):
    """Cards the network is sure of (0.95-0.98 alike), the discriminant naming them with each
    rank corner telling the rank, that the pixel judge finds a little further than another
    card under the frame's light (a red 4 than the red 5, a yellow 3 than the red 3), without
    being sure of that one. Named by the network; held to the pixel judge's nearest card, as an
    earlier reader held them, they are not."""
    from companion.faces import reader as reader_module

    reader, frame, face = _named_by(generator, seed, index, frame_index, card)
    pixels = reader.pixels.verdict(face, shown_cards("multicolor"))
    assert (pixels.card, pixels.best) == (None, nearest)
    monkeypatch.setattr(reader_module, "STRONG_LIKENESS", 2.0)  # the network never this sure
    # (the network is all but certain of the red 4 and the yellow 3 too, 0.32 and 0.26 ahead:
    # CERTAIN_GAP names them as well, and the red 4's figures tell its rank: FIGURE_MARGIN names
    # it too. Set aside here)
    monkeypatch.setattr(reader_module, "CERTAIN_GAP", 2.0)
    monkeypatch.setattr(reader_module, "UNMISTAKABLE_GAP", 2.0)  # nor by the network alone
    monkeypatch.setattr(reader_module.FaceReader, "_very_sure_unopposed", lambda *args: False)  # nor unopposed
    monkeypatch.setattr(reader_module, "FIGURE_MARGIN", 2.0)
    assert reader.read(frame, "multicolor") == []


@pytest.mark.parametrize("generator, seed, index, frame_index", [("b", 42, 5, 3), ("b", 42, 5, 8)])
def test_a_lined_notebook_the_pixel_judge_takes_for_a_white_1_is_not_named(generator, seed, index, frame_index,
                                                                            monkeypatch):
    """A cream deck whose white 1 is a thin figure in each corner and a small star: a lined
    notebook under two lamps is, pixel by pixel, nearest the white 1, and the discriminant
    names it too. The network finds it little like any card (0.36-0.44, below its MIN_LIKENESS):
    nothing is named; with the network's floor lowered, the white 1 would be."""
    _deck, _frames, empties = bench_deck(generator, seed, index)
    frame, kind = empties[frame_index]
    assert kind == "notebook"
    from companion.faces import pixel_judge

    reader = bench_reader(generator, seed, index)
    assert reader.read(frame, "multicolor") == []
    # the notebook is nearer the white 1's bare paper than its print too: those checks set aside
    monkeypatch.setattr(pixel_judge, "MAX_BARE_RATIO", float("inf"))
    monkeypatch.setattr(pixel_judge, "BLANK_BARE_RATIO", float("inf"))
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader.judge, "min_likeness", 0.3)
    assert reader.read(frame, "multicolor") == ["W1"]


@pytest.mark.parametrize("generator, seed, index, frame_index, card", [
    ("a", 10, 1, 32, "W3"),  # a light card on a light cloth: no edge closes round it
    ("a", 10, 4, 22, "B5"),  # a dark card, a glare across it: the edges outline half of it
    ("b", 34, 2, 18, "R3"),  # a red card on a dark checked cloth
])
def test_a_card_whose_edge_is_faint_is_read_from_its_faint_edges(generator, seed, index, frame_index, card,
                                                                  monkeypatch):
    """Cards the edges and the colours give no outline of that fits them: the faint edges
    (the brightness smoothed further, at lower thresholds) do, and the card is read; without
    that look it is not (nor by what differs from the cloth in colour and grain, which names
    the first and the last of these cards too where the faint edges are set aside, and is set
    aside with them)."""
    from companion.faces.finder import OutlineSearch

    _deck, frames, _empties = bench_deck(generator, seed, index)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader(generator, seed, index)
    assert reader.read(frame, "multicolor") == [card]
    monkeypatch.setattr(OutlineSearch, "faint", lambda search, known=(): [])
    monkeypatch.setattr(OutlineSearch, "unlike_cloth", lambda search, known=(): [])
    assert reader.read(frame, "multicolor") == []


@pytest.mark.parametrize("frame_index", [3, 8])
def test_a_view_nearer_the_cards_bare_paper_than_its_print_is_not_named(frame_index, monkeypatch):
    """A cream deck whose white 1 is a bar in each corner and a small symbol: a lined notebook
    the network is sure is that white 1 (0.81 alike), the discriminant naming it too, is further
    from the white 1, pixel by pixel, than 1.4 times its distance from a bare card of the white
    1's paper (and all but blank: further than BLANK_BARE_RATIO times). Nothing is named;
    without those checks and the doubt on the network's card (set_network_doubt_aside), the
    white 1 is."""
    from companion.faces import pixel_judge

    _deck, _frames, empties = bench_deck("b", 44, 3)
    frame, kind = empties[frame_index]
    assert kind == "notebook"
    reader = bench_reader("b", 44, 3)
    assert reader.read(frame, "multicolor") == []
    set_network_doubt_aside(monkeypatch)  # frame 3's notebook, less than 0.85 like the 1, is doubted too
    monkeypatch.setattr(pixel_judge, "MAX_BARE_RATIO", float("inf"))
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(pixel_judge, "BLANK_BARE_RATIO", float("inf"))
    assert reader.read(frame, "multicolor") == ["W1"]


@pytest.mark.parametrize("seed, index, frame_index, kind", [(158, 4, 47, "phone"), (158, 4, 48, "notebook"),
                                                             (164, 5, 48, "notebook")])
def test_an_all_but_blank_view_must_be_nearer_the_card_than_its_bare_paper(seed, index, frame_index, kind,
                                                                           monkeypatch):
    """Corpus B, seed 158, deck 4: a phone's pale screen and a lined notebook under an orange
    lamp, which the network finds 0.77 and 0.74 like a cream deck's white 1 (a bar in each
    corner, a small star) and 0.31 ahead of any other card, the discriminant naming the 1; seed
    164, deck 5: a notebook under a cold lamp, 0.70 like such a white 1 and 0.35 ahead. All are
    all but blank: within BLANK_RESIDUAL of the 1's bare paper, and 1.24-1.4 times as far from
    the 1 itself. Nothing is named; asked only MAX_BARE_RATIO, as a view further from that
    paper is, and the doubt on the network's card set aside, the white 1 is: the doubt alone
    stops each too (a white card less than 0.85 like the view, its figures not telling it)."""
    from companion.faces import pixel_judge

    _deck, _frames, empties = bench_deck("b", seed, index)
    frame, drawn = empties[frame_index - 40]
    assert drawn == kind
    reader = bench_reader("b", seed, index)
    assert reader.read(frame, "multicolor") == []
    set_network_doubt_aside(monkeypatch)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(pixel_judge, "BLANK_BARE_RATIO", pixel_judge.MAX_BARE_RATIO)
    assert reader.read(frame, "multicolor") == ["W1"]
    bring_network_doubt_back(monkeypatch)
    assert reader.read(frame, "multicolor") == []


@pytest.mark.parametrize("frame_index, kind", [(2, "phone"), (8, "notebook")])
def test_a_view_the_network_finds_barely_like_a_card_is_not_named(frame_index, kind, monkeypatch):
    """A phone's pale screen and a lined notebook the network is sure are a cream deck's white 1
    (a bar in each corner, a small symbol), but only 0.60 and 0.63 alike, under its
    MIN_LIKENESS: nothing is named; with the floor at 0.6, the white 1 is. (The notebook's
    corners match another rank's figure better too, which stops a card the network is less
    than very sure of: AGAINST_MARGIN, set aside here; and it is all but blank, and further from
    the 1 than BLANK_BARE_RATIO allows such a view: set aside too; and a white card so little
    like the view, its figures not telling it, is doubted: set_network_doubt_aside.)"""
    from companion.faces import pixel_judge
    from companion.faces import reader as reader_module

    _deck, _frames, empties = bench_deck("b", 51, 4)
    frame, drawn = empties[frame_index]
    assert drawn == kind
    reader = bench_reader("b", 51, 4)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader.judge, "min_likeness", 0.6)
    monkeypatch.setattr(reader_module, "AGAINST_MARGIN", 1.0)
    monkeypatch.setattr(pixel_judge, "BLANK_BARE_RATIO", pixel_judge.MAX_BARE_RATIO)
    set_network_doubt_aside(monkeypatch)
    assert reader.read(frame, "multicolor") == ["W1"]


def _dissent(pixels: PixelJudge, corner: dict | None = None, whole: dict | None = None,
             other_corner: float = 90.0) -> bool:
    """PixelJudge._dissent_explained for a red 1 whose first rank corner finds the cards of
    `corner` nearer by as much as it says (more than MAX_DISSENT: 20), and whose whole card
    finds those of `whole` nearer so; the other parts find the red 1 nearer than any card (the
    second corner by `other_corner`)."""
    from companion.faces.discriminant import PartVerdict

    card = pixels.cards.index("R1")
    distances = [np.full(len(pixels.cards), d) for d in (1000.0, 100.0, 10.0 + other_corner)]
    for part, nearer in zip(distances, (whole or {}, corner or {})):
        for other, by in nearer.items():
            part[pixels.cards.index(other)] = 10.0 - by
    for part in distances:
        part[card] = 10.0
    parts = tuple(PartVerdict(part) for part in distances)
    return pixels._dissent_explained(parts, card, pixels._standing(parts, card))


def test_a_part_finding_the_same_rank_in_another_suit_is_never_explained_away(reader):
    """A corner finding other ranks much nearer (a thumb over the figure) is explained away
    while the other corner tells the rank and the whole card finds the card nearest, and the
    whole card finding other ranks of the suit nearer (a glare over the art) while both corners
    do; a part finding the same rank in another suit much nearer, beside whatever else, is what
    a misread suit looks like, and never is."""
    pixels = reader.pixels  # the classic deck's
    assert _dissent(pixels)
    assert _dissent(pixels, corner={"R3": 30}) and _dissent(pixels, corner={"W4": 30, "R2": 40})
    assert not _dissent(pixels, corner={"Y1": 30})
    assert not _dissent(pixels, corner={"R3": 40, "Y1": 30})  # not only the nearest counts
    assert _dissent(pixels, corner={"R3": 40, "Y1": 15})  # a little nearer is no dissent
    assert not _dissent(pixels, corner={"R3": 30}, other_corner=4.0)  # nothing tells the rank
    assert not _dissent(pixels, corner={"R3": 30}, whole={"R2": 5})  # the whole card against it
    assert _dissent(pixels, whole={"R2": 30, "R4": 25})
    assert not _dissent(pixels, whole={"Y1": 30}) and not _dissent(pixels, whole={"W3": 30})
    assert not _dissent(pixels, whole={"R2": 40, "W3": 30})
    assert not _dissent(pixels, corner={"R3": 30}, whole={"R2": 30})  # the whole card against it too


@pytest.mark.parametrize("generator, seed, index, frame_index, card", [("a", 38, 4, 24, "W3"), ("b", 37, 1, 22, "R2")])
def test_a_rank_only_its_corner_figure_tells_is_named_by_the_figure(
        generator, seed, index, frame_index, card, monkeypatch):
    """A white 3 of a deck whose ranks differ only by a small figure in the corners, and a red
    2 of a deck printing them as roman figures, under a warm lamp: the network finds each very
    like its card (0.94 and 0.88) but all but as like another rank (0.02 and 0.03 apart), the
    pixel judge is sure of no card (it finds the red 2 a little further than the red 5), and
    the discriminant does not name it. Each corner's figure matches the card better than any
    other rank of the suit by FIGURE_MARGIN: named by the figure. Held to a larger margin,
    nothing is named (nor by the three judges' agreement, where the pixel judge finds it
    nearest too: AGREED_MARGIN, set aside here)."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import FIGURE_MARGIN

    reader, frame, face = _named_by(generator, seed, index, frame_index, card, by="figures")
    assert reader.judge.verdicts([face])[0].card is None
    assert not reader.pixels.learns(face, card)
    assert min(reader.figures.margins(face, card)) >= FIGURE_MARGIN
    monkeypatch.setattr(reader_module, "FIGURE_MARGIN", 1.0)
    monkeypatch.setattr(reader_module, "AGREED_MARGIN", 1.0)
    assert reader.read(frame, "multicolor") == []


def test_a_card_the_network_is_all_but_certain_of_is_named_though_the_pixel_judge_finds_another_nearer(monkeypatch):
    """Corpus A, seed 38, deck 2 (the same art on every rank, the rank a small figure in the
    corners): a red 2 the network finds 0.92 like its card and 0.40 ahead of any other, the
    pixel judge nearer the red 3 (0.156 against 0.164, sure of neither), the discriminant not
    naming it. Named by the network; where the pixel judge's nearest card had to be the
    network's, as an earlier reader asked, and the corners' rule (_corners_tell) set aside, it is
    not."""
    from companion.faces import reader as reader_module

    monkeypatch.setattr(reader_module, "FIGURE_MARGIN", 1.0)  # the figure's own rule set aside
    reader, frame, face = _named_by("a", 38, 2, 18, "R2")
    pixels = reader.pixels.verdict(face, shown_cards("multicolor"))
    assert (pixels.card, pixels.best) == (None, "R3")
    assert not reader.pixels.learns(face, "R2")
    monkeypatch.setattr(reader_module, "CERTAIN_GAP", 2.0)
    monkeypatch.setattr(reader_module, "UNMISTAKABLE_GAP", 2.0)  # nor by the network alone
    monkeypatch.setattr(reader_module.FaceReader, "_very_sure_unopposed", lambda *args: False)  # nor unopposed
    monkeypatch.setattr(reader_module.FaceReader, "_corners_tell", lambda *args: False)  # nor by its corners
    monkeypatch.setattr(reader_module, "RESIZED", ())  # nor on its outline shrunk or grown
    assert reader.read(frame, "multicolor") == []


def test_a_card_the_network_is_very_sure_of_is_named_though_the_pixel_judge_finds_another_nearer(monkeypatch):
    """Corpus B, seed 33, deck 1: a rainbow 5 the network finds 0.93 like its card and 0.25
    ahead of any other, the discriminant naming it, that the pixel judge finds nearer the
    rainbow 2 and 0.56 from its own taught face (more than the 0.45 it allows where it finds
    another card nearer). Named by the network; with the network held to be less sure than it
    is, as an earlier reader held a card the pixel judge did not find nearest, by its figures
    (which outweigh the pixel judge's nearer 2); with those set aside too, it is not."""
    from companion.faces import reader as reader_module
    from companion.faces.pixel_judge import MAX_RESIDUAL

    reader, frame, face = _named_by("b", 33, 1, 29, "M5")
    pixels = reader.pixels.verdict(face, shown_cards("multicolor"))
    assert pixels.card is None and pixels.best != "M5" and pixels.near["M5"] > MAX_RESIDUAL
    assert reader.pixels.learns(face, "M5")
    monkeypatch.setattr(reader_module, "SURE_GAP_FACTOR", 10.0)
    assert reader.read(frame, "multicolor") == ["M5"]  # the figures outweigh the pixel judge
    monkeypatch.setattr(reader_module, "FIGURE_MARGIN", 1.0)  # the figures' rules set aside
    monkeypatch.setattr(reader_module, "AGREED_MARGIN", 1.0)
    monkeypatch.setattr(reader_module, "RESIZED", ())  # nor on its outline shrunk or grown
    assert reader.read(frame, "multicolor") == []


def test_a_card_both_judges_take_for_another_suit_is_not_named_by_its_figure(monkeypatch):
    """Corpus B, seed 99, deck 2: a grey-brown white 3 under an orange lamp, which the network
    (0.87 alike, sure) and the pixel judge both find nearest the red 3, its figure telling the
    rank 3. The discriminant's whole card finds the white cards nearer than the red: nothing
    is named (the figure says nothing of the suit). Without that guard, the lamp saturated its
    paper's red and the white 3 comes nearer than the red once that is let be (the reader's
    SATURATED_SHARE); without both, it is named the red 3."""
    _deck, frames, _empties = bench_deck("b", 99, 2)
    frame, shown = frames[37]
    assert shown == {"W3"}
    reader = bench_reader("b", 99, 2)
    reads = reader.read_all(frame, "multicolor")
    assert [(read.card, read.best) for read in reads] == [(None, "R3")]
    face = upright_face(frame, reads[0].quad)
    assert reader.pixels.verdict(face, shown_cards("multicolor")).best == "R3"
    assert not reader.pixels.suit_told(face, "R3")
    assert reader.pixels.suit_told(face, "W3")
    from companion.faces.reader import FIGURE_MARGIN

    assert min(reader.figures.margins(face, "R3")) >= FIGURE_MARGIN
    monkeypatch.setattr(reader.pixels, "suit_told", lambda face, card: True)
    assert reader.read(frame, "multicolor") == []
    saturated = reader.pixels.saturated_residuals(face, ["R3", "W3"])
    assert saturated["W3"] < saturated["R3"]
    from companion.faces import reader as reader_module

    monkeypatch.setattr(reader_module, "SATURATED_SHARE", float("inf"))
    assert reader.read(frame, "multicolor") == ["R3"]


def test_a_card_the_network_is_all_but_certain_of_is_named_on_a_later_looks_outline(monkeypatch):
    """Corpus B, seed 375, deck 5: a dark green 5 on a checked cloth, a streak of glare across
    it. No edge outlines it; what stands out from the cloth does, and the network finds that
    view 0.92 like the green 5 and 0.38 ahead (all but certain: CERTAIN_LIKENESS, CERTAIN_GAP),
    the pixel judge finds it nearest and within its limit, and its figure is not against it,
    but the discriminant does not name it. Named the green 5; with the network asked to be
    further ahead than it is, nothing."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import CERTAIN_GAP, CERTAIN_LIKENESS

    _deck, frames, _empties = bench_deck("b", 375, 5)
    frame, shown = frames[37]
    assert shown == {"G5"}
    reader = bench_reader("b", 375, 5)
    assert OutlineSearch(frame).cards(fallback=False) == []
    reads = reader.read_all(frame, "multicolor")
    assert [(read.card, read.by) for read in reads] == [("G5", "network")]
    assert reads[0].likeness >= CERTAIN_LIKENESS and reads[0].gap >= CERTAIN_GAP
    assert reader.pixels.learned(reads[0].face) is None
    monkeypatch.setattr(reader_module, "CERTAIN_GAP", reads[0].gap + 0.01)
    monkeypatch.setattr(reader_module, "UNMISTAKABLE_GAP", reads[0].gap + 0.01)  # nor by the network alone
    monkeypatch.setattr(reader_module.FaceReader, "_very_sure_unopposed", lambda *args: False)  # nor unopposed
    assert reader.read(frame, "multicolor") == []


def test_a_saturated_card_whose_corners_colour_tells_its_suit_is_named(monkeypatch):
    """Corpus B, seed 405, deck 5: a green 2 under a lamp that saturated the camera over most
    of the view (SATURATED_SHARE). The network finds it 0.98 like the green 2 and 0.5 ahead,
    and the pixel judge is sure of it, but with the saturated pixels let be a 2 of another
    suit comes as near (the saturation guard). Each corner's figure is about 0.5 nearer in
    colour to the green 2 than to any other suit's 2: named the green 2. With the corners'
    colours or the network's likeness never enough, the guard holds it back (the outline
    shrunk and grown too)."""
    from companion.faces import features
    from companion.faces import reader as reader_module
    from companion.faces.reader import SATURATED_COLOUR_MARGIN, SATURATED_LIKENESS, SATURATED_SHARE

    _deck, frames, _empties = bench_deck("b", 405, 5)
    frame, shown = frames[15]
    assert shown == {"G2"}
    reader = bench_reader("b", 405, 5)
    reads = reader.read_all(frame, "multicolor")
    assert [(read.card, read.best) for read in reads] == [("G2", "G2")]
    face, allowed = reads[0].face, shown_cards("multicolor")
    assert features.saturated_share(face) >= SATURATED_SHARE
    assert reader._suit_in_doubt(face, "G2", allowed)
    assert reads[0].likeness >= SATURATED_LIKENESS
    assert reads[0].by == "pixels" and reads[0].pixels_sure == "G2"
    margins = reader.colours.margins(face, "G2", allowed)
    assert np.isfinite(margins).all() and max(margins) <= -SATURATED_COLOUR_MARGIN
    monkeypatch.setattr(reader_module, "SATURATED_COLOUR_MARGIN", np.inf)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "SATURATED_COLOUR_MARGIN", SATURATED_COLOUR_MARGIN)
    assert reader.read(frame, "multicolor") == ["G2"]
    monkeypatch.setattr(reader_module, "SATURATED_LIKENESS", 1.01)  # more than a cosine can be
    assert reader.read(frame, "multicolor") == []


def test_a_notebook_a_later_look_finds_is_not_taken_for_a_white_1(monkeypatch):
    """Corpus B, seed 113, deck 4: a lined notebook whose outline only the later looks find,
    which the network finds 0.66 like the deck's white 1 (a bar and a small symbol) and 0.31
    ahead of any other card, the pixel judge nearest the white 1 too and its discriminant
    naming it. Named nothing; with the network asked no more likeness on a later look than on
    the first, it is named the white 1 only where no outline counts as a part of a bigger thing
    (the faint outline that names it lies inside the page, which stands out from the cloth), a
    later look's view less than very like a card needs no figure leaning to it
    (LATER_LOOK_FIGURE), an all but blank view is asked no more than another
    (BLANK_BARE_RATIO), a view whose paper the camera saturated no more either
    (SATURATED_SHARE) and an outline past whose sides the page goes on is not taken for a part
    cut short (BEYOND_SHARE), the doubt on a white card the network finds less than 0.85 like
    the view set aside throughout (set_network_doubt_aside): it stops the notebook alone too."""
    from companion.faces import reader as reader_module

    _deck, _frames, empties = bench_deck("b", 113, 4)
    frame, kind = empties[3]
    assert kind == "notebook"
    reader = bench_reader("b", 113, 4)
    assert reader.read(frame, "multicolor") == []
    set_network_doubt_aside(monkeypatch)
    monkeypatch.setattr(reader_module, "SECOND_LOOK_LIKENESS", reader.judge.min_likeness)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "PART_SHARE", float("inf"))
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "LATER_LOOK_FIGURE", -np.inf)
    assert reader.read(frame, "multicolor") == []
    from companion.faces import pixel_judge

    monkeypatch.setattr(pixel_judge, "BLANK_BARE_RATIO", pixel_judge.MAX_BARE_RATIO)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "SATURATED_SHARE", float("inf"))
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "BEYOND_SHARE", float("inf"))
    assert reader.read(frame, "multicolor") == ["W1"]
    bring_network_doubt_back(monkeypatch)
    assert reader.read(frame, "multicolor") == []


def test_a_card_the_network_is_less_than_very_sure_of_is_not_named_against_its_figure(monkeypatch):
    """Corpus B, seed 116, deck 2: a white 3 whose first outline runs askew across it, over a
    corner of its printed border. The network finds that view 0.67 like the white 1 and 0.20
    ahead of the 3, the pixel judge finds the 1 nearest and its discriminant names it, but a
    corner's figure matches another rank better by AGAINST_MARGIN: the outline names nothing,
    and a later look's outline names the white 3. With the figure not asked, the white 1's rank
    is still in doubt pixel by pixel (the 3 about as near, nothing telling the 1), and the
    outline is part of a thing standing out that the network is sure is the 3, which goes on
    past a side of the outline (BEYOND_SHARE): only with those set aside too does the first
    outline name the white 1. The doubt on a white card the network finds less than 0.85 like
    the view, its figures not telling it, is set aside throughout (set_network_doubt_aside): it
    stops the white 1 alone too."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import AGAINST_MARGIN

    _deck, frames, _empties = bench_deck("b", 116, 2)
    frame, shown = frames[14]
    assert shown == {"W3"}
    reader = bench_reader("b", 116, 2)
    [askew] = find_cards(frame, fallback=False)
    face = upright_face(frame, askew)
    verdict = reader.judge.verdicts([face])[0]
    assert verdict.card == "W1" and verdict.likeness < reader_module.STRONG_LIKENESS
    assert min(reader.figures.margins(face, "W1")) <= -AGAINST_MARGIN
    assert reader.read(frame, "multicolor") == ["W3"]
    set_network_doubt_aside(monkeypatch)
    monkeypatch.setattr(reader_module, "AGAINST_MARGIN", 1.0)
    assert reader.read(frame, "multicolor") == ["W3"]
    monkeypatch.setattr(FaceReader, "_another_cards_part", lambda self, search, read: read)
    assert reader.read(frame, "multicolor") == ["W3"]  # the rank in doubt
    monkeypatch.setattr(FaceReader, "_rank_in_doubt", lambda self, face, card, pixels, figure: False)
    assert reader.read(frame, "multicolor") == ["W3"]  # cut short
    monkeypatch.setattr(reader_module, "BEYOND_SHARE", float("inf"))
    assert reader.read(frame, "multicolor") == ["W1"]
    bring_network_doubt_back(monkeypatch)
    assert reader.read(frame, "multicolor") == ["W3"]


def test_the_pixel_judges_card_is_not_named_against_its_figure_where_the_network_is_less_than_very_sure(
        monkeypatch):
    """Corpus A, seed 172, deck 0: a white 2 on a pale cloth, which the pixel judge is sure is
    the white 3 and the network finds 0.98 like the 3 but only 0.10 ahead of the 5 (less than
    very sure), the discriminant's rank corners not telling the 3; each corner's figure matches
    the 2 better than the 3 by AGAINST_MARGIN or more. Named nothing; with the figure not asked,
    the white 3."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import AGAINST_MARGIN

    _deck, frames, _empties = bench_deck("a", 172, 0)
    frame, shown = frames[28]
    assert shown == {"W2"}
    reader = bench_reader("a", 172, 0)
    assert reader.read(frame, "multicolor") == []
    reads = [read for read in reader.read_all(frame, "multicolor") if read.best == "W3"]
    faces = [upright_face(frame, read.quad) for read in reads]
    assert reads and all(not reader._very_sure(reader.judge.verdicts([face])[0])
                         and not reader.pixels.rank_told(face, "W3") for face in faces)
    assert any(min(reader.figures.margins(face, "W3")) <= -AGAINST_MARGIN for face in faces)
    monkeypatch.setattr(reader_module, "AGAINST_MARGIN", 1.0)
    assert reader.read(frame, "multicolor") == ["W3"]


def test_a_figure_telling_another_rank_stops_only_a_card_the_network_is_less_than_very_sure_of(judged):
    """A card the network is sure of, seconded by the pixel judge, is not named where a corner's
    figure matches another rank of its suit better by AGAINST_MARGIN, unless the network is very
    sure of it; a figure the figure judge cannot tell (no margin) stops nothing."""
    from companion.faces.reader import AGAINST_MARGIN

    named, learned, _corners, _untold, margins = judged
    learned.append("W5")
    near = seen(None, "W5", 0.11, 0.4, {"W5": 0.11})
    sure = NetVerdict("W5", "W5", 0.86, 0.07, "W2")
    assert named(sure, near) == ("W5", "network")  # no margin: the figures tell nothing
    margins["W5"] = (-AGAINST_MARGIN + 0.01, 0.2)
    assert named(sure, near) == ("W5", "network")
    margins["W5"] = (-AGAINST_MARGIN, 0.2)
    assert named(sure, near) == (None, "")
    assert named(NetVerdict("W5", "W5", 0.95, 0.2, "W2"), near) == ("W5", "network")  # very sure


def test_the_pixel_judges_card_is_not_named_where_the_network_finds_the_view_less_than_very_like_it(
        monkeypatch):
    """Corpus A, seed 126, deck 0: a rainbow 5 under a dark lamp, which the network finds 0.69
    like the 5 and 0.67 like the 3, the pixel judge sure of the 3, each corner's figure matching
    the 3 a little better. Named nothing; with a view so little like the card let through
    (AGREED_LIKENESS and STRONG_LIKENESS lowered to the network's MIN_LIKENESS), it is named the
    rainbow 3. The deck is taught without its faces' edges judged in parts (odd_faces.py): judged so,
    a rainbow face outlined off its card is asked for again, and the frame is named the 5."""
    from companion.faces import reader as reader_module

    _deck, frames, _empties = bench_deck("a", 126, 0)
    frame, shown = frames[35]
    assert shown == {"M5"}
    assert bench_reader("a", 126, 0).read(frame, "multicolor") == ["M5"]
    monkeypatch.setattr("companion.faces.odd_faces._parts_unlike", lambda *judged: False)
    reader = FaceReader(bench_deck.__wrapped__("a", 126, 0)[0])
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "AGREED_LIKENESS", reader.judge.min_likeness)
    monkeypatch.setattr(reader_module, "STRONG_LIKENESS", reader.judge.min_likeness)
    assert reader.read(frame, "multicolor") == ["M3"]


def test_a_card_the_network_is_sure_of_is_seconded_by_its_figure_where_the_discriminant_is_silent(
        reader, judged, monkeypatch):
    """A pale deck's faint figures, which the discriminant's shrunk corners all but lose: the
    network sure of the card and finding the view very like it (STRONG_LIKENESS), the pixel
    judge finding it nearest and within its limit (FAR_RESIDUAL where the network is very sure),
    the card is named where each corner's figure matches it better than any other rank's by
    AGREED_MARGIN (FIGURE_MARGIN on a later look's outline), the discriminant's whole card
    telling its suit and its rank corners no other rank."""
    from companion.faces.reader import AGREED_MARGIN, FIGURE_MARGIN, STRONG_LIKENESS

    named, learned, _corners, untold, margins = judged
    told: set[str] = set()  # the cards whose rank the discriminant's rank corners tell
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    sure = NetVerdict("W5", "W5", 0.86, 0.07, "W2")
    near = seen(None, "W5", 0.11, 0.4, {"W5": 0.11})
    assert not learned  # the discriminant names nothing
    assert named(sure, near) == (None, "")  # the figures tell nothing
    margins["W5"] = (AGREED_MARGIN, 0.3)
    assert named(sure, near) == ("W5", "network")
    assert named(sure, near, max_residual=0.22) == (None, "")  # a later look
    assert named(NetVerdict("W5", "W5", STRONG_LIKENESS - 0.01, 0.07, "W2"), near) == (None, "")
    assert named(sure, seen(None, "W2", 0.1, 0.4, {"W2": 0.1, "W5": 0.11})) == (None, "")  # W2 nearest
    far = seen(None, "W5", 0.5, 0.4, {"W5": 0.5})
    assert named(sure, far) == (None, "")  # beyond the pixel judge's limit
    very_sure = NetVerdict("W5", "W5", 0.86, 0.2, "W2")
    assert named(very_sure, far) == ("W5", "network")  # within FAR_RESIDUAL: very sure of it
    # beyond FAR_RESIDUAL: not seconded; named by its corners (_corners_tell), not by the network
    assert named(very_sure, seen(None, "W5", 0.65, 0.4, {"W5": 0.65})) == ("W5", "corners")
    margins["W5"] = (FIGURE_MARGIN, 0.3)
    assert named(sure, near, max_residual=0.22) == ("W5", "network")  # a later look: FIGURE_MARGIN
    margins["W5"] = (AGREED_MARGIN, 0.3)
    told.add("W4")  # the rank corners tell another rank of the suit
    assert named(sure, near) == (None, "")
    told.clear()
    untold.add("W5")  # the whole card does not tell the suit
    assert named(sure, near) == (None, "")
    untold.clear()
    margins["W5"] = (AGREED_MARGIN - 0.01, 0.3)  # one corner short
    assert named(sure, near) == (None, "")


def test_the_figure_tells_the_card_the_network_is_sure_of_where_the_pixel_judge_finds_another_rank_nearer(
        reader, judged, monkeypatch):
    """A rainbow card whose stripes lie across the view a little off the taught face's is nearer
    another rank pixel by pixel: the card the network is sure of and finds the view very like
    (STRONG_LIKENESS) is named, on an outline of any look, where each corner's figure matches it
    better than any other rank's by FIGURE_MARGIN (AGREED_MARGIN where the discriminant's rank
    corners tell its rank), the discriminant's whole card telling its suit and its rank corners
    not telling the pixel judge's card, and the view shows its print; none against it inside the
    corners' rim (AGAINST_MARGIN)."""
    from companion.faces.pixel_judge import CONTENDER_RATIO
    from companion.faces.reader import AGAINST_MARGIN, AGREED_MARGIN, FIGURE_MARGIN, STRONG_LIKENESS

    named, learned, _corners, untold, margins = judged
    told: set[str] = set()  # the cards whose rank the discriminant's rank corners tell
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    sure = NetVerdict("W5", "W5", 0.95, 0.08, "W2")
    # the card beyond the pixel judge's limit: the figure judge's own rule (FIGURE_LIKENESS) does not name it
    nearer = seen(None, "W2", 0.3, 0.4, {"W2": 0.3, "W5": MAX_RESIDUAL + 0.05})
    assert not learned  # the discriminant names nothing: no other rule names the card
    assert named(sure, nearer) == (None, "")  # the figures tell nothing
    margins["W5"] = (AGREED_MARGIN, 0.15)
    assert named(sure, nearer) == (None, "")  # short of FIGURE_MARGIN, the rank corners silent
    told.add("W5")
    assert named(sure, nearer) == ("W5", "figures")
    told.clear()
    margins["W5"] = (FIGURE_MARGIN, 0.15)
    assert named(sure, nearer) == ("W5", "figures")
    # inside the corners' rim, another rank leads: not this rule; nor the corners' rule, asked
    # after it, which does not ask inside the rim but asks the card be among the pixel judge's
    # contenders (within CONTENDER_RATIO of its nearest card's residual)
    named.inside["W5"] = (0.1, -AGAINST_MARGIN)
    assert named(sure, nearer) == (None, "")
    contender = seen(None, "W2", 0.3, 0.4, {"W2": 0.3, "W5": 0.3 * CONTENDER_RATIO})
    assert named(sure, contender) == ("W5", "corners")
    del named.inside["W5"]
    assert named(sure, nearer, max_residual=0.22) == ("W5", "figures")  # a later look's outline
    # the pixel judge would have been sure of its card but for a later look's stricter limit
    held = PixelVerdict(None, "W2", 0.3, 0.4, nearer.near, nearer.printed, held_back="W2")
    assert named(sure, held, max_residual=0.22) == (None, "")
    # the pixel judge's nearest too: not this rule (nothing to outweigh), but the corners' (_corners_tell)
    assert named(sure, seen(None, "W5", 0.5, 0.4, {"W5": 0.5})) == ("W5", "corners")
    assert named(sure, nearer, allowed={"W1", "W2", "W3", "W4"}) == (None, "")  # not in the variant's deck
    assert named(sure, seen(None, "", float("inf"), 0.0)) == (None, "")  # nothing compared
    assert named(NetVerdict("W5", "W5", STRONG_LIKENESS - 0.01, 0.08, "W2"), nearer) == (None, "")
    assert named(NetVerdict(None, "W5", 0.95, 0.03, "Y5"), nearer) == (None, "")  # the network unsure
    assert named(sure, seen(None, "Y2", 0.3, 0.4, {"Y2": 0.3, "W5": 0.5})) == (None, "")  # another suit
    assert named(sure, seen("W2", "W2", 0.3, 0.4, {"W2": 0.3, "W5": 0.5})) == (None, "")  # sure of another
    assert named(sure, seen(None, "W2", 0.3, 0.4, {"W2": 0.3, "W5": 0.5}, printed=("W2",))) == (None, "")
    told.add("W2")  # the rank corners tell the pixel judge's card
    assert named(sure, nearer) == (None, "")
    told.clear()
    untold.add("W5")  # the whole card does not tell the suit
    assert named(sure, nearer) == (None, "")
    untold.clear()
    margins["W5"] = (FIGURE_MARGIN - 0.01, 0.15)  # one corner short
    assert named(sure, nearer) == (None, "")
    told.add("W5")
    margins["W5"] = (AGREED_MARGIN - 0.01, 0.15)
    assert named(sure, nearer) == (None, "")


def test_a_rainbow_card_nearer_another_ranks_stripes_is_told_by_its_figure():
    """A rainbow 1 whose stripes lie off the taught face's, far nearer the 4 pixel by pixel
    (not among the pixel judge's near cards at all): the network is sure of the 1, the figures
    tell it, and its print is looked for in the view (corpus B, seed 211, looked at after it
    was measured)."""
    reader, _frame, face = _named_by("b", 211, 0, 23, "M1", "figures")
    pixels = reader.pixels.verdict(face, None)
    assert pixels.best == "M4" and "M1" not in pixels.near
    assert reader.pixels.shows_print(pixels, "M1")
    blank = np.full_like(face, np.median(face.reshape(-1, 3), axis=0).astype(np.uint8))
    assert not reader.pixels.shows_print(reader.pixels.verdict(blank, None), "M1")


def test_no_card_is_named_on_a_later_looks_outline_against_its_figure(judged):
    """An outline of a later look may cut a corner off the card (a rainbow 5 whose faint
    outline both judges took for the 4, the network 0.92 like it and 0.21 ahead, the cut
    corner's figure matching the 5 better by 0.19; corpus A, seed 143): there, a card a corner's
    figure matches another rank of its suit better by AGAINST_MARGIN or more is not named, however
    sure the judges are; on a first-look outline, the network very sure, it is."""
    from companion.faces.reader import AGAINST_MARGIN, SECOND_LOOK_MAX_RESIDUAL

    named, learned, _corners, _untold, margins = judged
    learned.append("W4")
    very_sure = NetVerdict("W4", "W4", 0.92, 0.21, "W5")
    both = seen("W4", "W4", 0.19, 0.4, {"W4": 0.19})
    later = SECOND_LOOK_MAX_RESIDUAL
    margins["W4"] = (0.04, -AGAINST_MARGIN)
    assert named(very_sure, both, max_residual=later) == (None, "")  # the pixel judge's card
    network_alone = seen(None, "W4", 0.19, 0.4, {"W4": 0.19})
    assert named(very_sure, network_alone, max_residual=later) == (None, "")
    assert named(very_sure, both) == ("W4", "pixels")  # a first look
    assert named(very_sure, network_alone) == ("W4", "network")
    margins["W4"] = (0.04, -AGAINST_MARGIN + 0.01)
    assert named(very_sure, both, max_residual=later) == ("W4", "pixels")
    assert named(very_sure, network_alone, max_residual=later) == ("W4", "network")


def named_nothing(generator: str, seed: int, deck: int, index: int, card: str):
    """(the reader of a benchmark deck, its card frame `index`, which shows `card` and is named
    nothing, the upright faces of the frame's first-look outlines)."""
    _deck, frames, _empties = bench_deck(generator, seed, deck)
    frame, shown = frames[index]
    assert shown == {card}
    reader = bench_reader(generator, seed, deck)
    assert reader.read(frame, "multicolor") == []
    return reader, frame, [upright_face(frame, quad) for quad in OutlineSearch(frame).cards(fallback=False)]


def test_a_faint_figure_does_not_tell_a_rank_its_figures_lean_away_from(monkeypatch):
    """Corpus A, seed 191, deck 4: a rainbow 3 a thumb half hides, which the pixel judge's first
    judge alone is sure is the 2 (a faint figure: the discriminant names no card), the network
    0.92 like the 2 and only 0.01 ahead of the 3; each corner's figure matches the 3 better, by
    0.06, less than AGAINST_MARGIN. Named nothing; with the figures asked only for
    AGAINST_MARGIN, as before, the rainbow 2."""
    from companion.faces import reader as reader_module

    reader, frame, faces = named_nothing("a", 191, 4, 9, "M3")
    faces = [face for face in faces if reader.pixels.verdict(face, None).card == "M2"]
    assert faces
    face = faces[0]
    verdict = reader.judge.verdicts([face])[0]
    assert verdict.best == "M2" and verdict.second == "M3" and verdict.gap < reader.judge.min_gap
    assert reader.pixels.verdict(face, None).faint
    assert -reader_module.AGAINST_MARGIN < min(reader.figures.margins(face, "M2")) < 0
    monkeypatch.setattr(reader_module, "FAINT_AGAINST_MARGIN", reader_module.AGAINST_MARGIN)
    assert reader.read(frame, "multicolor") == ["M2"]


def test_a_card_whose_corners_the_figures_give_to_two_ranks_is_not_named_by_their_agreement():
    """Corpus A, seed 207, deck 5: a white 3 washed out to its faint corner figures, which the
    network (0.91 like the 5, 0.01 ahead) and the pixel judge found nearest the 5. Matched whole,
    one corner's figure went to the 3 and the other's to the 5; without their edges, the other
    way about: the better of the two told both ranks, and the three judges' agreement named the
    5. Such a corner tells one rank at most, by the difference: nothing is named."""
    from companion.faces.reader import AGREED_MARGIN

    reader, _frame, faces = named_nothing("a", 207, 5, 8, "W3")
    assert faces
    for face in faces:
        assert reader.judge.verdicts([face])[0].best == "W5"
        assert min(reader.figures.margins(face, "W5")) < AGREED_MARGIN
        assert min(reader.figures.margins(face, "W3")) < AGREED_MARGIN


def test_the_three_judges_agree_only_on_the_card_nearest_pixel_by_pixel():
    """Corpus A, seed 205, deck 2: a white 3 washed out to its faint corner pips, seen through
    an outline a little outside the card. The 2 was taught from an outline that took in a dark
    rim, the view had one too: the corners' figures matched the 2 better, the network found the
    view 0.99 like the 2 (0.01 ahead), and the pixel judge's nearest, the card leaning most
    clearly towards itself of those all but as near, was the 2, while the 3 was nearer pixel by
    pixel. The three judges' agreement named the 2; it names nothing now."""
    reader, _frame, faces = named_nothing("a", 205, 2, 32, "W3")
    judged = [(reader.judge.verdicts([face])[0], reader.pixels.verdict(face, None)) for face in faces]
    agreed = [(v, p) for v, p in judged if v.best == "W2" and p.best == "W2"]
    assert agreed
    for _verdict, pixels in agreed:
        assert min(pixels.near.values()) < pixels.near["W2"]


def test_the_second_look_asks_for_the_outline_of_a_card_a_finger_lies_across(monkeypatch):
    """Where the first look names nothing, the reader looks at what stands out from the cloth,
    a card a finger lies across without the finger too (never asked for a teach photo)."""
    reader = bench_reader("a", 207, 5)  # taught first: the teach pass asks without
    asked = []
    original = OutlineSearch.standing_out

    def spy(self, known=(), without_arms=False):
        asked.append(without_arms)
        return original(self, known, without_arms)

    monkeypatch.setattr(OutlineSearch, "standing_out", spy)
    frame = np.full((480, 640, 3), (70, 120, 70), np.uint8)  # an empty table: nothing named at first
    assert reader.read(frame, "multicolor") == []
    assert asked and asked[0] is True


def test_a_rank_in_doubt_pixel_by_pixel_needs_telling_where_the_network_is_less_than_very_sure(
        reader, judged, monkeypatch):
    """The network sure but less than very sure of a card the pixel judge finds nearest, unsure,
    and the discriminant names: where another rank of the suit is about as near pixel by pixel
    (within CONTENDER_RATIO), the card is named only where the rank corners or the figure tell
    its rank; very sure, or the other ranks further, it is named as before."""
    from companion.faces.pixel_judge import CONTENDER_RATIO
    from companion.faces.reader import AGREED_MARGIN

    named, learned, _corners, _untold, margins = judged
    told: set[str] = set()
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    learned.append("W1")
    sure = NetVerdict("W1", "W1", 0.93, 0.1, "W4")
    doubt = seen(None, "W1", 0.13, 0.4, {"W1": 0.13, "W2": 0.13 * CONTENDER_RATIO - 0.001, "W3": 0.2})
    assert named(sure, doubt) == (None, "")
    assert named(sure, seen(None, "W1", 0.13, 0.4, {"W1": 0.13, "W2": 0.13 * CONTENDER_RATIO + 0.01})) \
        == ("W1", "network")
    assert named(NetVerdict("W1", "W1", 0.93, 0.2, "W4"), doubt) == ("W1", "network")  # very sure
    told.add("W1")
    assert named(sure, doubt) == ("W1", "network")
    told.clear()
    margins["W1"] = (AGREED_MARGIN - 0.01, 0.1)
    assert named(sure, doubt) == (None, "")
    margins["W1"] = (AGREED_MARGIN, 0.1)
    assert named(sure, doubt) == ("W1", "network")
    margins.clear()
    other_suit = seen(None, "W1", 0.13, 0.4, {"W1": 0.13, "Y1": 0.14})  # the same rank of another suit
    assert named(sure, other_suit) == ("W1", "network")


def test_a_washed_out_white_2_the_network_takes_for_the_1_is_not_named(monkeypatch):
    """Corpus A, seed 220, deck 5: a white 2 washed out under a cyan lamp, its corner figures
    blurred away. The network found it 0.93 like the 1 and 0.10 ahead, the pixel judge nearest
    the 1 with the 2 1.09 times as far, and the discriminant named the 1: it was named the 1.
    The rank is in doubt pixel by pixel and nothing tells it: nothing is named."""
    from companion.faces.pixel_judge import CONTENDER_RATIO
    from companion.faces.reader import AGREED_MARGIN

    reader, frame, faces = named_nothing("a", 220, 5, 3, "W2")
    doubted = []
    for face in faces:
        verdict, pixels = reader.judge.verdicts([face])[0], reader.pixels.verdict(face, None)
        if verdict.card == "W1" and pixels.best == "W1":
            doubted.append(pixels.near["W2"] <= CONTENDER_RATIO * pixels.near["W1"]
                           and not reader.pixels.rank_told(face, "W1")
                           and min(reader.figures.margins(face, "W1")) < AGREED_MARGIN)
    assert doubted and all(doubted)
    monkeypatch.setattr(FaceReader, "_rank_in_doubt", lambda self, face, card, pixels, figure: False)
    assert reader.read(frame, "multicolor") == ["W1"]


@pytest.mark.parametrize("generator, seed, index, at, label, misread", [
    ("a", 947, 2, 8, "R3", "R1"),  # a dark red 3 outlined with a rim of the purple cloth along
    # two sides, its corner figures off their place: the network 0.86 like the red 1 and 0.07 ahead
    # of the 5, the pixel judge nearest the 1 with the 2 and the 3 within 1.01 and 1.08 times as
    # far, the rank corners telling the 1 by 14 and 16, each corner's figure matching the 3 better
    # (unseen when it was measured)
    ("a", 522, 0, 50, "table", "W1"),  # an empty purple cloth with a pale glare, outlined by the look
    # at what differs from the cloth: the network 0.87 like a white 1 and 0.10 ahead, the pixel judge
    # nearest the 1 with the 2, 3 and 4 within 1.1 times as far, the rank corners telling the 1 by
    # 9 and 8, the figures leaning away from it by 0.05 (a known misread until the rule)
])
def test_a_rank_the_discriminants_corners_tell_against_the_figures_is_in_doubt(
        monkeypatch, generator, seed, index, at, label, misread):
    """Where the pixel judge finds other ranks of the suit all but as near as the network's card,
    its rank rested on the discriminant's rank corners alone, which a view off the card's corners
    fools: each frame was named as a card not in it. A corner's figure leaning to another rank
    by RANK_AGAINST_MARGIN now leaves the rank in doubt, and nothing is named; with the figures
    not asked, the card is named again."""
    from companion.faces import reader as reader_module

    frame, shown = bench_frame(generator, seed, index, at, label)
    reader = bench_reader(generator, seed, index)
    assert reader.read_all(frame, "multicolor") and set(reader.read(frame, "multicolor")) <= shown
    # the red 3 is named right now, on the network's word where no judge opposes it: set aside
    monkeypatch.setattr(reader_module.FaceReader, "_very_sure_unopposed", lambda *args: False)
    assert reader.read(frame, "multicolor") == []
    margin = reader_module.RANK_AGAINST_MARGIN
    monkeypatch.setattr(reader_module, "RANK_AGAINST_MARGIN", np.inf)  # the figures not asked
    named = [read for read in reader.read_all(frame, "multicolor") if read.card is not None]
    assert [read.card for read in named] == [misread]
    face = named[0].face
    assert reader.pixels.rank_told(face, misread) and min(reader.figures.margins(face, misread)) <= -margin


def test_a_rank_only_the_rank_corners_tell_against_the_networks_next_card_nearer_pixel_by_pixel_is_not_named(
        monkeypatch):
    """Corpus A, seed 968, deck 4, frame 1 (unseen when it was measured): a pale white 5 outlined
    with the dark rim of its shadow, as the white 1's teach photo was. The network found it 0.97
    like the 1 and 0.13 ahead of the 5; the pixel judge's first judge was sure of the suit only,
    the 5 nearest and the 1 the furthest white rank, and the discriminant's rank corners told the
    1 by their rims; the figures told neither. It was named the 1. The network's next card,
    nearer pixel by pixel, now outvotes rank corners the figures do not second: nothing is
    named; with the rule set aside, the 1 is named again."""
    from companion.faces.reader import _FigureMargins

    frame, _shown = bench_frame("a", 968, 4, 1, "W5")
    reader = bench_reader("a", 968, 4)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(FaceReader, "_corners_outvoted", lambda self, verdict, pixels, figure: False)
    named = [read for read in reader.read_all(frame, "multicolor") if read.card is not None]
    assert [(read.card, read.by, read.second) for read in named] == [("W1", "pixels", "W5")]
    face = named[0].face
    pixels = reader.pixels.verdict(face, shown_cards("multicolor"))
    assert pixels.card == "W1" and pixels.rank_by_corners
    assert pixels.near["W5"] < pixels.near["W1"]
    assert _FigureMargins(reader.figures, face).least("W1") < AGREED_MARGIN


def test_a_rank_the_figures_tell_where_another_rank_is_nearer_pixel_by_pixel_is_not_named(monkeypatch):
    """Corpus A, seed 1027, deck 0, frame 10 (unseen when it was measured): a pale white 3 under a
    pink lamp, its figures faint. On one outline the network found it 0.83 like the 5 and 0.059
    ahead of the 3, the pixel judge was sure of no card and found the 3 nearest by residual, and
    each corner's figure matched the 5 better than any other rank, by 0.09 and 0.13: it was named
    the 5 by the figures, the network's rank in doubt (_figure_tells_doubted_rank). That rule now
    asks, as the others that let the figures tell a rank do, that no card be nearer pixel by pixel
    (but for a rainbow card, STRIPED_SUITS): nothing is named; with that set aside, the 5 is named
    again."""
    from companion.faces import reader as reader_module

    frame, _shown = bench_frame("a", 1027, 0, 10, "W3")
    reader = bench_reader("a", 1027, 0)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "_nearest_by_residual", lambda near, card: True)
    named = [read for read in reader.read_all(frame, "multicolor") if read.card is not None]
    assert [(read.card, read.by, read.second) for read in named] == [("W5", "figures", "W3")]
    near = named[0].pixels_near
    assert near["W3"] < near["W5"] and min(near, key=near.get) == "W3"


class _Least:
    """Figure margins that give one least margin for every card."""

    def __init__(self, least: float) -> None:
        self._least = least

    def least(self, card: str) -> float:
        return self._least


@pytest.mark.parametrize("by_corners, best, second, other_residual, least, outvoted", [
    (True, "W1", "W5", 0.11, 0.0, True),
    (False, "W1", "W5", 0.11, 0.0, False),  # the first judge sure of the rank itself
    (True, "W1", "R1", 0.11, 0.0, False),  # the network's next card of another suit
    (True, "W1", "W5", 0.15, 0.0, False),  # the next card further pixel by pixel
    (True, "W1", "W5", 0.14, 0.0, False),  # ... or as far
    (True, "W1", "W5", 0.11, AGREED_MARGIN, False),  # the figures telling the card's rank
    (True, "W1", "W5", 0.11, -np.inf, True),  # the figures unable to tell the suit's ranks
    (True, "W1", "", 0.11, 0.0, False),  # no next card (a deck of one card)
    # the pixel judge's card the network's next, its nearest card another rank of the suit
    (True, "W5", "W1", 0.11, 0.0, True),
    (True, "W5", "W3", 0.11, 0.0, True),  # ... or its third, all but as near (not its next)
    (True, "W5", "W1", 0.15, 0.0, False),  # its nearest card further pixel by pixel
    (True, "W5", "W1", 0.11, AGREED_MARGIN, False),  # the figures telling the card's rank
    (False, "W5", "W1", 0.11, 0.0, False),  # the first judge sure of the rank itself
    (True, "R1", "W1", 0.11, 0.0, False),  # its nearest card of another suit
])
def test_only_a_nearer_rank_the_network_puts_first_or_next_and_the_figures_do_not_gainsay_outvotes_the_rank_corners(
        by_corners, best, second, other_residual, least, outvoted):
    other = second if best == "W1" else best
    near = {"W1": 0.14, other: other_residual}
    pixels = PixelVerdict("W1", other, 0.11, 0.3, near, frozenset(near), rank_by_corners=by_corners)
    verdict = NetVerdict(best if best == "W1" else None, best, 0.97, 0.13, second)
    assert FaceReader._corners_outvoted(verdict, pixels, _Least(least)) is outvoted


def test_an_outline_short_of_a_roman_4s_v_is_not_read_as_the_1(monkeypatch):
    """Corpus B, seed 220, deck 0: a yellow roman IV whose first-look outline fell short of the
    card, cutting its corner figures to an I: the network found it 0.71 like the 1, the pixel
    judge nearest the 1, the figures matching the 1 by far, and it was named the 1. The whole
    card stands out from the cloth, and the network finds it 0.96 like the 4 and is sure of it:
    the outline is a part of another card, and nothing is named."""
    reader, frame, _faces = named_nothing("b", 220, 0, 29, "Y4")
    assert [(read.best, read.card) for read in reader.read_all(frame, "multicolor")] == [("Y4", None)]
    monkeypatch.setattr(FaceReader, "_another_cards_part", lambda self, search, read: read)
    assert reader.read(frame, "multicolor") == ["Y1"]


def test_a_weak_read_one_on_the_other_with_another_card_the_network_is_sure_of_names_nothing(reader, monkeypatch):
    """A read the network finds less than very like its card names nothing where a thing standing
    out from the cloth, one on the other with it, is another card the network is sure of and
    finds very like (STRONG_LIKENESS); the card the pixel judge was sure of is kept. A thing
    beside it, none at all, the same card, a card less than very like or one the network is
    not sure of, or a read very like its card: named as before."""
    from companion.faces.reader import STRONG_LIKENESS

    search = _Standing(_square(70))
    search.frame = np.zeros((480, 640, 3), np.uint8)
    seen_whole: list[NetVerdict] = []
    monkeypatch.setattr(reader.judge, "verdicts", lambda faces: seen_whole[:1] * len(faces))
    weak = _read(_square(60), "W1", likeness=STRONG_LIKENESS - 0.1, pixels_sure="W1")
    seen_whole[:] = [NetVerdict("W4", "W4", STRONG_LIKENESS, 0.1, "W1")]
    part = reader._another_cards_part(search, weak)
    assert (part.card, part.by, part.pixels_sure, part.best) == (None, "", "W1", "W1")
    assert reader._another_cards_part(search, _read(_square(60), "W1", likeness=STRONG_LIKENESS)).card == "W1"
    beside = _Standing(_square(70) + 300)
    beside.frame = search.frame
    nothing = _Standing()
    nothing.frame = search.frame
    assert [reader._another_cards_part(s, weak).card for s in (beside, nothing)] == ["W1", "W1"]
    for whole in (NetVerdict("W1", "W1", 0.95, 0.1, "W4"), NetVerdict("W4", "W4", STRONG_LIKENESS - 0.01, 0.1, "W1"),
                  NetVerdict(None, "W4", 0.95, 0.01, "W1")):
        seen_whole[:] = [whole]
        assert reader._another_cards_part(search, weak).card == "W1"


def test_the_pixel_judge_holds_back_a_card_beyond_a_later_looks_limit(reader):
    """A card the pixel judge's first judge is sure of but a later look's limit does not let it
    name is kept as held back (the figure may then not outweigh it)."""
    face = reader.deck.faces["W3"][0]
    sure = reader.pixels.verdict(face, None)
    assert (sure.card, sure.held_back) == ("W3", None)
    held = reader.pixels.verdict(face, None, max_residual=-1.0)
    assert (held.card, held.held_back) == (None, "W3")


@pytest.mark.parametrize("frame_index", [5, 28])
def test_a_red_1_told_from_the_rainbow_1_only_by_its_corner_bars_colour_is_not_named_the_rainbow_1(
        frame_index, monkeypatch):
    """Corpus B, seed 229, deck 0: the rainbow 1 shares the red 1's art and differs only by the
    colour of the bars in its corners (purple for red). A red 1, 0.95-0.97 like the rainbow 1 for
    the network, was named it, seconded by the corner figures (which are grey to the figure
    judge). Each corner's bars are nearer in colour to the red 1's by 0.41 or more: named
    nothing; with the colour not asked, the rainbow 1 again."""
    from companion.faces import reader as reader_module

    _deck, frames, _empties = bench_deck("b", 229, 0)
    frame, shown = frames[frame_index]
    assert shown == {"R1"}
    reader = bench_reader("b", 229, 0)
    reads = reader.read_all(frame, "multicolor")
    assert [read.card for read in reads if read.card] == []
    assert "M1" in [read.best for read in reads]
    monkeypatch.setattr(reader_module, "COLOUR_MARGIN", np.inf)
    assert reader.read(frame, "multicolor") == ["M1"]


def test_a_card_is_not_named_where_each_corner_is_nearer_in_colour_to_another_suit(reader, monkeypatch):
    """Whatever rule names a card, the thing names nothing where both corners' figures of the
    outline named are nearer in colour to the same rank of another suit of the variant by
    COLOUR_MARGIN; one corner so, or both by less, and it is named. The card the pixel judge was
    sure of is kept, and the view judged is the outline's own (put upright again for a read made
    without it)."""
    from companion.faces.reader import COLOUR_MARGIN

    face = reader.deck.faces["W3"][0]
    search = _Standing()
    search.frame = np.zeros((480, 640, 3), np.uint8)
    asked = []
    allowed = shown_cards("classic")
    for margins, named in (((COLOUR_MARGIN, COLOUR_MARGIN + 0.3), None), ((COLOUR_MARGIN, -0.5), "W3"),
                           ((COLOUR_MARGIN - 0.01, 0.9), "W3"), ((-np.inf, -np.inf), "W3")):
        monkeypatch.setattr(reader.colours, "margins",
                            lambda view, card, among, m=margins: asked.append((view, card, among)) or m)
        read = FaceRead(_square(60), "W3", "W3", 0.9, 0.2, "pixels", "W3", face)
        unnamed = FaceRead(_square(60) + 200, None, "W1", 0.5, 0.1)
        told = reader._colours_told(search, [read, unnamed], allowed)
        assert [(r.card, r.by, r.pixels_sure) for r in told] == [
            (named, "pixels" if named else "", "W3"), (None, "", None)]
    assert len(asked) == 4 and all(view is face and card == "W3" and among is allowed for view, card, among in asked)
    monkeypatch.setattr(reader.colours, "margins", lambda view, card, among: asked.append(view) or (-1.0, -1.0))
    assert reader._colours_told(search, [FaceRead(_square(60) + 100, "W3", "W3", 0.9, 0.2)], None)[0].card == "W3"
    assert asked[-1].shape == (FACE_H, FACE_W, 3)


def test_the_corners_tell_the_card_the_network_is_sure_of_where_no_judge_seconds_it(reader, judged, monkeypatch):
    """A card the network is sure of and finds very like the view (STRONG_LIKENESS), the pixel
    judge finding it far and its discriminant silent, is named where each corner's figure
    matches it better than any other rank's by AGREED_MARGIN (FIGURE_MARGIN on a later look's
    outline), the discriminant's rank corners tell no other rank and its whole card the suit,
    and so does the pixel judge's nearest card or each corner's figure, nearer in colour to it
    than to the same rank of any other suit by COLOUR_SUIT_MARGIN; never where both corners'
    figures are nearer in colour to another suit by COLOUR_AGAINST_MARGIN, nor where the pixel
    judge's first judge was sure of another card but for a later look's limit; the card must be
    among the pixel judge's near cards, the view showing its print. Where the network is less
    than very sure and its next card is another rank of the suit, or the pixel judge's nearest
    card is, the rank must be told by FIGURE_MARGIN or by each rank corner of the
    discriminant; where the pixel judge's nearest card is another rank of the suit, the card
    must be within CONTENDER_RATIO of its residual."""
    from companion.faces.pixel_judge import CONTENDER_RATIO
    from companion.faces.reader import (AGAINST_MARGIN, AGREED_MARGIN, COLOUR_AGAINST_MARGIN, COLOUR_SUIT_MARGIN,
                                        FIGURE_MARGIN, STRONG_LIKENESS)

    named, learned, _corners, untold, margins = judged
    colours = named.colours
    told: set[str] = set()  # the cards whose rank the discriminant's rank corners tell
    monkeypatch.setattr(reader.pixels, "rank_told", lambda face, card: card in told)
    very_sure = NetVerdict("W5", "W5", 0.86, 0.2, "W2")
    # the card far, the pixel judge nearest another suit's card: no other rule names it
    far = seen(None, "Y1", 0.9, 0.4, {"Y1": 0.9, "W5": 0.95})
    # the card itself the pixel judge's nearest, far: its suit told by the pixel judge
    own = seen(None, "W5", 0.95, 0.4, {"W5": 0.95})
    assert not learned
    assert named(very_sure, far) == (None, "")  # neither the figures nor the colours tell anything
    assert named(very_sure, own) == (None, "")
    margins["W5"] = (AGREED_MARGIN, 0.3)
    assert named(very_sure, far) == (None, "")  # no colour told, the pixel judge nearest another suit
    assert named(very_sure, own) == ("W5", "corners")
    colours["W5"] = (-COLOUR_SUIT_MARGIN, -0.4)
    assert named(very_sure, far) == ("W5", "corners")
    colours["W5"] = (-COLOUR_SUIT_MARGIN + 0.01, -0.4)  # one corner short
    assert named(very_sure, far) == (None, "")
    colours["W5"] = (-np.inf, -0.4)  # a corner with no colour to tell by
    assert named(very_sure, far) == (None, "")
    colours["W5"] = (COLOUR_AGAINST_MARGIN - 0.01, 0.9)  # one corner against the card: not enough
    assert named(very_sure, own) == ("W5", "corners")
    colours["W5"] = (COLOUR_AGAINST_MARGIN, 0.9)  # both: never
    assert named(very_sure, own) == (None, "")
    colours["W5"] = (-0.2, -0.4)
    assert named(very_sure, far) == ("W5", "corners")
    assert named(very_sure, seen(None, "Y1", 0.9, 0.4, {"Y1": 0.9})) == (None, "")  # not among its near cards
    assert named(very_sure, seen(None, "Y1", 0.9, 0.4, far.near, printed=("Y1",))) == (None, "")  # no print
    assert named(very_sure, far, allowed={"W1", "W2", "W3", "W4", "Y1"}) == (None, "")  # not in the variant
    margins["W5"] = (AGREED_MARGIN - 0.01, 0.3)  # one corner's figure short
    assert named(very_sure, far) == (None, "")
    margins["W5"] = (AGREED_MARGIN, 0.3)
    untold.add("W5")  # the whole card does not tell the suit
    assert named(very_sure, far) == (None, "")
    untold.clear()
    told.add("W4")  # the rank corners tell another rank of the suit
    assert named(very_sure, far) == (None, "")
    told.clear()
    assert named(NetVerdict("W5", "W5", STRONG_LIKENESS - 0.01, 0.2, "Y5"), far) == (None, "")
    assert named(NetVerdict(None, "W5", 0.9, 0.03, "Y5"), far) == (None, "")  # the network unsure
    # a later look's outline: FIGURE_MARGIN
    assert named(very_sure, far, max_residual=0.22) == (None, "")
    margins["W5"] = (FIGURE_MARGIN, 0.3)
    assert named(very_sure, far, max_residual=0.22) == ("W5", "corners")
    # the pixel judge's first judge sure of another card, held back by the later look's limit
    held = PixelVerdict(None, "Y1", 0.9, 0.4, far.near, far.printed, held_back="Y1")
    assert named(very_sure, held, max_residual=0.22) == (None, "")
    held = PixelVerdict(None, "Y1", 0.9, 0.4, far.near, far.printed, held_back="W5")
    assert named(very_sure, held, max_residual=0.22) == ("W5", "corners")
    # the rank in question: FIGURE_MARGIN, or each rank corner telling it
    margins["W5"] = (AGREED_MARGIN, 0.3)
    next_rank = NetVerdict("W5", "W5", 0.89, 0.08, "W4")  # less than very sure, the next card the 4
    another_rank = seen(None, "W1", 0.9, 0.4, {"W1": 0.9, "W5": 0.95})  # the pixel judge nearest the 1
    assert named(NetVerdict("W5", "W5", 0.89, 0.08, "Y5"), far) == ("W5", "corners")  # next another suit
    assert named(next_rank, far) == (None, "")
    assert named(very_sure, another_rank) == (None, "")
    told.add("W5")
    assert named(next_rank, far) == ("W5", "corners")
    # (the pixel judge's nearest another rank, the rank told so: the figure outweighs it, an earlier rule)
    assert named(very_sure, another_rank) == ("W5", "figures")
    told.clear()
    margins["W5"] = (FIGURE_MARGIN, 0.3)
    assert named(next_rank, far) == ("W5", "corners")
    # the pixel judge's nearest card another rank of the suit (a corner's figure against the card
    # inside the rim, so that the figure does not outweigh the pixel judge, an earlier rule): the
    # card within CONTENDER_RATIO of that card's residual
    named.inside["W5"] = (0.1, -AGAINST_MARGIN)
    assert named(very_sure, seen(None, "W1", 0.4, 0.4, {"W1": 0.4, "W5": 0.4 * CONTENDER_RATIO})) == ("W5", "corners")
    assert named(very_sure, seen(None, "W1", 0.4, 0.4, {"W1": 0.4, "W5": 0.4 * CONTENDER_RATIO + 0.01})) == (None, "")
    # another suit's card nearest: the colours tell the suit, and the card may be as far as it is
    assert named(very_sure, seen(None, "Y1", 0.4, 0.4, {"Y1": 0.4, "W5": 0.4 * CONTENDER_RATIO + 0.01})) \
        == ("W5", "corners")
    del named.inside["W5"]


def test_the_corners_name_no_rank_the_pixel_judge_finds_far_beside_another_of_the_suit(monkeypatch):
    """Corpus A, seed 829 (unseen when it was measured), deck 4: a small white 3 of a deck whose
    ranks differ only by a pale figure in the corners. The network found it 0.90 like the 4 and
    0.12 ahead, each corner's figure matched the 4 better than any other rank by 0.09, and the
    pixel judge found it nearest the 3, the 4 1.45 times as far. Named nothing: where the pixel
    judge's nearest card is another rank of the suit, the corners name a card only within
    CONTENDER_RATIO of that card's residual; allowed 1.5 times as far, they named the 4."""
    from companion.faces import reader as reader_module
    from companion.faces.pixel_judge import CONTENDER_RATIO
    from companion.faces.reader import STRONG_LIKENESS

    _deck, frames, _empties = bench_deck("a", 829, 4)
    frame, shown = frames[14]
    assert shown == {"W3"}
    reader = bench_reader("a", 829, 4)
    assert reader.read(frame, "multicolor") == []
    monkeypatch.setattr(reader_module, "CONTENDER_RATIO", 1.5)
    reads = reader.read_all(frame, "multicolor")
    assert [(read.card, read.by) for read in reads] == [("W4", "corners")]
    read = reads[0]
    assert read.likeness >= STRONG_LIKENESS and read.second == "W5"
    assert min(read.pixels_near, key=read.pixels_near.get) == "W3"
    assert CONTENDER_RATIO * read.pixels_near["W3"] < read.pixels_near["W4"] <= 1.5 * read.pixels_near["W3"]


def test_a_rainbow_card_far_from_its_taught_face_is_told_by_its_corners(monkeypatch):
    """Corpus B, seed 220, deck 5: a rainbow 5 (a roman V in each corner) under a warm lamp, its
    stripes lying off the taught face's. The network finds it 0.91 like the rainbow 5 and 0.15
    ahead of the rainbow 1; the pixel judge, sure of no card, finds it nearest but 0.73 from it,
    beyond the FAR_RESIDUAL up to which it seconds a card the network is very sure of. The
    figures match the 5 better than another rank by 0.05: named by its corners; with their rule
    set aside, nothing."""
    from companion.faces import reader as reader_module

    reader, frame, face = _named_by("b", 220, 5, 8, "M5", by="corners")
    pixels = reader.pixels.verdict(face, shown_cards("multicolor"))
    assert (pixels.card, pixels.best) == (None, "M5") and pixels.residual > reader_module.FAR_RESIDUAL
    monkeypatch.setattr(reader_module.FaceReader, "_corners_tell", lambda *args: False)
    monkeypatch.setattr(reader_module, "RESIZED", ())  # nor on its outline shrunk or grown
    assert reader.read(frame, "multicolor") == []


@pytest.mark.parametrize("seed, frame_index, card", [(339, 15, "Y4"), (340, 6, "M3")],
                         ids=["yellow-4-finger", "rainbow-3-glare"])
def test_a_card_the_network_is_sure_of_is_named_on_its_outline_shrunk_or_grown(seed, frame_index, card, monkeypatch):
    """Corpus B, deck 0: a yellow 4 with a finger on its art on a striped cloth, and a rainbow 3
    on a striped cloth, each outlined a pixel or two off its edge. The network is sure of the card
    and finds the view very like it, but no other judge seconds it on that outline; on the outline
    shrunk or grown a little about its middle, one does. Named; judged on the outlines as found
    only, nothing is."""
    from companion.faces import reader as reader_module

    _deck, frames, _empties = bench_deck("b", seed, 0)
    frame, shown = frames[frame_index]
    assert shown == {card}
    reader = bench_reader("b", seed, 0)
    assert reader.read(frame, "multicolor") == [card]
    monkeypatch.setattr(reader_module, "RESIZED", ())
    assert reader.read(frame, "multicolor") == []


def test_an_outline_shrunk_or_grown_names_only_the_card_the_network_was_sure_of_on_it(monkeypatch):
    """The yellow 4 of corpus B, seed 339 (above): its outline, shrunk or grown, names the 4,
    which the network was sure of on it. Had the network's nearest card been another, or had it
    not been sure of one, or found the view less than very like it, nothing would be named."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import STRONG_LIKENESS

    _deck, frames, _empties = bench_deck("b", 339, 0)
    frame, _shown = frames[15]
    reader = bench_reader("b", 339, 0)
    monkeypatch.setattr(reader_module, "RESIZED", ())
    (read,) = reader.read_all(frame, "multicolor")
    assert (read.card, read.best) == (None, "Y4") and read.likeness >= STRONG_LIKENESS and read.gap >= MIN_GAP
    monkeypatch.undo()
    read = dataclasses.replace(read, face=upright_face(frame, read.quad))
    search, allowed = OutlineSearch(frame), shown_cards("multicolor")

    def named(changed: FaceRead) -> list[str | None]:
        return [other.card for other in reader._resized(search, [([changed], None, False)], allowed)]

    assert named(read) == ["Y4"]
    # the network's card another: the 4 named on the outline grown is not taken (the doubts asked of
    # the outline as found, which might stop the 5 first, set aside)
    monkeypatch.setattr(FaceReader, "_doubted", lambda *args: False)
    assert named(dataclasses.replace(read, best="Y5")) == []
    monkeypatch.undo()
    assert named(dataclasses.replace(read, gap=MIN_GAP / 2)) == []
    assert named(dataclasses.replace(read, likeness=STRONG_LIKENESS - 0.01)) == []


@pytest.mark.parametrize("best, doubts", [("Y5", ("rank",)), ("Y3", ("figure", "rank")), ("M4", ("print", "hue"))])
def test_an_outline_whose_view_casts_doubt_on_the_networks_card_is_doubted(best, doubts, monkeypatch):
    """The yellow 4 of corpus B, seed 339 (above), as if the network had been sure of another
    card on its outline as found: of the yellow 5, whose rank is in doubt pixel by pixel (the 4
    about as near, nothing telling the 5); of the yellow 3, which a corner's figure is against
    (the 4 matches it better) and whose rank is in doubt too; of the rainbow 4, whose print (the
    rainbow) the view does not show, and which, a rainbow card the network finds less than 0.85
    like the view, its figures do not tell (_network_doubted). Each doubt alone makes _doubted
    true, so that _resized skips the outline; with the card's doubts set aside, nothing else
    there doubts it."""
    from companion.faces import reader as reader_module

    _deck, frames, _empties = bench_deck("b", 339, 0)
    frame, _shown = frames[15]
    reader = bench_reader("b", 339, 0)
    monkeypatch.setattr(reader_module, "RESIZED", ())
    (read,) = reader.read_all(frame, "multicolor")
    read = dataclasses.replace(read, best=best, face=upright_face(frame, read.quad))
    allowed = shown_cards("multicolor")
    set_aside = {"figure": (reader_module._FigureMargins, "against", lambda *args: False),
                 "rank": (FaceReader, "_rank_in_doubt", lambda *args: False),
                 "print": (PixelJudge, "shows_print", lambda *args: True),
                 "hue": (FaceReader, "_network_doubted", lambda *args: False)}
    assert reader._doubted(read, allowed, None)
    for doubt in doubts if len(doubts) > 1 else ():  # each set aside alone, the others still doubt
        with monkeypatch.context() as alone:
            alone.setattr(*set_aside[doubt])
            assert reader._doubted(read, allowed, None), doubt
    for doubt in doubts:
        monkeypatch.setattr(*set_aside[doubt])
    assert not reader._doubted(read, allowed, None)


def test_a_rank_only_the_figures_tell_is_not_named_against_the_network_unless_nearest_pixel_by_pixel(monkeypatch):
    """Corpus A, seed 645, deck 4 (unseen when it was looked at): a white 4 under an orange lamp,
    its corner figures faint. The network finds it nearest the 4 and the 1 all but as near; the
    pixel judge, all five white ranks within 13% of one another and the 4 the nearest, is sure
    of the 1 (the near card that leans most to itself), the discriminant's rank corners tell
    nothing, and the corner figures match the 1 better than any other rank. Named nothing: the
    figures alone tell the pixel judge's rank against the network's card only where no card is
    nearer pixel by pixel. With no card ever nearer pixel by pixel (_nearest_by_residual set
    aside for every rule that asks it), it is named the 1."""
    from companion.faces import reader as reader_module
    from companion.faces.reader import AGREED_MARGIN

    reader, frame, faces = named_nothing("a", 645, 4, 6, "W4")
    judged = [(face, reader.judge.verdicts([face])[0], reader.pixels.verdict(face, None)) for face in faces]
    against = [(face, pixels) for face, verdict, pixels in judged if verdict.best == "W4" and pixels.card == "W1"]
    assert against
    for face, pixels in against:
        assert pixels.near["W4"] == min(pixels.near.values()) < pixels.near["W1"]
        assert max(pixels.near.values()) <= 1.13 * pixels.near["W4"]
        assert not reader.pixels.rank_told(face, "W1")
        assert min(reader.figures.margins(face, "W1")) >= AGREED_MARGIN
    monkeypatch.setattr(reader_module, "_nearest_by_residual", lambda near, card: True)
    assert reader.read(frame, "multicolor") == ["W1"]
