"""The last reader of a smeared tag: fit the code's known layout to it, then name the one tag
whose code it clearly is, or nothing.

zbar and zxing-cpp read a code by cutting each module to black or white; a code smeared over
two or three modules by motion or defocus, or half washed out by glare, leaves them too few
modules right to decode. But a tag is not any QR code: it is one of a few thousand known grids
(companion.scan.tag_codes), and a grid can be recognised from far weaker evidence than it takes
to decode it bit by bit, as long as it is known where each module lies. So, for a code-like
region the other readers gave up on:

1. Finders: the three large squares of the code survive blur best. They are looked for in the
   upright patch (template matching), and in the patch made larger (a code half as wide as
   its region), and each way two or three of them can be a code's finders gives a first
   outline, ranked by how well the code's fixed modules (finders, separators, timing lines)
   then match (a finder seen foreshortened matches the square template at either end: the
   midpoint of two close spots is a spot too). Where they match poorly, the worst finder, if it
   matches badly while the other two match at least fairly (as one assumed from the other two
   does, on a code seen foreshortened), is looked for module by module around where it was put.
   The outlines of a code located otherwise are first outlines too (the decoder passes them):
   where zxing-cpp located a code it could not decode, and the outline of the code's shape, the
   dark blob its modules make on the light card (companion.scan.code_outline), which keeps the
   perspective of a card seen at a slant, and the place of a finder glare has lightened past
   the template, which the finders alone lose. Of those outlines the best one is refined after
   the finders' own, also where its fixed modules match less well than the finders' outlines
   must (0.2 against 0.3: a smear or glare lowers that match before the fit).
2. Alignment: the outline is refined, as a perspective map of the module grid, to make the fixed
   modules and a ring of quiet zone match the frame best (Levenberg-Marquardt on the 8
   parameters of the map, on the sharp frame and, where that does not fit closely, also on
   the frame smoothed then sharp; the better fit is kept). Blown-out pixels (glare) are
   left out of the fit.
3. Reading: every module is sampled; the format (error correction level and mask) is the nearest
   of the 32 formats, if one stands out; the data are compared with the grid of every tag of
   that format. The nearest tag is named only if its grid is clearly nearer than any other
   tag's and than any text one character from it that is no tag ("HNB:R7:1"), and if what is
   seen pins its code down: the codewords hidden (glare, the frame's edge) or contradicted by a
   clearly seen module must be at least two fewer than its error correction codewords. Any
   other code of the format, of a text that is no tag or of a tag under a misread format,
   differs from it in more codewords than that, so three of them at least would be in view
   and none looks like the tag's.
4. Fourth corner: where no tag is clearly named so but the modules lean to one, the best
   fitted grid's corner that has no finder is moved module by module (glare or a smear can
   hide the timing lines and quiet zone that place it, and a code seen at a slant is no
   parallelogram); the tag the modules lean to is named if it alone is clearly named, at two
   places at least.
5. Blur: where no tag is clearly named so, a code smeared past sampling module by module is
   named from its blur fitted on the grids placed in 2, up to BLUR_OUTLINES of them, the best
   fitted first (companion.scan.blur_fit), never against a tag the modules lean to.

Only what passes all that is returned, and it then goes through the same tag parsing and the
same stream logic as a zbar read. bench/bench_scan.py measures what it adds and what it costs.
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np

from companion.scan import blur_fit, qr_grid, tag_codes

FIT_PX = 100  # a region's longer side in the patch the finders are looked for in
FIT_MARGIN = 0.25
FINDER_MODULE_PX = 4  # the finder template's module, in that patch
PEAKS = 5  # finder-like spots looked at
PEAK_FLOOR = 0.2  # template match below this is no finder
# Two spots at most this many template modules apart are taken as the two ends of one finder
# seen foreshortened (the square template fits a squashed finder at either end, off its
# centre): their midpoint is a spot too.
ONE_FINDER_MODULES = 3.5
MIN_FINDER = 0.45  # a patch whose second best spot matches less holds no code to fit
MIN_OUTLINE_SCORE = 0.3  # the finders' outlines whose fixed modules match less are dropped
# Near a code read already, the region is most often that card's own print: the finders'
# outlines are looked for there only if its second best spot matches the finder this well (the
# finders of a code there do).
MIN_FINDER_BESIDE_A_READ = 0.55
MIN_FIT = 0.5  # and fitted outlines whose fixed modules (and quiet zone) match less than this
OUTLINES = 3  # the finders' outlines refined, best first
# After those, the best of the outlines located otherwise (zxing-cpp's, the code's shape) is
# refined, if its fixed modules match at least MIN_LOCATED_SCORE: before the fit, a smear or
# glare lowers that match more than it does for the finders' outlines. Near a code read
# already, where a card's print makes dark blobs too, it must match MIN_OUTLINE_SCORE.
LOCATED_OUTLINES = 1
MIN_LOCATED_SCORE = 0.2
# A code half as wide as its region (the region took in the card's print around it) has modules
# too small for the template: the patch is also looked at this much larger, and the outlines
# found there are kept if their fixed modules match at least this well.
ZOOM = 1.6
ZOOMED_MIN_OUTLINE = 0.4
# Where no first outline matches this well, a finder in one of the best SEARCHED outlines that
# matches no more than GUESSED_FINDER beside two that match at least SEEN_FINDER (as one assumed
# from the other two does, on a code seen foreshortened) is looked for up to SHIFT_MODULES away.
SEARCH_BELOW = 0.75
SEARCHED = 6
GUESSED_FINDER = 0.45
SEEN_FINDER = 0.35
SHIFT_MODULES = 6
CLOSE_FIT = 0.7  # an outline fitted this well on the sharp frame is not fitted again
BLUR_OUTLINES = 3  # the best fitted outlines the blur is fitted on, in turn, where none is named
# Where no grid names a tag clearly but the modules lean to one, the best fitted grid's fourth
# corner is moved up to this many modules each way, and a tag is named if it alone is clearly
# named at this many places.
FOURTH_CORNER_REACH = 2
FOURTH_CORNER_AGREE = 2
MAX_MODULE_PX = 6  # a larger code is shrunk to this many pixels per module before the fit
BLOWN_OUT = 235  # a grey level from which a flat patch is taken as glare, not as the code
FLAT_RANGE = 16  # grey levels within 5 x 5 pixels below which a patch is flat
GLARE_LEVEL = 250  # outlines are ranked on the modules darker than this
MIN_FORMAT = 0.5  # the format read must match one of the 32 at least this well (cosine)
MIN_FORMAT_LEAD = 0.15  # and better by this than any other
MIN_MATCH = 0.35  # the nearest tag's data must match at least this well (cosine)
MIN_LEAD = 0.1  # and better by this than any other tag's and any decoy's
CLEAR_MODULE = 0.7  # a module this far from grey (-1 dark .. +1 light) is seen clearly
SPARE_CODEWORDS = 2  # codewords hidden or contradicted: at least this many fewer than it corrects


# ---------------------------------------------------------------- finders


def _finder_template() -> np.ndarray:
    module = np.ones((9, 9), np.float32)
    module[1:8, 1:8] = 0
    module[2:7, 2:7] = 1
    module[3:6, 3:6] = 0
    big = cv2.resize(module, None, fx=FINDER_MODULE_PX, fy=FINDER_MODULE_PX,
                     interpolation=cv2.INTER_NEAREST)
    return cv2.GaussianBlur(big, (0, 0), FINDER_MODULE_PX / 2)


_TEMPLATE = _finder_template()
_CENTRE = _TEMPLATE.shape[0] / 2 - 0.5


def _peaks(response: np.ndarray) -> list[tuple[float, float, float]]:
    """(x, y, match) of the best finder-like spots in the patch, apart from each other; then the
    midpoint of each two close enough to be the ends of one foreshortened finder."""
    work = response.copy()
    out = []
    for _ in range(PEAKS):
        _, value, _, (x, y) = cv2.minMaxLoc(work)
        if value < PEAK_FLOOR:
            break
        out.append((x + _CENTRE, y + _CENTRE, value))
        cv2.circle(work, (x, y), 2 * FINDER_MODULE_PX, -1.0, -1)
    ends = [((x1 + x2) / 2, (y1 + y2) / 2, min(v1, v2))
            for (x1, y1, v1), (x2, y2, v2) in itertools.combinations(out, 2)
            if np.hypot(x1 - x2, y1 - y2) <= ONE_FINDER_MODULES * FINDER_MODULE_PX]
    return out + ends


def _corner(a, b, c):
    """(a, top-right, bottom-left) of finders b and c around the top-left one a."""
    u, v = b - a, c - a
    return (a, b, c) if u[0] * v[1] - u[1] * v[0] > 0 else (a, c, b)


def _near_peak(response: np.ndarray, centre, radius: float, avoid):
    """The best finder-like spot within radius of a point, if it is not one of `avoid`."""
    h, w = response.shape
    cx, cy = centre[0] - _CENTRE, centre[1] - _CENTRE
    x0, x1 = int(max(0, cx - radius)), int(min(w, cx + radius + 1))
    y0, y1 = int(max(0, cy - radius)), int(min(h, cy + radius + 1))
    if x1 <= x0 or y1 <= y0:
        return None
    _, value, _, (x, y) = cv2.minMaxLoc(response[y0:y1, x0:x1])
    if value < PEAK_FLOOR:
        return None
    point = np.array([x + x0 + _CENTRE, y + y0 + _CENTRE])
    if any(np.hypot(*(point - a)) < 0.4 * radius for a in avoid):
        return None
    return point


def _finder_triples(response: np.ndarray, peaks) -> np.ndarray:
    """Where a code's three finders may be (K, 3, 2: top-left, top-right, bottom-left), from the
    finder-like spots: three spots; or two, with the third searched where a square code has it,
    or assumed there (a finder under glare)."""
    spots = [np.array(p[:2]) for p in peaks]
    out = []
    for a, b, c in itertools.permutations(range(len(spots)), 3):
        if b > c:
            continue
        u, v = spots[b] - spots[a], spots[c] - spots[a]
        lu, lv = np.hypot(*u), np.hypot(*v)
        if min(lu, lv) < 2 * FINDER_MODULE_PX or max(lu, lv) > 1.8 * min(lu, lv):
            continue
        if abs(u @ v) > 0.6 * lu * lv:
            continue
        out.append(_corner(spots[a], spots[b], spots[c]))
    for p, q in itertools.combinations(spots, 2):
        d = q - p
        length = np.hypot(*d)
        if length < 3 * FINDER_MODULE_PX:
            continue
        for a, b in ((p, q), (q, p)):  # a side: a the top-left finder, b one beside it
            for turn in (1, -1):
                guess = a + turn * np.array([-(b - a)[1], (b - a)[0]])
                out.append(_corner(a, b, guess))
                third = _near_peak(response, guess, 0.35 * length, (p, q))
                if third is not None:
                    out.append(_corner(a, b, third))
        for turn in (1, -1):  # the diagonal: p and q the top-right and bottom-left finders
            guess = (p + q) / 2 + turn * np.array([-d[1], d[0]]) / 2
            out.append(_corner(guess, p, q))
            third = _near_peak(response, guess, 0.35 * length, (p, q))
            if third is not None:
                out.append(_corner(third, p, q))
    if not out:
        return np.zeros((0, 3, 2))
    triples = np.array(out, np.float64)
    _, keep = np.unique(np.round(triples.reshape(len(triples), -1) / 2), axis=0, return_index=True)
    return triples[np.sort(keep)]


def _grid_maps(triples: np.ndarray, n: int) -> np.ndarray:
    """The affine maps (K, 3, 3) from module units to the patch of codes of side n whose finder
    centres are the triples."""
    tl, tr, bl = triples[:, 0], triples[:, 1], triples[:, 2]
    ex, ey = (tr - tl) / (n - 7), (bl - tl) / (n - 7)
    origin = tl - 3.5 * (ex + ey)
    maps = np.zeros((len(triples), 3, 3))
    maps[:, :2, 0], maps[:, :2, 1], maps[:, :2, 2] = ex, ey, origin
    maps[:, 2, 2] = 1.0
    return maps


# ---------------------------------------------------------------- sampling and fitting


def _module_points(known: np.ndarray, sub: int = 3, spread: float = 0.6):
    """Points (u, v) in module units, sub x sub inside each module where `known`, and the index
    of their module."""
    n = known.shape[0]
    offsets = (np.arange(sub) + 0.5) / sub * spread + (1 - spread) / 2
    ys, xs = np.nonzero(known)
    points, index = [], []
    for dy in offsets:
        for dx in offsets:
            points.append(np.stack([xs + dx, ys + dy], 1))
            index.append(ys * n + xs)
    return np.concatenate(points).astype(np.float64), np.concatenate(index)


class _Layout:
    """What the fit and the reading need to know about codes of side n."""

    def __init__(self, n: int):
        self.n = n
        values, known = qr_grid.function_pattern(n)
        ring = np.zeros((n + 2, n + 2), bool)
        ring[0, :] = ring[-1, :] = ring[:, 0] = ring[:, -1] = True
        fixed, index = _module_points(known, sub=2)
        quiet, _ = _module_points(ring, sub=2)
        self.fixed_points = np.concatenate([fixed, quiet - 1.0])
        self.fixed_values = np.concatenate([values.ravel()[index], np.ones(len(quiet))])
        self.centres = np.stack(np.meshgrid(np.arange(n) + 0.5, np.arange(n) + 0.5), -1).reshape(-1, 2)
        self.known = known.ravel()
        self.known_values = values.ravel()[self.known]
        u, v = self.centres[self.known].T
        near, far = 8, n - 8
        # the fixed modules of each finder with its separator (top-left, top-right, bottom-left)
        self.finder_parts = [(u < near) & (v < near), (u > far) & (v < near),
                             (u < near) & (v > far)]
        self.all_points, self.all_index = _module_points(np.ones((n, n), bool), sub=2)
        self.sample_points, _ = _module_points(np.ones((n, n), bool))
        self.format = qr_grid.format_area(n).ravel()
        self.data = qr_grid.data_area(n).ravel()


_LAYOUTS = {n: _Layout(n) for n in qr_grid.SIDES}


_SQUARES = {n: np.array([[0, 0, 1], [n, 0, 1], [n, n, 1], [0, n, 1]], np.float64) for n in qr_grid.SIDES}


def _project(h: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points mapped by h, and their homogeneous depth."""
    p = points @ h[:, :2].T + h[:, 2]
    return p[:, :2] / p[:, 2:3], p[:, 2]


