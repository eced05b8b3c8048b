"""Naming a tag too smeared to sample module by module: its blur is fitted, not undone.

Motion or defocus spreads each module over its neighbours, so a module's brightness is no
longer its own colour; but at the module centres the frame is still, very nearly, the same
weighted sum of each module's neighbours everywhere in the code (the blur in module units),
plus the light. That sum is linear in the code's grid. So, where companion.scan.tag_fit has
placed the module grid (from the code's finders) and could not name a tag from the sampled
modules:

1. The blur, a 5 x 5 module stencil with the light (level and slope), is fitted by least
   squares on the modules whose whole neighbourhood is known to every code: the finders, their
   separators and the light ring around the code.
2. Under that blur, every tag's grid (each text, mode, error correction level and mask) is
   scored by how well it explains the frame; the best few are each fitted again with their own
   stencil, and so are the texts one character from the best (decoys, "HNB:R7:1").
3. The best tag is named only if its fit leaves clearly less unexplained than any other tag's
   and any decoy's (at most CLEAR_RATIO of it): a wrong grid differs in a good share of its
   modules, and a blur cannot make up for that everywhere at once.

bench/bench_scan.py measures what this adds and what it costs.
"""

from __future__ import annotations

import numpy as np

from companion.scan import qr_grid, tag_codes

REACH = 2  # the stencil reaches this many modules each way
RING = 1  # the light modules around the code taken in
OFFSETS = [(dy, dx) for dy in range(-REACH, REACH + 1) for dx in range(-REACH, REACH + 1)]
FINALISTS = 48  # tags fitted with their own stencil
FINALIST_DECOYS = 16  # and decoys of the best
CLEAR_RATIO = 0.75  # the named tag's unexplained share against the next text's, at most
MIN_KNOWN = 40  # modules with their whole neighbourhood known, at least, to fit the blur
MIN_USABLE = 0.5  # share of the modules not blown out, at least
BLOWN = 248  # a module centre this bright is left out (glare)
MIN_CONTRAST = 8.0  # the module centres' spread in grey levels, at least: else no code shows


def _padded(grids: np.ndarray, n: int) -> np.ndarray:
    """(K, side, side) grids with the light ring and the stencil's reach around them."""
    pad = RING + REACH
    out = np.ones((len(grids), n + 2 * pad, n + 2 * pad), np.float32)
    out[:, pad:pad + n, pad:pad + n] = grids.reshape(len(grids), n, n)
    return out


def _light_columns(m: int) -> list[np.ndarray]:
    yy, xx = np.mgrid[0:m, 0:m].astype(np.float32) / m - 0.5
    return [np.ones(m * m, np.float32), xx.ravel(), yy.ravel()]


def _design(padded: np.ndarray, n: int) -> np.ndarray:
    """(K, m*m, 28): each module's neighbours under the stencil, then the light's terms."""
    m, k = n + 2 * RING, len(padded)
    design = np.empty((k, m, m, len(OFFSETS) + 3))
    for i, (dy, dx) in enumerate(OFFSETS):
        design[..., i] = padded[:, REACH + dy:REACH + dy + m, REACH + dx:REACH + dx + m]
    for i, column in enumerate(_light_columns(m)):
        design[..., len(OFFSETS) + i] = column.reshape(m, m)
    return design.reshape(k, m * m, -1)


def _least_squares(design: np.ndarray, z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per candidate (K, rows, P): the fitted weights and the squared residual left."""
    normal = design.transpose(0, 2, 1) @ design + 1e-3 * np.eye(design.shape[-1])
    moment = z @ design
    weights = np.linalg.solve(normal, moment[..., None])[..., 0]
    return weights, float(z @ z) - (weights * moment).sum(axis=1)


def _known_rows(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The fixed pattern padded like a grid, and the modules whose whole stencil it knows."""
    values, known = qr_grid.function_pattern(n)
    pad, m = RING + REACH, n + 2 * RING
    grid = np.ones((n + 2 * pad, n + 2 * pad), np.float32)
    seen = np.ones(grid.shape, bool)
    grid[pad:pad + n, pad:pad + n] = values
    seen[pad:pad + n, pad:pad + n] = known
    rows = np.ones((m, m), bool)
    for dy, dx in OFFSETS:
        rows &= seen[REACH + dy:REACH + dy + m, REACH + dx:REACH + dx + m]
    return grid, rows.ravel()


def name(centres: np.ndarray, n: int) -> str | None:
    """The tag whose code of side n, blurred, the module centres show, or None.

    centres: the frame's brightness at the centre of each module of the code and of a ring of
    one module around it ((n + 2) x (n + 2), the grid placed by the caller, its top left where
    the code's top left finder is)."""
    z = centres.astype(np.float64).ravel()
    usable = z < BLOWN  # (and not NaN)
    if usable.mean() < MIN_USABLE or z[usable].std() < MIN_CONTRAST:
        return None
    z = (z - z[usable].mean()) / z[usable].std()
    fixed, known = _known_rows(n)
    known &= usable
    if known.sum() < MIN_KNOWN:
        return None
    blur, _ = _least_squares(_design(fixed[None], n)[:, known], z[known])
    blur = blur[0]
    # every tag under that blur: the better its grid correlates with the frame seen back
    # through the stencil, the likelier
    m, pad = n + 2 * RING, RING + REACH
    light = sum(w * c for w, c in zip(blur[len(OFFSETS):], _light_columns(m)))
    seen = np.where(usable, z - light, 0.0).reshape(m, m)
    back = np.zeros((n + 2 * pad, n + 2 * pad))
    for (dy, dx), w in zip(OFFSETS, blur[:len(OFFSETS)]):
        back[REACH + dy:REACH + dy + m, REACH + dx:REACH + dx + m] += w * seen
    # every tag's grid, in every format: the better it correlates with the frame seen back
    # through the stencil, the likelier
    back = back[pad:pad + n, pad:pad + n].ravel().astype(np.float32)
    found = [(key, *tag_codes.candidates(n, *key)) for key in _formats(n)]
    likeness = np.concatenate([codes @ back for _key, _named, codes in found])
    finalists = np.sort(np.argsort(-likeness)[:FINALISTS])
    labels, grids, formats = [], [], []
    start = 0
    for key, named, codes in found:
        for i in finalists[(finalists >= start) & (finalists < start + len(named))]:
            labels.append(named[i - start][0])
            grids.append(codes[i - start])
            formats.append(key)
        start += len(named)
    grids = np.array(grids)
    _, left = _least_squares(_design(_padded(grids, n), n)[:, usable], z[usable])
    order = np.argsort(left)
    best = order[0]
    text = labels[best]
    rival = min((left[o] for o in order[1:] if labels[o] != text), default=np.inf)
    decoys = tag_codes.decoys(text, n, *formats[best])
    if len(decoys):  # the likeliest few by the same correlation, fitted the same way
        decoys = decoys[np.argsort(-(decoys @ back))[:FINALIST_DECOYS]]
        _, decoy_left = _least_squares(_design(_padded(decoys, n), n)[:, usable], z[usable])
        rival = min(rival, float(decoy_left.min()))
    return text if 0 < rival and left[best] < CLEAR_RATIO * rival else None


def _formats(n: int) -> tuple[tuple[str, int], ...]:
    """Every (error correction level, mask) a tag's code of side n may be printed in."""
    return tag_codes.formats(n)[0]


def prepare() -> None:
    """Encodes every tag in every format now (a few seconds, once per process), so that the
    first smeared tag does not hold the camera up while it is done."""
    for n in qr_grid.SIDES:
        for key in _formats(n):
            tag_codes.candidates(n, *key)
