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

An outline can also be the card's on three sides and not the fourth (a corner found on the cloth
beside the card, so that a wedge or a strip of the cloth lies along one side of the face), or lie
inside the card, on its art, or across the figure in its corners. The band as a whole keeps its
colour then, but a part of it does not: each side's band is also judged in PARTS parts along it
(`edge_parts`), row by row: a face's rows SLIP to DEPTH - SLIP in from the edge against another
face's rows as they lie or moved up to SLIP in or out, a face against another by its part furthest
from the same part of the other (or of the other turned over). A face is also unlike the rest of
its suit where its parts are further than PARTS_UNLIKE from those of most other cards of the suit
(each by its nearest face), and further than PARTS_SPREAD times the middle of the distances from
each of those cards (by its first face) to the nearest of the rest: a rainbow suit striped across
its cards, the stripes lying elsewhere along each card's edge, or a white suit tinted rank by rank,
is as far apart from card to card.

Measured on 480 looks drawn apart from the benchmark's decks (the first six drawn from each of the
seeds 2000-2039, per corpus; 25,055 faces taught without the check): 15 faces were unlike their
suit by their parts alone, and each, looked at, was outlined off its card: a wedge or a strip of
the cloth along a side (ten), a block of a checked cloth, an outline on a blue 4's art, or one
across the figures in a rainbow card's corners (three). Without PARTS_SPREAD, 13 more faces of
seven decks would be: a rainbow 2 31-49 from three of the four other rainbow cards, and twelve of
six pale decks of corpus A, each suit's paper tinted, of which three show a thin strip of the cloth
along a side (a white 3 with a dark strip along its top, 32-50 from the other white cards, their
spread 6.8, is let through) and the rest are the card's own faces. On the benchmark, four faces that
made a frame read as another rank of their suit are refused and taken again: a blue 4 of a dark deck
outlined on its art (corpus A, seed 845), 75-79 from the other blue cards by its parts (29-31 as a
whole; their spread 1.4); a blue 5 with a wedge of the green cloth along its lower side (corpus B,
seed 874), 39-57 (2-11 as a whole; spread 2.9); and two rainbow 5s outlined inside the card, their
ring cut by the outline (corpus A, seeds 567 and 603), 34-35 and 59-64 (1-4 and 2-6; spread 1.9 and
2.5).
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from companion.faces.deck_file import Deck

BAND = (1, 6)  # pixels in from the edge of an upright face (60 x 90): the band compared
CORNER = 8  # pixels: the rounded corners, which show the cloth, are left out
UNLIKE = 40.0  # the least distance in colour of a band unlike another's
MIN_OTHERS = 2  # other cards of the suit taught, at least, for a face to be judged
PARTS = 2  # each side of the edge is also judged in this many parts along it (edge_parts)
DEPTH = 8  # pixels: the rows in from the edge a part is judged by
SLIP = 2  # pixels: how far in or out one face's rows may lie from another's (an outline a pixel off)
PARTS_UNLIKE = 30.0  # the least distance in colour of a part unlike the same part of another face
# ... and how many times the distance from each other card of the suit to the nearest of the rest
# (the middle one) it must be
PARTS_SPREAD = 8.0


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


