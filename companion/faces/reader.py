"""Naming the cards in a frame by their faces, only when sure.

Each card-shaped outline in the frame (finder.OutlineSearch) is put upright and judged:

- by the face network (face_net.py), which knows no deck: it says how alike the view is to
  each face the players taught (net_judge.NetJudge), and is sure of a card when the view is
  very like one taught card and clearly more like it than like any other card of the deck (a
  2 and a 3 of one suit, a white and a yellow card under a warm lamp);
- by the pixel judge (pixel_judge.PixelJudge), which compares the view with the taught faces
  pixel by pixel under the light fitted for each, and asks a discriminant learned from the
  deck to agree.

A card is named only when both judges find the view nearest the same taught card, and one of
them is sure of it: the network, if the view is as close to the card's taught face, pixel by
pixel, as the pixel judge asks of a card it names (for an outline of the second look, as close
as SECOND_LOOK_MAX_RESIDUAL) and the pixel judge's discriminant names the card too, by its
rank corner, its suit and all told, the whole card as far from its taught views as it may be
and a part a thumb or a glare spoiled overlooked while the rest tells the card (PixelJudge.learns:
a lined notebook the network took for a rainbow 2 it did not); or the pixel
judge by its own rules. The two see different things (the network what its
training taught it to overlook, the pixel judge what differs under this light), each is sure
of views the other is not, and where they point to different cards neither names one (a white
5 the pixel judge took for the 1 was nearest the 3 for the network).

A card's back, a phone, or a blurred glimpse gives nothing, and the table falls back on the
picker. A card outside the variant's deck is never named, and neither is a card of a suit not
all taught (an untaught rank would be named as the taught rank it looks most like).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.faces.deck_file import Deck
from companion.faces.finder import OutlineSearch, Quad, one_on_the_other, upright_face
from companion.faces.net_judge import NetJudge, NetVerdict
from companion.faces.pixel_judge import SECOND_LOOK_MAX_RESIDUAL, PixelJudge, shown_cards
from companion.rules.variants import Variant


@dataclass(frozen=True)
class FaceRead:
    """One card-shaped outline and the verdict on it: `card` is None when not sure."""

    quad: Quad
    card: str | None
    best: str  # the taught card the network finds the view most like, named or not
    likeness: float  # to it (cosine of the network's vectors; 1 is the taught face itself)
    gap: float  # its likeness less the next card's
    by: str = ""  # which judge named the card: "network" or "pixels"


class FaceReader:
    def __init__(self, deck: Deck, judge: NetJudge | None = None, pixels: PixelJudge | None = None) -> None:
        self.deck = deck
        self.cards = deck.cards()
        self._taught = set(self.cards)
        self.judge = judge or NetJudge(deck)
        self.pixels = pixels or PixelJudge(deck)

    def read(self, frame: np.ndarray, variant: Variant | str | None = None) -> list[str]:
        """The cards named in the frame ("R1"), each once, only those the reader is sure of."""
        names: list[str] = []
        for read in self.read_all(frame, variant):
            if read.card is not None and read.card not in names:
                names.append(read.card)
        return names

    def read_all(self, frame: np.ndarray, variant: Variant | str | None = None) -> list[FaceRead]:
        """Every thing card-shaped in the frame with its verdict (one per thing)."""
        if not self.cards or frame is None or frame.ndim != 3 or frame.shape[2] != 3:
            return []
        allowed = shown_cards(variant)
        search = OutlineSearch(frame)
        quads = search.cards(fallback=False)
        reads = self._judged(frame, quads, allowed)
        out = one_per_thing(reads)
        if all(read.card is None for read in out):
            more = search.standing_out(quads)
            if more:
                out = one_per_thing(reads + self._judged(frame, more, allowed, SECOND_LOOK_MAX_RESIDUAL))
        return out

    def _judged(self, frame: np.ndarray, quads: list[Quad], allowed: set[str] | None,
                max_residual: float | None = None) -> list[FaceRead]:
        """Each outline's verdict (`max_residual`: the most a card the pixel judge names may
        be from its taught face, for a second look)."""
        if not quads:
            return []
        faces = [upright_face(frame, quad) for quad in quads]
        reads = []
        for quad, face, verdict in zip(quads, faces, self.judge.verdicts(faces)):
            card, by = self._named(face, verdict, allowed, max_residual)
            reads.append(FaceRead(quad, card, verdict.best, verdict.likeness, verdict.gap, by))
        return reads

    def _named(self, face: np.ndarray, verdict: NetVerdict, allowed: set[str] | None,
               max_residual: float | None = None) -> tuple[str | None, str]:
        """(the card named for an upright face, or None; which judge named it, or "")."""
        pixels = self.pixels.verdict(face, allowed, max_residual)
        if pixels.card is not None and pixels.card == verdict.best:
            return (pixels.card, "pixels") if self._may_name(pixels.card, allowed) else (None, "")
        limit = self.pixels.max_residual if max_residual is None else max_residual
        if verdict.card is not None and self._may_name(verdict.card, allowed) \
                and pixels.best == verdict.card and pixels.residual <= limit \
                and self.pixels.learns(face, verdict.card):
            return verdict.card, "network"
        return None, ""

    def _may_name(self, card: str, allowed: set[str] | None) -> bool:
        """The card is in the variant's deck, and every card of its suit that may be shown was
        taught (for no variant named: of the classic deck), so that no untaught rank of the
        suit could be taken for it."""
        if allowed is not None and card not in allowed:
            return False
        shown = allowed if allowed is not None else shown_cards("classic")
        return all(other in self._taught for other in shown if other[0] == card[0])

    def rivals(self, face: np.ndarray, card: str) -> list[str]:
        """The cards that keep this upright view of `card` from being named as it: none if it
        is named, else those that stand in the way before either judge (NetJudge.rivals,
        PixelJudge.rivals)."""
        if card not in self.cards or self._named(face, self.judge.verdicts([face])[0], None)[0] == card:
            return []
        by_pixels = [self.pixels.cards[i] for i in self.pixels.rivals(face, self.pixels.cards.index(card))]
        return sorted(set(self.judge.rivals(face, card)) | set(by_pixels))


def one_per_thing(reads: list[FaceRead]) -> list[FaceRead]:
    """One verdict per thing in view: outlines one inside the other are one thing, judged by
    its outline most like a taught face; it names a card only if no outline of it names
    another."""
    groups: list[list[FaceRead]] = []
    for read in sorted(reads, key=lambda r: -r.likeness):
        group = next((g for g in groups if any(one_on_the_other(read.quad, r.quad) for r in g)), None)
        if group is None:
            groups.append([read])
        else:
            group.append(read)
    out = []
    for group in groups:
        named = {read.card for read in group if read.card is not None}
        if len(named) == 1:
            out.append(next(read for read in group if read.card is not None))
        else:
            first = group[0]
            out.append(FaceRead(first.quad, None, first.best, first.likeness, first.gap))
    return out
