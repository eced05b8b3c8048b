"""Many short texts encoded at once as QR codes of version 1 or 2, one format for all.

The tag fit (companion.scan.tag_fit) compares a smeared code with every tag's code under the
format it read, and with decoys: about a hundred codes per format. segno encodes one code in a
third of a millisecond, which made the first frames of each new format cost tens of milliseconds
on the scan thread; here they are encoded together with numpy in a few, and a text's modules
before the mask, the same under all eight masks of a level, are worked out once. The codes are
those segno prints, and those the standard asks for where segno pads differently
(tests/scan/test_tag_fit.py checks a third of the tags and a few other texts under every
format): the text as one segment in alphanumeric or byte mode, the terminator and pad
codewords, one block of Reed-Solomon error correction (versions 1 and 2 have one block at every
level), the codewords placed two columns at a time from the bottom right, and the mask.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from companion.scan import qr_grid

ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_MODE_BITS = {"alphanumeric": 0b0010, "byte": 0b0100}
_COUNT_BITS = {"alphanumeric": 9, "byte": 8}  # versions 1 to 9
_MASKS = (
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
    lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
    lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0,
)

# GF(256) with the QR code's polynomial x^8 + x^4 + x^3 + x^2 + 1
_EXP = np.zeros(256, np.int32)
_LOG = np.zeros(256, np.int32)
_value = 1
for _power in range(255):
    _EXP[_power] = _value
    _LOG[_value] = _power
    _value <<= 1
    if _value & 0x100:
        _value ^= 0x11D


def _multiply(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    product = _EXP[(_LOG[a] + _LOG[b]) % 255]
    return np.where((a == 0) | (b == 0), 0, product)


@lru_cache(maxsize=None)
def _generator(degree: int) -> np.ndarray:
    """The generator polynomial's coefficients, highest power first (leading 1)."""
    poly = np.array([1], np.int32)
    for root in range(degree):
        shifted = np.append(poly, 0)
        scaled = np.append(0, _multiply(poly, np.full_like(poly, _EXP[root])))
        poly = shifted ^ scaled
    return poly


def _correction(data: np.ndarray, degree: int) -> np.ndarray:
    """The error correction codewords (K, degree) of the data codewords (K, k)."""
    generator = _generator(degree)[1:]
    remainder = np.zeros((len(data), degree), np.int32)
    for column in range(data.shape[1]):
        factor = data[:, column] ^ remainder[:, 0]
        remainder = np.concatenate([remainder[:, 1:], np.zeros((len(data), 1), np.int32)], axis=1)
        remainder ^= _multiply(factor[:, None], generator[None, :])
    return remainder


def _bits(value: int, width: int) -> list[int]:
    return [(value >> shift) & 1 for shift in range(width - 1, -1, -1)]


def _data_bits(text: str, mode: str) -> list[int] | None:
    """The segment's bits: mode, count, data; None if the text cannot be written in the mode."""
    bits = _bits(_MODE_BITS[mode], 4) + _bits(len(text), _COUNT_BITS[mode])
    if mode == "alphanumeric":
        if any(ch not in ALPHANUMERIC for ch in text):
            return None
        values = [ALPHANUMERIC.index(ch) for ch in text]
        for i in range(0, len(values) - 1, 2):
            bits += _bits(45 * values[i] + values[i + 1], 11)
        if len(values) % 2:
            bits += _bits(values[-1], 6)
    else:
        try:
            data = text.encode("iso-8859-1")
        except UnicodeEncodeError:
            return None
        for byte in data:
            bits += _bits(byte, 8)
    return bits


def _codewords(text: str, mode: str, capacity: int, whole_zero: bool) -> list[int] | None:
    """The data codewords, terminated and padded; None if the text does not fit. whole_zero:
    a terminated stream that ends on a codeword boundary gets a whole codeword of zero bits
    before the pad codewords, as segno writes it; the standard adds none."""
    bits = _data_bits(text, mode)
    if bits is None or len(bits) > 8 * capacity:
        return None
    bits += [0] * min(4, 8 * capacity - len(bits))
    bits += [0] * (8 - len(bits) % 8 if whole_zero else -len(bits) % 8)
    if len(bits) > 8 * capacity:
        return None
    words = np.packbits(np.array(bits, np.uint8)).tolist()
    pads = (0xEC, 0x11)
    words += [pads[i % 2] for i in range(capacity - len(words))]
    return words


@lru_cache(maxsize=None)
def _mask(n: int, mask: int) -> np.ndarray:
    """Where the mask flips a module, over the whole grid, flattened."""
    flips = np.zeros((n, n), bool)
    for i in range(n):
        for j in range(n):
            flips[i, j] = _MASKS[mask](i, j)
    return flips.ravel()


def encode(texts: list[str], n: int, level: str, mask: int, mode: str, fixed: np.ndarray,
           whole_zero: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(grids (K, n*n), light +1 and dark -1; which texts fit), every text encoded in `mode` at
    side n, this level and mask. fixed: the grid's other modules (finders, timing, format) as
    the code of any text of this format has them (only the data area is written here).
    whole_zero: pad as segno does (see _codewords)."""
    dark, fits = _unmasked(tuple(texts), n, level, mode, whole_zero)
    grids = np.repeat(fixed[None].astype(np.float32), int(fits.sum()), axis=0)
    if not len(grids):
        return grids, fits
    area = qr_grid.data_area(n).ravel()
    grids[:, area] = np.where(dark[:, area] ^ _mask(n, mask)[area], -1.0, 1.0)
    return grids, fits


@lru_cache(maxsize=256)
def _unmasked(texts: tuple[str, ...], n: int, level: str, mode: str,
              whole_zero: bool) -> tuple[np.ndarray, np.ndarray]:
    """(the dark modules of each text that fits, before the mask (K, n*n); which texts fit).
    The same for all eight masks of a level: the mask is laid over them last."""
    total = qr_grid.CODEWORDS[n]
    degree = qr_grid.CORRECTION[n][level]
    words = [_codewords(text, mode, total - degree, whole_zero) for text in texts]
    fits = np.array([w is not None for w in words], bool)
    fits.setflags(write=False)
    if not fits.any():
        return np.zeros((0, n * n), bool), fits
    data = np.array([w for w in words if w is not None], np.int32)
    allwords = np.concatenate([data, _correction(data, degree)], axis=1)
    bits = ((allwords[:, :, None] >> np.arange(7, -1, -1)) & 1).reshape(len(data), -1)
    order = qr_grid.placement(n)[:8 * total]  # the remainder bits after them stay 0
    dark = np.zeros((len(data), n * n), bool)
    dark[:, order] = bits.astype(bool)
    dark.setflags(write=False)  # shared through the cache
    return dark, fits
