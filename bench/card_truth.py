"""Where a benchmark frame's card truly lies, against the outlines found on it: shared by
bench_finder.py (how well the finder outlines the card) and bench_faces.py (why a card frame
named nothing)."""

from __future__ import annotations

import cv2
import numpy as np

MATCH = 0.04  # the largest corner error of an outline on the card, as a share of its short side
# a card may print a border inside its edge, and the reader reads a card outlined by it: it
# compares each view zoomed in by 1.08 as well (features.ZOOMS), which brings back a border 7.4%
# of the way from the card's corners towards its middle; missed_why counts an outline on the card
# whose corners lie this share of the way in, or less (a drawing in about the corners' middle,
# close to a border of even width on a card seen from above)
BORDER = 0.10

# why a card frame named nothing (missed_why), in the order the benchmark reports them
NO_OUTLINE = "no outline on the card"
OUTLINE_OFF = "outline off its corners"
RANK_UNSURE = "on the card, unsure of its rank"
UNSURE = "on the card, unsure"
NEAREST_ANOTHER_RANK = "on the card, the network nearest another rank of its suit"
NEAREST_ANOTHER = "on the card, the network nearest another suit's card"
JUDGED_WITH_ANOTHER = "on the card, judged as a part of another thing"
WHY = (NO_OUTLINE, OUTLINE_OFF, RANK_UNSURE, UNSURE, NEAREST_ANOTHER_RANK, NEAREST_ANOTHER, JUDGED_WITH_ANOTHER)


def short_side(corners: np.ndarray) -> float:
    """A quad's short side, the mean of the two."""
    sides = [float(np.linalg.norm(corners[(i + 1) % 4] - corners[i])) for i in range(4)]
    return min(sides[0] + sides[2], sides[1] + sides[3]) / 2


def corner_error(quad: np.ndarray, truth: np.ndarray) -> float:
    """The worst corner's distance from the card's in pixels, the quad taken in its best turn
    (both clockwise)."""
    return min(float(np.linalg.norm(np.roll(quad, k, axis=0) - truth, axis=1).max()) for k in range(4))


def covers(quad: np.ndarray, truth: np.ndarray) -> bool:
    """The quad's centre lies on the card."""
    centre = tuple(map(float, quad.mean(axis=0)))
    return cv2.pointPolygonTest(truth.reshape(-1, 1, 2).astype(np.float32), centre, False) >= 0


def on_card(quad: np.ndarray, truth: np.ndarray, border: float = 0.0) -> bool:
    """The quad outlines the card: on it, every corner within MATCH of the card's short side of
    the card's corners, or, with `border`, of them drawn in towards the card's middle by that
    share or less (an outline on a printed border)."""
    if not covers(quad, truth):
        return False
    middle = truth.mean(axis=0)
    limit = MATCH * short_side(truth)
    return any(corner_error(quad, middle + (truth - middle) * (1 - inset)) < limit
               for inset in np.arange(0.0, border + 1e-6, 0.01))


def missed_why(reads, outlines, card: str, truth: np.ndarray) -> str:
    """Why a frame showing `card`, whose corners are `truth`, named nothing: no outline the
    finder gave (`outlines`, of every look the reader may take) on the card at all, outlines on
    it but none within MATCH of its corners or of a border printed inside them (BORDER), or,
    from the reader's verdicts on the frame (FaceReader.read_all: one per thing, on its outline
    the network finds most like a taught face), one on the card whose view the network finds
    nearest the card (no rule sure enough to name it; "unsure of its rank" where the network's
    next card is another rank of its suit, so that its suit was not in question) or nearest
    another rank of its suit or another suit's card; or no verdict on the card, its outlines
    judged as a part of a thing whose kept outline lies off it."""
    if not any(covers(quad, truth) for quad in outlines):
        return NO_OUTLINE
    if not any(on_card(quad, truth, BORDER) for quad in outlines):
        return OUTLINE_OFF
    covering = [read for read in reads if covers(read.quad, truth)]
    if not covering:
        return JUDGED_WITH_ANOTHER
    nearest = [read for read in covering if read.best == card]
    if nearest:
        return RANK_UNSURE if any(read.second[:1] == card[:1] for read in nearest) else UNSURE
    return NEAREST_ANOTHER_RANK if any(read.best[:1] == card[:1] for read in covering) else NEAREST_ANOTHER
