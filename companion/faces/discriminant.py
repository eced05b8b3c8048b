"""Telling a deck's faces apart: discriminants learned from the taught faces themselves.

Two faces of one suit differ in a few pixels (the rank's figure), while the same face differs
from one frame to the next in many (the lamp, the blur, an outline a pixel off, a glare). From
each taught face the reader makes views a table's camera might give (faces.variations) and
learns, for this deck, which directions of the compared sample vary within one face and which
tell faces apart: a linear discriminant, with the spread within a face shrunk towards its
plain average (so that what no view varied is not trusted without limit).

A face is placed in the discriminant's space, where the spread within a face is the same in
every direction: its distance to each taught face is in units of that spread, and how much
nearer the nearest card is than every other card is the evidence for naming it (twice the log
of the odds, if the views were the whole truth).

The card is judged in parts, each by its own discriminant: the whole card small, and each of
its two rank corners. A part spoilt in one frame (a thumb over a corner, a card's art smeared
as it was turned) then speaks against the card in that part only, and the parts must agree.
A corner is small and its figure fills it: an outline found two pixels off (a printed border
that blends with the cloth in one photo and not in another) moves a 4 to where a 5 was taught.
So each corner is judged against each taught corner at the one of a few shifts and zooms of
the outline (CORNER_MOVES) that suits that corner best: the card named and every card against
it each get their best alignment, so a move never makes a rival look further than it is.
Learned when a deck is loaded, with OpenCV and numpy: most of the 1.3 s a reader of a deck of
30 cards takes to build on a two-core PC (bench/bench_faces.py prints it), longer on a Raspberry
Pi.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.faces import features
from companion.faces.variations import variations

VIEWS = 24  # views of each taught photo learned from, besides the photo itself
MAX_ROWS = 3000  # views in all: a deck of many photos is learned from fewer views of each
WHOLE = (12, 18)  # the sample's sizes (features.sample): smaller than the residual's, enough to
CORNER = (14, 12)  # tell ranks apart and quick to learn on a Raspberry Pi
SHRINK = 0.15  # of the spread within a face, towards its average over every direction
# (dx, dy, zoom) in pixels of an upright face (60 x 90): the outline as found, two pixels to
# each side, and a little larger and smaller
CORNER_MOVES = ((0, 0, 1.0), (2, 0, 1.0), (-2, 0, 1.0), (0, 2, 1.0), (0, -2, 1.0), (0, 0, 1.06), (0, 0, 0.95))
FLOOR = 0.03  # added before the log: a black pixel is not infinitely far from a dark one


def parts(face: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An upright face as the vectors the discriminants read: the whole card, the top-left
    corner and the bottom-right one turned like it; each the log of the light-evened sample,
    so that a lamp's tint is a shift, the same in every pixel of a channel."""
    f = features.evened(face)
    first, second = features.corner_samples(f, CORNER)
    return _logs(features.whole_sample(f, WHOLE)), _logs(first), _logs(second)


def _logs(sample: np.ndarray) -> np.ndarray:
    """A part of a sample (H x W x 3, from features) as the vector a discriminant reads."""
    return np.log(sample.reshape(-1, 3).T + FLOOR).ravel()


