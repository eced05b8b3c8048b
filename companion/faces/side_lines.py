"""Card outlines put together from straight edges, for cards whose outline is not one closed
edge of its own: a finger or a glare across a side, a checked or striped cloth whose lines run
into the card, a card printed in stripes that meet its sides, a side too faint for a while.

`straight_lines` takes the straight runs of an edge map (a probabilistic Hough transform) and
joins the runs that lie on one line (the two halves of a side a finger crosses). `line_quads`
pairs lines about a card's width apart and about parallel, crosses two such pairs about at right
angles, and keeps the four-sided figures that are card-shaped, run along an edge of the picture
for most of their sides, and whose sides stop at the corners (a cloth's lines run on past them).
`outer_edge` grows an outline onto an edge that runs just outside all its sides (a card with a
line printed near its edges closes its outline along that line).

numpy and OpenCV only; every length is in pixels of the edge map given.
"""

from __future__ import annotations

import cv2
import numpy as np

MAX_RUNS = 60  # the longest straight runs looked at
MAX_LINES = 24  # the longest joined lines paired
SAME_LINE_COS = np.cos(np.radians(3.0))  # runs this close in direction ...
SAME_LINE_OFFSET = 2.5  # ... and this close across are one line
PARALLEL_COS = np.cos(np.radians(22.0))  # opposite sides of a card seen tilted
SQUARE_SIN = np.sin(np.radians(28.0))  # neighbouring sides: within this of a right angle
MIN_OVERLAP = 0.25  # the least share of a side its line's runs must span
RUNS_ON = 0.25  # a line running on this far past both corners of a side is not a card's
SIDE_SAMPLES = 16  # points looked at along each side
END_SAMPLES = 5  # points looked at on each side's continuation past each of its corners
MIN_SIDE_SUPPORT = 0.45  # the least share of each side that runs along an edge (a finger hides some)
ALIGNED = np.cos(np.radians(35.0))  # an edge runs along a side when its gradient is this near the side's normal
STEP = 2  # pixels either way the gradient is taken over
MIN_SEEN = 0.4  # the least share of the continuations that must lie in the picture
MAX_OVERRUN = 0.35  # the most of all the continuations that may run along an edge ...
MAX_END_RUN = 0.6  # ... and the most of any one
OUTSIDE_FROM, OUTSIDE_TO, OUTSIDE_SHARE = 0.03, 0.12, 0.6  # see outer_edge


def straight_lines(edges: np.ndarray, min_length: float) -> np.ndarray:
    """Lines of the edge map as rows (ux, uy, rho, t0, t1, length): a unit direction, the offset
    rho = n . p along the normal n = (-uy, ux), the span of its runs along u, their total length;
    longest first, at most MAX_LINES."""
    runs = cv2.HoughLinesP(edges, 1, np.pi / 180, max(8, int(0.6 * min_length)),
                           minLineLength=max(4.0, min_length), maxLineGap=3)
    if runs is None or runs.size == 0:  # OpenCV 5.1 gives an empty array where earlier ones gave None
        return np.zeros((0, 6), np.float32)
    runs = runs.reshape(-1, 4).astype(np.float32)
    d = runs[:, 2:] - runs[:, :2]
    length = np.linalg.norm(d, axis=1)
    order = np.argsort(-length)[:MAX_RUNS]
    runs, d, length = runs[order], d[order], length[order]
    u = d / np.maximum(length, 1e-6)[:, None]
    u[(u[:, 0] < 0) | ((u[:, 0] == 0) & (u[:, 1] < 0))] *= -1
    n = np.stack([-u[:, 1], u[:, 0]], axis=1)
    rho = (n * runs[:, :2]).sum(axis=1)
    # same[i, j]: run j lies on run i's line (both its ends near it, about the same direction)
    off_a = np.abs(runs[:, :2] @ n.T - rho[None, :]).T
    off_b = np.abs(runs[:, 2:] @ n.T - rho[None, :]).T
    same = (np.abs(u @ u.T) > SAME_LINE_COS) & (off_a < SAME_LINE_OFFSET) & (off_b < SAME_LINE_OFFSET)
    first = np.argmax(same, axis=0)  # the longest run each run lies along (itself at least)
    root = first.tolist()
    for j in range(len(root)):  # a run joined to a joined run goes where that one went
        root[j] = root[root[j]]
    root = np.array(root)
    ta = (u[root] * runs[:, :2]).sum(axis=1)
    tb = (u[root] * runs[:, 2:]).sum(axis=1)
    keys = np.unique(root)
    t0 = np.full(len(runs), np.inf, np.float32)
    t1 = np.full(len(runs), -np.inf, np.float32)
    total = np.zeros(len(runs), np.float32)
    np.minimum.at(t0, root, np.minimum(ta, tb))
    np.maximum.at(t1, root, np.maximum(ta, tb))
    np.add.at(total, root, length)
    out = np.column_stack([u[keys], rho[keys], t0[keys], t1[keys], total[keys]]).astype(np.float32)
    return out[np.argsort(-out[:, 5])][:MAX_LINES]


