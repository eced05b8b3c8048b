"""Teach photos whose outline was not the card's: a face unlike the rest of its suit at its edge.

The outline of a teach photo is nearly always the card's, but now and then it is something
card-shaped around or beside the card: a block of a checked cloth, a square of a striped one
with the card turned inside it. A face taught from it names that card wherever the cloth
shows, and names a card of that deck on a cloth like it with no card in view.

The cards of one suit are printed on one paper with one border, so the band just inside the
edge of their faces is about the same colour on each (a deck whose cards are filled with their
suit's colour differs from suit to suit, not within one). A face whose band is far in colour
from the faces of most other cards of its suit (at least two of them taught) was taken from
something else, and another photo is asked for.

Measured on the benchmark's invented decks (bench/bench_faces.py, 6,156 taught faces of both
corpora): the band of a face taught from the card was never more than 17 (CIE Lab, OpenCV's
8-bit scale) from a face of another card of its suit; the five faces taught from a block of
cloth were 101-181 from every one.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.faces.deck_file import Deck

BAND = (1, 6)  # pixels in from the edge of an upright face (60 x 90): the band compared
CORNER = 8  # pixels: the rounded corners, which show the cloth, are left out
UNLIKE = 40.0  # the least distance in colour of a band unlike another's
MIN_OTHERS = 2  # other cards of the suit taught, at least, for a face to be judged


def edge_colour(face: np.ndarray) -> np.ndarray:
    """The middle colour (CIE Lab, 8-bit scale) of the band just inside a face's edge."""
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB)
    h, w = lab.shape[:2]
    outer, inner = BAND
    band = np.zeros((h, w), bool)
    band[outer:h - outer, outer:w - outer] = True
    band[inner:h - inner, inner:w - inner] = False
    for rows in (slice(0, CORNER), slice(h - CORNER, h)):
        for columns in (slice(0, CORNER), slice(w - CORNER, w)):
            band[rows, columns] = False
    return np.median(lab[band].astype(np.float32), axis=0)


def unlike_its_suit(deck: Deck, card: str, face: np.ndarray) -> bool:
    """Whether `face`, as a photo of `card`, is unlike the rest of its suit in `deck` at its
    edge: at least MIN_OTHERS other cards of the suit taught, and the band of most of them (of
    every face they have) far from the face's."""
    return _unlike(edge_colour(face), _others(_edges(deck, card[0]), card))


def odd_faces(deck: Deck) -> list[tuple[str, int]]:
    """(card, index in deck.faces[card]) of every taught face unlike the rest of its suit."""
    edges = _edges(deck)
    return [(card, index) for card, own in edges.items() for index, colour in enumerate(own)
            if _unlike(colour, _others(edges, card))]


def _edges(deck: Deck, suit: str | None = None) -> dict[str, list[np.ndarray]]:
    """Per card taught (of `suit`, if given), the edge colour of each of its faces."""
    return {card: [edge_colour(face) for face in faces]
            for card, faces in deck.faces.items() if suit is None or card[0] == suit}


def _others(edges: dict[str, list[np.ndarray]], card: str) -> dict[str, list[np.ndarray]]:
    """The edge colours of the other cards of `card`'s suit."""
    return {other: colours for other, colours in edges.items() if other != card and other[0] == card[0]}


def _unlike(colour: np.ndarray, others: dict[str, list[np.ndarray]]) -> bool:
    """Whether `colour` is far from every band of more than half the cards of `others`."""
    if len(others) < MIN_OTHERS:
        return False
    alike = sum(any(float(np.linalg.norm(colour - edge)) <= UNLIKE for edge in edges)
                for edges in others.values())
    return 2 * alike < len(others)
