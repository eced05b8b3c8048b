"""A code's outline from its shape: the dark patch its modules make on a light card, closed
into one blob and cut to four corners.

The tag fit's first outlines come from the code's finders, and make parallelograms. Glare
that lightens a finder until the finder template no longer knows it leaves two finders, and on
a card seen at a slant the third, assumed where a square code has it, lies several modules off:
too far for the fit to pull in. The code as a whole survives that. Its modules, set dark against
the local light and closed over a module or two, make one blob whose hull is the code's
quadrilateral, its perspective included; a lightened finder is still darker than the card
around it. (Glare that blows a corner out white cuts that corner off the blob: the outline is
then a few modules off there, as the finders' is.) Which corner is the top-left one is left to
the fit.
"""

from __future__ import annotations

import cv2
import numpy as np

BLOCK_PX = 31  # the local threshold's window, in pixels of the tag fit's patch
OFFSET = 5  # grey levels below the window's mean that count as dark
CLOSE_PX = 7  # one and a half to two modules of a code as wide as the patch's region
MIN_SHARE, MAX_SHARE = 0.08, 0.8  # a blob's area against the patch's, for a code
MIN_SQUARENESS = 0.5  # the shortest side of an outline against its longest, at least
CORNER_TOLERANCES = (0.02, 0.04, 0.06, 0.1)  # of the hull's perimeter, tried in turn

_CLOSE = cv2.getStructuringElement(cv2.MORPH_RECT, (CLOSE_PX, CLOSE_PX))
_SPECKS = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))


def outlines(patch: np.ndarray) -> list[np.ndarray]:
    """The four corners (4x2 float32, patch pixels, clockwise on the image as the code's own
    corners run from its top-left finder) of each code-sized, squarish dark blob in an 8-bit
    grey patch: its hull cut to four corners or, where no tolerance gives four, its smallest
    enclosing rotated rectangle."""
    dark = cv2.adaptiveThreshold(patch, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                 BLOCK_PX, OFFSET)
    blobs = cv2.morphologyEx(cv2.morphologyEx(dark, cv2.MORPH_CLOSE, _CLOSE), cv2.MORPH_OPEN,
                             _SPECKS)
    contours, _ = cv2.findContours(blobs, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    area = patch.shape[0] * patch.shape[1]
    found = []
    for contour in contours:
        if not MIN_SHARE * area <= cv2.contourArea(contour) <= MAX_SHARE * area:
            continue
        hull = cv2.convexHull(contour)
        perimeter = cv2.arcLength(hull, True)
        for tolerance in CORNER_TOLERANCES:
            corners = cv2.approxPolyDP(hull, tolerance * perimeter, True)
            if len(corners) == 4:
                break
        else:
            corners = cv2.boxPoints(cv2.minAreaRect(contour))
        quad = np.asarray(corners, np.float32).reshape(4, 2)
        x, y = quad[:, 0], quad[:, 1]
        if (x * np.roll(y, -1) - np.roll(x, -1) * y).sum() < 0:
            quad = quad[::-1].copy()  # clockwise on the image, as the code's corners run
        if squarish(quad):
            found.append(quad)
    return found


def squarish(quad: np.ndarray) -> bool:
    """Whether a four-cornered outline's shortest side is at least MIN_SQUARENESS of its
    longest, as a code's is at any slant a card is read at (a stripe's is not)."""
    lengths = sides(quad)
    return bool(lengths.min() >= MIN_SQUARENESS * lengths.max())


def sides(quad: np.ndarray) -> np.ndarray:
    """The lengths of a four-cornered outline's sides."""
    return np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
