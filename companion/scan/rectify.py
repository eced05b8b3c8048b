"""A located code made square again, and whether a patch shows a blown-out spot (glare).

zbar reads a code seen at an angle poorly: a tilted card shows its code as a trapezoid, which
no rotation and resize can undo. OpenCV's QR detector (the ArUco-based one, quick on a small
patch) finds the code's four corners; one perspective warp then gives zbar a square code with a
clean quiet zone. The detector only says where a code is; zbar still reads it, so nothing is
decoded that zbar did not read.
"""

from __future__ import annotations

import threading

import cv2
import numpy as np

RECT_PX = 232  # side of the rectified patch
RECT_MARGIN = 28  # quiet zone around the code in it, pixels
GLARE_LEVEL = 250  # a grey level this bright is a blown-out spot
GLARE_SHARE = 0.02  # of the patch: from this share of blown-out pixels, the light is evened first

_local = threading.local()


def _detector() -> cv2.QRCodeDetectorAruco:
    detector = getattr(_local, "detector", None)
    if detector is None:  # one per thread: a detector keeps state between calls
        detector = _local.detector = cv2.QRCodeDetectorAruco()
    return detector


def code_corners(patch: np.ndarray, least: float = 0.02) -> np.ndarray | None:
    """The four corners (4x2 float32) of the code in a grey patch, or None if none is found
    (or if it covers less than `least` of the patch: a speck, not the code looked for)."""
    try:
        found, points = _detector().detect(patch)
    except cv2.error:
        return None
    if not found or points is None:
        return None
    corners = np.asarray(points, np.float32).reshape(-1, 2)
    if corners.shape != (4, 2) or cv2.contourArea(corners) < least * patch.size:
        return None
    return corners


def all_code_corners(patch: np.ndarray) -> list[np.ndarray]:
    """The corners (4x2 float32) of every code found in a grey patch."""
    try:
        found, points = _detector().detectMulti(patch)
    except cv2.error:
        return []
    if not found or points is None:
        return []
    return [c for c in np.asarray(points, np.float32).reshape(-1, 4, 2)
            if cv2.contourArea(c) > 16.0]


def square(patch: np.ndarray, corners: np.ndarray, side: int = RECT_PX,
           margin: int = RECT_MARGIN) -> np.ndarray:
    """The code at `corners` warped to a square of `side` pixels with a `margin` around it."""
    target = np.array([[margin, margin], [side - margin, margin], [side - margin, side - margin],
                       [margin, side - margin]], np.float32)
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    return cv2.warpPerspective(patch, matrix, (side, side), flags=cv2.INTER_CUBIC,
                               borderMode=cv2.BORDER_REPLICATE)


def code_side(corners: np.ndarray) -> float:
    """The longest edge of the code's outline, in pixels."""
    return float(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1).max())


def otsu(patch: np.ndarray) -> np.ndarray:
    """Black and white at one threshold for the whole patch: right for a squared code whose
    light is even, where a local threshold breaks the large dark modules of a finder."""
    return cv2.threshold(patch, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[1]


def glared(patch: np.ndarray) -> bool:
    """A blown-out spot covers a noticeable part of the patch."""
    return float(np.count_nonzero(patch >= GLARE_LEVEL)) >= GLARE_SHARE * patch.size
