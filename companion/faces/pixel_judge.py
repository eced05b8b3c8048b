"""The pixel judge: a face against the deck's taught faces, compared pixel by pixel.

One of the reader's two judges (reader.py), beside the face network (net_judge.py): it names a
card by its own rules, and a card the network is sure of is named only if this judge finds it
among its nearest and its discriminant names it too (seconding the network: the whole card's
distance from its taught views is not limited there, and a part a hand or a lamp spoiled may
dissent; see learns), or the network is all but certain of it (reader.CERTAIN_GAP); reader.py
says when this judge's nearest card must be the same, and when the figures in the corners
(figures.py) help tell a card this judge and the network are not sure of alone.

It judges an upright face twice, and names a card only when both judges name it; or, where the
first is sure of the suit and not of the rank, when the second names a card of that suit and
each rank corner tells its rank by far (RANK_BY_FIGURE); or, where the second names nothing and
points to no other card either (a figure printed faint), when the first is as sure as it must
be to name a card alone (ALONE_MAX_RESIDUAL, ALONE_MIN_LEANING, no other card within
CONTENDER_RATIO):

- the comparison with every taught face, both ways up, under the light fitted for each
  (features.residuals): the face must be close to what was taught (MAX_RESIDUAL) and lean
  towards the card against every other card near it (MIN_LEANING). It knows colours: a white
  card under a warm lamp is never a yellow one (but where the camera saturated a channel, the
  lamp may be stronger than it fits: saturated_residuals).
- the discriminant learned from the taught faces (discriminant.FaceModel; each rank corner
  judged against each card at its best of a few shifts of the outline): a rank corner must
  be about as near the card as its taught views are (MAX_CORNER_SPREAD; the whole card may be
  further, a glare or a thumb on it, within MAX_WHOLE_SPREAD, or FAR_WHOLE_SPREAD if it is
  still far nearer this card than any other), no part may find another card much nearer
  (MAX_DISSENT; where it seconds the network, a part a hand or a lamp spoiled may), a corner
  must find this one nearer than every card of another rank and the whole card nearer than
  every card of another suit (MIN_CORNER, MIN_SUIT: the corner tells the rank, the whole card
  the suit), and all told it must be clearly nearer than any other card (MIN_EVIDENCE). It
  knows which differences survive a camera: a 2 and a 3 of one suit are told apart by the
  figure, not by the lamp.

A card is named only where the view shows its print: the view may be no more than MAX_BARE_RATIO
times as far from the card as from a bare card of its paper, its taught face's middle colour all
over (a lined notebook under a lamp was 1.45-1.7 times as far from a cream deck's white 1, a bar in
each corner and a small symbol, as from that bare card); a view all but blank, within
BLANK_RESIDUAL of that bare card, no more than BLANK_BARE_RATIO times as far from the card as from
it (a phone's pale screen and notebooks under an orange and a cold lamp were 1.24-1.4 times as
far). A card outside the variant's deck is never
named, and neither is a card whose nearest taught face is outside it, nor a card of a suit not all
taught (an untaught rank differs from the taught ones where neither judge looked)."""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

import numpy as np

from companion.faces import features
from companion.faces.deck_file import Deck
from companion.faces.discriminant import FaceModel
from companion.rules.variants import Variant, get_variant

