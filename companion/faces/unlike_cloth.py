"""Card outlines found as what differs from the cloth in colour and grain taken together.

A dark card on a dark woven cloth may be lost to every other look: its colours are among the
weave's darkest, so nothing of it stands out by colour alone (standing_out.py), and the weave's
own edges run into its faint ones (finder.OutlineSearch.faint). Yet the cloth is grainy and the
card is smooth, and the card's colour, averaged over a few pixels, is not the weave's average:
each pixel of the picture shrunk SHRINK times (a card is still eight pixels across or more) is
described by its colour smoothed (Lab) and by its grain (how much the brightness changes around
it), and the cloth, what a band round the picture's border shows (a card lies inside the view),
by the mean and the spread of those descriptions, each with each (a Gaussian). Fitted again to
the band's CLOTH_SHARE most cloth-like pixels (a card or a hand at the border is not the cloth),
the pixels far from it (by Mahalanobis distance, more than UNLIKE) differ from the cloth. The
blobs of them, small holes closed and brought back to the picture's size, are outlines like
those that stand out by colour: card-shaped, and running along an edge of the picture.

numpy and OpenCV only; every length is in pixels of the picture given, but SMOOTH, in those of the
picture shrunk. A frame always gives the same outlines: nothing in it is drawn at random.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.faces.standing_out import border_band

SHRINK = 4  # the picture is described this many times smaller: a card's short side is still 8 or more
SMOOTH = 1.0  # the grain is taken over about this many of its pixels (sigma), the colour averaged over half
UNLIKE = 20.0  # the least squared Mahalanobis distance from the cloth of a pixel that differs
CLOTH_SHARE = 0.85  # of the band, the most cloth-like pixels the cloth is fitted to again


def _described(lab: np.ndarray) -> np.ndarray:
    """Each pixel of a Lab picture SHRINK times smaller as its colour smoothed and its grain (the
    log of the brightness's gradient, smoothed): h x w x 4 float32."""
    h, w = lab.shape[:2]
    small = cv2.resize(lab, (max(1, w // SHRINK), max(1, h // SHRINK)), interpolation=cv2.INTER_AREA)
    colour = cv2.GaussianBlur(small, (0, 0), SMOOTH / 2).astype(np.float32)
    light = small[:, :, 0]
    gradient = cv2.add(cv2.convertScaleAbs(cv2.Sobel(light, cv2.CV_16S, 1, 0), alpha=0.25),
                       cv2.convertScaleAbs(cv2.Sobel(light, cv2.CV_16S, 0, 1), alpha=0.25))
    grain = np.log1p(cv2.GaussianBlur(gradient.astype(np.float32) * 4, (0, 0), SMOOTH))
    return np.dstack([colour, grain])


def _whitening(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(mean, W) of a Gaussian fitted to the pixels' descriptions (N x n): for a description x,
    |(x - mean) @ W|^2 is its squared Mahalanobis distance. Each variance is widened by 1 (a Lab
    level, or a unit of the grain's log), so that a flat cloth (one colour, no grain) does not
    make every speck unlike it."""
    mean = pixels.mean(axis=0)
    centred = pixels - mean
    spread = centred.T @ centred / len(pixels) + np.eye(pixels.shape[1], dtype=np.float32)
    return mean, np.linalg.cholesky(np.linalg.inv(spread)).astype(np.float32)


def unlike_cloth(lab: np.ndarray) -> np.ndarray:
    """1 where a pixel of the Lab picture differs from the cloth in colour and grain taken
    together, 0 where it is like the cloth (judged SHRINK times smaller, small holes closed)."""
    described = _described(lab)
    n = described.shape[2]
    band = border_band(described)
    mean, whitening = _whitening(band)
    distance = (((band - mean) @ whitening) ** 2).sum(axis=1)
    kept = int(CLOTH_SHARE * (len(band) - 1))
    mean, whitening = _whitening(band[distance <= np.partition(distance, kept)[kept]])
    whitened = cv2.transform(described - mean, whitening.T)
    distance = cv2.transform(cv2.multiply(whitened, whitened), np.ones((1, n), np.float32))
    mask = np.where(distance > UNLIKE, 255, 0).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    full = cv2.resize(mask, (lab.shape[1], lab.shape[0]), interpolation=cv2.INTER_LINEAR)
    return (full >= 128).astype(np.uint8)
