"""Card faces in a stream of frames: each card shown counts once, like a tag.

A face becomes a card read after it is named in `stable` frames, with at most one frame missed
between two of them (the reader names a face only when sure, so it often says nothing for a
frame; it seldom names a wrong card), and must then be out of view for `leave` frames in a row
before that card can count again. Copies of a card look
alike, so a face names the card and not the copy (the read's copy is None), and a second copy
shown while the first is still in view is not a new card: it counts only after the first left.

A card with a tag is read by its tag: the cards read by tags in the same frame are `claimed`,
so their faces never count on their own, and a card already counted by its face is not
counted again when its tag comes into view (`holds`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable, Iterable

from companion.rules.cards import Card, parse_card
from companion.rules.variants import Variant, get_variant
from companion.scan.repeated_errors import RepeatedErrors
from companion.scan.tag import TagRead

errors = RepeatedErrors(logging.getLogger(__name__))  # a reader failing on every frame: once a minute

STABLE_FRAMES = 3  # a face is named in this many frames in a row before it counts
LEAVE_FRAMES = 6
GAP_FRAMES = 1  # frames a face may go unnamed without starting its count again


@dataclass
class _Face:
    streak: int = 0
    missing: int = 0
    counted: bool = False
    by_face: bool = False  # counted from its face (not held by a tag)
    reported: bool = False  # reported from its tag: its face in view is still that card


@dataclass
class FaceStream:
    """Frames in, card reads out. `read(frame, variant)` names the faces in a frame (FaceReader)."""

    read: Callable[..., list[str]]
    stable: int = STABLE_FRAMES
    leave: int = LEAVE_FRAMES
    _faces: dict[Card, _Face] = field(default_factory=dict)

    def feed(self, frame, variant: Variant | str | None = None,
             claimed: Iterable[Card] = ()) -> list[TagRead]:
        """The faces read in `frame` -> the cards to report now. `claimed`: the cards whose tags
        were read in this frame (their faces are theirs, never a second card)."""
        return self.count(self.names(frame, variant), claimed)

    def names(self, frame, variant: Variant | str | None = None) -> list[Card]:
        """The cards of the variant's deck named in `frame` (the slow part: it may run apart
        from `count`, outside a lock)."""
        deck = get_variant(variant) if isinstance(variant, str) else variant
        try:
            names = self.read(frame, deck)
        except Exception:  # a frame the reader cannot take names nothing (and is logged)
            errors.exception("the face reader failed")
            names = []
        shown = []
        for name in names:
            card = parse_card(str(name))
            if card is not None and card not in shown and (deck is None or deck.copies(card)):
                shown.append(card)
        return shown

    def count(self, shown: list[Card], claimed: Iterable[Card] = ()) -> list[TagRead]:
        """The cards named in one frame -> the cards to report now."""
        claimed = set(claimed)
        reads = []
        for card in dict.fromkeys([*shown, *claimed]):
            face = self._faces.setdefault(card, _Face())
            face.missing = 0
            face.streak += 1
            if card in claimed:
                face.counted = True  # the tag speaks for it
            elif not face.counted and face.streak >= self.stable:
                face.counted = face.by_face = True
                reads.append(TagRead(f"face:{card}", card, None))
        for card in list(self._faces):
            if card in shown or card in claimed:
                continue
            face = self._faces[card]
            face.missing += 1
            if face.missing > GAP_FRAMES:
                face.streak = 0
            if (not face.counted and face.missing > GAP_FRAMES) or face.missing >= self.leave:
                del self._faces[card]
        return reads

    def holds(self, card: Card) -> bool:
        """The card was reported (from its face or its tag) and has not left the view since."""
        face = self._faces.get(card)
        return face is not None and (face.by_face or face.reported)

    def mark_reported(self, card: Card) -> None:
        """The card was reported from its tag: while its face stays in view, it is that card."""
        face = self._faces.setdefault(card, _Face())
        face.counted = face.reported = True

    @property
    def holding(self) -> bool:
        """A card counted from its face is still in view (or only briefly lost)."""
        return any(f.by_face for f in self._faces.values())

    @property
    def in_view(self) -> bool:
        """A face is in view and not counted yet."""
        return any(f.missing == 0 and not f.counted for f in self._faces.values())

    def reset(self) -> None:
        self._faces.clear()