def _meet(li: np.ndarray, lj: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where the lines of rows li and lj cross (N x 2), and whether they do."""
    ni = np.stack([-li[:, 1], li[:, 0]], axis=1)
    nj = np.stack([-lj[:, 1], lj[:, 0]], axis=1)
    det = ni[:, 0] * nj[:, 1] - ni[:, 1] * nj[:, 0]
    ok = np.abs(det) > 1e-3
    det = np.where(ok, det, 1.0)
    x = (li[:, 2] * nj[:, 1] - lj[:, 2] * ni[:, 1]) / det
    y = (ni[:, 0] * lj[:, 2] - nj[:, 0] * li[:, 2]) / det
    return np.stack([x, y], axis=1), ok


def _on_edge(distance: np.ndarray, points: np.ndarray, tolerance: float = 1.5) -> np.ndarray:
    """Whether each point is within `tolerance` of an edge (`distance` may be capped, as the
    finder's is: 1.5 asks within the 8 neighbours of an edge pixel, 0.5 on one), and whether it
    lies in the picture."""
    h, w = distance.shape
    xs = np.round(points[..., 0]).astype(int)
    ys = np.round(points[..., 1]).astype(int)
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    hit = distance[np.clip(ys, 0, h - 1), np.clip(xs, 0, w - 1)] <= tolerance
    return hit & inside, inside


def _across(image: np.ndarray, points: np.ndarray, normals: np.ndarray) -> np.ndarray:
    """Whether the picture changes across the side at each point rather than along it (a line
    through rings or stripes meets edges that run across it): the strongest channel's gradient
    within ALIGNED of the side's normal, taken STEP pixels either way (read a pixel or two off
    an edge, its direction still holds)."""
    h, w = image.shape[:2]
    xs = np.clip(np.round(points[..., 0]).astype(int), STEP, w - 1 - STEP)
    ys = np.clip(np.round(points[..., 1]).astype(int), STEP, h - 1 - STEP)
    flat = (ys * w + xs).ravel()
    rows = image.reshape(-1, image.shape[2])
    gx = (rows[flat + STEP].astype(np.float32) - rows[flat - STEP]).reshape(*xs.shape, -1)  # ... x channels
    gy = (rows[flat + STEP * w].astype(np.float32) - rows[flat - STEP * w]).reshape(*xs.shape, -1)
    strongest = np.argmax(gx * gx + gy * gy, axis=-1)[..., None]
    gx = np.take_along_axis(gx, strongest, axis=-1)[..., 0]
    gy = np.take_along_axis(gy, strongest, axis=-1)[..., 0]
    n = normals[:, :, None, :]
    dot = np.abs(gx * n[..., 0] + gy * n[..., 1])
    return dot >= ALIGNED * np.sqrt(gx * gx + gy * gy + 1e-6)


def line_quads(lines: np.ndarray, distance: np.ndarray, image: np.ndarray, min_side: float, max_side: float,
               aspect: tuple[float, float], max_side_ratio: float, max_corner_cosine: float,
               min_support: float) -> list[tuple[float, np.ndarray]]:
    """(support, quad) of the card-shaped figures four of `lines` make (`distance`: each pixel's
    distance to the nearest edge; `image`: the picture the edges are of, uint8), with
    at least `min_support` of their sides along an edge, best supported first, one per place."""
    k = len(lines)
    if k < 4:
        return []
    u = lines[:, :2]
    i, j = np.triu_indices(k, 1)
    parallel = np.abs((u[i] * u[j]).sum(axis=1)) > PARALLEL_COS
    i, j = i[parallel], j[parallel]
    mid_j = (lines[j, 3] + lines[j, 4])[:, None] / 2 * u[j]  # the middle of j's runs, off its line ...
    mid_j += lines[j, 2][:, None] * np.stack([-u[j, 1], u[j, 0]], axis=1)  # ... put on it
    gap = np.abs((mid_j * np.stack([-u[i, 1], u[i, 0]], axis=1)).sum(axis=1) - lines[i, 2])
    far = (gap > 0.85 * min_side) & (gap < 1.1 * aspect[1] * max_side)
    i, j = i[far], j[far]
    if len(i) < 2:
        return []
    p, q = np.triu_indices(len(i), 1)
    square = np.abs((u[i[p]] * u[i[q]]).sum(axis=1)) < SQUARE_SIN
    p, q = p[square], q[square]
    if not len(p):
        return []
    a1, a2, b1, b2 = lines[i[p]], lines[j[p]], lines[i[q]], lines[j[q]]
    corners, ok = [], np.ones(len(p), bool)
    for la, lb in ((a1, b1), (b1, a2), (a2, b2), (b2, a1)):
        c, fine = _meet(la, lb)
        corners.append(c)
        ok &= fine
    quads = np.stack(corners, axis=1)  # N x 4 x 2; side s runs from corner s to s + 1
    side_lines = np.stack([b1, a2, b2, a1], axis=1)  # N x 4 x 6
    vec = np.roll(quads, -1, axis=1) - quads
    sides = np.linalg.norm(vec, axis=2)
    short = np.minimum(sides[:, 0] + sides[:, 2], sides[:, 1] + sides[:, 3]) / 2
    long_ = np.maximum(sides[:, 0] + sides[:, 2], sides[:, 1] + sides[:, 3]) / 2
    ok &= (short >= min_side) & (short <= max_side)
    ok &= (long_ >= aspect[0] * short) & (long_ <= aspect[1] * short)
    ok &= (np.maximum(sides[:, 0], sides[:, 2]) <= max_side_ratio * np.minimum(sides[:, 0], sides[:, 2]))
    ok &= (np.maximum(sides[:, 1], sides[:, 3]) <= max_side_ratio * np.minimum(sides[:, 1], sides[:, 3]))
    safe = np.maximum(sides, 1e-6)
    cosine = np.abs((vec * np.roll(vec, 1, axis=1)).sum(axis=2)) / (safe * np.roll(safe, 1, axis=1))
    ok &= (cosine <= max_corner_cosine).all(axis=1)
    cross = vec[:, :, 0] * np.roll(vec, -1, axis=1)[:, :, 1] - vec[:, :, 1] * np.roll(vec, -1, axis=1)[:, :, 0]
    ok &= (cross > 0).all(axis=1) | (cross < 0).all(axis=1)
    # each side's runs span a good part of it
    lu = side_lines[:, :, :2]
    s0 = (quads * lu).sum(axis=2)
    s1 = (np.roll(quads, -1, axis=1) * lu).sum(axis=2)
    lo, hi = np.minimum(s0, s1), np.maximum(s0, s1)
    overlap = np.minimum(hi, side_lines[:, :, 4]) - np.maximum(lo, side_lines[:, :, 3])
    ok &= (np.minimum(overlap, side_lines[:, :, 5]) >= MIN_OVERLAP * safe).all(axis=1)
    # ... and does not run on far past both its corners (a cloth's line)
    ok &= ~((side_lines[:, :, 3] < lo - RUNS_ON * safe) & (side_lines[:, :, 4] > hi + RUNS_ON * safe)).any(axis=1)
    if not ok.any():
        return []
    quads, vec, sides = quads[ok], vec[ok], sides[ok]
    # along each side, away from the rounded corners, and on past each corner
    t = np.linspace(0.12, 0.88, SIDE_SAMPLES, dtype=np.float32)
    along = quads[:, :, None, :] + vec[:, :, None, :] * t[None, None, :, None]
    hit, _inside = _on_edge(distance, along)
    near = (hit.mean(axis=2) >= MIN_SIDE_SUPPORT).all(axis=1)
    if not near.any():
        return []
    quads, vec, sides, along, hit = quads[near], vec[near], sides[near], along[near], hit[near]
    normals = np.stack([-vec[..., 1], vec[..., 0]], axis=-1) / np.maximum(sides, 1e-6)[..., None]
    hit &= _across(image, along, normals)
    per_side = hit.mean(axis=2)
    support = per_side.mean(axis=1)
    strong = (per_side.min(axis=1) >= MIN_SIDE_SUPPORT) & (support >= min_support)
    if not strong.any():
        return []
    quads, vec, sides, normals, support = quads[strong], vec[strong], sides[strong], normals[strong], support[strong]
    e = np.linspace(0.12, 0.3, END_SAMPLES, dtype=np.float32)
    before = quads[:, :, None, :] - vec[:, :, None, :] * e[None, None, :, None]
    after = np.roll(quads, -1, axis=1)[:, :, None, :] + vec[:, :, None, :] * e[None, None, :, None]
    over_b, in_b = _on_edge(distance, before)
    over_a, in_a = _on_edge(distance, after)
    over_b &= _across(image, before, normals)
    over_a &= _across(image, after, normals)
    seen = in_b.sum(axis=(1, 2)) + in_a.sum(axis=(1, 2))
    overrun = (over_b.sum(axis=(1, 2)) + over_a.sum(axis=(1, 2))) / np.maximum(seen, 1)
    # a line of a cloth's pattern runs on past a corner at one end at least
    ends = np.concatenate([over_b.sum(axis=2) / np.maximum(in_b.sum(axis=2), 3),
                           over_a.sum(axis=2) / np.maximum(in_a.sum(axis=2), 3)], axis=1)
    good = (overrun <= MAX_OVERRUN) & (ends.max(axis=1) < MAX_END_RUN)
    good &= seen >= MIN_SEEN * in_b[0].size * 2  # sides that run on out of the picture say nothing
    if not good.any():
        return []
    quads, support, sides = quads[good], support[good], sides[good]
    area = 0.5 * np.abs((quads[:, :, 0] * np.roll(quads[:, :, 1], -1, axis=1)
                         - quads[:, :, 1] * np.roll(quads[:, :, 0], -1, axis=1)).sum(axis=1))
    # one figure per place: the best supported, and of those nearly as well supported the
    # biggest (a card printed with a frame line has its own edge just outside that line)
    order = np.lexsort((-area, -np.round(support, 1)))
    kept: list[tuple[float, np.ndarray]] = []
    for n in order:
        quad = quads[n]
        reach = 0.15 * float(min(sides[n]))
        if any(np.linalg.norm(quad.mean(axis=0) - other.mean(axis=0)) < reach for _s, other in kept):
            continue
        kept.append((float(support[n]), quad.astype(np.float32)))
    return kept


def outer_edge(quad: np.ndarray, distance: np.ndarray) -> np.ndarray | None:
    """The quad grown onto an edge that runs alongside each of its sides just outside, from
    OUTSIDE_FROM to OUTSIDE_TO of its short side away, or None if a side has none: a card with
    a line printed near its edges closes its outline along that line, its own edge is outside."""
    centre = quad.mean(axis=0)
    vec = np.roll(quad, -1, axis=0) - quad
    sides = np.maximum(np.linalg.norm(vec, axis=1), 1e-6)
    normals = np.stack([-vec[:, 1], vec[:, 0]], axis=1) / sides[:, None]
    normals *= np.where(((quad + vec / 2 - centre) * normals).sum(axis=1) < 0, -1.0, 1.0)[:, None]
    t = np.linspace(0.15, 0.85, SIDE_SAMPLES, dtype=np.float32)
    short = float(min(sides[0] + sides[2], sides[1] + sides[3]) / 2)
    away = np.arange(max(1.5, OUTSIDE_FROM * short), OUTSIDE_TO * short + 0.5, 1.0, dtype=np.float32)
    if not len(away):
        return None
    points = (quad[:, None, None, :] + vec[:, None, None, :] * t[None, None, :, None]
              + normals[:, None, None, :] * away[None, :, None, None])  # side x offset x point
    hit, _inside = _on_edge(distance, points, tolerance=0.5)
    share = hit.mean(axis=2)  # side x offset
    if (share.max(axis=1) < OUTSIDE_SHARE).any():
        return None
    # the outermost offset that holds an edge about as well as the best one
    good = share >= np.maximum(OUTSIDE_SHARE, share.max(axis=1, keepdims=True) - 0.15)
    offset = away[len(away) - 1 - np.argmax(good[:, ::-1], axis=1)]
    moved = np.concatenate([quad + normals * offset[:, None]])  # each side's start, moved out
    lines = np.column_stack([vec / sides[:, None], (np.stack([-vec[:, 1], vec[:, 0]], axis=1) / sides[:, None]
                                                     * moved).sum(axis=1)])
    corners, ok = _meet(np.roll(lines, 1, axis=0), lines)
    return corners.astype(np.float32) if ok.all() else None
