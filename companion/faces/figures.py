"""The rank figure in a face's corners, against the taught ranks of its suit, at full size.

Some editions tell their ranks apart only by a small figure in the corners, the art the same on
every rank: a figure a few pixels high in an upright face. The pixel judge compares the corners
shrunk (features.CORNER), the discriminant shrinks them further (discriminant.CORNER), and both
weigh them beside the whole card, so two ranks of such a deck are all but the same to them. The
network, which looks at the whole face, often still tells them apart (reader.py).

This judge looks at the corners alone, at the size the face was put upright in: each corner of a
view is matched against each taught corner of each rank of the suit by normalized correlation
(OpenCV's TM_CCOEFF_NORMED, as its matchTemplate gives it, computed for all the suit's taught
corners in one product: _Bank), at every shift of up to SHIFT pixels (an outline found a pixel
or two off) and as taught or a little enlarged (ZOOMS), each card at the alignment that suits it
best, so that a lamp's brightness and the card's colour count for little and the figure's shape
for most (grey is the mean of the colour channels: a coloured lamp may still change how much the
figure stands out). Its verdict on a card is a margin per corner of the view: how much better
the card's own taught corners match than those of the best other rank of its suit. Each corner
is matched twice, whole and without its EDGE outer rows and columns (on both the view and the
taught corners), and the better margin is kept where the whole one is below TOLD: an outline a
pixel or two outside the card takes in a strip of the cloth along its edge, and a faint figure
(a row of small pips on a pale card) is lost against that strip; a figure printed up to the
card's edge (a roman numeral) needs those pixels, and one all within them is matched whole only.
Either way every rank is matched on the same pixels. A corner the two matchings give to two
ranks (the better of the two would tell both) tells the rank given it by more, by the
difference, and the other nothing (a margin of 0, as a corner with no figure to see); where the
whole one gives it to one by TOLD or more, that one. Matched without its RIM outer pixels alone
(inside_margins), a corner shows its figure without the band a card's dark edge may draw along
it, whether the view and the taught face show that band or not; rim_darkness says whether a view
shows such a band all round. It knows nothing of the suit (a blue 1 and a green 1 share their
figure): the reader asks the other judges for the suit. """

from __future__ import annotations

import cv2
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from companion.faces import features
from companion.faces.deck_file import Deck
from companion.faces.finder import FACE_H, FACE_W

SHIFT = 3  # pixels: the most a corner of a view is matched off its place, each way
# each taught corner is matched as taught and with the face's middle this much larger (an outline
# found inside the card's edge, along a printed border, shows the figure larger and cut short:
# a roman II cut by such an outline looked like the I; its own figure enlarged matches it better)
ZOOMS = (1.0, 1.06)
FLAT = 4.0  # a taught corner whose brightness varies less than this (0-255) shows no figure
# pixels: the outer rows and columns a corner is also matched without. On 8 tuned seeds of each
# corpus, of the views at least 0.8 like a taught face, 18% and 12% more had their own rank's
# margin at least 0.08 (FIGURE_MARGIN) in each corner, and no more had another rank's (none,
# either way); 1.3 and 0.2 more points of the card frames named, none wrong
EDGE = 2
# pixels: the outer rows and columns of a corner left out where the figures alone would name a
# card (inside_margins): an outline on a card's dark outer edge shows the edge as a band along
# the corner, wider than EDGE, and a taught corner with the same band matches it better than one
# with the figure and no band (the reader asks it)
RIM = 4
# grey levels (0-255): a view whose outer EDGE rows and columns are this much darker than the band
# just inside its RIM, along every side, shows a dark rim all round (rim_darkness). On seeds
# 1033-1048 of both corpora, of the 307 outlines named by the figures, the corners or the three
# judges' agreement, two views had one (118 and 121: each outline took in the card's shadow) and
# the others at most 26
DARK_RIM = 50
RIM_BAND = 5  # the rows or columns just inside the RIM an outer edge is compared with (rim_darkness)
# a corner whose margin, matched whole, is at least this already tells its rank (the reader's
# highest margin asked, FIGURE_MARGIN): it is not matched again without its edge
TOLD = 0.08
FLT_EPSILON = float(np.finfo(np.float32).eps)


def _grey(face: np.ndarray) -> np.ndarray:
    """The mean of a face's colour channels, float32."""
    return face.astype(np.float32).mean(axis=2)


def rim_darkness(face: np.ndarray) -> float:
    """How much darker (in grey levels, _grey) the outer EDGE rows or columns of an upright face
    are than the RIM_BAND just inside its RIM, along its least dark side: an outline that took
    in the dark rim of the card's shadow shows it all round (DARK_RIM or more)."""
    grey = _grey(face)
    inner = RIM + RIM_BAND
    sides = [(grey[:EDGE], grey[RIM:inner, RIM:-RIM]), (grey[-EDGE:], grey[-inner:-RIM, RIM:-RIM]),
             (grey[:, :EDGE], grey[RIM:-RIM, RIM:inner]), (grey[:, -EDGE:], grey[RIM:-RIM, -inner:-RIM])]
    return float(min(band.mean() - outer.mean() for outer, band in sides))