MAX_RESIDUAL = 0.45  # of the nearest card (features.residuals; 0 is the taught face itself)
MIN_LEANING = 0.2  # towards the nearest card against every rival (features.leanings; 0.5 is all the way)
# the first judge alone (a deck of one card has no discriminant): as strict as it was made
ALONE_MAX_RESIDUAL = 0.22
ALONE_MIN_LEANING = 0.44
MIN_EVIDENCE = 5.0  # how much nearer the card, in the discriminant, than any other (summed over the parts)
# of the whole card's distance to the card, against what its taught views give: a glare or a
# thumb may spoil part of it, but a lined notebook's corners look like a white 1's thin figure,
# and only its whole (no art in the middle) tells it apart (in this judge's own verdicts; where
# it seconds the network, the parts' agreement and the rank corners refuse the notebook)
MAX_WHOLE_SPREAD = 2.5
# further still (a glare over the art), if the whole card's squared distance to any other card
# is at least WHOLE_RATIO times its distance to this one: the notebook is about as far from
# every card (1.3 times)
FAR_WHOLE_SPREAD = 4.0
WHOLE_RATIO = 2.0
MAX_CORNER_SPREAD = 1.0  # of the nearer rank corner's: the figure itself must look as taught
# the most one part may find another card nearer (a thumb over a corner a little; where the
# network is sure of the card, a part may find another much nearer: _dissent_explained)
MAX_DISSENT = 20.0
MIN_CORNER = 5.0  # by how much at least one rank corner must find the card nearer than any of another rank
# by how much the whole card must find the card nearer than any card of another suit: the whole
# tells the suit (a lined notebook under a warm light, its corners a white 1's thin figure, was
# nearer the yellow 1 as a whole)
MIN_SUIT = 5.0
# where the first judge is sure of the suit but not of the rank, by how much each rank corner
# must find the card nearer than any card of another rank (3 times MIN_CORNER; a blurred 3 both
# judges took for a 1 had 12 in one corner. It is no guard against a taught face that is itself
# wrong: a 5 whose teach outline took in the cloth lost to the 4 by 37 and 44)
RANK_BY_FIGURE = 15.0
MIN_SEPARATION = 1.0  # against every rival (features.separations)
RIVAL_RATIO = 2.0  # a card whose residual is within this factor of the nearest one is a rival
MAX_RIVALS = 8
PER_FACE = 2 * len(features.ZOOMS)  # samples of one taught face: each zoom, both ways up
CONTENDER_RATIO = 1.25  # a card whose residual is within this factor of the nearest may be named
# a view must show the card's print: its residual to the card at most this many times its
# residual to the card's bare paper (its taught face's middle colour all over). Lined notebooks
# the network took for a cream deck's white 1 (a bar in each corner, a small symbol) were
# 1.45-1.7 times as far from it as from its bare paper; black cards with little art, seen right,
# up to 1.36 times (a phone's pale screen, taken for that white 1, was 1.12: not caught by this
# ratio; a view all but blank is asked more, BLANK_BARE_RATIO)
MAX_BARE_RATIO = 1.4
# a view this near the card's bare paper is all but blank, and shows the card's print only if at
# most BLANK_BARE_RATIO times as far from the card as from that paper: a phone's pale screen and
# a lined notebook under an orange lamp, 0.11-0.12 from a cream deck's white 1's bare paper, were
# 1.40 and 1.35 times as far from the 1 (the network 0.77 and 0.74 like it, 0.31 ahead; corpus B,
# seed 158), and a notebook under a cold lamp, 0.21 from it, 1.24 times (0.70 alike, 0.35 ahead;
# seed 164; both looked at after they were measured). Of the outlines named right on 8 tuned
# seeds of each corpus (2,783 and 2,490), 171 and 67 were this near their card's bare paper, at
# most 1.07 times as far from the card; of those further from it than BLANK_BARE_RATIO times,
# the nearest its bare paper was 0.225 from it (a white 5, 1.35 times, the network 0.92 like it)
BLANK_RESIDUAL = 0.22
BLANK_BARE_RATIO = 1.1
# an outline of the second look (what stands out from the cloth) is less sure to be the card's
# own (a blob may lose a corner to a stripe of the cloth's colour, or take in a shadow), and a
# face warped a little off can lean to a neighbouring rank: it names a card only as close to a
# taught face as the first judge alone asks (a rainbow 3 under a warm lamp was read as a 4 at
# 0.245); the reader names a card the network is sure of on such an outline only where the
# pixel judge finds it nearest, or its figures tell it (reader.py)
SECOND_LOOK_MAX_RESIDUAL = ALONE_MAX_RESIDUAL


