"""The network's judge: each view of a face against the deck's taught faces (face_net.py).

Every taught face, and the same face turned over (a card may lie either way up), is a vector of
the network's; a view names the card whose taught vector is nearest (cosine), only when it is
near enough (MIN_LIKENESS) and nearer than every other card's by MIN_GAP.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion.faces.deck_file import Deck
from companion.faces.face_net import FaceNet

# lined notebooks and a phone's pale screen the network was sure were a cream deck's white 1 were
# 0.60-0.63 alike; of the cards it was sure of and right, 0.13% were less than 0.65 alike
# (benchmark, 16 seeds of each corpus)
MIN_LIKENESS = 0.65
MIN_GAP = 0.06


@dataclass(frozen=True)
class NetVerdict:
    card: str | None  # named, or None when not sure
    best: str  # the nearest card
    likeness: float  # its cosine
    gap: float  # over the next card's
    second: str = ""  # that next card
    alike: dict[str, float] = field(default_factory=dict)  # the likeness of the view to each card


class NetJudge:
    def __init__(self, deck: Deck, net: FaceNet | None = None,
                 min_likeness: float = MIN_LIKENESS, min_gap: float = MIN_GAP) -> None:
        self.cards = deck.cards()
        self.net = net or FaceNet()
        self.min_likeness, self.min_gap = min_likeness, min_gap
        faces, labels = [], []
        for index, card in enumerate(self.cards):
            for face in deck.faces[card]:
                faces += [face, np.ascontiguousarray(face[::-1, ::-1])]
                labels += [index, index]
        self._taught = self.net.embed(faces)
        self._labels = np.array(labels, int)
        self._with_faces, self._starts = np.unique(self._labels, return_index=True)

    def likeness(self, faces: list[np.ndarray]) -> np.ndarray:
        """Per view and card: the cosine of the view with the card's nearest taught vector."""
        out = np.full((len(faces), len(self.cards)), -1.0, np.float32)
        if not faces or not len(self._labels):
            return out
        cos = self.net.embed(faces) @ self._taught.T
        # the taught vectors lie card by card (__init__): each card's greatest in one reduction;
        # a card named in the deck file without a face stays at -1
        out[:, self._with_faces] = np.maximum.reduceat(cos, self._starts, axis=1)
        return out

    def rivals(self, face: np.ndarray, card: str) -> list[str]:
        """The cards that keep this view of `card` from being named as it: as alike to the view
        as it is, or within MIN_GAP of it."""
        if card not in self.cards:
            return []
        row = self.likeness([face])[0]
        own = row[self.cards.index(card)]
        return [other for other, like in zip(self.cards, row) if other != card and like > own - self.min_gap]

    def verdicts(self, faces: list[np.ndarray]) -> list[NetVerdict]:
        out = []
        for row in self.likeness(faces):
            order = np.argsort(row)[::-1]
            first = float(row[order[0]])
            second = float(row[order[1]]) if len(order) > 1 else -1.0
            best = self.cards[order[0]]
            runner_up = self.cards[order[1]] if len(order) > 1 else ""
            sure = first >= self.min_likeness and first - second >= self.min_gap
            out.append(NetVerdict(best if sure else None, best, first, first - second, runner_up,
                                  dict(zip(self.cards, map(float, row)))))
        return out
