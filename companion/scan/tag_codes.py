"""Every tag as the QR code it is printed as: the few codes a smeared tag can be.

A tag's text is one of a few dozen ("HNB:R1:1" to "HNB:M5:1"), so its code is one of a few
thousand grids: each text in alphanumeric or byte mode, at each error correction level and each
of the eight masks, in version 1 or 2. Whatever printed the tag (the project's sheets, another QR
generator), the code is one of them, unless the generator split the text into several segments
or added an ECI header (then the fit does not read it). companion.scan.tag_fit reads the level and mask from the
code's format, then compares its data with the tags' grids of that level and mask (encoded on
first use by companion.scan.qr_encode, a few milliseconds, and kept).

Texts one character from a tag's card or copy ("HNB:R7:1", "HNB:G2:3", "HNB:Q1:1") are not tags;
their grids, the decoys, let the reader make sure a smeared code is nearer a tag than any of them.
"""

from __future__ import annotations

import string
import threading
from functools import lru_cache

import numpy as np
import segno

from companion.rules.cards import RANKS, STANDARD_COPIES, SUIT_LETTERS
from companion.scan import qr_encode, qr_grid
from companion.scan.tag import PREFIX

LEVELS = ("l", "m", "q", "h")
MASKS = tuple(range(8))
MODES = ("alphanumeric", "byte")
VERSIONS = {21: 1, 25: 2}
TEXTS = tuple(f"{PREFIX}{suit}{rank}:{copy}" for suit in SUIT_LETTERS for rank in RANKS
              for copy in range(1, STANDARD_COPIES[rank] + 1))
_CHARS = string.ascii_uppercase + string.digits

_lock = threading.Lock()


def _frozen(array: np.ndarray) -> np.ndarray:
    """The array read-only: it is shared between threads through the caches."""
    array.setflags(write=False)
    return array


@lru_cache(maxsize=None)
def _any_code(n: int, level: str, mask: int) -> np.ndarray:
    """The grid of a code of this format (segno's): its fixed modules and format are every
    code's of the format."""
    code = segno.make_qr("HNB:", version=VERSIONS[n], error=level, mask=mask, mode="byte",
                         boost_error=False)
    return _frozen(np.where(np.asarray(code.matrix, dtype=bool), -1.0, 1.0).astype(np.float32).ravel())


@lru_cache(maxsize=None)
def formats(n: int) -> tuple[tuple[tuple[str, int], ...], np.ndarray]:
    """((level, mask) of each format, their format-area values (K, 30)) for codes of side n."""
    area = qr_grid.format_area(n).ravel()
    keys = tuple((level, mask) for level in LEVELS for mask in MASKS)
    return keys, _frozen(np.array([_any_code(n, *key)[area] for key in keys], np.float32))


def _codes(texts, n: int, level: str, mask: int) -> tuple[tuple[tuple[str, str], ...], np.ndarray]:
    """((text, mode), grid) of each text in each mode, padded both ways generators pad it, each
    different grid once."""
    fixed = _any_code(n, level, mask)
    labels, rows, seen = [], [], set()
    for mode in MODES:
        for whole_zero in (False, True):
            grids, fits = qr_encode.encode(list(texts), n, level, mask, mode, fixed, whole_zero)
            for text, grid in zip([t for t, f in zip(texts, fits) if f], grids):
                key = grid.tobytes()
                if key not in seen:
                    seen.add(key)
                    labels.append((text, mode))
                    rows.append(grid)
    return tuple(labels), _frozen(np.array(rows, np.float32).reshape(len(rows), n * n))


@lru_cache(maxsize=None)
def _candidates(n: int, level: str, mask: int) -> tuple[tuple[tuple[str, str], ...], np.ndarray]:
    return _codes(TEXTS, n, level, mask)


def candidates(n: int, level: str, mask: int) -> tuple[tuple[tuple[str, str], ...], np.ndarray]:
    """((text, mode) of each tag, their grids (M, n*n)) that a code of side n, this level and
    this mask can be."""
    with _lock:
        return _candidates(n, level, mask)


def decoy_texts(text: str) -> list[str]:
    """Texts one character from a tag's card or copy that are no tag."""
    head, card, copy = text.split(":")
    out = set()
    for i in range(len(card)):
        for ch in _CHARS:
            out.add(f"{head}:{card[:i]}{ch}{card[i + 1:]}:{copy}")
    for ch in string.digits:
        out.add(f"{head}:{card}:{ch}")
    return sorted(out - set(TEXTS))


@lru_cache(maxsize=64)
def _decoys(text: str, n: int, level: str, mask: int) -> np.ndarray:
    return _codes(decoy_texts(text), n, level, mask)[1]


def decoys(text: str, n: int, level: str, mask: int) -> np.ndarray:
    """The grids (K, n*n) of the decoys of a tag, in this format, in either mode."""
    with _lock:
        return _decoys(text, n, level, mask)
