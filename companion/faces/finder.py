"""Card outlines in a camera frame, and a card's face put upright.

`find_cards` (`OutlineSearch.cards`) works on a small copy of the frame (a card is 15-45% of
its width, so a few dozen pixels are plenty to find it): it takes the edges of the brightness
and of the colour, closes small gaps, and keeps the outlines that are four-sided, convex and
about as long as a card is wide (any rotation, some tilt; where an outline turns along a
figure printed against the card's edge, the least rectangle around it). A card whose outline
does not close (a finger across a side, a checked cloth or stripes running into its edge), or
closes only with something else's (a streak of glare across the card and the cloth), is put
together from straight edges instead (side_lines.py), and a card whose outline closed
along a line printed near its edges is given its own edge just outside instead. A card lost
among the cloth's edges altogether (a striped card on a checked cloth) still stands out from
the cloth's colours: `OutlineSearch.standing_out` (standing_out.py) finds it so, and
`find_cards` falls back on it where no edge gave an outline. A dark card on a dark cloth, or a
pale one on a pale cloth, may have an edge no stronger than the cloth's weave: `faint` looks for
closed outlines in the brightness smoothed further, at lower thresholds. A dark card on a dark woven
cloth may be lost to both, its colours among the weave's and its edges in it: the card is smooth and
the cloth grainy, and `unlike_cloth` (unlike_cloth.py) finds what differs from the cloth in colour
and grain taken together. It finds anything card-shaped, a card's back or a phone too: naming the
card, or nothing, is the reader's job.

`upright_face` warps the quad to FACE_W x FACE_H, portrait, with one perspective transform.
A card seen upside down stays upside down: the reader compares both ways.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from companion.faces import side_lines, standing_out, unlike_cloth

FACE_W, FACE_H = 60, 90  # an upright face, in pixels
WORK_WIDTH = 320  # the frame is searched at this width
MIN_WIDTH_SHARE = 0.10  # a card's short side, as a share of the frame width
MAX_WIDTH_SHARE = 0.60
MIN_ASPECT, MAX_ASPECT = 1.1, 1.9  # long side / short side of a card (1.4-1.55) seen tilted up to 30 degrees
MAX_SIDE_RATIO = 1.45  # between opposite sides (a tilted card is a little narrower far away)
MAX_CORNER_COSINE = 0.45  # corners within about 27 degrees of a right angle
MAX_CANDIDATES = 8
SAME_OUTLINE = 0.03  # two quads whose corners are this close (share of the short side) are one
SIDE_POINTS = 24  # points looked at along each side of a quad for its support
_SIDE_ALONG = np.linspace(0.0, 1.0, SIDE_POINTS, endpoint=False, dtype=np.float32)[None, :, None]  # side, along, xy
MIN_SUPPORT = 0.75  # the least share of a quad's sides that must run along an edge
# ... of a blob unlike the cloth: a smooth dark card's edge on a dark woven cloth is faint, and
# lost for half its sides where the weave's edges run into it
UNLIKE_MIN_SUPPORT = 0.5
# what lies beyond a side (OutlineSearch.beyond_sides): a strip from and to these shares of the
# short side out from it, along the middle of it (a finger over a corner left out)
BEYOND_STRIP = (0.05, 0.14)
BEYOND_ALONG = (0.15, 0.85)
_ALONG = np.linspace(*BEYOND_ALONG, 15, dtype=np.float32)[None, :, None, None]  # side, along, out, xy
_OUT = np.linspace(*BEYOND_STRIP, 5, dtype=np.float32)[None, None, :, None]
LINE_RUN = 0.35  # the shortest straight run a side is put together from, as a share of the least short side
MAX_LINE_QUADS = 4  # outlines put together from straight edges, at most
# the least rectangle around an outline is taken over the quad where the outline turns only
# where it runs along an edge for this much more of its sides (see _card_quad)
CLEARLY_BETTER = 0.1
SAME_GROUND = 0.8  # the least share of their area two quads of one outline share to be one thing
FAINT_BLUR = 1.4  # the smoothing of the brightness a faint outline is looked for in (sigma, pixels)
FAINT_THRESHOLDS = (8, 24)  # Canny's, on it (the first look's are 30 and 90)

Quad = np.ndarray  # 4 x 2 float32 corners in frame pixels, clockwise from the top left of the face


def _thin_edges(lab: np.ndarray) -> np.ndarray:
    """Edges of the brightness and of the colour (both colour axes of CIE Lab, so that a red
    card on an olive table of the same brightness still has an outline), one pixel wide."""
    lightness, a, b = cv2.split(lab)  # each channel whole: Canny copies a strided one first
    edges = cv2.Canny(lightness, 30, 90)
    for channel in (a, b):
        edges |= cv2.Canny(channel, 16, 40)
    return edges


def _faint_edges(lab: np.ndarray) -> np.ndarray:
    """Edges of a faint outline, one pixel wide: of the brightness smoothed further (a cloth's
    weave is fine, a card's edge long), at lower thresholds (a dark card on a dark cloth, whose
    edge rises little above the weave's)."""
    return cv2.Canny(cv2.GaussianBlur(lab[:, :, 0], (0, 0), FAINT_BLUR), *FAINT_THRESHOLDS)


def _lab(small: np.ndarray) -> np.ndarray:
    """The picture a little blurred, in CIE Lab."""
    return cv2.cvtColor(cv2.GaussianBlur(small, (3, 3), 0), cv2.COLOR_BGR2LAB)


def ordered(points: np.ndarray) -> np.ndarray:
    """Four corners clockwise, starting so that the first side is a short one (portrait)."""
    p = np.asarray(points, np.float32).reshape(4, 2).tolist()  # four points: plain numbers are quicker
    cx, cy = sum(x for x, _y in p) / 4, sum(y for _x, y in p) / 4
    p.sort(key=lambda q: math.atan2(q[1] - cy, q[0] - cx))  # clockwise on screen (y down)
    sides = [math.hypot(p[(i + 1) % 4][0] - p[i][0], p[(i + 1) % 4][1] - p[i][1]) for i in range(4)]
    if sides[0] + sides[2] > sides[1] + sides[3]:
        p = p[1:] + p[:1]  # start on a short side
    # of the two starts that keep the short side first, take the one nearer the top left
    if sum(p[2]) < sum(p[0]):
        p = p[2:] + p[:2]
    return np.array(p, np.float32)


def _quad_of(contour: np.ndarray) -> np.ndarray | None:
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.02, 0.035, 0.05):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float32)
    return None


