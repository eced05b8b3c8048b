"""The network's vectors of one deck, learned: which of their directions tell its faces apart.

The face network (face_net.py) knows no deck: its likeness of a view to a taught face is the
same yardstick for every deck, and two ranks of a suit that differ only by a small figure are
all but as alike to it as two views of one face. Here the reader learns, for the deck it is
shown, how the network's vector of each taught face moves from one view to the next (the views
a table's camera might give, faces.variations, as the discriminant of the pixel judge learns
them) and which directions tell the faces apart: a linear discriminant of the network's
vectors (discriminant.Discriminant), one class per taught photo and way up.

`margins` says how much nearer the view's vector is, in that discriminant's space, to a card
than to every other card: in units of the spread of one face's views, twice the log of the
odds if those views were the whole truth. Views with a glare or a thumb are not among them, on
purpose (see variations.py): the margin is asked only where the other judges agree on the card.

Learned when a deck is loaded, with the network itself: about 1.7 s of the 2.2 s a reader of a
deck of 30 faces takes to build on a two-core PC (the network run on about 1,500 views;
bench/bench_faces.py prints the time a reader takes to build), longer on a Raspberry Pi.
"""

from __future__ import annotations

import numpy as np

from companion.faces.discriminant import MAX_ROWS, VIEWS, Discriminant
from companion.faces.variations import variations


class NetDiscriminant:
    """A linear discriminant of the network's vectors of a deck's taught faces: `margins`."""

    def __init__(self, embed, faces: list[np.ndarray], labels: list[int], cards: int, views: int = VIEWS,
                 seed: int = 0) -> None:
        """`embed`: the network (FaceNet.embed); `faces`: the upright taught faces, `labels`
        their cards' indices (of `cards`). The views are the pixel judge's (the same `views`
        and `seed`: drawn once for both)."""
        self.cards = cards
        views = max(1, min(views, MAX_ROWS // max(len(faces), 1)))  # as many as the pixel judge's
        vectors, classes, card_of_class = [], [], []
        for face, label in zip(faces, labels):
            seen = [face] + variations(face, views, seed)
            for turn in (1, -1):  # a card may lie either way up: each way a look of its own
                vectors.append(embed([np.ascontiguousarray(view[::turn, ::turn]) for view in seen]))
                classes += [len(card_of_class)] * len(seen)
                card_of_class.append(label)
        self._discriminant = Discriminant(np.concatenate(vectors), np.array(classes)) if len(set(labels)) > 1 \
            else None
        self._card_of_class = np.array(card_of_class, int)[self._discriminant.classes] \
            if self._discriminant is not None else np.zeros(0, int)

    def margins(self, vectors: np.ndarray) -> np.ndarray:
        """Per vector (one per row) and card: how much nearer the vector is to the card than to
        the nearest other card (negative: another card is nearer; -inf for a card not taught,
        and for every card of a deck with fewer than two cards taught)."""
        out = np.full((len(vectors), self.cards), -np.inf, np.float32)
        if self._discriminant is None or not len(vectors):
            return out
        for row, vector in zip(out, vectors):
            per_card = np.full(self.cards, np.inf, np.float32)
            np.minimum.at(per_card, self._card_of_class, self._discriminant.distances(vector))
            nearest, second = np.argsort(per_card)[:2]
            # every card against the nearest card, and the nearest against the next
            row[:] = per_card[nearest] - per_card
            row[nearest] = per_card[second] - per_card[nearest]
            row[~np.isfinite(per_card)] = -np.inf
        return out
