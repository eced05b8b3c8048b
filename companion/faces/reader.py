"""Naming the cards in a frame by their faces, only when sure.

Each card-shaped outline in the frame (finder.OutlineSearch) is put upright and judged:

- by the face network (face_net.py), which knows no deck: it says how alike the view is to
  each face the players taught (net_judge.NetJudge), and is sure of a card when the view is
  very like one taught card and clearly more like it than like any other card of the deck (a
  2 and a 3 of one suit, a white and a yellow card under a warm lamp);
- by the pixel judge (pixel_judge.PixelJudge), which compares the view with the taught faces
  pixel by pixel under the light fitted for each, and asks a discriminant learned from the
  deck to agree.

A card is named only when one judge is sure of it, the other does not point elsewhere, and the
view shows the card's print (PixelJudge: no more than MAX_BARE_RATIO times as far from the card
as from a bare card of its paper, so that a lined notebook is not a faintly printed white 1):

- the pixel judge sure of the card, and the network finding it nearest, the view at least
  somewhat like a taught face (the network's MIN_LIKENESS: a lined notebook the pixel judge
  took for a white 1 with a thin figure was 0.36-0.44 like it); where the network finds
  another rank of the suit all but as near (within its MIN_GAP: a deck's thin roman V and II,
  a rainbow 5 the pixel judge took for the 2), each rank corner must tell the rank the
  discriminant names (PixelJudge.rank_told; a faint figure the discriminant names no card of
  is left to the pixel judge's first judge, as sure as it must be of a deck of one card);
- the network sure of the card, the pixel judge sure of none, and the view as close to the
  card's taught face, pixel by pixel, as the pixel judge asks of a card it names on a first
  look (MAX_RESIDUAL, on any outline; FAR_RESIDUAL on a first-look outline where the network
  is very sure and the pixel judge finds the card nearest), among the cards it finds nearest
  (within RIVAL_RATIO of the nearest), and the pixel judge's discriminant naming the card
  too, by its rank corner, its suit and all told, the whole card as far from its taught views
  as it may be and a part a thumb or a glare spoiled overlooked while the rest tells the card
  (PixelJudge.learns: a lined notebook the network took for a rainbow 2 it did not), unless
  the network is all but certain of the card (CERTAIN_LIKENESS, CERTAIN_GAP) and the pixel
  judge finds it the nearest within MAX_RESIDUAL on a first-look outline. Where
  the pixel judge finds another card a little nearer (under a lamp two ranks of one suit, or
  one rank in two suits, may be about as near), the network must find the view very like its
  card (STRONG_LIKENESS) and each rank corner tell its rank, and only on an outline of the
  first look.

The two see different things (the network what its training taught it to overlook, the pixel
judge what differs under this light), each is sure of views the other is not, and where one is
sure of a card the other finds another nearest, neither names one (a white 5 the pixel judge
took for the 1 was nearest the 3 for the network).

Where the outlines of the frame's edges name nothing, the reader looks again: at what stands
out from the cloth's colours, then at faint edges (a dark card on a dark cloth). Those outlines
are less sure to be the card's own (a blob may lose a corner to the cloth, a faint edge run
along the card's shadow): the pixel judge names a card on them only as close to its taught face
as SECOND_LOOK_MAX_RESIDUAL, and the network's card must be the pixel judge's nearest.

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


# where the pixel judge finds another card a little nearer than the one the network is sure of
# (under a lamp two ranks of one suit may be about as near, pixel by pixel), the network must
# find the view this like its card (of such right reads on the benchmark, about 5% were less),
# and each rank corner of the discriminant tell its rank (a white 4 the network took for the 3
# at 0.94 had a rank corner nearer another rank)
STRONG_LIKENESS = 0.8
# where the network is very sure of its card (STRONG_LIKENESS, and SURE_GAP_FACTOR times the gap
# it asks) and the pixel judge finds that card the nearest, on a first-look outline, the view may
# be this far from its taught face, pixel by pixel (a glare, a blur, a thumb; MAX_RESIDUAL
# otherwise): on 16 tuned seeds of each corpus, 0.4% and 0.9% more card frames named, none wrong
SURE_GAP_FACTOR = 2.0
FAR_RESIDUAL = 0.6
# where the network is all but certain of its card (this alike, and this far ahead of every other
# card) and the pixel judge finds that card the nearest, within its own limit (MAX_RESIDUAL), on
# a first-look outline, the discriminant need not second it: a deck printing its rank as a small
# figure in the corners only is told by the network and the pixels, not by the discriminant's
# coarser corners. Of the views on 20 tuned seeds of each corpus that both judges took for the
# same wrong card, none was more than 0.21 ahead for the network (a lined notebook, 0.80 alike),
# the next 0.16 (a white 2 whose outline cut off its corner, taken for the 3): 1.2 and 0.9 more
# points of the card frames named, none wrong
CERTAIN_LIKENESS = 0.85
CERTAIN_GAP = 0.25


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
        more: list[Quad] = []
        if all(read.card is None for read in out):
            more = search.standing_out(quads)
            if more:
                reads += self._judged(frame, more, allowed, SECOND_LOOK_MAX_RESIDUAL)
                out = one_per_thing(reads)
        if all(read.card is None for read in out):
            faint = search.faint(quads + more)
            if faint:
                out = one_per_thing(reads + self._judged(frame, faint, allowed, SECOND_LOOK_MAX_RESIDUAL))
        return out

    def _judged(self, frame: np.ndarray, quads: list[Quad], allowed: set[str] | None,
                max_residual: float | None = None) -> list[FaceRead]:
        """Each outline's verdict (`max_residual`: the most a card the pixel judge names may
        be from its taught face, for an outline of a later look)."""
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
        """(the card named for an upright face, or None; which judge named it, or ""), by the
        rules of the module's docstring; `max_residual` is given for an outline of a later look."""
        # the network must find the view like a taught face at all (a lined notebook the pixel
        # judge took for a white 1 with a thin figure was 0.36-0.44 like it): a view it does not
        # (a card's back, a phone, the cloth) is not compared pixel by pixel
        if verdict.likeness < self.judge.min_likeness:
            return None, ""
        pixels = self.pixels.verdict(face, allowed, max_residual)
        if pixels.card is not None and pixels.card == verdict.best:
            # the network all but as near another rank of the suit (two figures it cannot tell
            # apart, as a deck's thin roman V and II): each rank corner must tell the rank the
            # discriminant names (a faint figure it names none of is the first judge's alone)
            unsure_rank = verdict.gap < self.judge.min_gap and verdict.second[:1] == pixels.card[0] \
                and not pixels.faint
            if not self._may_name(pixels.card, allowed) \
                    or (unsure_rank and not self.pixels.rank_told(face, pixels.card)):
                return None, ""
            return pixels.card, "pixels"
        # the network very sure, the card the pixel judge's nearest too, the discriminant to agree
        limit = FAR_RESIDUAL if pixels.best == verdict.card and max_residual is None \
            and verdict.likeness >= STRONG_LIKENESS and verdict.gap >= SURE_GAP_FACTOR * self.judge.min_gap \
            else self.pixels.max_residual
        if verdict.card is None or pixels.card is not None or not self._may_name(verdict.card, allowed) \
                or pixels.near.get(verdict.card, np.inf) > limit or verdict.card not in pixels.printed:
            return None, ""
        if pixels.best == verdict.card:
            # the network all but certain, the card within the pixel judge's own limit and on a
            # first-look outline: the discriminant need not second it
            seconded = (max_residual is None and verdict.likeness >= CERTAIN_LIKENESS
                        and verdict.gap >= CERTAIN_GAP and pixels.near[verdict.card] <= self.pixels.max_residual) \
                or self.pixels.learns(face, verdict.card)
        else:  # the pixel judge finds another card a little nearer: only on a first-look outline
            seconded = max_residual is None and verdict.likeness >= STRONG_LIKENESS \
                and self.pixels.learns(face, verdict.card, min_each_corner=0.0)
        return (verdict.card, "network") if seconded else (None, "")

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