@dataclass(frozen=True)
class PixelVerdict:
    """The pixel judge on one upright face: `card` is None when not sure."""

    card: str | None
    best: str  # the nearest card, named or not ("" for a deck with nothing taught)
    residual: float  # its residual (features.residuals; 0 is the taught face itself)
    leaning: float  # towards it against its closest rival (0.5 when it has none)
    # the residual of each card nearly as near as the nearest (within RIVAL_RATIO of its residual)
    near: dict[str, float] = field(default_factory=dict)
    printed: frozenset[str] = frozenset()  # those whose print the view shows (MAX_BARE_RATIO, BLANK_BARE_RATIO)
    faint: bool = False  # `card` named on a faint figure: the discriminant names none, nor another
    # the card the first judge was sure of but did not name, as further than `max_residual`
    held_back: str | None = None
    # `card`'s rank told by the discriminant's rank corners alone (RANK_BY_FIGURE), the first
    # judge sure of its suit only
    rank_by_corners: bool = False
    # the comparison judged, for asking of a card not near (PixelJudge.shows_print)
    comparison: Comparison | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class Standing:
    """How the discriminant's verdicts on a face stand towards one card (PixelJudge._standing)."""

    lead: float  # how much nearer it is, all told, than the nearest other card (negative: another is)
    spread: float  # the whole card's distance to it, against what its taught views give
    clear: bool  # every other card at least WHOLE_RATIO times as far, by the whole card
    corner_spread: float  # the nearer rank corner's distance to it, against its taught views'
    dissent: float  # the least margin of any part (negative: that part finds another card nearer)
    rank_margins: tuple[float, float]  # each rank corner's, against the cards of another rank
    suit_margin: float  # the whole card's, against the cards of another suit


@dataclass(frozen=True)
class Comparison:
    """An upright face against the deck: per card, its residual and its nearest taught sample."""

    sample: np.ndarray
    residual: np.ndarray  # per card (PixelJudge.cards order)
    nearest: np.ndarray  # per card, the index of its nearest sample
    gains: np.ndarray  # per sample, the light fitted
    posed: np.ndarray  # per card and pose (zoom, way up), its nearest sample
    zoom: float = 1.0  # of the face, as compared (features.zoomed)


