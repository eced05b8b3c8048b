"""The colour of the figure in a face's corners, against the same rank of the other suits.

Some editions print a card's suit in its corners only: the same art on two suits, the rank
figure coloured by suit (a red 1 and a rainbow 1 alike but for the two bars in their corners,
red on one, purple on the other). The figure judge (figures.py) compares the corners in grey, the
pixel judge fits a light to each card that may absorb a small figure's colour, and the network
and the discriminant weigh a few corner pixels beside the whole card: all of them may find such
a card nearer the other suit, whose art was taught from a photo that lies a little closer.

This judge looks at the figure's pixels alone, in colour. Each taught corner that shows a figure
(its brightness, evened, varying by figures.FLAT or more) keeps the pixels whose brightness
stands out from its paper (FIGURE_SHARE of the most any does: the figure and its edge). A view
is evened as the pixel judge evens it (features.evened), seen under the light that best explains
its whole card as the card's taught face (one gain per channel: a lamp or a camera's white
balance; fitted on the card without its corners, and on its colours, not where they lie:
_light), and each corner is matched against each taught corner of the card at every shift of up
to figures.SHIFT pixels, on the figure's pixels only; its distance is the root mean square
difference there (the channels summed), relative to the figure's own contrast with its paper (so
that one margin fits a faint figure and a bold one). Its verdict on a card is a margin per
corner of the view: how much nearer the same rank of another suit taught comes than the card
itself. Under a lamp strong enough to take a channel's gain COLOUR_TINT from their mean it gives
none: the figure's colour is no longer to be trusted.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.faces import features
from companion.faces.deck_file import Deck
from companion.faces.figures import FLAT, SHIFT, ZOOMS
from companion.faces.finder import FACE_H, FACE_W

FIGURE_SHARE = 0.4  # a corner pixel is the figure's where it stands out this share of the most
CONTRAST_FLOOR = 0.02  # added to a figure's contrast: a faint one is not infinitely sharp
# a view whose light, fitted on its whole card as the card's, has a channel's gain this far from
# their mean or further (either way) tells no colour: a lamp that strong moves a small figure's
# colour further than the whole card's gains undo (a rainbow 1 under an orange lamp, gains 1.84
# and 0.56 the mean, its purple dots nearer the blue 1's in each corner by 0.42 and more; corpus B,
# seed 241, looked at after it was measured); the two misreads the judge stops had 1.2 at most
COLOUR_TINT = 1.5
MOVES = 2 * SHIFT + 1  # places a corner is matched at, each way


class CornerColourJudge:
    """The taught corners of a deck in colour, by card: `margins` of a view towards one card."""

    def __init__(self, deck: Deck) -> None:
        self._cards = deck.cards()
        # per taught corner that shows a figure (a column): its colours, which pixels are the
        # figure's, its card and its look (a taught face, as taught or zoomed, figures.ZOOMS);
        # per look, its whole card's colours without the corners, sorted (_light)
        wholes, colours, masks, cards, looks = [], [], [], [], []
        for card in self._cards:
            for face in deck.faces[card]:
                for zoom in ZOOMS:
                    evened = features.evened(features.zoomed(face, zoom))
                    shown = [c for c in features.corners(evened) if float(c.mean(axis=2).std()) * 255 >= FLAT]
                    for corner in shown:
                        lift = np.abs(corner.mean(axis=2) - np.median(corner.mean(axis=2)))
                        colours.append(corner.reshape(-1, 3))
                        masks.append((lift > FIGURE_SHARE * lift.max()).ravel())
                        cards.append(card)
                        looks.append(len(wholes))
                    if shown:
                        wholes.append(np.sort(_middle(evened), axis=0))
        cw, ch = features.corner_size(FACE_W, FACE_H)
        colours = np.array(colours, np.float32).reshape(len(cards), cw * ch, 3)
        masks = np.array(masks, np.float32).reshape(len(cards), cw * ch)
        # each card's columns lie side by side
        self._spans = {card: slice(cards.index(card), len(cards) - cards[::-1].index(card)) for card in set(cards)}
        # per card, its looks' whole cards (look x pixel x channel)
        self._wholes = {card: np.array([wholes[look] for look in sorted(set(looks[span]))], np.float32)
                        for card, span in self._spans.items()}
        self._ranks = {rank: _Rank(colours, masks, {card: self._spans[card] for card in self._cards
                                                    if card[1:] == rank and card in self._spans})
                       for rank in {card[1:] for card in self._spans}}

    def rivals(self, card: str) -> list[str]:
        """The cards of the same rank in the other suits whose figure was taught."""
        return [other for other in self._cards if other[1:] == card[1:] and other != card and other in self._spans]

    def distances(self, face: np.ndarray, card: str) -> dict[str, np.ndarray]:
        """Per taught card of the rank of `card` (the card and its rivals), per corner of an
        upright view: how far the view's figure's colours are from the nearest taught corner of
        that card, the view seen under the light that makes its whole card most like `card`'s
        (`_light`). Empty where `card` has no figure taught, or the light is too strong to tell
        colours by (COLOUR_TINT)."""
        if face.shape[:2] != (FACE_H, FACE_W):
            raise ValueError(f"an upright face is {FACE_H}x{FACE_W}, not {face.shape[:2]}")
        if card not in self._spans:
            return {}
        rank = self._ranks[card[1:]]
        evened = features.evened(face)
        light = self._light(evened, card)
        if light is None:
            return {}
        # both corners padded by SHIFT each way and lit, and their windows at every shift on the
        # pixels the rank's figures cover (corner and shift x channel and pixel)
        padded = np.stack([cv2.copyMakeBorder(corner * light, SHIFT, SHIFT, SHIFT, SHIFT, cv2.BORDER_REPLICATE)
                           for corner in features.corners(evened)])
        windows = padded.ravel()[rank.windows]
        # per corner, shift and column, the sum over the figure's pixels of (seen - taught)^2
        n = rank.masks.shape[0]
        seen_squares = windows[:, :n] ** 2 + windows[:, n:2 * n] ** 2 + windows[:, 2 * n:] ** 2
        squares = rank.squares + seen_squares @ rank.masks - 2 * windows @ rank.figures
        least = np.maximum(squares.reshape(2, MOVES * MOVES, -1).min(axis=1), 0.0)
        near = np.sqrt(least / rank.pixels) / rank.contrast
        return {other: near[:, span].min(axis=1) for other, span in rank.spans.items()}

    def _light(self, evened: np.ndarray, card: str) -> np.ndarray | None:
        """The gain of each channel under which an evened view's whole card best explains a
        taught one of `card`, the best explained of its looks: its pixels' values sorted, channel
        by channel, so that where the art lies (a card the other way up, an outline a little
        off) does not count, only its colours (least squares, held within features.MAX_TINT of
        their mean); None where a channel's gain is COLOUR_TINT from their mean or further."""
        view = np.sort(_middle(evened), axis=0)
        taught = self._wholes[card]
        gains = np.maximum(np.einsum("pc,lpc->lc", view, taught) / (np.einsum("pc,pc->c", view, view) + 1e-6), 1e-3)
        mean = np.exp(np.log(gains).mean(axis=1, keepdims=True))
        tint = gains / mean
        gains = mean * np.clip(tint, 1 / features.MAX_TINT, features.MAX_TINT)
        left = ((gains[:, None, :] * view[None] - taught) ** 2).sum(axis=(1, 2))  # per look
        best = int(np.argmin(left))
        if not (1 / COLOUR_TINT < tint[best]).all() or not (tint[best] < COLOUR_TINT).all():
            return None
        return gains[best].astype(np.float32)

    def margins(self, face: np.ndarray, card: str, among: set[str] | None = None) -> tuple[float, float]:
        """For each corner of an upright view, how much nearer the same rank of the nearest
        other suit (of those `among`, if given: the variant's cards) comes than `card`
        (`distances`, the view seen as `card`; -inf where no other suit's figure of the rank was
        taught, or the card's was not, or the light is too strong to tell colours by)."""
        if face.shape[:2] != (FACE_H, FACE_W):
            raise ValueError(f"an upright face is {FACE_H}x{FACE_W}, not {face.shape[:2]}")
        rivals = [other for other in self.rivals(card) if among is None or other in among]
        if not rivals or card not in self._spans:
            return -np.inf, -np.inf
        far = self.distances(face, card)
        if not far:  # a light too strong to tell colours by
            return -np.inf, -np.inf
        nearest = np.min([far[other] for other in rivals], axis=0)
        return float(far[card][0] - nearest[0]), float(far[card][1] - nearest[1])