def _card_quad(contour: np.ndarray, distance: np.ndarray) -> tuple[float, np.ndarray] | None:
    """(support, quad) of the card-shaped quad an outline makes, its corners where the outline
    turns and its sides fitted to the outline, with the share of its sides that runs along
    the picture's edges (`distance`, see _support); None if the outline makes none.

    A figure printed against a card's edge can pull the outline's turn into the card, and the
    quad then cuts a corner off: the least rectangle around the outline, its sides fitted the
    same way, is taken instead where it runs along the edges for clearly more of its sides
    (CLEARLY_BETTER) and lies over mostly the same ground (SAME_GROUND)."""
    box = ordered(cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float32))
    found = _quad_of(contour)
    if found is None:
        return _shaped(_refine(box, contour), distance)
    quad = _shaped(_refine(ordered(found), contour), distance)
    if quad is None or quad[0] > 1.0 - CLEARLY_BETTER:
        return quad
    other = _shaped(_refine(box, contour), distance)
    if other is not None and other[0] > quad[0] + CLEARLY_BETTER and overlap(quad[1], other[1]) >= SAME_GROUND:
        return other
    return quad


def _shaped(quad: np.ndarray, distance: np.ndarray) -> tuple[float, np.ndarray] | None:
    """(support, quad) if the quad is convex and card-shaped, else None."""
    if not cv2.isContourConvex(quad.reshape(-1, 1, 2)) or not card_shaped(quad):
        return None
    return _support(quad, distance), quad