class PixelJudge:
    def __init__(self, deck: Deck, max_residual: float = MAX_RESIDUAL, min_leaning: float = MIN_LEANING) -> None:
        self.deck = deck
        self.max_residual = max_residual
        self.min_leaning = min_leaning
        self.cards = deck.cards()
        self._index = {card: i for i, card in enumerate(self.cards)}
        self._ranks = np.array([card[1:] for card in self.cards])  # per card, its rank
        self._suits = np.array([card[:1] for card in self.cards])
        self._taught = set(self.cards)
        samples, labels = [], []
        for index, card in enumerate(self.cards):
            for face in deck.faces[card]:
                for zoom in features.ZOOMS:
                    near = features.zoomed(face, zoom)
                    for turned in (near, near[::-1, ::-1]):
                        samples.append(features.sample(turned))
                        labels.append(index)
        self._samples = np.stack(samples) if samples else None
        self._labels = np.array(labels, int)
        self._scale = features.contrast(self._samples) if samples else 1.0
        # each taught face's bare paper: its middle colour all over
        bare = [(index, np.full_like(face, np.median(face.reshape(-1, 3), axis=0).astype(np.uint8)))
                for index, card in enumerate(self.cards) for face in deck.faces[card]]
        self._bare = np.stack([features.sample(face) for _index, face in bare]) if bare else None
        self._bare_labels = np.array([index for index, _face in bare], int)
        faces = [face for card in self.cards for face in deck.faces[card]]
        self.model = FaceModel(faces, [i for i, card in enumerate(self.cards) for _ in deck.faces[card]]) \
            if len(self.cards) > 1 else None
        self._last_parts: tuple = (None, None)  # (the face last judged by the discriminant, its verdicts)
        self._last_comparison: tuple = (None, 0, None)  # (the face last compared, its checksum, its comparison)

    def _parts(self, face: np.ndarray):
        """The discriminant's verdicts on an upright face (FaceModel.verdicts), kept for the
        face last asked of: the reader asks of one face in turn (verdict, learns, rank_told)."""
        last_face, last_parts = self._last_parts  # one read, as another thread may set it
        if last_face is face:
            return last_parts
        parts = self.model.verdicts(face)
        self._last_parts = (face, parts)
        return parts

    def compare(self, face: np.ndarray) -> Comparison | None:
        """The face against every taught face, under the light fitted for each; kept for the
        face last compared, as the reader asks of one face in turn."""
        if self._samples is None:
            return None
        check = zlib.crc32(np.ascontiguousarray(face))  # a face changed since is compared anew
        last_face, last_check, last = self._last_comparison  # one read, as another thread may set it
        if last_face is face and last_check == check:
            return last
        comparison = self._compared(face)
        self._last_comparison = (face, check, comparison)
        return comparison

    def _compared(self, face: np.ndarray) -> Comparison:
        # the face at the zoom that brings it nearest a taught sample (the first such zoom);
        # the last zoom is measured first, as it is the nearest for most faces, and another
        # in full only where it may come as near (features.any_within)
        best = None
        for zoom in reversed(features.ZOOMS):
            sample = features.sample(features.zoomed(face, zoom))
            gains = features.lights(sample, self._samples)  # fitted once, for both measures
            if best is not None and not features.any_within(sample, self._samples, self._scale, best[1].min(), gains):
                continue
            res, gains = features.residuals(sample, self._samples, self._scale, gains)
            if best is None or res.min() <= best[1].min():
                best = sample, res, gains, zoom
        sample, res, gains, zoom = best
        residual = np.full(len(self.cards), np.inf, np.float32)
        nearest = np.zeros(len(self.cards), int)
        posed = np.zeros((len(self.cards), PER_FACE), int)  # per card and pose, its nearest sample
        # each card's nearest sample, and its nearest in each pose: the first of it in order
        order = np.argsort(res)
        labels = self._labels[order]
        cards, first = np.unique(labels, return_index=True)
        nearest[cards] = order[first]
        residual[cards] = res[order[first]]
        poses, first = np.unique(labels * PER_FACE + order % PER_FACE, return_index=True)
        posed.reshape(-1)[poses] = order[first]
        return Comparison(sample, residual, nearest, gains, posed, zoom)

    def leaning(self, comparison: Comparison, card: int, rival: int) -> float:
        """features.leanings of the face towards `card` against `rival` (indexes in self.cards),
        the rival taken in the same pose (zoom, way up) as the card's nearest sample: two
        faces are told apart where they differ, not where they are turned or trimmed apart."""
        return float(self.leanings(comparison, card, [rival])[0])

    def leanings(self, comparison: Comparison, card: int, rivals: list[int]) -> np.ndarray:
        """`leaning` towards `card` against each of `rivals`, in one pass (features.leanings)."""
        a = comparison.nearest[card]
        b = comparison.posed[rivals, a % PER_FACE]
        return features.leanings(comparison.sample, comparison.gains[a], self._samples[a], self._samples[b])

    def separations(self, comparison: Comparison, card: int, rivals: list[int]) -> np.ndarray:
        """features.separations of `card` from each of `rivals` for this face, each rival in the
        same pose as the card's nearest sample."""
        a = comparison.nearest[card]
        b = comparison.posed[rivals, a % PER_FACE]
        return features.separations(comparison.sample, comparison.gains[a], self._samples[a], self._samples[b])

    def saturated_residuals(self, face: np.ndarray, cards: list[str]) -> dict[str, float]:
        """Per card of `cards` taught, the residual of its taught sample nearest the face (its
        photo and pose, `compare`) where the camera saturated the face
        (features.saturated_residuals): the saturated pixels left out of the light's fit and
        taken as at least as bright as seen, the light allowed up to
        features.SATURATED_MAX_TINT."""
        comparison = self.compare(face)
        if comparison is None:
            return {}
        saturated = features.saturated(features.zoomed(face, comparison.zoom))
        indexes = [self._index[card] for card in cards if card in self._index]
        rows = comparison.nearest[indexes]
        residuals = features.saturated_residuals(comparison.sample, saturated, self._samples[rows], self._scale)
        return {self.cards[index]: float(value) for index, value in zip(indexes, residuals)}

    def learned(self, face: np.ndarray, min_each_corner: float = -np.inf, parts=None,
                seconding: bool = False) -> int | None:
        """The card the discriminant names for the upright face (its index in self.cards), or
        None: the nearer rank corner as near the card as its taught views (the whole card may
        stray further), no part finding another card much nearer, a corner finding this one
        nearer than any card of another rank (each corner by `min_each_corner`, if asked) and
        the whole card nearer than any card of another suit, and all told clearly nearer it
        than any other card. In a deck of one rank the corners have no rank to tell from (the
        reader names no card of a suit not taught whole). `parts`: the model's verdicts on the
        face, if already made.

        With `seconding` (the network is sure of the card; see learns), the whole card's
        distance from its taught views is not limited, and a part a hand or a lamp spoiled may
        find another card much nearer (_dissent_explained)."""
        if self.model is None:
            return None
        parts = parts if parts is not None else self._parts(face)
        whole, first, second = parts
        card = int(np.argmin(whole.distance + first.distance + second.distance))
        s = self._standing(parts, card)
        whole_near = seconding or s.spread <= (FAR_WHOLE_SPREAD if s.clear else MAX_WHOLE_SPREAD)
        near = whole_near and s.corner_spread <= MAX_CORNER_SPREAD
        # the corner must tell the rank: against the cards of another rank (the same figure in
        # another suit's colours may be as near, on a light card whose corners are pale; the
        # whole card and the first judge tell the suit)
        agreed = (s.dissent >= -MAX_DISSENT or (seconding and self._dissent_explained(parts, card, s))) \
            and max(s.rank_margins) >= MIN_CORNER and min(s.rank_margins) >= min_each_corner \
            and s.suit_margin >= MIN_SUIT
        return card if s.lead >= MIN_EVIDENCE and near and agreed else None

    def _standing(self, parts, card: int) -> Standing:
        """How the discriminant's verdicts on a face (`parts`) stand towards `card`."""
        whole, first, second = parts
        total = whole.distance + first.distance + second.distance
        others = np.delete(whole.distance, card)
        other_rank = (self._ranks != self._ranks[card])[:len(total)]  # the model's cards only
        other_suit = (self._suits != self._suits[card])[:len(total)]
        return Standing(
            lead=float(np.delete(total, card).min() - total[card]),
            spread=float(whole.distance[card] / self.model.whole.typical),
            clear=bool(others.min() >= WHOLE_RATIO * whole.distance[card]),
            corner_spread=float(min(first.distance[card], second.distance[card]) / self.model.corner.typical),
            dissent=min(part.margin(card) for part in parts),
            rank_margins=(first.margin(card, other_rank), second.margin(card, other_rank)),
            suit_margin=whole.margin(card, other_suit))

    def _dissent_explained(self, parts, card: int, s: Standing) -> bool:
        """Whether each part of a face that finds another card much nearer than `card`
        (MAX_DISSENT) is one a hand or a lamp may have spoiled, the rest of the face telling the
        card: a rank corner finding a card of another rank nearer (a thumb over its figure, a
        glare washing it white) while the other corner tells this card's rank (MIN_CORNER) and
        the whole card finds it nearest; the whole card finding other ranks of its suit nearer
        (a glare over the art) while both corners tell its rank. A part finding the same rank
        in another suit much nearer, beside whatever else, is never explained away: the suit is
        what it doubts (a red 1 the network took for the rainbow 1 had a corner finding the red
        1 far nearer). Only where the network is sure of the card (learns)."""
        whole = parts[0]
        n = len(whole.distance)  # the model's cards
        same_rank = (self._ranks == self._ranks[card])[:n]
        same_suit = (self._suits == self._suits[card])[:n]
        for k, part in enumerate(parts):
            if part.margin(card) >= -MAX_DISSENT:
                continue
            if part.margin(card, same_rank) < -MAX_DISSENT:  # the same rank in another suit
                return False
            if k == 0:
                explained = part.margin(card, ~same_suit) >= -MAX_DISSENT and min(s.rank_margins) >= MIN_CORNER
            else:  # the other corner's rank margin; the whole card not against the card
                explained = s.rank_margins[2 - k] >= MIN_CORNER and whole.margin(card) >= 0
            if not explained:
                return False
        return True

    def not_against(self, parts, card: int) -> bool:
        """Whether the discriminant's verdicts on a face (`parts`), though they do not name
        `card`, leave it standing: no card clearly nearer all told (MIN_EVIDENCE), no rank
        corner finding a card of another rank nearer (by MIN_CORNER), no part finding another
        card much nearer (MAX_DISSENT), and the whole card nearer it than any card of another
        suit (MIN_SUIT) and about as near it as its taught views. A figure printed faint (a white
        card's pale print on a light edition) barely moves the discriminant, which learned to
        overlook small differences; the first judge, comparing pixels, still sees it."""
        total = sum(part.distance for part in parts)
        if card >= len(total) or not np.isfinite(total[card]):
            return False
        s = self._standing(parts, card)
        return (s.lead >= -MIN_EVIDENCE and s.spread <= MAX_WHOLE_SPREAD
                and min(s.rank_margins) >= -MIN_CORNER and s.dissent >= -MAX_DISSENT
                and s.suit_margin >= MIN_SUIT)

    def learns(self, face: np.ndarray, card: str, min_each_corner: float = -np.inf) -> bool:
        """Whether the discriminant, on this upright face, names `card` (learned), seconding
        the network, which is sure of it: the network has judged the whole card already, so the
        whole need not look as its taught views do. Every part must still agree, or be one a
        hand or a lamp spoiled while the rest of the face tells the card (_dissent_explained; a
        red 1 the network took for the rainbow 1, the whole card nearer the rainbow 1 too, had
        a corner finding the red 1 far nearer), the rank corner and the whole card must tell
        this card's rank and suit from the others', and all told the card must be clearly the
        nearest. On the benchmark's two corpora (14 seeds each) letting the whole card stray
        named 2-3 and 5-10 points more of the card frames, overlooking the spoiled parts 1 and
        2 more, and no card wrong or in a frame without one."""
        if self.model is None or card not in self.cards:
            return False
        return self.learned(face, min_each_corner, seconding=True) == self.cards.index(card)

    def standing(self, face: np.ndarray, card: str) -> Standing | None:
        """How the discriminant's verdicts on an upright face stand towards `card` (None for a
        card not taught, or a deck of one card, which has no discriminant)."""
        if self.model is None or card not in self.cards:
            return None
        return self._standing(self._parts(face), self.cards.index(card))

    def rank_told(self, face: np.ndarray, card: str) -> bool:
        """Whether each rank corner of the face finds `card` nearer than any card of another
        rank, by MIN_CORNER (the discriminant's)."""
        s = self.standing(face, card)
        return s is not None and min(s.rank_margins) >= MIN_CORNER

    def suit_told(self, face: np.ndarray, card: str) -> bool:
        """Whether the whole card finds `card` nearer than any card of another suit, by
        MIN_SUIT (the discriminant's)."""
        s = self.standing(face, card)
        return s is not None and s.suit_margin >= MIN_SUIT

    def rivals(self, face: np.ndarray, card: int) -> list[int]:
        """The cards (indexes in self.cards) that stand in the way of naming `card` in this
        upright view of it, pair by pair: nearer to it, not clearly told apart from it where
        the two differ, or not clearly further in the discriminant (the reader's own verdict
        asks more: see judge and learned)."""
        comparison = self.compare(face)
        if comparison is None:
            return []
        residual = comparison.residual
        own = residual[card]
        out = []
        totals = None
        if self.model is not None:
            totals = sum(part.distance for part in self._parts(face))
        for other in range(len(self.cards)):
            if other == card:
                continue
            close = residual[other] <= RIVAL_RATIO * own
            if residual[other] < own or (close and self.leaning(comparison, card, other) < self.min_leaning) \
                    or (totals is not None and totals[other] - totals[card] < MIN_EVIDENCE):
                out.append(other)
        return out

    def _suit_taught(self, suit: str, allowed: set[str] | None) -> bool:
        """Whether every card of `suit` that may be shown was taught (for no variant named: of
        the classic deck), so that the discriminant has each rank to weigh against the others."""
        shown = allowed if allowed is not None else shown_cards("classic")
        return all(card in self._taught for card in shown if card[0] == suit)

    def _alone_sure(self, comparison: Comparison, card: str, leaning: float) -> bool:
        """Whether the first judge is as sure of `card` as it must be to name it alone: within
        the strict limits of a deck of one card, and with no other card a contender (within
        CONTENDER_RATIO of its residual; a white 4 under a cold light that was as near the
        white 3 and 5 leaned to the 3 by 0.446)."""
        residual = comparison.residual
        own = float(residual[self.cards.index(card)])
        others = np.delete(residual, self.cards.index(card))
        return (own <= ALONE_MAX_RESIDUAL and leaning >= ALONE_MIN_LEANING
                and (not len(others) or float(others.min()) > CONTENDER_RATIO * own))

    def _limits(self) -> tuple[float, float]:
        """The first judge's (max residual, min leaning): this reader's, and for a deck of one
        card, which has no discriminant to agree, the strict ones of the first judge alone."""
        if self.model is not None:
            return self.max_residual, self.min_leaning
        return ALONE_MAX_RESIDUAL, ALONE_MIN_LEANING

    def judge(self, comparison: Comparison | None, allowed: set[str] | None = None
              ) -> tuple[str | None, str, float, float, str | None]:
        """(card or None, nearest card, its residual, its leaning against its closest rival,
        and its suit or None: whether this judge is sure of the suit, against the cards of
        other suits near, even where it is not sure of the rank; given whether or not the card
        is in `allowed`, which the caller asks of the card it names)."""
        if comparison is None or not np.isfinite(comparison.residual).any():
            return None, "", float("inf"), 0.0, None
        residual = comparison.residual
        first = float(residual.min())
        near = [int(i) for i in np.argsort(residual) if residual[i] <= RIVAL_RATIO * first][:MAX_RIVALS]
        # of the cards nearly as near as the nearest, the one that leans towards itself most
        # clearly against all the others near
        best, leaning = near[0], 0.5
        leanings: dict[int, dict[int, float]] = {}  # per contender, its leaning against each other card near
        if len(near) > 1:
            contenders = [a for a in near if residual[a] <= CONTENDER_RATIO * first]
            for a in contenders:
                others = [b for b in near if b != a]
                leanings[a] = dict(zip(others, map(float, self.leanings(comparison, a, others))))
            scores = [min(leanings[a].values()) for a in contenders]
            k = int(np.argmax(scores))
            best, leaning = contenders[k], scores[k]
        first = float(residual[best])
        name = self.cards[best]
        rivals = [b for b in near if b != best]
        other_suits = [b for b in rivals if self.cards[b][0] != name[0]]
        suit_leaning = min([leanings[best][b] for b in other_suits], default=0.5)
        unclear = [b for b, apart in zip(rivals, self.separations(comparison, best, rivals) if rivals else ())
                   if apart < MIN_SEPARATION]
        if unclear:
            leaning = min(leaning, 0.0)  # the rivals differ from it less than the face does
            if any(b in other_suits for b in unclear):
                suit_leaning = 0.0
        max_residual, min_leaning = self._limits()
        # a card of a suit not all taught is never named: an untaught rank differs from the
        # taught ones where neither judge looked (a deck taught in part reads the suits it has
        # whole)
        close = first <= max_residual and self._suit_taught(name[0], allowed)
        sure = close and leaning >= min_leaning
        if allowed is not None and name not in allowed:
            sure = False
        suit = name[0] if close and suit_leaning >= min_leaning else None
        return (name if sure else None), name, first, leaning, suit

    def verdict(self, face: np.ndarray, allowed: set[str] | None,
                max_residual: float | None = None) -> PixelVerdict:
        """An upright face judged by both judges; `max_residual`, where given, is the most the
        named card's residual may be."""
        comparison = self.compare(face)
        card, best, residual, leaning, suit = self.judge(comparison, allowed)
        near, printed = {}, frozenset()
        if comparison is not None and np.isfinite(comparison.residual).any():
            first = float(comparison.residual.min())
            near = {self.cards[i]: float(comparison.residual[i]) for i in np.flatnonzero(
                comparison.residual <= RIVAL_RATIO * first)}
            printed = frozenset(self._printed(comparison, near))
        held_back = None
        if max_residual is not None and residual > max_residual:
            held_back, card, suit = card, None, None
        faint = by_corners = False
        if card is not None and self.model is not None:
            parts = self._parts(face)
            learned = self.learned(face, parts=parts)
            # a faint figure: the discriminant names nothing and points nowhere else, and the
            # first judge is as sure as it must be of a deck of one card
            faint = learned is None and self._alone_sure(comparison, card, leaning) \
                and self.not_against(parts, self.cards.index(card))
            if not faint and (learned is None or self.cards[learned] != card):
                card = None
        elif suit is not None and self.model is not None:
            # sure of the suit, not of the rank (two figures of one suit alike pixel by pixel
            # under this light): the rank is the discriminant's, if each corner tells it clearly
            # and the card is among the first judge's near ones, within its limit
            learned = self.learned(face, RANK_BY_FIGURE)
            limit = min(self.max_residual if max_residual is None else max_residual,
                        RIVAL_RATIO * float(comparison.residual.min()))
            if learned is not None and self.cards[learned][0] == suit \
                    and comparison.residual[learned] <= limit \
                    and (allowed is None or self.cards[learned] in allowed):
                card, by_corners = self.cards[learned], True
        if card not in printed:  # its bare paper is nearly as near, or nearer: its print is not seen
            card = None
        return PixelVerdict(card, best, residual, leaning, near, printed, card is not None and faint, held_back,
                            card is not None and by_corners, comparison)

    def shows_print(self, verdict: PixelVerdict, card: str) -> bool:
        """Whether the view judged shows the card's print (_printed), for a card not among the
        verdict's near ones too (its bare paper measured only when asked)."""
        if card in verdict.near:
            return card in verdict.printed
        comparison = verdict.comparison
        if comparison is None or card not in self._index:
            return False
        residual = float(comparison.residual[self._index[card]])
        return np.isfinite(residual) and card in self._printed(comparison, {card: residual})

    def _printed(self, comparison: Comparison, near: dict[str, float]) -> list[str]:
        """The cards of `near` (card: residual) whose print the compared face shows: at most
        MAX_BARE_RATIO times as far from the card as from its bare paper, BLANK_BARE_RATIO where
        the face is within BLANK_RESIDUAL of that paper (all but blank)."""
        # only the bare papers of the near cards are measured
        rows = np.flatnonzero(np.isin(self._bare_labels, [self._index[card] for card in near]))
        bare, _gains = features.residuals(comparison.sample, self._bare[rows], self._scale)
        own = np.full(len(self.cards), np.inf, np.float32)  # per card, its nearest bare paper
        np.minimum.at(own, self._bare_labels[rows], bare)
        printed = []
        for card, residual in near.items():
            paper = float(own[self._index[card]])
            if residual <= (BLANK_BARE_RATIO if paper <= BLANK_RESIDUAL else MAX_BARE_RATIO) * paper:
                printed.append(card)
        return printed


def shown_cards(variant: Variant | str | None) -> set[str] | None:
    """The cards of the variant's deck ("R1"), or None for no variant named (any card)."""
    if variant is None:
        return None
    if isinstance(variant, str):
        found = get_variant(variant)
        if found is None:
            return set()
        variant = found
    return {str(card) for card in variant.cards()}
