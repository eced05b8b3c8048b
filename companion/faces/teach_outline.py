"""A teach photo's card outline pulled in off the cloth.

A card's outline in a teach photo is sometimes found a few pixels out, along a stripe or a
shadow of the cloth beside one side. The face taught from it then carries a band of cloth down
that side, and the card itself, seen on the table, can come out nearer another card's taught
face than its own: a red 5 taught with a band of dark cloth down two sides was read as a red 4.

Each side of the outline is looked at across its middle: a profile of colour from outside the
outline to well inside. On a true side the strongest change of colour is at the outline. On a
side that took in cloth it lies further in, at the card's edge, with no strong change before
it, and the band between the outline and that change is the cloth's: of its colour, and as
uneven (a card's own dark rim on a dark cloth is even). Such a side is moved in to the change;
the outline is then looked at once more.

An outline may also be the cloth's own, with the card lying inside it: the lines of a checked
or striped cloth close into a rectangle of a card's shape round the card, bigger than it, and a
face taught from that rectangle shows the card small and turned, on the cloth (a white 5 so
taught was never read, and a white V seen on the table was named the white 2 it was then
nearest). A card-shaped thing inside the outline is then the card, and what lies between the two
is of the cloth's colours, as they are just outside the outline; a card's own art, or a half of
its face, shows the card's paper and print there (cloth_round_a_card).

An outline may also run off the card along part of a side: one side follows a line of the
cloth past the card's corner, and the outline takes in a wedge of the cloth, one corner far off
the card (a rainbow 2 taught with such a wedge in a corner of its face was seen on the table as
the 3). What stands out from the cloth's colours then gives the card's own outline, on the
picture's edges all round, one corner far from the outline's and the others much nearer, and what
the outline holds beyond it is the cloth (off_the_card).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.faces.finder import FACE_H, FACE_W, OutlineSearch, Quad, holds, ordered, overlap

SCALE = 2  # the card is looked at twice the size of an upright face
WIDTH, HEIGHT = FACE_W * SCALE, FACE_H * SCALE
MARGIN = WIDTH // 10  # pixels looked at outside the outline; a band of cloth is looked for as deep inside
SPAN = 0.6  # the middle share of a side that is looked at (the corners are rounded, the rank is there)
MIN_BAND = 5  # pixels (about 4% of the card's width): a change nearer the outline is the outline
MAX_STEP_BEFORE = 0.6  # a change between the outline and the card's edge, at most, as a share of the edge's
MAX_CLOTH_LIKENESS = 0.3  # the band's distance to the cloth, at most, as a share of its distance to the card
MIN_TEXTURE_SHARE = 0.5  # the band's unevenness, at least, as a share of the cloth's ...
EVEN = 3.0  # ... where the cloth's is above this (Lab units); an even cloth says nothing
ROUNDS = 2
# a card-shaped thing inside a teach photo's outline, at least MIN_HELD and less than most of it
# (teach.NESTED_SHARE), is the card on a cloth the outline is part of where the colours between
# the two are the cloth's just outside the outline this much (the histograms' common share, in
# CIE Lab): on the teach photos of 8 seeds of each of the benchmark's corpora, the three outlines
# of a cloth round the card came to 0.84-0.96, the 177 of a card round its art or half its face
# 0.60 at the most (a pale card on a pale cloth), all but two of them 0.21 or less
CLOTH_ROUND = 0.75
MIN_HELD = 0.1
OUTSIDE_BAND = 0.1  # the band outside the outline the cloth is seen in, a share of the outline's size
LAB_BINS = (8, 16, 16)  # the histograms': lightness coarse, a lamp's fall-off across the cloth
# an outline runs off the card (off_the_card) where a thing standing out from the cloth covers
# OVERLAP of the two together, has one corner APART from the outline's or further (a share of
# the outline's short side) and ONE_CORNER times as far as the next (a wedge, not an outline a
# band or a printed border apart all round), each of its sides runs along the picture's edges
# for ON_EDGES, and what the outline holds beyond it is of the cloth's colours, as they are just
# outside the outline, by WEDGE_CLOTH (the histograms' common share: where what stands out lost
# a corner of a pale card, 0.07-0.29 on the benchmark decks the tests draw; a wedge, 0.57-0.95).
# Chosen on teach photos of decks drawn for seeds 402-409 of both corpora from a stream of their
# own (not the benchmark's decks), where it refused the 8 outlines 15-60 pixels off their card
# that way and one 14 pixels off, and no other of 2,867
OVERLAP = 0.6
APART, ONE_CORNER = 0.1, 1.5
ON_EDGES, WEDGE_CLOTH = 0.9, 0.45

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
        size = (WIDTH + 2 * MARGIN + 1, HEIGHT + 2 * MARGIN + 1)  # the outline's far sides included
        seen = cv2.warpPerspective(photo, matrix, size, flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
        rect = _RECT.copy()
        for (corners, inward), (colour, texture) in zip(_SIDES, _profiles(seen)):
            depth = _cloth_band(colour, texture)
            if depth:
                rect[list(corners)] += np.float32(inward) * depth
        if np.array_equal(rect, _RECT):
            break
        quad = cv2.perspectiveTransform(rect.reshape(-1, 1, 2), np.linalg.inv(matrix)).reshape(4, 2)
    return quad


def cloth_round_a_card(photo: np.ndarray, outline: Quad, shapes: list[Quad], nested_share: float) -> bool:
    """Whether `outline` (of a teach photo) is the cloth's round the card: one of `shapes`, the
    card-shaped things the photo shows, lies inside it, at least MIN_HELD and less than
    `nested_share` of its area (an outline inside the card that big is the card too: its printed
    border), and what lies between the two is of the cloth's colours as they are just outside
    the outline (CLOTH_ROUND)."""
    area = cv2.contourArea(outline)
    inside = [quad for quad in shapes
              if holds(outline, quad) and MIN_HELD * area <= cv2.contourArea(quad) < nested_share * area]
    if not inside:
        return False
    lab, within, cloth = _cloth_outside(photo, outline)
    return any(_cloth_share(lab, within & ~_filled(photo, quad), cloth) >= CLOTH_ROUND for quad in inside)


def off_the_card(photo: np.ndarray, search: OutlineSearch, outline: Quad, shapes: list[Quad]) -> bool:
    """Whether `outline` (of a teach photo, found by `search`) runs off the card past one of its
    corners: one of `shapes`, the card-shaped things standing out from the cloth, covers most
    of what the two cover (OVERLAP), has one corner APART from the outline's or further and
    ONE_CORNER times as far as any other, runs along the picture's edges on every side
    (ON_EDGES), and what the outline holds beyond it is of the cloth's colours as they are just
    outside the outline (WEDGE_CLOTH: where the thing standing out lost a corner of a pale card
    on a pale cloth, what lies between the two is the card's paper)."""
    outline = ordered(outline)
    short = min(np.linalg.norm(outline[1] - outline[0]), np.linalg.norm(outline[3] - outline[2]))
    colours = None
    for shape in shapes:
        if overlap(outline, shape) < OVERLAP:
            continue
        furthest, next_furthest = np.sort(_corners_apart(outline, ordered(shape)))[::-1][:2] / max(short, 1.0)
        if furthest < APART or furthest < ONE_CORNER * next_furthest or search.sides_on_edges(shape).min() < ON_EDGES:
            continue
        if colours is None:
            colours = _cloth_outside(photo, outline)
        lab, within, cloth = colours
        if _cloth_share(lab, within & ~_filled(photo, shape), cloth) >= WEDGE_CLOTH:
            return True
    return False


def _cloth_outside(photo: np.ndarray, outline: Quad) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the photo in CIE Lab, the outline's mask, the colours of the cloth in a band just outside
    the outline, OUTSIDE_BAND of its size wide: a LAB_BINS histogram)."""
    lab = cv2.cvtColor(photo, cv2.COLOR_BGR2LAB)
    within = _filled(photo, outline)
    reach = max(3, round(OUTSIDE_BAND * np.sqrt(cv2.contourArea(outline))))
    outside = cv2.dilate(within, np.ones((reach, reach), np.uint8)) & ~within
    return lab, within, _colours(lab, outside)


def _cloth_share(lab: np.ndarray, region: np.ndarray, cloth: np.ndarray) -> float:
    """How much of what lies under the mask `region` is of the cloth's colours (`cloth`,
    _cloth_outside's histogram): the two histograms' common share."""
    return float(np.minimum(_colours(lab, region), cloth).sum())


def _corners_apart(a: Quad, b: Quad) -> np.ndarray:
    """How far apart each corner of `a` is from its corner of `b` (both clockwise), the two
    paired in the turn that brings the furthest pair nearest."""
    return min((np.linalg.norm(np.roll(b, k, axis=0) - a, axis=1) for k in range(4)), key=lambda d: d.max())


def _filled(photo: np.ndarray, quad: Quad) -> np.ndarray:
    """255 inside `quad` in a mask of the photo's size, 0 elsewhere."""
    mask = np.zeros(photo.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(ordered(quad)).astype(np.int32), 255)
    return mask


