"""The rank figure in a face's corners, against the taught ranks of its suit, at full size.

Some editions tell their ranks apart only by a small figure in the corners, the art the same on
every rank: a figure a few pixels high in an upright face. The pixel judge compares the corners
shrunk (features.CORNER), the discriminant shrinks them further (discriminant.CORNER), and both
weigh them beside the whole card, so two ranks of such a deck are all but the same to them. The
network, which looks at the whole face, often still tells them apart (reader.py).

This judge looks at the corners alone, at the size the face was put upright in: each corner of
a view is matched against each taught corner of each rank of the suit by normalized correlation
(OpenCV's matchTemplate), at every shift of up to SHIFT pixels (an outline found a pixel or two
off) and as taught or a little enlarged (ZOOMS), each card at the alignment that suits it best, so
that a lamp's brightness and the card's colour count for little and the figure's shape for most
(grey is the mean of the colour channels: a coloured lamp may still change how much the figure
stands out). Its verdict on a card is a margin per corner of the view: how much better the
card's own taught corners match than those of the best other rank of its suit. It knows nothing
of the suit (a blue 1 and a green 1 share their figure): the reader asks the other judges for
the suit.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.faces import features
from companion.faces.deck_file import Deck
from companion.faces.finder import FACE_H, FACE_W

SHIFT = 3  # pixels: the most a corner of a view is matched off its place, each way
# each taught corner is matched as taught and with the face's middle this much larger (an outline
# found inside the card's edge, along a printed border, shows the figure larger and cut short:
# a roman II cut by such an outline looked like the I; its own figure enlarged matches it better)
ZOOMS = (1.0, 1.06)
FLAT = 4.0  # a taught corner whose brightness varies less than this (0-255) shows no figure


def _grey(face: np.ndarray) -> np.ndarray:
    """The mean of a face's colour channels, float32."""
    return face.astype(np.float32).mean(axis=2)


def corners(face: np.ndarray) -> list[np.ndarray]:
    """The two corners of an upright face (features.corners), grey (_grey)."""
    return features.corners(_grey(face))


def _searched(face: np.ndarray) -> list[np.ndarray]:
    """The two corners of a view with SHIFT pixels more on each side (the face's edge repeated
    past it), turned as `corners` turns them."""
    grey = _grey(face)
    h, w = grey.shape
    cw, ch = features.corner_size(w, h)
    padded = cv2.copyMakeBorder(grey, SHIFT, SHIFT, SHIFT, SHIFT, cv2.BORDER_REPLICATE)
    return [np.ascontiguousarray(padded[:ch + 2 * SHIFT, :cw + 2 * SHIFT]),
            np.ascontiguousarray(padded[h - ch:, w - cw:][::-1, ::-1])]


class FigureJudge:
    """The taught corners of a deck, by card: `margins` of a view towards one card."""

    def __init__(self, deck: Deck) -> None:
        # per card, the corners of its taught faces that show a figure (a face has two; a face
        # turned over trades them, so both are compared with both of a view's)
        self._cards = deck.cards()
        self._corners: dict[str, list[np.ndarray]] = {}
        for card in self._cards:
            shown = [np.ascontiguousarray(c) for face in deck.faces[card] for zoom in ZOOMS
                     for c in corners(features.zoomed(face, zoom)) if float(c.std()) >= FLAT]
            if shown:
                self._corners[card] = shown

    def _best(self, searched: list[np.ndarray], card: str) -> list[float]:
        """Per corner of a view (`_searched`), the best correlation of any taught corner of
        `card` with it, at any shift (-1 for a card with no figure taught)."""
        out = []
        for corner in searched:
            scores = [float(cv2.matchTemplate(corner, taught, cv2.TM_CCOEFF_NORMED).max())
                      for taught in self._corners.get(card, [])]
            out.append(max(scores, default=-1.0))
        return out

    def margins(self, face: np.ndarray, card: str) -> tuple[float, float]:
        """For each corner of an upright view (finder.FACE_W x FACE_H), how much better
        `card`'s taught corners match it than those of the best other rank of its suit taught
        (-inf where no other rank of its suit was taught, or where the card or another rank
        shows no figure: there is no rank to tell, or one the figures cannot tell from it)."""
        if face.shape[:2] != (FACE_H, FACE_W):
            raise ValueError(f"an upright face is {FACE_H}x{FACE_W}, not {face.shape[:2]}")
        rivals = [other for other in self._cards if other[0] == card[0] and other != card]
        if not rivals or any(other not in self._corners for other in rivals + [card]):
            return -np.inf, -np.inf
        searched = _searched(face)
        own = self._best(searched, card)
        best_rival = np.max([self._best(searched, other) for other in rivals], axis=0)
        return float(own[0] - best_rival[0]), float(own[1] - best_rival[1])
