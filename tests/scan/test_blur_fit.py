"""Naming a smeared tag by fitting its blur (companion.scan.blur_fit): the codes it names, and
the ones it must not."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
import segno

from companion.scan import blur_fit, decoder

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import frames_second  # noqa: E402

MODULE_PX = 8
QUIET = 4


def _code(text: str, version: int = 1, error: str = "m", mask: int = 3) -> np.ndarray:
    code = segno.make_qr(text, version=version, error=error, mask=mask, mode="byte", boost_error=False)
    return np.asarray(code.matrix, dtype=bool)


def _smeared(dark: np.ndarray, length: float, angle: float, defocus: float = 0.0,
             seed: int = 0) -> np.ndarray:
    """The code drawn at MODULE_PX a module with its quiet zone, smeared along a line `length`
    modules long at `angle` degrees (and defocused), on a lamp's slope, with sensor noise."""
    n = dark.shape[0]
    image = np.where(np.pad(dark, QUIET), 40.0, 220.0).astype(np.float32)
    image = cv2.resize(image, None, fx=MODULE_PX, fy=MODULE_PX, interpolation=cv2.INTER_NEAREST)
    size = int(length * MODULE_PX) | 1
    kernel = np.zeros((size, size), np.float32)
    c = size // 2
    dx, dy = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    cv2.line(kernel, (int(round(c - dx * c)), int(round(c - dy * c))),
             (int(round(c + dx * c)), int(round(c + dy * c))), 1.0, 1)
    image = cv2.filter2D(image, -1, kernel / kernel.sum(), borderType=cv2.BORDER_REPLICATE)
    if defocus:
        image = cv2.GaussianBlur(image, (0, 0), defocus * MODULE_PX)
    ramp = np.linspace(0.8, 1.1, image.shape[1], dtype=np.float32)
    image = image * ramp[None, :] + np.random.default_rng(seed).normal(0, 4, image.shape)
    assert (n + 2 * QUIET) * MODULE_PX == image.shape[0]
    return np.clip(image, 0, 255).astype(np.uint8)


def _centres(image: np.ndarray, n: int) -> np.ndarray:
    """What tag_fit hands over: each module's centre, over the code and a ring of one module."""
    m = n + 2 * blur_fit.RING
    first = QUIET - blur_fit.RING
    out = np.empty((m, m))
    for row in range(m):
        for col in range(m):
            y = (first + row) * MODULE_PX + MODULE_PX // 2
            x = (first + col) * MODULE_PX + MODULE_PX // 2
            out[row, col] = image[y - 1:y + 2, x - 1:x + 2].mean()
    return out


@pytest.mark.parametrize("text, length, angle, defocus", [
    ("HNB:G4:1", 2.5, 30, 0.0),
    ("HNB:R1:3", 3.0, 100, 0.3),
    ("HNB:M5:1", 0.0, 0, 0.8),
])
def test_a_tag_smeared_past_zbar_is_named(text, length, angle, defocus):
    dark = _code(text)
    image = _smeared(dark, length, angle, defocus)
    assert decoder.zbar_qr(image) == []  # zbar gives up on it
    assert blur_fit.name(_centres(image, dark.shape[0]), dark.shape[0]) == text


@pytest.mark.parametrize("text", ["HNB:R7:1", "HNB:G2:3", "https://example.org/menu"])
def test_a_code_that_is_no_tag_is_named_nothing_however_smeared(text):
    """Texts one character from a tag's, and another code of the same size: the fit leaves no
    tag clearly ahead of every other text."""
    dark = _code(text, version=2 if len(text) > 17 else 1)
    n = dark.shape[0]
    for length, angle in ((0.0, 0), (2.5, 30), (3.0, 100)):
        assert blur_fit.name(_centres(_smeared(dark, length, angle), n), n) is None


def test_no_code_at_all_is_named_nothing():
    rng = np.random.default_rng(5)
    for n in (21, 25):
        m = n + 2 * blur_fit.RING
        assert blur_fit.name(rng.uniform(30, 230, (m, m)), n) is None
        assert blur_fit.name(np.full((m, m), 255.0), n) is None  # all glare
        assert blur_fit.name(np.full((m, m), 128.0), n) is None  # a plain card
        assert blur_fit.name(np.full((m, m), np.nan), n) is None


def test_a_hard_frame_of_the_second_maker_is_read_where_the_modules_alone_failed():
    """A motion-smeared card of the benchmark's second corpus (640x480, seed 1, frame 8): zbar,
    zxing-cpp and the module-by-module tag fit all give up; its blur fitted names it."""
    frame = frames_second.card_frame((640, 480), 10 * 1_000_003 + 640 + 8)
    assert decoder.decode_frame(frame.frame) == ["HNB:B4:2"]