def edge_parts(face: np.ndarray) -> np.ndarray:
    """(4 * PARTS) x DEPTH x 3: per part of the edge (each side in PARTS parts along it, clockwise
    from the top's left end), the middle colour (CIE Lab, 8-bit scale) of each row of pixels in
    from the edge, DEPTH of them from the face's edge inwards."""
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB).astype(np.float32)
    h, w = lab.shape[:2]
    sides = [lab[:DEPTH, CORNER:w - CORNER], lab[CORNER:h - CORNER, w - DEPTH:][:, ::-1].transpose(1, 0, 2),
             lab[h - DEPTH:, CORNER:w - CORNER][::-1, ::-1], lab[CORNER:h - CORNER, :DEPTH][::-1].transpose(1, 0, 2)]
    pieces = []
    for side in sides:
        length = side.shape[1]
        pieces += [side[:, k * length // PARTS:(k + 1) * length // PARTS] for k in range(PARTS)]
    # the pieces of one length told in one median (the sides and the ends are as long as their
    # opposite ones)
    parts = np.empty((len(pieces), DEPTH, 3), np.float32)
    for shape in {piece.shape for piece in pieces}:
        alike = [k for k, piece in enumerate(pieces) if piece.shape == shape]
        parts[alike] = np.median(np.stack([pieces[k] for k in alike]), axis=2)
    return parts


def unlike_its_suit(deck: Deck, card: str, face: np.ndarray) -> bool:
    """Whether `face`, as a photo of `card`, is unlike the rest of its suit in `deck` at its
    edge: at least MIN_OTHERS other cards of the suit taught, and the band of most of them (of
    every face they have) far from the face's, as a whole or in a part (_parts_unlike)."""
    return _unlike(edge_colour(face), _others(_per_face(deck, edge_colour, card[0]), card)) \
        or _parts_unlike(edge_parts(face), _others(_per_face(deck, edge_parts, card[0]), card))


def odd_faces(deck: Deck) -> list[tuple[str, int]]:
    """(card, index in deck.faces[card]) of every taught face unlike the rest of its suit."""
    edges, parts = _per_face(deck, edge_colour), _per_face(deck, edge_parts)
    between = _Between(parts)  # the distances between two other cards, measured once for the deck
    return [(card, index) for card, own in edges.items() for index, colour in enumerate(own)
            if _unlike(colour, _others(edges, card))
            or _parts_unlike(parts[card][index], _others(parts, card), between)]


def _per_face(deck: Deck, measure: Callable[[np.ndarray], np.ndarray],
              suit: str | None = None) -> dict[str, list[np.ndarray]]:
    """Per card taught (of `suit`, if given), `measure` (edge_colour, edge_parts) of each of its faces."""
    return {card: [measure(face) for face in faces]
            for card, faces in deck.faces.items() if suit is None or card[0] == suit}


def _others(edges: dict[str, list[np.ndarray]], card: str) -> dict[str, list[np.ndarray]]:
    """The entries of the other cards of `card`'s suit (their edge colours, or their edge parts)."""
    return {other: colours for other, colours in edges.items() if other != card and other[0] == card[0]}


def _unlike(colour: np.ndarray, others: dict[str, list[np.ndarray]]) -> bool:
    """Whether `colour` is far from every band of more than half the cards of `others`."""
    if len(others) < MIN_OTHERS:
        return False
    alike = sum(any(float(np.linalg.norm(colour - edge)) <= UNLIKE for edge in edges)
                for edges in others.values())
    return 2 * alike < len(others)


def _apart(parts: np.ndarray, other: np.ndarray) -> float:
    """How far a face's edge parts are from another's: the part furthest from the same part of
    the other, the other as it is or turned over (its parts half way round); a part against
    another by its rows' mean distance in colour, the other's rows moved up to SLIP in or out."""
    inner = parts[:, SLIP:DEPTH - SLIP]
    rows = DEPTH - 2 * SLIP
    # both ways up, each of the other's rows moved by every slip: 2 x parts x slips x rows x 3
    ways = np.stack([other, np.roll(other, len(other) // 2, axis=0)])
    moved = np.lib.stride_tricks.sliding_window_view(ways, rows, axis=2).transpose(0, 1, 2, 4, 3)
    per_slip = np.linalg.norm(inner[None, :, None] - moved, axis=4).mean(axis=3)
    return float(per_slip.min(axis=2).max(axis=1).min())


def _nearest(parts: np.ndarray, faces: list[np.ndarray]) -> float:
    """_apart from the nearest of a card's faces."""
    return min(_apart(parts, face) for face in faces)


def _parts_unlike(parts: np.ndarray, others: dict[str, list[np.ndarray]],
                  between: _Between | None = None) -> bool:
    """Whether a face's edge parts are far from those of more than half the cards of `others`
    (each by its nearest face): further than PARTS_UNLIKE, and than PARTS_SPREAD times the middle
    of the distances from each of those cards (by its first face) to the nearest of the rest (a
    suit whose edge varies from card to card may vary as much on this face). `between`: those
    distances, where kept for a deck's faces judged in turn."""
    if len(others) < MIN_OTHERS:
        return False
    between = between or _Between(others)
    apart = [_nearest(parts, faces) for faces in others.values()]
    cards = list(others)
    spread = [min(between(card, other) for other in cards if other != card) for card in cards]
    limit = max(PARTS_UNLIKE, PARTS_SPREAD * float(np.median(spread)))
    return 2 * sum(distance <= limit for distance in apart) < len(apart)


class _Between:
    """_nearest from one card's first face to another card's faces (their edge parts, per card),
    each pair measured once."""

    def __init__(self, parts: dict[str, list[np.ndarray]]) -> None:
        self._parts = parts
        self._known: dict[tuple[str, str], float] = {}

    def __call__(self, card: str, other: str) -> float:
        if (card, other) not in self._known:
            self._known[card, other] = _nearest(self._parts[card][0], self._parts[other])
        return self._known[card, other]