def overlap(a: Quad, b: Quad) -> float:
    """The area two convex quads share, as a share of the area either covers."""
    shared, _ = cv2.intersectConvexConvex(a.reshape(-1, 1, 2), b.reshape(-1, 1, 2))
    union = cv2.contourArea(a) + cv2.contourArea(b) - shared
    return float(shared / union) if union > 0 else 0.0


def _refine(quad: np.ndarray, contour: np.ndarray) -> np.ndarray:
    """The quad with each side fitted as a straight line through the outline's points along it
    (leaving out the ends, where a card's corners are rounded), corners where the lines meet."""
    points = contour.reshape(-1, 2).astype(np.float32)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        ab = b - a
        length = float(np.linalg.norm(ab))
        if length < 4:
            return quad
        rel = points - a
        t = rel @ ab / (length * length)
        normal = np.array([-ab[1], ab[0]]) / length
        dist = np.abs(rel @ normal)
        near = points[(t > 0.15) & (t < 0.85) & (dist < max(2.0, 0.08 * length))]
        if len(near) < 5:
            return quad
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    refined = _intersections(lines)
    if refined is None or np.abs(refined - quad).max() > 0.2 * np.linalg.norm(quad[2] - quad[0]):
        return quad
    return refined


def _intersections(lines: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray | None:
    """The corners where each line meets the next (each a point and a direction), or None if
    two of them run nearly parallel."""
    corners = []
    for i in range(4):
        (x1, y1), (dx1, dy1) = map(float, lines[i - 1][0]), map(float, lines[i - 1][1])
        (x2, y2), (dx2, dy2) = map(float, lines[i][0]), map(float, lines[i][1])
        det = dx2 * dy1 - dx1 * dy2  # of [d1, -d2]
        if abs(det) < 1e-3:
            return None
        t = ((x2 - x1) * -dy2 + dx2 * (y2 - y1)) / det  # along the first line, by Cramer's rule
        corners.append((x1 + t * dx1, y1 + t * dy1))
    return np.array(corners, np.float32)


SNAP_POINTS = 16  # points searched along each side
SNAP_REACH = 0.06  # how far across a side its edge is searched, as a share of the short side
_SNAP_ALONG = np.linspace(0.15, 0.85, SNAP_POINTS, dtype=np.float32)[None, :, None]  # side, along, xy


def snap(frame: np.ndarray, quad: Quad) -> Quad:
    """The quad with each side moved onto the strongest edge across it in the full frame (a
    card's outline found on a small copy is a pixel or two off, or takes in its shadow)."""
    pts = ordered(quad)
    short = min(np.linalg.norm(pts[1] - pts[0]), np.linalg.norm(pts[3] - pts[2]))
    reach = max(3.0, SNAP_REACH * short)
    steps = np.arange(-reach, reach + 0.5, 1.0, dtype=np.float32)
    ends = pts[[1, 2, 3, 0]]
    along = (ends - pts) / np.maximum(np.linalg.norm(ends - pts, axis=1, keepdims=True), 1e-6)
    normals = np.stack([-along[:, 1], along[:, 0]], axis=1).astype(np.float32)
    outward = ((pts + ends) / 2 - pts.mean(axis=0)) * normals
    normals[outward.sum(axis=1) < 0] *= -1  # pointing out of the card
    base = pts[:, None] + (ends - pts)[:, None] * _SNAP_ALONG  # 4 sides x SNAP_POINTS x 2
    grid = (base[:, :, None, :] + steps[None, None, :, None] * normals[:, None, None, :]).reshape(
        4 * SNAP_POINTS, len(steps), 2)
    # the profiles across every side in one remap
    profiles = cv2.remap(frame, np.ascontiguousarray(grid[..., 0]), np.ascontiguousarray(grid[..., 1]),
                         cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    strength = np.abs(np.diff(profiles, axis=1)).sum(axis=2)  # 4 SNAP_POINTS x (len(steps) - 1)
    # the nearest clear edge, not the strongest: a card printed with a border has two
    # edges a few pixels apart, and the outline stays on the one it was found on
    peak = strength.max(axis=1, keepdims=True)
    # at least as strong as each neighbour along the profile (an end has one: no strength is below 0)
    local = np.ones(strength.shape, bool)
    local[:, 1:] &= strength[:, 1:] >= strength[:, :-1]
    local[:, :-1] &= strength[:, :-1] >= strength[:, 1:]
    clear = local & (strength >= 0.5 * peak) & (strength > 24)
    middle = steps[:-1] + 0.5
    at = np.where(clear, np.abs(middle)[None, :], np.inf).argmin(axis=1)
    ok = clear[np.arange(len(at)), at].reshape(4, SNAP_POINTS)
    if (ok.sum(axis=1) < SNAP_POINTS // 3).any():
        return pts
    offsets = middle[at].reshape(4, SNAP_POINTS)
    lines = []
    for i in range(4):
        found = base[i][ok[i]] + offsets[i][ok[i], None] * normals[i][None]
        vx, vy, x0, y0 = cv2.fitLine(found.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    corners = _intersections(lines)
    if corners is None or np.abs(corners - pts).max() > 3 * reach:
        return pts
    return corners


def _support(quad: np.ndarray, distance: np.ndarray, tolerance: float = 1.5) -> float:
    """The share of the quad's sides that runs along an edge of the picture (`distance`: each
    pixel's distance to the nearest edge, capped: _with_edges; `tolerance` 0.5, on an edge, or
    1.5, within its 8 neighbours, as a distance transform would answer). A card's outline is
    on an edge all round, but where a finger or a glare hides it; an outline that wanders off
    the card is not."""
    return float(_on_edges(quad, distance, tolerance).mean())


def _on_edges(quad: np.ndarray, distance: np.ndarray, tolerance: float = 1.5) -> np.ndarray:
    """4 x SIDE_POINTS: whether each of SIDE_POINTS points evenly along each side of the quad (in
    the pixels of the picture `distance` is of: the frame's small copy) lies on an edge of it
    (within `tolerance`, see _support)."""
    h, w = distance.shape
    quad = np.asarray(quad).reshape(4, 2)
    points = (quad[:, None] + (quad[[1, 2, 3, 0]] - quad)[:, None] * _SIDE_ALONG).reshape(-1, 2)
    xs = np.minimum(np.maximum(np.round(points[:, 0]).astype(int), 0), w - 1)
    ys = np.minimum(np.maximum(np.round(points[:, 1]).astype(int), 0), h - 1)
    return (distance[ys, xs] <= tolerance).reshape(4, SIDE_POINTS)


def one_on_the_other(a: Quad, b: Quad) -> bool:
    """One quad's centre lies inside the other."""
    return holds(b, a) or holds(a, b)


def holds(outer: Quad, inner: Quad) -> bool:
    """Whether `outer` holds the centre of `inner`."""
    return cv2.pointPolygonTest(outer.reshape(-1, 1, 2), tuple(map(float, inner.mean(axis=0))), False) >= 0


def inside_a_bigger_one(quad: Quad, others: Sequence[Quad], share: float) -> bool:
    """Whether one of `others` holds the centre of `quad` and is at least `share` times its area:
    the outline is then a part of a bigger thing (a card's art, a strip of a notebook's page)."""
    area = cv2.contourArea(quad)
    return any(holds(other, quad) and cv2.contourArea(other) >= share * area for other in others)


def card_shaped(quad: Quad) -> bool:
    """A quad a card could make seen from a table's camera: about as long as a card is wide,
    opposite sides alike (a card is tilted, not folded), corners near right angles."""
    pts = ordered(quad)
    step = pts[[1, 2, 3, 0]] - pts  # side i runs from corner i to corner i + 1
    sides = np.sqrt((step * step).sum(axis=1))
    if sides.min() < 2:
        return False
    short, long_ = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    if not MIN_ASPECT <= long_ / short <= MAX_ASPECT:
        return False
    if max(sides[0], sides[2]) > MAX_SIDE_RATIO * min(sides[0], sides[2]) or \
            max(sides[1], sides[3]) > MAX_SIDE_RATIO * min(sides[1], sides[3]):
        return False
    # at corner i, the sides to the corners before and after it
    before = step[[3, 0, 1, 2]]
    cosines = np.abs((before * step).sum(axis=1)) / (sides[[3, 0, 1, 2]] * sides)
    return bool(cosines.max() <= MAX_CORNER_COSINE)


@dataclass(frozen=True)
class _Picture:
    """A frame made ready for finding outlines: a small copy in Lab, its thin edges and each
    pixel's distance to the nearest edge, with the sizes a card may have in it."""

    frame: np.ndarray
    scale: float  # of the small copy against the frame
    lab: np.ndarray
    thin: np.ndarray  # one pixel wide
    edges: np.ndarray  # thickened, so that small gaps close
    distance: np.ndarray  # in whole pixels to the nearest edge, capped at 2 (_with_edges)
    min_side: float
    max_side: float


def _with_edges(picture: _Picture, thin: np.ndarray) -> _Picture:
    """The picture with other thin edges (and their thickened copy and distance)."""
    square = np.ones((3, 3), np.uint8)
    edges = cv2.dilate(thin, square)
    # 0 on an edge, 1 beside one, 2 further: all an outline's support asks (within 1.5 pixels
    # of an edge, or on one), in 26 us where a distance transform took 416 us (320 x 240)
    beside = cv2.dilate(edges, square)
    distance = 2 - (edges > 0).view(np.uint8) - (beside > 0).view(np.uint8)
    return dataclasses.replace(picture, thin=thin, edges=edges, distance=distance)


def _picture(frame: np.ndarray) -> _Picture | None:
    if frame is None or frame.ndim != 3 or frame.shape[0] < 16 or frame.shape[1] < 16:
        return None
    h, w = frame.shape[:2]
    scale = min(1.0, WORK_WIDTH / w)
    small = cv2.resize(frame, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA) \
        if scale < 1.0 else frame
    sw = small.shape[1]
    lab = _lab(small)
    empty = np.zeros(lab.shape[:2], np.uint8)
    picture = _Picture(frame, scale, lab, empty, empty, empty, MIN_WIDTH_SHARE * sw, MAX_WIDTH_SHARE * sw)
    return _with_edges(picture, _thin_edges(lab))


class OutlineSearch:
    """The outlines in one frame, looked for in four ways that share the frame's preparation:
    `cards` by their edges, `standing_out` by how they stand out from the cloth's colours,
    `faint` by the faint edges of the brightness smoothed further, and `unlike_cloth` by how
    they differ from the cloth in colour and grain taken together."""

    def __init__(self, frame: np.ndarray) -> None:
        self.frame = frame

    @functools.cached_property
    def _prepared(self) -> _Picture | None:
        return _picture(self.frame)

    def cards(self, fallback: bool = True) -> list[Quad]:
        """The outlines of the card-shaped things, biggest first (at most MAX_CANDIDATES; a
        card with a printed border may give its outline and the border's), each a 4 x 2
        float32 array of corners in frame pixels: outlines that close, or where none does (or
        none that does is card-shaped on the frame), outlines put together from straight edges.
        Where no outline is found by its edges and `fallback` is set, those of `standing_out`
        instead."""
        picture = self._prepared
        if picture is None:
            return []
        found, closed = _edge_outlines(picture)
        quads = _kept(picture, found)
        if not quads and closed:
            # the outlines that closed were none of them a card's on the frame (a glare across
            # the card joined its outline to the streak's, and what closed was a piece of the
            # two): the card is put together from straight edges, as where none closed
            quads = _kept(picture, _line_outlines(picture))
        if not quads and fallback:
            quads = list(self._standing_out)
        return quads

    def sides_on_edges(self, quad: Quad) -> np.ndarray:
        """The share of each side of `quad` (in frame pixels; the sides from each corner to the
        next) that runs along an edge of the picture: all of it on a card's outline, but where
        a finger or a glare hides the edge."""
        picture = self._prepared
        if picture is None:
            return np.zeros(4)
        return _on_edges(np.float32(quad) * picture.scale, picture.distance).mean(axis=1)

    def beyond_sides(self, quad: Quad) -> list[float]:
        """Per side of `quad` (in frame pixels; the sides from each corner to the next), the share
        of a strip just outside it (BEYOND_STRIP, BEYOND_ALONG) whose colour is none of the
        cloth's (standing_out.Cloth): little beyond a card's own edge, most of it where the thing
        goes on past the side (an outline cut short by a streak of glare, or along the card's
        printed border). A side whose strip lies mostly off the frame gives 0, as does a side
        shorter than a pixel."""
        picture = self._prepared
        if picture is None:
            return [0.0] * 4
        q = np.float32(quad).reshape(4, 2) * picture.scale
        step = np.roll(q, -1, axis=0) - q  # side i runs from corner i to corner i + 1
        length = np.maximum(np.sqrt((step * step).sum(axis=1)), 1e-6)
        short = min(length[0] + length[2], length[1] + length[3]) / 2
        normal = np.stack([-step[:, 1], step[:, 0]], axis=1) / length[:, None]
        outwards = ((q + step / 2 - q.mean(axis=0)) * normal).sum(axis=1) >= 0
        normal[~outwards] *= -1
        points = q[:, None, None] + _ALONG * step[:, None, None] + _OUT * short * normal[:, None, None]
        seen = self._cloth.standing_at(points.reshape(-1, 2)).reshape(4, -1)
        on = (seen >= 0).sum(axis=1)
        standing = (seen == 1).sum(axis=1)
        # a side of no length (a quad folded onto a corner) has no strip: its points are one pixel
        return [float(up) / int(n) if 2 * int(n) >= seen.shape[1] and side >= 1.0 else 0.0
                for up, n, side in zip(standing, on, length)]

    def standing_out(self, known: Sequence[Quad] = (), without_arms: bool = False) -> list[Quad]:
        """The card-shaped outlines of what stands out from the cloth's colours
        (standing_out.py), other than those in `known`: a second look, for a card lost among
        the cloth's edges (stripes running into checks), which still differs from it in
        colour, or whose edges gave an outline a little off; `without_arms`, those of a card a
        finger lies across too (standing_out.standing_out: never to teach from)."""
        quads = self._standing_out_without_arms if without_arms else self._standing_out
        return [quad for quad in quads if not any(_same_outline(quad, other) for other in known)]

    @functools.cached_property
    def _standing_out(self) -> list[Quad]:
        picture = self._prepared
        return [] if picture is None else _kept(picture, _standing_out_outlines(picture, self._standing))

    @functools.cached_property
    def _standing_out_without_arms(self) -> list[Quad]:
        picture = self._prepared
        return [] if picture is None else _kept(picture, _standing_out_outlines(picture, self._standing, True))

    @functools.cached_property
    def _cloth(self) -> standing_out.Cloth:
        """The cloth's colours, learned from the picture's border (standing_out.Cloth)."""
        return standing_out.Cloth(self._prepared.lab)

    @functools.cached_property
    def _standing(self) -> np.ndarray:
        """Where the picture stands out from the cloth (standing_out.Cloth.standing)."""
        return self._cloth.standing()

    def faint(self, known: Sequence[Quad] = ()) -> list[Quad]:
        """The card-shaped outlines of faint edges (the brightness smoothed further, at lower
        thresholds: a dark card on a dark cloth, a pale one on a pale cloth), other than those
        in `known`: a look where the card's edge was lost in the cloth's weave. Closed outlines
        only (an outline put together from straight runs of such edges is as often the
        cloth's)."""
        picture = self._faint_picture
        if picture is None:
            return []
        quads = _kept(picture, _edge_outlines(picture, lines=False)[0])
        return [quad for quad in quads if not any(_same_outline(quad, other) for other in known)]

    def unlike_cloth(self, known: Sequence[Quad] = ()) -> list[Quad]:
        """The card-shaped outlines of what differs from the cloth in colour and grain taken
        together (unlike_cloth.py: a dark card on a dark woven cloth, its colours among the
        weave's and its faint edges lost in it), other than those in `known`: a last look.
        Each must run along the picture's edges, faint ones too, for UNLIKE_MIN_SUPPORT of its
        sides; a blob that a finger or a glare joined to the card, so that it is no card's
        shape, is looked at with them cut off too (standing_out.standing_out's arms)."""
        picture = self._prepared
        if picture is None:
            return []
        both = _with_edges(picture, picture.thin | self._faint_picture.thin)
        quads = _kept(picture, _standing_out_outlines(both, unlike_cloth.unlike_cloth(picture.lab), without_arms=True,
                                                      min_support=UNLIKE_MIN_SUPPORT))
        return [quad for quad in quads if not any(_same_outline(quad, other) for other in known)]

    @functools.cached_property
    def _faint_picture(self) -> _Picture | None:
        """The picture with its faint edges instead of its own (_faint_edges)."""
        picture = self._prepared
        return None if picture is None else _with_edges(picture, _faint_edges(picture.lab))


def find_cards(frame: np.ndarray, fallback: bool = True) -> list[Quad]:
    """OutlineSearch(frame).cards(fallback): the card-shaped outlines in a BGR frame."""
    return OutlineSearch(frame).cards(fallback)


def _same_outline(a: Quad, b: Quad) -> bool:
    """Two outlines whose corners are all within SAME_OUTLINE of the short side of each other."""
    return bool(np.abs(a - b).max() < SAME_OUTLINE * float(np.linalg.norm(a[1] - a[0])))


def _edge_outlines(picture: _Picture, lines: bool = True) -> tuple[list[tuple[float, float, np.ndarray]], bool]:
    """(-support, area, quad in frame pixels) of each outline the picture's edges give: closed
    outlines, grown onto an edge just outside where there is one, and where none closed (if
    `lines`), outlines put together from straight edges (_line_outlines); and whether any
    closed."""
    scale, distance = picture.scale, picture.distance
    min_side, max_side = picture.min_side, picture.max_side
    contours, _ = cv2.findContours(picture.edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    found, closed = [], []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < min_side * min_side * MIN_ASPECT * 0.8:
            continue
        _centre, (rw, rh), _angle = cv2.minAreaRect(contour)
        short, long_ = min(rw, rh), max(rw, rh)
        if short < min_side or short > max_side or not MIN_ASPECT <= long_ / max(short, 1) <= MAX_ASPECT:
            continue
        hull_area = cv2.contourArea(cv2.convexHull(contour))
        if hull_area <= 0 or hull_area < 0.82 * rw * rh:
            continue
        fitted = _card_quad(contour, distance)
        if fitted is None:
            continue
        support, quad = fitted
        if support < MIN_SUPPORT:
            continue
        closed.append((hull_area, quad))
        found.append((-support, hull_area, ordered(quad / scale)))
    # a card printed with a line near its edges may close its outline along that line: its own
    # edge, just outside, is its outline instead
    for n, (area, quad) in enumerate(closed):
        if any(other_area > area and one_on_the_other(quad, other) for other_area, other in closed):
            continue
        grown = side_lines.outer_edge(quad, distance)
        if grown is not None and card_shaped(grown):
            support = _support(grown, distance)
            if support >= MIN_SUPPORT:
                found[n] = (-support, float(cv2.contourArea(grown)), ordered(grown / scale))
    # where no outline closed (a finger across a side, a cloth's lines running into the card),
    # outlines are put together from the straight edges
    if not closed and lines:
        found += _line_outlines(picture)
    return found, bool(closed)


def _line_outlines(picture: _Picture) -> list[tuple[float, float, np.ndarray]]:
    """(-support, area, quad in frame pixels) of each outline put together from the picture's
    straight edges (side_lines.py), at most MAX_LINE_QUADS."""
    min_side = picture.min_side
    straight = side_lines.straight_lines(picture.thin, LINE_RUN * min_side)
    found = []
    for support, quad in side_lines.line_quads(straight, picture.distance, picture.lab, min_side, picture.max_side,
                                               (MIN_ASPECT, MAX_ASPECT), MAX_SIDE_RATIO, MAX_CORNER_COSINE,
                                               MIN_SUPPORT)[:MAX_LINE_QUADS]:
        if card_shaped(quad):
            found.append((-support, float(cv2.contourArea(quad)), ordered(quad / picture.scale)))
    return found


def _standing_out_outlines(picture: _Picture, mask: np.ndarray, without_arms: bool = False,
                           min_support: float = MIN_SUPPORT) -> list[tuple[float, float, np.ndarray]]:
    """(-support, area, quad in frame pixels) of each blob of `mask` (standing_out.Cloth.standing)
    that makes a card-shaped quad running along an edge of the picture for `min_support` of its
    sides (`without_arms`: see standing_out.standing_out)."""
    found = []
    for contour in standing_out.standing_out(mask, picture.min_side, picture.max_side,
                                             (MIN_ASPECT, MAX_ASPECT), without_arms):
        fitted = _card_quad(contour, picture.distance)
        if fitted is None:
            continue
        support, quad = fitted
        if support >= min_support:
            area = float(cv2.contourArea(cv2.convexHull(contour)))
            found.append((-support, area, ordered(quad / picture.scale)))
    return found


def _kept(picture: _Picture, found: list[tuple[float, float, np.ndarray]]) -> list[Quad]:
    """The outlines found, each once (an outline found twice, both sides of one edge, is kept
    where best supported), biggest first, at most MAX_CANDIDATES, snapped onto the frame's
    edges."""
    found = sorted(found, key=lambda item: item[0])
    kept: list[tuple[float, np.ndarray]] = []
    for _negative_support, area, quad in found:
        if any(_same_outline(quad, k) for _a, k in kept):
            continue
        kept.append((area, quad))
    kept.sort(key=lambda item: -item[0])
    snapped = [snap(picture.frame, quad) for _area, quad in kept[:MAX_CANDIDATES]]
    return [quad for quad in snapped if card_shaped(quad)]


_TARGET = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]])


def upright_face(frame: np.ndarray, quad: Quad, inset: float = 0.0) -> np.ndarray:
    """The card inside `quad` warped to FACE_W x FACE_H, portrait, BGR uint8.

    `inset` (a share of the card) trims that much off every side first.
    """
    pts = ordered(quad)
    if inset:
        centre = pts.mean(axis=0)
        pts = centre + (pts - centre) * (1.0 - 2 * inset)
    # a big card is warped at a multiple of the size and then shrunk by averaging: a direct
    # warp would sample single pixels and alias the fine print
    height = max(np.linalg.norm(pts[3] - pts[0]), np.linalg.norm(pts[2] - pts[1]))
    k = int(min(4, max(1, height // (1.5 * FACE_H))))
    target = _TARGET * k
    matrix = cv2.getPerspectiveTransform(pts.astype(np.float32), target.astype(np.float32))
    face = cv2.warpPerspective(frame, matrix, (FACE_W * k, FACE_H * k), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    if k > 1:
        face = cv2.resize(face, (FACE_W, FACE_H), interpolation=cv2.INTER_AREA)
    return face