def corners(face: np.ndarray, edges: tuple[int, ...] = (0,)) -> list[list[np.ndarray]]:
    """The two corners of an upright face (features.corners), grey (_grey), once for each of
    `edges`: without that many outer rows and columns (the face made grey once for all)."""
    whole = features.corners(_grey(face))
    return [[np.ascontiguousarray(corner[edge:, edge:]) for corner in whole] for edge in edges]


def _searched(face: np.ndarray, edge: int = 0, grey: np.ndarray | None = None) -> list[np.ndarray]:
    """The two corners of a view with SHIFT pixels more on each side (the face's edge repeated
    past it), turned as `corners` turns them, without their `edge` outer rows and columns
    (`grey`: the view's _grey, if already made)."""
    grey = _grey(face) if grey is None else grey
    h, w = grey.shape
    cw, ch = features.corner_size(w, h)
    padded = cv2.copyMakeBorder(grey, SHIFT, SHIFT, SHIFT, SHIFT, cv2.BORDER_REPLICATE)
    return [np.ascontiguousarray(padded[edge:ch + 2 * SHIFT, edge:cw + 2 * SHIFT]),
            np.ascontiguousarray(padded[h - ch:, w - cw:][::-1, ::-1][edge:, edge:])]


class FigureJudge:
    """The taught corners of a deck, by card: `margins` of a view towards one card, and
    `inside_margins` inside the corners' rim."""

    def __init__(self, deck: Deck) -> None:
        # per edge trimmed (0, EDGE or RIM) and card, the corners of its taught faces that show a
        # figure so trimmed (a face has two; a face turned over trades them, so both are
        # compared with both of a view's)
        self._cards = deck.cards()
        self._corners: dict[int, dict[str, list[np.ndarray]]] = {0: {}, EDGE: {}, RIM: {}}
        edges = tuple(self._corners)
        for card in self._cards:
            looks = [corners(features.zoomed(face, zoom), edges) for face in deck.faces[card] for zoom in ZOOMS]
            for n, (edge, taught) in enumerate(self._corners.items()):
                shown = [c for look in looks for c in look[n] if float(c.std()) >= FLAT]
                if shown:
                    taught[card] = shown
        # per edge and suit, the taught corners of all its cards as one bank (_Bank), so that a
        # view's corners are matched with a whole suit at once
        self._banks = {(edge, suit): _Bank({card: shown for card, shown in taught.items() if card[0] == suit})
                       for edge, taught in self._corners.items() for suit in {card[0] for card in taught}}

    def margins(self, face: np.ndarray, card: str, seen: dict | None = None) -> tuple[float, float]:
        """For each corner of an upright view (finder.FACE_W x FACE_H), how much better
        `card`'s taught corners match it than those of the best other rank of its suit taught
        (-inf where no other rank of its suit was taught, or where the card or another rank
        shows no figure: there is no rank to tell, or one the figures cannot tell from it): the
        better of the corner matched whole and without its EDGE outer pixels, or the whole
        one where it is at least TOLD; where the two give the corner to two ranks, the margin
        over the other rank's (0 if that is less, or if the other's whole one is TOLD). `seen`,
        a dict kept for one view, keeps what was matched for one card for the next card asked."""
        asked = self._asked(face, card, 0, seen)
        if asked is None:
            return -np.inf, -np.inf
        rivals, seen = asked
        margin = self._margin(face, card, rivals, 0, seen)
        # a figure all within the edge shows none without it: the whole corner alone
        if (margin < TOLD).any() and all(other in self._corners[EDGE] for other in rivals + [card]):
            trimmed = self._margin(face, card, rivals, EDGE, seen)
            better = np.maximum(margin, trimmed)
            # a corner the two matchings give to two ranks tells the one given it by more, by the
            # difference, and the other nothing (0): the better of the two would tell both
            contested, told = np.zeros(2), np.zeros(2)
            for other in rivals:
                others = [rank for rank in rivals + [card] if rank != other]
                whole = self._margin(face, other, others, 0, seen)
                contested = np.maximum(contested, np.maximum(whole, self._margin(face, other, others, EDGE, seen)))
                told = np.maximum(told, whole)
            better = np.where((better > 0) & (contested > 0), np.maximum(better - contested, 0.0), better)
            # a rank the whole corner tells by TOLD keeps it (it is not matched again): the other none
            better = np.where(told >= TOLD, np.minimum(better, 0.0), better)
            margin = np.where(margin < TOLD, better, margin)
        return float(margin[0]), float(margin[1])

    def inside_margins(self, face: np.ndarray, card: str, seen: dict | None = None) -> tuple[float, float]:
        """For each corner of an upright view, how much better `card`'s taught corners match it
        than those of the best other rank of its suit, all matched without their RIM outer rows
        and columns: inside a band along the card's edge (-inf where no other rank of its suit was
        taught, or where the card or another rank shows no figure so trimmed). `seen`: as for
        margins."""
        asked = self._asked(face, card, RIM, seen)
        if asked is None:
            return -np.inf, -np.inf
        rivals, seen = asked
        margin = self._margin(face, card, rivals, RIM, seen)
        return float(margin[0]), float(margin[1])

    def _asked(self, face: np.ndarray, card: str, edge: int, seen: dict | None) -> tuple[list[str], dict] | None:
        """(the other ranks of the card's suit, the dict of what was matched on this view: `seen`,
        emptied if it was kept for another view), or None where no other rank was taught or the
        card or one of them shows no figure without `edge` outer pixels."""
        if face.shape[:2] != (FACE_H, FACE_W):
            raise ValueError(f"an upright face is {FACE_H}x{FACE_W}, not {face.shape[:2]}")
        rivals = [other for other in self._cards if other[0] == card[0] and other != card]
        if not rivals or any(other not in self._corners[edge] for other in rivals + [card]):
            return None
        seen = {} if seen is None else seen
        if seen.get("face") is not face:  # kept for another view: not this one's
            seen.clear()
            seen["face"] = face
        return rivals, seen

    def _margin(self, face: np.ndarray, card: str, rivals: list[str], edge: int, seen: dict) -> np.ndarray:
        """margins' per corner, matched without `edge` outer pixels (`seen`: margins'): per
        corner of the view, the best correlation of any taught corner of `card` so trimmed, at
        any shift, less the best of any rival's."""
        if (edge, card) not in seen:
            if "grey" not in seen:
                seen["grey"] = _grey(face)
            searched = _searched(face, edge, seen["grey"])
            seen.update(((edge, other), best) for other, best in self._banks[(edge, card[0])].best(searched).items())
        return seen[(edge, card)] - np.max([seen[(edge, other)] for other in rivals], axis=0)