def _colours(lab: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The share of the pixels under `mask` in each cell of a LAB_BINS histogram of `lab`."""
    counts = cv2.calcHist([lab], [0, 1, 2], mask, list(LAB_BINS), [0, 256, 0, 256, 0, 256]).ravel()
    return counts / max(float(counts.sum()), 1.0)


def _profiles(seen: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per side (top, right, bottom, left), at each depth from MARGIN pixels outside the outline
    to 2 * MARGIN inside (index MARGIN is the outline), across the middle of the side: the
    median colour (Lab) and how much the colour varies about it (a cloth's weave or stripes;
    a card's rim is even)."""
    lab = cv2.GaussianBlur(cv2.cvtColor(seen, cv2.COLOR_BGR2LAB).astype(np.float32), (0, 0), 1.0)
    h, w = lab.shape[:2]
    depth = np.arange(3 * MARGIN)
    x0, x1 = MARGIN + int(WIDTH * (1 - SPAN) / 2), MARGIN + int(WIDTH * (1 + SPAN) / 2)
    y0, y1 = MARGIN + int(HEIGHT * (1 - SPAN) / 2), MARGIN + int(HEIGHT * (1 + SPAN) / 2)
    strips = [lab[depth, x0:x1], lab[y0:y1, w - 1 - depth].transpose(1, 0, 2),
              lab[h - 1 - depth, x0:x1], lab[y0:y1, depth].transpose(1, 0, 2)]  # (depth, along the side, Lab)
    out = []
    for strip in strips:
        colour = np.median(strip, axis=1)
        out.append((colour, np.median(np.linalg.norm(strip - colour[:, None], axis=2), axis=1)))
    return out


def _cloth_band(colour: np.ndarray, texture: np.ndarray) -> int:
    """How many pixels of cloth lie inside the outline on this side (from its profile, see
    _profiles): the depth of the strongest change of colour, if it lies at least MIN_BAND in,
    clearly outweighs every change from the outline to it (the card's own edge, where the
    outline lies a little out, among them), and what lies before it looks like the cloth, not
    the card: of the cloth's colour, and as uneven as the cloth; else 0."""
    m = MARGIN
    step = np.linalg.norm(colour[2:2 * m + 2] - colour[:2 * m], axis=1)  # index i: depth i + 1 - m
    strongest = int(np.argmax(step))
    depth = strongest + 1 - m
    if depth < MIN_BAND or step[m - 3:strongest - 1].max() >= MAX_STEP_BEFORE * step[strongest]:
        return 0
    # the band's inner half, next to the change: a band of cloth is cloth up to the card
    outside, band = slice(1, m - 2), slice(m + (depth + 1) // 2, m + depth - 1)
    cloth = colour[outside].mean(axis=0)
    card = colour[m + depth + 2:m + depth + 8].mean(axis=0)
    seen = colour[band].mean(axis=0)
    if np.linalg.norm(seen - cloth) >= MAX_CLOTH_LIKENESS * np.linalg.norm(seen - card):
        return 0
    uneven = texture[outside].mean()
    if uneven > EVEN and texture[band].mean() < MIN_TEXTURE_SHARE * uneven:
        return 0
    return depth