def moved_parts(face: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The whole card's vector (as in `parts`), and each corner's for the outline as found and
    moved by each of CORNER_MOVES: one row per move, the first as found."""
    f = features.evened(face)
    h, w = f.shape[:2]
    cw, ch = features.corner_size(w, h)
    firsts, seconds = [], []
    for dx, dy, zoom in CORNER_MOVES:
        if (dx, dy, zoom) == (0, 0, 1.0):
            first, second = features.corner_samples(f, CORNER)
        else:
            # each corner of the face moved, warped alone (the bottom-right one's matrix carries
            # it to the origin): the same pixels as the corners of the whole face moved
            matrix = np.float32([[zoom, 0, (1 - zoom) * w / 2 + dx], [0, zoom, (1 - zoom) * h / 2 + dy]])
            far = matrix - np.float32([[0, 0, w - cw], [0, 0, h - ch]])
            first, second = (cv2.resize(cv2.warpAffine(f, m, (cw, ch), flags=cv2.INTER_LINEAR,
                                                       borderMode=cv2.BORDER_REPLICATE)[::turn, ::turn],
                                        CORNER, interpolation=cv2.INTER_AREA)
                             for m, turn in ((matrix, 1), (far, -1)))
        firsts.append(_logs(first))
        seconds.append(_logs(second))
    return _logs(features.whole_sample(f, WHOLE)), np.array(firsts), np.array(seconds)


def _turned(whole: np.ndarray) -> np.ndarray:
    """The whole card's vector of the face turned upside down (the sample is made the same way
    both ways up, so the turned face's whole card is this one's, turned; its corners trade)."""
    return whole.reshape(3, WHOLE[1], WHOLE[0])[:, ::-1, ::-1].ravel()


class Discriminant:
    """A linear discriminant of vectors in classes: `distances` from a vector to each class."""

    def __init__(self, x: np.ndarray, classes: np.ndarray, shrink: float = SHRINK) -> None:
        x = np.asarray(x, np.float64)
        self.classes, index = np.unique(classes, return_inverse=True)
        # each class's rows summed in order, as np.add.at sums them (bit for bit where a row has
        # more than one value: numpy sums a single column pairwise), several times faster
        counts = np.bincount(index)
        rows = np.split(np.argsort(index, kind="stable"), np.cumsum(counts)[:-1])
        means = np.array([x[each].sum(axis=0) for each in rows]) / counts[:, None]
        within = x - means[index]
        spread = within.T @ within / len(x)
        spread = (1 - shrink) * spread + shrink * float(np.trace(spread)) / len(spread) * np.eye(len(spread))
        lower = np.linalg.cholesky(spread)
        # whitened, the spread within a class is the same in every direction; the classes'
        # means span the few directions that tell them apart
        white = np.linalg.solve(lower, means.T).T
        centre = white.mean(axis=0)
        _u, s, vt = np.linalg.svd(white - centre, full_matrices=False)
        basis = vt[s > 1e-6 * s[0]]
        # one matrix from a vector to the discriminant's space: basis @ lower^-1
        self._project = np.linalg.solve(lower.T, basis.T).T.astype(np.float32)
        self._shift = (centre @ basis.T).astype(np.float32)
        self._centres = ((white - centre) @ basis.T).astype(np.float32)
        own = ((x.astype(np.float32) @ self._project.T - self._shift) - self._centres[index]) ** 2
        # how far a learned view lies from its own class: the yardstick of "one of these at all"
        self.typical = float(np.percentile(own.sum(axis=1), 99))

    def distances(self, vector: np.ndarray) -> np.ndarray:
        """Squared distances of `vector` to every class (self.classes order)."""
        point = self._project @ vector.astype(np.float32) - self._shift
        return ((self._centres - point) ** 2).sum(axis=1)

    def nearest(self, vectors: np.ndarray) -> np.ndarray:
        """Per class, the least squared distance of any of `vectors` (one per row: the same
        part at several alignments) to it: each class at the alignment that suits it best."""
        points = vectors.astype(np.float32) @ self._project.T - self._shift
        return ((self._centres[None, :, :] - points[:, None, :]) ** 2).sum(axis=2).min(axis=0)


@dataclass(frozen=True)
class PartVerdict:
    """Per card, the squared distance of one part of a face to the card's nearest look."""

    distance: np.ndarray  # per card; inf for a card not taught

    def margin(self, card: int, against: np.ndarray | None = None) -> float:
        """How much nearer `card` is than the nearest other card (negative: another is nearer),
        or than the nearest of the cards `against` (a mask over the cards), if given."""
        rivals = np.ones(len(self.distance), bool) if against is None else against.copy()
        rivals[card] = False
        others = self.distance[rivals]
        return float(others.min() - self.distance[card]) if len(others) else float("inf")


class FaceModel:
    """The deck's faces learned in parts: `verdicts` judges an upright face part by part."""

    def __init__(self, faces: list[np.ndarray], labels: list[int], views: int = VIEWS, seed: int = 0) -> None:
        self.cards = int(max(labels)) + 1 if labels else 0
        # one class per taught photo and way up: a card taught by its outline and by its printed
        # border is two looks, each tight, not one blurred between them. Every face is seen
        # under the same lamps, blurs and shifts (one seed): the class means then differ where
        # the faces differ, and two faces alike stay alike rather than apart by chance
        views = max(1, min(views, MAX_ROWS // max(len(faces), 1)))
        wholes, whole_class, corners, corner_class = [], [], [], []
        for n, face in enumerate(faces):
            for view in [face] + variations(face, views, seed):
                whole, first, second = parts(view)
                wholes += [whole, _turned(whole)]
                whole_class += [2 * n, 2 * n + 1]
                # a face's two corners are two looks (most editions print the rank in both,
                # some only in one); turned, they trade places
                corners += [first, second]
                corner_class += [2 * n, 2 * n + 1]
        label = np.asarray(labels, int)
        self.whole = Discriminant(np.array(wholes), np.array(whole_class))
        self.corner = Discriminant(np.array(corners), np.array(corner_class))
        self._whole_card = label[self.whole.classes // 2]
        self._corner_card = label[self.corner.classes // 2]

    def _per_card(self, per_class: np.ndarray, card_of_class: np.ndarray) -> PartVerdict:
        out = np.full(self.cards, np.inf, np.float32)
        np.minimum.at(out, card_of_class, per_class)
        return PartVerdict(out)

    def verdicts(self, face: np.ndarray) -> tuple[PartVerdict, PartVerdict, PartVerdict]:
        """The whole card's verdict and each corner's, every distance in units of its part's
        spread within a face (see Discriminant.typical for what a taught face gives). Each
        corner is judged against each card at its best alignment among CORNER_MOVES
        (Discriminant.nearest)."""
        whole, firsts, seconds = moved_parts(face)
        return (self._per_card(self.whole.distances(whole), self._whole_card),
                self._per_card(self.corner.nearest(firsts), self._corner_card),
                self._per_card(self.corner.nearest(seconds), self._corner_card))