class _Bank:
    """The taught corners of some cards, all of one size, matched with a view's corners at
    once: OpenCV's normalized correlation (TM_CCOEFF_NORMED) at every shift, computed for every
    taught corner in one product, with OpenCV's rules where the division is not to be trusted: a
    window all but flat scores 0, a value rounded just past 1 or -1 (by less than an eighth)
    scores 1 or -1, and one further past scores 0."""

    def __init__(self, taught: dict[str, list[np.ndarray]]) -> None:
        self.cards = list(taught)
        self.shape = next(iter(taught.values()))[0].shape
        rows = np.stack([corner.astype(np.float64).ravel() for shown in taught.values() for corner in shown])
        self._centred = rows - rows.mean(axis=1, keepdims=True)  # a window's own mean then drops out
        self._norms = np.sqrt((self._centred * self._centred).sum(axis=1))
        self._owner = np.repeat(np.arange(len(self.cards)), [len(shown) for shown in taught.values()])

    def best(self, searched: list[np.ndarray]) -> dict[str, np.ndarray]:
        """Per card, per corner of a view (`_searched`), the best correlation of any of its
        taught corners with it at any shift."""
        h, w = self.shape
        windows = np.concatenate([sliding_window_view(corner.astype(np.float64), (h, w)).reshape(-1, h * w)
                                  for corner in searched])
        sums = windows.sum(axis=1)
        squares = np.einsum("ij,ij->i", windows, windows)
        spread = np.maximum(squares - sums * sums / (h * w), 0.0)
        # as OpenCV: a window all but flat correlates with nothing
        spread[spread <= np.minimum(0.5, 10 * FLT_EPSILON * squares)] = 0.0
        scale = np.sqrt(spread)[:, None] * self._norms[None, :]
        products = windows @ self._centred.T
        size = np.abs(products)
        score = np.where(size < scale, products / np.where(scale > 0, scale, 1.0),
                         np.where(size < 1.125 * scale, np.sign(products), 0.0))
        # per corner of the view and taught corner, the best shift; per card, its best corner
        per_corner = score.reshape(len(searched), -1, score.shape[1]).max(axis=1)
        best = np.full((len(searched), len(self.cards)), -np.inf)
        np.maximum.at(best.T, self._owner, per_corner.T)
        # in float32, as OpenCV gives them
        return {card: best[:, n].astype(np.float32).astype(np.float64) for n, card in enumerate(self.cards)}