def _look(image: np.ndarray, xy: np.ndarray, outside: float | None = None) -> np.ndarray:
    """The image at the points (bilinear), as float64; off the image, its edge continued, or
    `outside` if given."""
    count = len(xy)
    width = 512  # remap takes maps of fewer than 32767 rows: the points go in rows of this many
    m = np.zeros((-(-count // width) * width, 2), np.float32)
    m[:count] = xy
    m = m.reshape(-1, width, 2)
    if outside is None:
        values = cv2.remap(image, m[..., 0], m[..., 1], cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REPLICATE)
    else:
        values = cv2.remap(image, m[..., 0], m[..., 1], cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_CONSTANT, borderValue=outside)
    return values.ravel()[:count].astype(np.float64)


def _correlation(values: np.ndarray, target: np.ndarray, weight: np.ndarray) -> float:
    total = weight.sum()
    if total <= 1:
        return -1.0
    v = values - (weight @ values) / total
    t = target - (weight @ target) / total
    den = np.sqrt((weight * v) @ v * ((weight * t) @ t))
    return float((weight * v) @ t / den) if den > 0 else -1.0


def _brightness(values: np.ndarray, target: np.ndarray, weight: np.ndarray) -> tuple[float, float]:
    """(a, b) making a * values + b nearest the target, by weighted least squares."""
    total = weight.sum()
    if total <= 0:
        return 0.0, 0.0
    mean_v, mean_t = (weight @ values) / total, (weight @ target) / total
    v = values - mean_v
    spread = (weight * v) @ v
    if spread <= 1e-9 * total * (1.0 + mean_v * mean_v):  # the values flat: no contrast to fit
        return 0.0, float(mean_t)
    a = float((weight * v) @ (target - mean_t) / spread)
    return a, float(mean_t - a * mean_v)


def blown_out(gray: np.ndarray) -> np.ndarray:
    """Where glare has washed the code out: bright and flat (no module edge within a few
    pixels), and a little around it. A bright but contrasty code is still read."""
    box = np.ones((5, 5), np.uint8)
    flat = cv2.dilate(gray, box) - cv2.erode(gray, box) < FLAT_RANGE
    blown = (flat & (gray >= BLOWN_OUT)).astype(np.uint8)
    return cv2.dilate(blown, box) > 0


class _View:
    """A part of the frame around a region: smoothed at some scale, its gradients, and where
    it is blown out."""

    def __init__(self, gray: np.ndarray, box: tuple[int, int, int, int], shrink: float = 1.0):
        x0, y0, x1, y1 = box
        part = gray[y0:y1, x0:x1]
        if shrink > 1.0:  # a large code: its modules need no more than a few pixels each
            size = (max(1, int(round((x1 - x0) / shrink))), max(1, int(round((y1 - y0) / shrink))))
            part = cv2.resize(part, size, interpolation=cv2.INTER_AREA)
        # frame pixels to view pixels
        self.to_view = np.array([[1 / shrink, 0, -x0 / shrink], [0, 1 / shrink, -y0 / shrink],
                                 [0, 0, 1]], np.float64)
        self.raw = part.astype(np.float32)
        self.usable = 1.0 - blown_out(part).astype(np.float32)
        self._smoothed: dict[float, tuple] = {}

    def smoothed(self, sigma: float):
        key = round(sigma, 1)
        if key not in self._smoothed:
            image = cv2.GaussianBlur(self.raw, (0, 0), key) if key >= 0.3 else self.raw
            gx = cv2.Sobel(image, cv2.CV_32F, 1, 0, ksize=3) / 8
            gy = cv2.Sobel(image, cv2.CV_32F, 0, 1, ksize=3) / 8
            self._smoothed[key] = (image, gx, gy)
        return self._smoothed[key]


def _fit(view: _View, h: np.ndarray, points: np.ndarray, target: np.ndarray, sigma: float,
         iterations: int = 10) -> tuple[np.ndarray, float]:
    """Levenberg-Marquardt on the 8 free entries of h (module units to view pixels), making
    the view at `points` match `target` best up to brightness and contrast. Returns h and the
    weighted correlation reached."""
    image, gx, gy = view.smoothed(sigma)
    xy, depth = _project(h, points)
    values, weight = _look(image, xy), _look(view.usable, xy, 0.0)
    best = _correlation(values, target, weight)
    damping = 1e-2
    u, v = points[:, 0], points[:, 1]
    for _ in range(iterations):
        a, b = _brightness(values, target, weight)
        if a <= 1e-6:
            break
        ix, iy = _look(gx, xy) / depth, _look(gy, xy) / depth
        x, y = xy[:, 0], xy[:, 1]
        jac = np.stack([ix * u, ix * v, ix, iy * u, iy * v, iy,
                        -(ix * x + iy * y) * u, -(ix * x + iy * y) * v], 1)
        weighted = jac * weight[:, None]
        normal = weighted.T @ jac
        gradient = weighted.T @ ((target - b) / a - values)
        scale = np.diag(normal).copy() + 1e-12
        for _ in range(6):
            step = np.linalg.solve(normal + damping * np.diag(scale), gradient)
            trial = h.copy()
            trial.flat[:8] += step
            xy2, depth2 = _project(trial, points)
            values2, weight2 = _look(image, xy2), _look(view.usable, xy2, 0.0)
            reached = _correlation(values2, target, weight2)
            if reached > best and (depth2 > 0).all():
                moved = np.abs(xy2 - xy).max()
                h, xy, depth, values, weight, best = trial, xy2, depth2, values2, weight2, reached
                damping = max(damping / 3, 1e-5)
                break
            damping *= 8
        else:
            break
        if moved < 0.05:
            break
    return h, best


# ---------------------------------------------------------------- reading


def _modules(view: _View, h: np.ndarray, layout: _Layout) -> np.ndarray:
    """Each module's brightness: -1 as dark as the finders, +1 as light as the separators
    (clipped to +-2); 0 where it is blown out or off the frame."""
    xy, _ = _project(h, layout.sample_points)
    values = _look(view.raw, xy).reshape(-1, layout.n * layout.n)
    usable = _look(view.usable, xy, 0.0).reshape(-1, layout.n * layout.n).mean(axis=0) >= 0.5
    values = values.mean(axis=0)
    fixed = values[layout.known]
    light = fixed[(layout.known_values > 0) & (usable[layout.known] > 0)]
    dark = fixed[(layout.known_values < 0) & (usable[layout.known] > 0)]
    if len(light) < 8 or len(dark) < 8:
        return np.zeros_like(values)
    hi, lo = np.median(light), np.median(dark)
    if hi - lo < 8:
        return np.zeros_like(values)
    z = (values - (hi + lo) / 2) / ((hi - lo) / 2)
    return np.where(usable > 0, np.clip(z, -2, 2), 0.0)


class Reading:
    """The nearest tag to a sampled code, and by how much."""

    def __init__(self, text: str, match: float, lead: float, grid: np.ndarray):
        self.text, self.match, self.lead, self.grid = text, match, lead, grid

    @property
    def clear(self) -> bool:
        return self.match >= MIN_MATCH and self.lead >= MIN_LEAD


def _correctable(z: np.ndarray, grid: np.ndarray, layout: _Layout, level: str) -> bool:
    """Whether the tag's code is pinned down by what is seen of it: the codewords that are
    hidden (glare, the frame's edge) or that a clearly seen module contradicts are at least
    SPARE_CODEWORDS fewer than its error correction codewords. Any other code of the format (a
    text that is no tag, or the tag under a misread format) differs from it in more codewords
    than it has of error correction, so it would differ in at least SPARE_CODEWORDS + 1
    codewords in view, none of them clearly."""
    codeword = qr_grid.codeword_of(layout.n)
    data = codeword >= 0
    wrong = (np.abs(z[data]) >= CLEAR_MODULE) & (np.sign(z[data]) != grid[data])
    hidden = z[data] == 0  # blown out or off the frame
    doubtful = np.unique(codeword[data][wrong | hidden])
    return doubtful.size <= qr_grid.CORRECTION[layout.n][level] - SPARE_CODEWORDS


def _nearest(z: np.ndarray, layout: _Layout) -> Reading | None:
    keys, patterns = tag_codes.formats(layout.n)
    written = z[layout.format]
    norm = np.linalg.norm(written)
    if norm == 0:
        return None
    likeness = patterns @ written / (norm * np.sqrt(len(written)))
    first, second = np.sort(likeness)[::-1][:2]
    if first < MIN_FORMAT or first - second < MIN_FORMAT_LEAD:
        return None  # no format stands out: no code, or one too smeared to name
    level, mask = keys[int(np.argmax(likeness))]
    labels, grids = tag_codes.candidates(layout.n, level, mask)
    data = z[layout.data]
    norm = np.linalg.norm(data)
    if norm == 0:
        return None
    scale = norm * np.sqrt(len(data))
    match = grids[:, layout.data] @ data / scale
    best = int(np.argmax(match))
    text = labels[best][0]
    others = [m for (t, _), m in zip(labels, match) if t != text]
    lead = float(match[best] - max(others)) if others else float(match[best])
    if match[best] >= MIN_MATCH and lead >= MIN_LEAD:  # clear among tags: and among decoys?
        decoys = tag_codes.decoys(text, layout.n, level, mask)
        if len(decoys):
            lead = min(lead, float(match[best] - (decoys[:, layout.data] @ data / scale).max()))
        if not _correctable(z, grids[best], layout, level):
            lead = -1.0
    return Reading(text, float(match[best]), lead, grids[best])


def _outline_scores(gray: np.ndarray, hs: np.ndarray, layout: _Layout,
                    part: np.ndarray | None = None) -> np.ndarray:
    """How well the fixed modules match under each of the maps hs (K, 3, 3, module units to
    frame pixels): their correlation with the layout's fixed values, modules off the frame or
    blown out left out. With `part` (a mask over the fixed modules), those modules only."""
    centres = layout.centres[layout.known]
    target = layout.known_values
    if part is not None:
        centres, target = centres[part], target[part]
    homogeneous = np.concatenate([centres, np.ones((len(centres), 1))], axis=1)
    p = homogeneous[None] @ hs.transpose(0, 2, 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        xy = (p[..., :2] / p[..., 2:3]).reshape(-1, 2)
    xy = np.nan_to_num(xy, nan=-1e6, posinf=-1e6, neginf=-1e6).clip(-1e6, 1e6)
    values = _look(gray, xy).reshape(len(hs), -1)
    inside = ((xy >= 0) & (xy <= np.array(gray.shape[1::-1]) - 1)).all(axis=1)
    weight = (inside & (values.ravel() < GLARE_LEVEL)).astype(np.float64).reshape(len(hs), -1)
    total = weight.sum(axis=1) + 1e-9
    v = values - (weight * values).sum(axis=1, keepdims=True) / total[:, None]
    t = target[None, :] - (weight * target).sum(axis=1, keepdims=True) / total[:, None]
    den = np.sqrt((weight * v * v).sum(axis=1) * (weight * t * t).sum(axis=1)) + 1e-9
    return (weight * v * t).sum(axis=1) / den


def _finder_shares(n: int) -> np.ndarray:
    """(3, 3): each finder's share of a module point (u, v, 1) of a code of side n, an affine
    function that is 1 at that finder's centre and 0 at the other two's. Moving one finder's
    centre by d moves every point of an affine map by d times that finder's share."""
    span = float(n - 7)
    return np.array([[-1 / span, -1 / span, 1 + 7 / span], [1 / span, 0, -3.5 / span],
                     [0, 1 / span, -3.5 / span]])


_WHOLE_MODULES = np.array([(i, j) for i in range(-SHIFT_MODULES, SHIFT_MODULES + 1)
                           for j in range(-SHIFT_MODULES, SHIFT_MODULES + 1)], np.float64)
_HALF_MODULES = np.array([(i, j) for i in (-1, -0.5, 0, 0.5, 1) for j in (-1, -0.5, 0, 0.5, 1)])


def _guessed_finder_placed(gray: np.ndarray, score: float, h: np.ndarray,
                           layout: _Layout) -> tuple[float, np.ndarray, _Layout]:
    """(score, map, layout) of a first outline (an affine map), with its worst finder, if it
    matches badly while the other two match at least fairly, moved to where the fixed modules
    match best. Such a finder was most often assumed from the other two (it is washed out by
    glare) where a square code has it; on a tilted card, where the code is seen foreshortened,
    that can be several modules off, too far for the fit to pull it in."""
    finders = [_outline_scores(gray, h[None], layout, part)[0] for part in layout.finder_parts]
    weakest = int(np.argmin(finders))
    if finders[weakest] > GUESSED_FINDER or sorted(finders)[1] < SEEN_FINDER:
        return score, h, layout
    share = _finder_shares(layout.n)[weakest]
    for steps in (_WHOLE_MODULES, _HALF_MODULES):  # module by module, then half modules
        shift = steps[:, :1] * h[:2, 0] + steps[:, 1:] * h[:2, 1]  # (K, 2) in pixels
        maps = np.repeat(h[None], len(steps), axis=0)
        maps[:, :2, :] += shift[:, :, None] * share
        scores = _outline_scores(gray, maps, layout)
        best = int(np.argmax(scores))
        if scores[best] > score:
            score, h = float(scores[best]), maps[best]
    return score, h, layout


def _placed(view: _View, h: np.ndarray, layout: _Layout) -> tuple[np.ndarray, float]:
    """A first outline fitted to the view: on the sharp view, and, unless that fits closely, on
    the smoothed view (a wider reach) and then the sharp one; the better of the two. Smoothing
    first can pull an outline that was nearly right off the code (a glare spot or the card's
    print beside it weighs more once smoothed)."""
    module = _module_px(h)
    sharp = _fit(view, h, layout.fixed_points, layout.fixed_values, 0.4 * module)
    if sharp[1] >= CLOSE_FIT:
        return sharp
    wide, _ = _fit(view, h, layout.fixed_points, layout.fixed_values, 1.0 * module)
    wide = _fit(view, wide, layout.fixed_points, layout.fixed_values, 0.4 * module)
    return sharp if sharp[1] >= wide[1] else wide


def _ranked(gray: np.ndarray, maps: dict[int, np.ndarray]) -> list:
    """(score, map, layout) of each map, the best first."""
    ranked = []
    for n, m in maps.items():
        if len(m):
            ranked += zip(_outline_scores(gray, m, _LAYOUTS[n]), m, itertools.repeat(_LAYOUTS[n]))
    return sorted(ranked, key=lambda item: -item[0])


def read_grids(gray: np.ndarray, maps: dict[int, np.ndarray], search: bool = True,
               located: dict[int, np.ndarray] | None = None,
               least_located: float = MIN_LOCATED_SCORE) -> str | None:
    """The tag whose code lies where one of the given maps (module units to frame pixels,
    (K, 3, 3) for codes of each side n) puts it, after refining the map; None if no tag is
    clearly there. With `search`, where the best first outlines match poorly, the worst finder
    of each of the best, if it matches badly while the other two match at least fairly, is
    looked for around where it is. `located`: maps of codes located otherwise (by another
    reader, from the code's shape), of which the best LOCATED_OUTLINES are refined after the
    others, if they match at least `least_located`."""
    ranked = _ranked(gray, maps)
    if search and ranked and ranked[0][0] < SEARCH_BELOW:
        ranked = [_guessed_finder_placed(gray, *item) for item in ranked[:SEARCHED]]
        ranked.sort(key=lambda item: -item[0])
    ranked = [item for item in ranked[:OUTLINES] if item[0] >= MIN_OUTLINE_SCORE] + [
        item for item in _ranked(gray, located or {})[:LOCATED_OUTLINES]
        if item[0] >= least_located]
    if not ranked:
        return None
    corners = np.concatenate([_SQUARES[layout.n] @ h.T for _, h, layout in ranked])
    with np.errstate(divide="ignore", invalid="ignore"):
        corners = corners[:, :2] / corners[:, 2:3]
    if not np.isfinite(corners).all():
        return None
    module = max(_module_px(h) for _, h, _ in ranked)
    pad = 8 * module + 8  # the quiet zone and the smoothing's reach
    h_img, w_img = gray.shape[:2]
    box = (int(max(0, corners[:, 0].min() - pad)), int(max(0, corners[:, 1].min() - pad)),
           int(min(w_img, corners[:, 0].max() + pad + 1)), int(min(h_img, corners[:, 1].max() + pad + 1)))
    if box[2] - box[0] < 16 or box[3] - box[1] < 16:
        return None
    view = _View(gray, box, max(1.0, module / MAX_MODULE_PX))
    best: Reading | None = None
    placed = []  # the fitted grids: (fit, map, layout)
    for _, h, layout in ranked:
        h = view.to_view @ h
        module = _module_px(h)
        h, fitted = _placed(view, h, layout)
        if fitted < MIN_FIT:
            continue
        placed.append((fitted, h, layout))
        reading = _nearest(_modules(view, h, layout), layout)
        if reading is None:
            continue
        # the nearest tag's whole grid is the sharper guide: fit on it, then read again
        target = reading.grid[layout.all_index]
        h, _ = _fit(view, h, layout.all_points, target, 0.3 * module)
        # (fitted on that tag's own grid, the frame may lean towards it: both readings must
        # name it, and the lesser lead counts)
        again = _nearest(_modules(view, h, layout), layout)
        if again is None or again.text != reading.text:
            reading.lead = -1.0
        elif again.lead < reading.lead:
            reading = again
        if best is None or reading.lead > best.lead:
            best = reading
        if best.clear:
            break
    if best is not None and best.clear:
        return best.text
    placed.sort(key=lambda item: -item[0])
    if placed and best is not None and best.match >= MIN_MATCH:
        # the modules lean to a tag: the best fitted grid, its fourth corner moved (a code seen
        # at a slant), may name that tag, and no other
        text = _named_with_fourth_corner_moved(view, placed[0][1], placed[0][2])
        if text is not None and text == best.text:
            return text
    # too smeared to name from its modules: the blur fitted instead (companion.scan.blur_fit),
    # on the best fitted grids in turn (grids fitted nearly as well can lie a fraction of a
    # module apart, and the blur's fit is sharp to that), never against the modules' own
    # leaning to another tag
    leaning = best is not None and best.lead > 0 and best.match >= MIN_MATCH
    for _, h, layout in placed[:BLUR_OUTLINES]:
        text = blur_fit.name(_centres(view, h, layout.n), layout.n)
        if text is not None:
            return None if leaning and best.text != text else text
    return None


def _centres(view: _View, h: np.ndarray, n: int) -> np.ndarray:
    """The view's brightness at the centre of each module of the code and of the ring of
    blur_fit.RING modules around it (the mean of 3 x 3 points within the module's middle)."""
    m = n + 2 * blur_fit.RING
    centres = np.arange(m) - blur_fit.RING + 0.5
    u, v = np.meshgrid(centres, centres)
    offsets = np.array([-0.2, 0.0, 0.2])
    du, dv = (a.ravel() for a in np.meshgrid(offsets, offsets))
    points = np.stack([(u.ravel()[:, None] + du).ravel(), (v.ravel()[:, None] + dv).ravel()], 1)
    xy, _ = _project(h, points)
    return _look(view.raw, xy).reshape(m, m, 9).mean(axis=2)


def _module_px(h: np.ndarray) -> float:
    """A module's side in pixels under a map from module units (at the grid's origin)."""
    return float(np.sqrt(abs(np.linalg.det(h[:2, :2]))) / max(abs(h[2, 2]), 1e-9))


def read_patch(gray: np.ndarray, matrix: np.ndarray, patch: np.ndarray,
               thorough: bool = True, outlines=()) -> str | None:
    """The tag in an upright patch of a grey frame (matrix: the affine map from the frame to the
    patch, in which a code as wide as the patch's region is FIT_PX wide), or None. `outlines`:
    codes located there otherwise (4x2 corners in the frame: by another reader that could not
    decode them, or from the code's shape), first outlines beside those the finders give; the
    best one of them is refined (also where the finders are not looked for).

    Not `thorough` (near a code read already, by any reader: the region is most often that
    card's own print), the patch is only looked at as it is, and the finders' outlines are
    taken only if two of its spots match the finder well; no finder is looked for around where
    it was put. The outlines located otherwise are taken either way, there only if their fixed
    modules match as well as the finders' outlines must (MIN_OUTLINE_SCORE)."""
    seen = [(patch, matrix)]
    if thorough:
        h, w = patch.shape[:2]
        size = (int(round(w * ZOOM)), int(round(h * ZOOM)))
        seen.append((cv2.warpAffine(gray, matrix * ZOOM, size, flags=cv2.INTER_LINEAR,
                                    borderMode=cv2.BORDER_REPLICATE), matrix * ZOOM))
    maps: dict[int, list] = {n: [] for n in qr_grid.SIDES}
    located: dict[int, list] = {n: [] for n in qr_grid.SIDES}
    least = MIN_FINDER if thorough else MIN_FINDER_BESIDE_A_READ
    for k, (view, to_view) in enumerate(seen):
        triples = _first_triples(view, least)
        if not len(triples):
            continue
        back = np.vstack([cv2.invertAffineTransform(to_view), [0, 0, 1]])
        for n in qr_grid.SIDES:
            found = back[None] @ _grid_maps(triples, n)
            if k:  # the larger patch
                found = found[_outline_scores(gray, found, _LAYOUTS[n]) >= ZOOMED_MIN_OUTLINE]
            if len(found):
                maps[n].append(found)
    for quad in outlines:  # any corner may be the top-left one
        for n in qr_grid.SIDES:
            square = _SQUARES[n][:, :2].astype(np.float32)
            located[n].append(np.array([
                cv2.getPerspectiveTransform(square, np.roll(quad, k, axis=0).astype(np.float32))
                for k in range(4)], np.float64))
    if not any(maps.values()) and not any(located.values()):
        return None
    return read_grids(gray, {n: np.concatenate(m) for n, m in maps.items() if m}, thorough,
                      {n: np.concatenate(m) for n, m in located.items() if m},
                      MIN_LOCATED_SCORE if thorough else MIN_OUTLINE_SCORE)


def _named_with_fourth_corner_moved(view: _View, h: np.ndarray, layout: _Layout) -> str | None:
    """The tag named where the code's fourth corner (the one without a finder) is moved, module
    by module, up to FOURTH_CORNER_REACH modules along the code's edges, the other three kept;
    None unless one tag, and only one, is clearly named at FOURTH_CORNER_AGREE places at least.

    The fit places that corner by the timing lines and the quiet zone alone; where glare or a
    smear hides them, it stays near where the first outline put it: the finders' outlines are
    parallelograms, several modules off at that corner on a card seen at a slant."""
    n = layout.n
    corners = _SQUARES[n] @ h.T
    corners = (corners[:, :2] / corners[:, 2:3]).astype(np.float32)
    along = (corners[2] - corners[3]) / n, (corners[2] - corners[1]) / n  # a module each way
    steps = range(-FOURTH_CORNER_REACH, FOURTH_CORNER_REACH + 1)
    named: dict[str, int] = {}
    for a, b in itertools.product(steps, steps):
        if a == b == 0:
            continue
        moved = corners.copy()
        moved[2] += a * along[0] + b * along[1]
        hv = cv2.getPerspectiveTransform(_SQUARES[n][:, :2].astype(np.float32), moved)
        reading = _nearest(_modules(view, hv.astype(np.float64), layout), layout)
        if reading is not None and reading.clear:
            named[reading.text] = named.get(reading.text, 0) + 1
    if len(named) != 1:
        return None
    text, places = next(iter(named.items()))
    return text if places >= FOURTH_CORNER_AGREE else None


def _first_triples(patch: np.ndarray, least: float = MIN_FINDER) -> np.ndarray:
    """Where a code's finders may be in a patch (K, 3, 2), from its finder-like spots; none if
    fewer than two spots match the finder at least `least`."""
    if patch.shape[0] <= _TEMPLATE.shape[0] or patch.shape[1] <= _TEMPLATE.shape[1]:
        return np.zeros((0, 3, 2))
    response = cv2.matchTemplate(patch.astype(np.float32), _TEMPLATE, cv2.TM_CCOEFF_NORMED)
    spots = _peaks(response)
    if len(spots) < 2 or spots[1][2] < least:
        return np.zeros((0, 3, 2))  # not two finders: no code, or too little of one to fit
    return _finder_triples(response, spots)
