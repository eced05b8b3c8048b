"""A teach photo's card outline pulled in off the cloth.

A card's outline in a teach photo is sometimes found a few pixels out, along a stripe or a
shadow of the cloth beside one side. The face taught from it then carries a band of cloth down
that side, and a true card of the next rank can come out nearer it than its own face (a red 5
taught with a band of dark cloth read every red 4 as a 5).

Each side of the outline is looked at across its middle: a profile of colour from outside the
outline to well inside. On a true side the strongest change of colour is at the outline. On a
side that took in cloth it lies further in, at the card's edge, and the band between the outline
and that change has the cloth's colour rather than the card's. Such a side is moved in to the
change; the outline is then looked at once more.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.faces.finder import FACE_H, FACE_W, Quad, ordered

SCALE = 2  # the card is looked at twice the size of an upright face
WIDTH, HEIGHT = FACE_W * SCALE, FACE_H * SCALE
MARGIN = WIDTH // 10  # pixels looked at outside the outline (and twice that inside)
SPAN = 0.6  # the middle share of a side that is looked at (the corners are rounded, the rank is there)
MIN_BAND = 5  # pixels (about 4% of the card's width): a change nearer the outline is the outline
MAX_STEP_AT_OUTLINE = 0.6  # the change at the outline, at most, as a share of the one further in
MAX_CLOTH_LIKENESS = 0.3  # the band's distance to the cloth, at most, as a share of its distance to the card
ROUNDS = 2

_RECT = np.float32([[MARGIN, MARGIN], [WIDTH + MARGIN, MARGIN], [WIDTH + MARGIN, HEIGHT + MARGIN],
                    [MARGIN, HEIGHT + MARGIN]])
# which corners of _RECT each side moves, and which way it moves in: top, right, bottom, left
_SIDES = (((0, 1), (0, 1)), ((1, 2), (-1, 0)), ((2, 3), (0, -1)), ((3, 0), (1, 0)))


def pulled_in(photo: np.ndarray, quad: Quad) -> Quad:
    """`quad` (a card's outline in `photo`) with each side that took in a band of cloth moved
    in to the card's edge; `quad`'s own corners, ordered, if no side did."""
    quad = ordered(quad)
    for _ in range(ROUNDS):
        matrix = cv2.getPerspectiveTransform(quad, _RECT)
        size = (WIDTH + 2 * MARGIN, HEIGHT + 2 * MARGIN)
        seen = cv2.warpPerspective(photo, matrix, size, flags=cv2.INTER_AREA,
                                   borderMode=cv2.BORDER_REPLICATE)
        rect = _RECT.copy()
        for (corners, inward), profile in zip(_SIDES, _profiles(seen)):
            depth = _cloth_band(profile)
            if depth:
                rect[list(corners)] += np.float32(inward) * depth
        if np.array_equal(rect, _RECT):
            break
        quad = cv2.perspectiveTransform(rect.reshape(-1, 1, 2), np.linalg.inv(matrix)).reshape(4, 2)
    return quad


def _profiles(seen: np.ndarray) -> list[np.ndarray]:
    """Per side (top, right, bottom, left): the colour (Lab) at each depth from MARGIN pixels
    outside the outline to 2 * MARGIN inside (index MARGIN is the outline), the median across
    the middle of the side."""
    lab = cv2.GaussianBlur(cv2.cvtColor(seen, cv2.COLOR_BGR2LAB).astype(np.float32), (0, 0), 1.0)
    h, w = lab.shape[:2]
    depth = np.arange(3 * MARGIN)
    x0, x1 = MARGIN + int(WIDTH * (1 - SPAN) / 2), MARGIN + int(WIDTH * (1 + SPAN) / 2)
    y0, y1 = MARGIN + int(HEIGHT * (1 - SPAN) / 2), MARGIN + int(HEIGHT * (1 + SPAN) / 2)
    return [np.median(lab[depth, x0:x1], axis=1),
            np.median(lab[y0:y1, w - 1 - depth], axis=0),
            np.median(lab[h - 1 - depth, x0:x1], axis=1),
            np.median(lab[y0:y1, depth], axis=0)]


def _cloth_band(profile: np.ndarray) -> int:
    """How many pixels of cloth lie inside the outline on this side: the depth of the strongest
    change of colour, if it lies at least MIN_BAND in, clearly outweighs the change at the
    outline, and what lies before it looks like the cloth and not the card; else 0."""
    m = MARGIN
    step = np.linalg.norm(profile[2:2 * m + 2] - profile[:2 * m], axis=1)  # index i: depth i + 1 - m
    strongest = int(np.argmax(step))
    depth = strongest + 1 - m
    if depth < MIN_BAND or step[m - 3:m + 2].max() >= MAX_STEP_AT_OUTLINE * step[strongest]:
        return 0
    cloth = profile[1:m - 2].mean(axis=0)
    band = profile[m + 1:m + depth - 1].mean(axis=0)
    card = profile[m + depth + 2:m + depth + 8].mean(axis=0)
    if np.linalg.norm(band - cloth) >= MAX_CLOTH_LIKENESS * np.linalg.norm(band - card):
        return 0
    return depth
