"""The fixed layout of the small QR codes a tag is printed as (versions 1 and 2).

Every QR code of a version has the same finder patterns in three corners, the same separators
around them, the same timing lines and, from version 2, an alignment pattern; the standard fixes
them module by module. Around the finders lies the format (error correction level and mask, two
copies), and everywhere else the data. A tag is version 1 (21 modules a side) or, with the most
error correction in byte mode, version 2 (25).

These are what companion.scan.tag_fit aligns a smeared code on before it reads the data.
Light modules are +1, dark modules -1, as everywhere in that reader.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

SIDES = (21, 25)  # modules a side of versions 1 and 2


def _finder(grid: np.ndarray, known: np.ndarray, top: int, left: int) -> None:
    """A finder pattern with its light separator, clipped to the symbol."""
    n = grid.shape[0]
    for r in range(-1, 8):
        for c in range(-1, 8):
            y, x = top + r, left + c
            if not (0 <= y < n and 0 <= x < n):
                continue
            ring = max(abs(r - 3), abs(c - 3))
            grid[y, x] = -1.0 if ring in (0, 1, 3) else 1.0
            known[y, x] = True


@lru_cache(maxsize=None)
def function_pattern(n: int) -> tuple[np.ndarray, np.ndarray]:
    """(values, known): the module values every code of side n shares (finders, separators,
    timing lines, the alignment pattern of version 2, the dark module), and where they are."""
    if n not in SIDES:
        raise ValueError(f"no tag is a QR code of {n} modules a side")
    grid = np.zeros((n, n), np.float32)
    known = np.zeros((n, n), bool)
    for top, left in ((0, 0), (0, n - 7), (n - 7, 0)):
        _finder(grid, known, top, left)
    for i in range(8, n - 8):
        value = -1.0 if i % 2 == 0 else 1.0
        grid[6, i] = grid[i, 6] = value
        known[6, i] = known[i, 6] = True
    if n == 25:
        for r in range(-2, 3):
            for c in range(-2, 3):
                grid[18 + r, 18 + c] = -1.0 if max(abs(r), abs(c)) != 1 else 1.0
                known[18 + r, 18 + c] = True
    grid[n - 8, 8] = -1.0  # the dark module
    known[n - 8, 8] = True
    grid.setflags(write=False)
    known.setflags(write=False)
    return grid, known


@lru_cache(maxsize=None)
def format_area(n: int) -> np.ndarray:
    """Where the format is written (both copies): beside the finders, off the timing lines."""
    area = np.zeros((n, n), bool)
    area[8, :9] = True
    area[:9, 8] = True
    area[8, n - 8:] = True
    area[n - 8:, 8] = True
    area &= ~function_pattern(n)[1]
    area.setflags(write=False)
    return area


@lru_cache(maxsize=None)
def data_area(n: int) -> np.ndarray:
    """The modules that carry the text and its error correction."""
    area = ~(function_pattern(n)[1] | format_area(n))
    area.setflags(write=False)
    return area


# Codewords and, of them, error correction codewords, by side and level (one block each: true
# of every level of versions 1 and 2).
CODEWORDS = {21: 26, 25: 44}
CORRECTION = {21: {"l": 7, "m": 10, "q": 13, "h": 17}, 25: {"l": 10, "m": 16, "q": 22, "h": 28}}


@lru_cache(maxsize=None)
def placement(n: int) -> np.ndarray:
    """The data modules (flat indexes) in the order the code's bits fill them: two columns at a
    time from the bottom right, up then down, skipping the fixed modules, the format and the
    vertical timing line."""
    free = data_area(n)
    order = []
    column, upwards = n - 1, True
    while column > 0:
        if column == 6:
            column -= 1
        for row in (range(n - 1, -1, -1) if upwards else range(n)):
            for x in (column, column - 1):
                if free[row, x]:
                    order.append(row * n + x)
        upwards = not upwards
        column -= 2
    out = np.array(order)
    out.setflags(write=False)
    return out


@lru_cache(maxsize=None)
def codeword_of(n: int) -> np.ndarray:
    """(n*n,) the codeword each module of the data belongs to, -1 for every other module (and
    for version 2's remainder bits, placed after the last codeword)."""
    index = -np.ones(n * n, int)
    bits = placement(n)[:CODEWORDS[n] * 8]
    index[bits] = np.arange(len(bits)) // 8
    index.setflags(write=False)
    return index
