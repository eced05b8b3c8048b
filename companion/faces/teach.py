"""Teaching a deck: one photo of a face, a folder of photos, and the self-check.

A teach photo shows one card lying on a table (or held) and is named by the card it shows:
`R1.jpg`, `R1-2.jpg` for a second photo of the same face, jpg or png. `learn_folder` reads a
folder of them into a deck and says what it learned, what each variant still misses, which
pairs of faces it finds too alike to tell apart, and which photos it could not use.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.i18n import N_
from companion.faces.deck_file import Deck
from companion.faces.finder import OutlineSearch, Quad, holds, inside_a_bigger_one, upright_face
from companion.faces.odd_faces import odd_faces, unlike_its_suit
from companion.faces.teach_outline import cloth_round_a_card, off_the_card, pulled_in
from companion.rules.errors import Message
from companion.rules.variants import VARIANTS

PHOTO_NAME = re.compile(r"^([RYGBWM][1-5])(?:-(\d+))?\.(?:jpe?g|png)$", re.IGNORECASE)
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png")
NESTED_SHARE = 0.6  # an outline inside the card's, at least this big, is the card too
EDGE_MARGIN = 2  # pixels: a card outline this near the photo's edge runs off it or onto the cloth
# a card-shaped thing standing out from the cloth around the card's outline, this many times its
# area, is the card, and the outline its art or a part of it (the disc of a rainbow card's art)
INSIDE_SHARE = 1.3

# why a teach photo gave no face: a key each (the app words its own hint for it) and what the
# `teach` command says of such a photo
NO_CARD, CUT_OFF, ART_ONLY, CLOTH_ROUND, UNLIKE_SUIT, OFF_CARD = \
    "no_card", "cut_off", "art_only", "cloth_round", "unlike_suit", "off_card"
WHY = {
    NO_CARD: N_("no whole card found in the photo"),
    CUT_OFF: N_("the card's outline reaches the edge of the photo: take it again with the whole card well "
                "inside it"),
    ART_ONLY: N_("only the card's art was found, not its edge: take it again on a cloth of a different "
                 "colour from the card"),
    CLOTH_ROUND: N_("the outline found is the cloth's, round the card (a checked or striped cloth): take it "
                    "again on a plain cloth"),
    UNLIKE_SUIT: N_("the outline found is not the card's (just inside it, the colour is unlike the other "
                    "cards of its suit): take it again on a plain cloth"),
    OFF_CARD: N_("the outline found runs off the card along a line of the cloth: take it again on a plain "
                 "cloth"),
}


@dataclass(frozen=True)
class Learned:
    """What a teach photo gave: the faces added to the deck, or why none (a key of WHY)."""

    faces: int
    why: str = ""

    def __bool__(self) -> bool:
        return self.faces > 0


def taught_faces(photo: np.ndarray) -> list[np.ndarray]:
    """The upright faces of the card in a teach photo (taught_outlines)."""
    return faces_or_why(photo)[0]


def faces_or_why(photo: np.ndarray) -> tuple[list[np.ndarray], str]:
    """The upright faces of the card in a teach photo, and why there are none (outlines_or_why)."""
    outlines, why = outlines_or_why(photo)
    return [upright_face(photo, quad) for quad in outlines], why


def taught_outlines(photo: np.ndarray) -> list[Quad]:
    """The outlines of the card in a teach photo (outlines_or_why), empty if none is taught."""
    return outlines_or_why(photo)[0]


def outlines_or_why(photo: np.ndarray) -> tuple[list[Quad], str]:
    """The outlines of the card in a teach photo: the biggest card-shaped outline, and any
    outline inside it (a card printed with a border has two, and a frame may show either);
    empty if there is no card in the photo, or if the card's outline reaches the photo's edge:
    the card is then cut off, or its outline ran onto the cloth, and a face taught from it would
    be another card's nearest (a 4 taught skewed reads every 4 as a 3). Empty too if something
    card-shaped stands out from the cloth around that outline, much bigger (INSIDE_SHARE): the
    outline is then the card's art or a part of it, and a face taught from it names another
    card as this one (a rainbow 1 taught from part of it read a rainbow 2 outlined so as the 1).
    Empty too if the outline is the cloth's round the card (a checked cloth's lines closing
    round it: teach_outline.cloth_round_a_card), or runs off the card along a line of the cloth
    past one of its corners (teach_outline.off_the_card). Another photo is asked. A side of the
    card's outline that took in a band of cloth is first moved in to the card's edge
    (teach_outline.pulled_in). With the outlines, why there are none (a key of WHY), or ""."""
    if photo is None or photo.ndim != 3 or photo.shape[2] != 3:
        return [], NO_CARD
    search = OutlineSearch(photo)
    quads = search.cards()
    if not quads:
        return [], NO_CARD
    card = quads[0]
    h, w = photo.shape[:2]
    if (card.min() < EDGE_MARGIN or card[:, 0].max() > w - 1 - EDGE_MARGIN
            or card[:, 1].max() > h - 1 - EDGE_MARGIN):
        return [], CUT_OFF
    if inside_a_bigger_one(card, search.standing_out(), INSIDE_SHARE):
        return [], ART_ONLY
    if cloth_round_a_card(photo, card, quads[1:] + search.standing_out(), NESTED_SHARE):
        return [], CLOTH_ROUND
    if off_the_card(photo, search, card, search.standing_out()):
        return [], OFF_CARD
    card = pulled_in(photo, card)
    area = cv2.contourArea(card)
    outlines = [card]
    for quad in quads[1:]:
        if holds(card, quad) and cv2.contourArea(quad) >= NESTED_SHARE * area:
            outlines.append(quad)
    return outlines, ""


def learn_face(deck: Deck, card: str, photo: np.ndarray, check_edge: bool = True) -> Learned:
    """Adds the face in `photo` to the deck as `card`; false, with why, if no card's outline
    was taught from it (faces_or_why), or (`check_edge`) if its outline was not the card's:
    the face is unlike the rest of its suit taught at its edge (odd_faces.py)."""
    faces, why = faces_or_why(photo)
    if faces and check_edge and unlike_its_suit(deck, card, faces[0]):
        return Learned(0, UNLIKE_SUIT)
    for face in faces:
        deck.add(card, face)
    return Learned(len(faces), why)


@dataclass
class TeachReport:
    deck: Deck
    learned: dict[str, int] = field(default_factory=dict)  # card -> photos used
    missing: dict[str, list[str]] = field(default_factory=dict)  # variant -> cards not taught
    too_alike: list[tuple[str, str]] = field(default_factory=list)
    unusable: list[tuple[str, Message]] = field(default_factory=list)  # file name, why

    @property
    def complete_for(self) -> list[str]:
        """The variants whose every card was taught."""
        return [name for name, cards in self.missing.items() if not cards]


def _read_photo(path: Path) -> np.ndarray | None:
    try:
        raw = np.fromfile(str(path), dtype=np.uint8)
        image = cv2.imdecode(raw, cv2.IMREAD_COLOR) if raw.size else None
    except (OSError, ValueError, cv2.error, MemoryError):
        return None
    return image


def learn_folder(folder: str | os.PathLike, deck: Deck | None = None) -> TeachReport:
    """Learns every photo named after a card in `folder` (see the module's docstring). Once
    all are read, a photo whose face is unlike the rest of its suit at its edge
    (odd_faces.py: its outline was the cloth's) is taken out again, and said to be unusable."""
    deck = deck if deck is not None else Deck()
    report = TeachReport(deck)
    photos: list[tuple[str, str, int, int]] = []  # (file name, card, first face's index, faces given)
    for path in sorted(Path(folder).iterdir(), key=lambda p: p.name):
        if path.name.startswith(".") or path.is_dir():
            continue
        match = PHOTO_NAME.match(path.name)
        if match is None:
            if path.suffix.lower() in PHOTO_SUFFIXES:
                report.unusable.append((path.name, Message(N_("the name is not a card (like R1.jpg or R1-2.jpg)"))))
            continue
        card = match.group(1).upper()
        photo = _read_photo(path)
        if photo is None:
            report.unusable.append((path.name, Message(N_("not an image that can be read"))))
        else:
            before = len(deck.faces.get(card, []))
            learned = learn_face(deck, card, photo, check_edge=False)
            if not learned:
                report.unusable.append((path.name, Message(WHY.get(learned.why, WHY[NO_CARD]))))
                continue
            photos.append((path.name, card, before, len(deck.faces[card]) - before))
            report.learned[card] = report.learned.get(card, 0) + 1
    _take_out_odd(deck, photos, report)
    for name, variant in VARIANTS.items():
        report.missing[name] = [str(c) for c in variant.cards() if str(c) not in deck.faces]
    if len(deck):
        report.too_alike = confusions(deck)
    return report


def _take_out_odd(deck: Deck, photos: list[tuple[str, str, int, int]], report: TeachReport) -> None:
    """Takes every photo of `photos` (file name, card, the index of its first face in
    deck.faces[card], the faces it gave) that gave a face odd_faces finds out of the deck, and
    says it is unusable."""
    odd = set(odd_faces(deck))
    dropped: set[tuple[str, int]] = set()
    for name, card, first, count in photos:
        given = {(card, index) for index in range(first, first + count)}
        if given & odd:
            dropped |= given
            report.unusable.append((name, Message(WHY[UNLIKE_SUIT])))
            report.learned[card] -= 1
            if not report.learned[card]:
                del report.learned[card]
    deck.take_out(dropped)


def _trials(face: np.ndarray) -> list[np.ndarray]:
    """The face as a camera might see it another time: blurred, under a warm and a cold light."""
    f = face.astype(np.float32)
    blurred = cv2.GaussianBlur(f, (0, 0), 1.0)
    warm = f * np.float32([0.8, 0.95, 1.1])
    cold = cv2.GaussianBlur(f, (0, 0), 0.6) * np.float32([1.1, 1.0, 0.88])
    return [np.clip(x, 0, 255).astype(np.uint8) for x in (blurred, warm, cold)]


def confusions(deck: Deck) -> list[tuple[str, str]]:
    """The pairs of taught faces the reader cannot tell apart with confidence: each face is read
    back as a camera might see it another time (blurred, under a warm and a cold light), and a
    pair is named when the other card keeps the reader from naming it
    (reader.FaceReader.rivals): such a pair is read only from a sharp, evenly lit view, and
    often not at all."""
    from companion.faces.reader import FaceReader

    reader = FaceReader(deck)
    pairs: set[tuple[str, str]] = set()
    for card in reader.cards:
        for face in deck.faces[card]:
            for trial in _trials(face):
                for other in reader.rivals(trial, card):
                    pairs.add(tuple(sorted((card, other))))
    return sorted(pairs)
