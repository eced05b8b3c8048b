"""From a stream of decoded frames to card events: each card shown counts once.

A tag becomes an event only after it is read in `stable` consecutive frames (a glimpse of a card
passing by is not a play), and after that it must be out of view for `leave` consecutive frames
before the same tag can count again (a card held in front of the camera is one play, however
long it stays and however many frames miss it).

Non-card texts (a menu's QR code, "HNB:R6:1") go through the same logic, so a rejection is
reported once per appearance too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from companion.rules.variants import Variant
from companion.scan.tag import TagRead, parse_tag

STABLE_FRAMES = 2
LEAVE_FRAMES = 6


@dataclass
class _Seen:
    streak: int = 0  # consecutive frames it was read in
    missing: int = 0  # consecutive frames it was not read in
    counted: bool = False  # already reported during this appearance


@dataclass
class Tracker:
    """Feed it the texts decoded in each frame; it returns the tags that just became stable."""

    stable: int = STABLE_FRAMES
    leave: int = LEAVE_FRAMES
    variant: Variant | str | None = None
    _seen: dict[str, _Seen] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.stable < 1 or self.leave < 1:
            raise ValueError("stable and leave must be at least 1 frame")

    def feed(self, texts: Iterable[str]) -> list[TagRead]:
        """The texts read in one frame -> the tags to report now (cards and rejections)."""
        now = list(dict.fromkeys(texts))
        events: list[TagRead] = []
        for text in now:
            seen = self._seen.setdefault(text, _Seen())
            seen.missing = 0
            seen.streak += 1
            if not seen.counted and seen.streak >= self.stable:
                seen.counted = True
                events.append(parse_tag(text, self.variant))
        present = set(now)
        for text in list(self._seen):
            if text in present:
                continue
            seen = self._seen[text]
            seen.streak = 0
            seen.missing += 1
            # A glimpse that was never counted leaves no memory; a counted tag is forgotten
            # (and may count again) only once it has been out of view long enough.
            if not seen.counted or seen.missing >= self.leave:
                del self._seen[text]
        return events

    @property
    def in_view(self) -> bool:
        """Something was read in the last frame and not yet counted (for a "seeing" status)."""
        return any(s.missing == 0 and not s.counted for s in self._seen.values())

    @property
    def holding(self) -> bool:
        """A counted tag is still in view (or only briefly lost)."""
        return any(s.counted for s in self._seen.values())

    def reset(self) -> None:
        """Forgets everything in view (a new game, a reconnected camera)."""
        self._seen.clear()