class _Rank:
    """The taught corners of one rank's cards, in every suit taught, as the columns `distances`
    matches a view against in two matrix products, on the pixels any of their figures covers:
    which of them each figure covers (masks, pixel x column), its colours there (figures, channel
    and pixel x column), its sums, and where each pixel of a corner's window at each shift lies in
    the view's two corners padded by SHIFT (windows, corner and shift x channel and pixel)."""

    def __init__(self, colours: np.ndarray, masks: np.ndarray, spans: dict[str, slice]) -> None:
        columns = np.concatenate([np.arange(span.start, span.stop) for span in spans.values()])
        self.spans, at = {}, 0
        for card, span in spans.items():
            self.spans[card] = slice(at, at + span.stop - span.start)
            at += span.stop - span.start
        colours, masks = colours[columns], masks[columns]
        self.pixels = masks.sum(axis=1)
        papers = [np.median(c[m == 0], axis=0) for c, m in zip(colours, masks)]
        self.contrast = np.array([np.sqrt((m[:, None] * (c - paper) ** 2).sum() / n)
                                  for c, m, paper, n in zip(colours, masks, papers, self.pixels)]) + CONTRAST_FLOOR
        self.squares = (masks[:, :, None] * colours ** 2).sum(axis=(1, 2))
        used = np.flatnonzero(masks.any(axis=0))
        self.masks = masks[:, used].T.copy()
        self.figures = (masks[:, used, None] * colours[:, used]).transpose(2, 1, 0).reshape(3 * len(used), -1).copy()
        cw, ch = features.corner_size(FACE_W, FACE_H)
        pw, ph = cw + 2 * SHIFT, ch + 2 * SHIFT
        ys, xs = np.divmod(used, cw)
        corner, dy, dx = np.meshgrid(np.arange(2), np.arange(MOVES), np.arange(MOVES), indexing="ij")
        start = ((corner * ph + dy) * pw + dx).reshape(-1, 1, 1)
        self.windows = ((start + (ys * pw + xs)[None, None, :]) * 3 + np.arange(3)[None, :, None]) \
            .reshape(2 * MOVES * MOVES, 3 * len(used))


def _middle(evened: np.ndarray) -> np.ndarray:
    """pixel x channel: the whole card of an evened face (features.whole_sample) without its four
    corners, where the figures are: the light is fitted on the rest, which two suits told apart
    by their figures' colour alone share."""
    return features.whole_sample(evened)[_MIDDLE]


def _without_corners() -> np.ndarray:
    """Which pixels of a whole card (features.whole_sample) lie outside its four corners."""
    w, h = features.WHOLE
    cw, ch = features.corner_size(w, h)
    keep = np.ones((h, w), bool)
    for ys in (slice(0, ch), slice(h - ch, h)):
        for xs in (slice(0, cw), slice(w - cw, w)):
            keep[ys, xs] = False
    return keep


_MIDDLE = _without_corners()
