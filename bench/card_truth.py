"""Where a benchmark frame's card truly lies, against the outlines found on it: shared by
bench_finder.py (how well the finder outlines the card) and bench_faces.py (why a card frame
named nothing)."""

from __future__ import annotations

import cv2
import numpy as np

MATCH = 0.04  # the largest corner error of an outline on the card, as a share of its short side

# why a card frame named nothing (missed_why), in the order the benchmark reports them
NO_OUTLINE = "no outline on the card"
OUTLINE_OFF = "outline off its corners"
UNSURE = "on the card, unsure"
NEAREST_ANOTHER = "on the card, the network nearest another card"
WHY = (NO_OUTLINE, OUTLINE_OFF, UNSURE, NEAREST_ANOTHER)


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


def on_card(quad: np.ndarray, truth: np.ndarray) -> bool:
    """The quad outlines the card: on it, every corner within MATCH of the card's short side."""
    return covers(quad, truth) and corner_error(quad, truth) < MATCH * short_side(truth)


def missed_why(reads, card: str, truth: np.ndarray) -> str:
    """Why a frame showing `card`, whose corners are `truth`, named nothing, from the reader's
    verdicts on it (FaceReader.read_all: one per thing): no outline on the card at all, outlines
    on it but none within MATCH of its corners, one within MATCH whose view the network finds
    nearest the card but no rule named, or one whose view the network finds nearest another
    card."""
    covering = [read for read in reads if covers(read.quad, truth)]
    if not covering:
        return NO_OUTLINE
    outlined = [read for read in covering if on_card(read.quad, truth)]
    if not outlined:
        return OUTLINE_OFF
    return UNSURE if any(read.best == card for read in outlined) else NEAREST_ANOTHER
