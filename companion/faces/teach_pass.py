"""The teach pass: one face at a time, taken from the camera when it is held still.

A pure model (no Kivy): the teach screen shows it and forwards its taps; the camera's frames
come in through `feed(frame)` on whatever thread reads them (the caller keeps it to one thread
at a time).

    pass_ = TeachPass("classic")
    pass_.current            -> Card R1: the face to show now ("Show Red 1")
    pass_.feed(frame)        -> what the camera sees: NO_CARD, MANY, MOVING, STEADY, TAKEN...
    pass_.retake()           -> the last photo taken is dropped; that face is asked for again
    pass_.skip()             -> the face is asked for after the others
    pass_.finish()           -> the self-check: pass_.confused names the faces it mixes up

The faces come in the order of the variant's deck, suit by suit, 1 to 5. A face is taken once
exactly one card is found in `still_frames` consecutive frames without moving; after a photo
the view must clear (the card taken away) before the next face can be taken, so that a card
left lying is never taken again for the next face. A skipped face comes back once the others
are done. At the end the pass reads every taught face back (`confusions`); a face it confuses
with another is asked for again, with another photo, and the check is run once more. A photo
whose card is unlike the rest of its suit along its edge (odd_faces.py: the outline was the
cloth's) is refused when taken, and at each check (the first cards of a suit are taken before
there is a suit to compare them with) taken out of the deck, its card asked for again if it has
no other photo.

`saved()` / `TeachPass.resume(...)` keep a pass left half-way: the deck file holds the photos
learned, the saved dict the faces taken and skipped.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from typing import Callable

from companion.rules.cards import Card, parse_card
from companion.rules.variants import Variant, get_variant

STILL_FRAMES = 4  # frames in a row with one card that does not move
STILL_SHARE = 0.02  # a centre moving less than this share of the frame's width is still
STILL_DEGREES = 6.0  # and turning less than this
MIN_AREA_RATIO = 0.7  # and looking about as big (the outline may be the card's or its border's)

# What the camera saw in one frame (feed's answer)
NO_CARD = "no_card"  # nothing that looks like a card
MANY = "many"  # more than one card: which one is meant?
MOVING = "moving"  # one card, not still yet
STEADY = "steady"  # one card, still for `steady` frames, not enough yet
TAKEN = "taken"  # the face was learned from this frame
UNCLEAR = "unclear"  # held still, but the photo could not be learned from
TAKE_AWAY = "take_away"  # the card just taken is still in view
CLEAR_VIEW = "clear_view"  # a card is still in view after its face was skipped: it must leave first
IDLE = "idle"  # nothing to take (the pass is checking or done)

# Where the pass is
TEACHING, CHECKED = "teaching", "checked"


def _core():
    from companion.faces import finder, odd_faces, teach

    return finder.find_cards, teach.learn_face, teach.confusions, odd_faces.odd_faces


@dataclass(frozen=True)
class Taken:
    face: Card
    before: tuple  # the deck and the lists as they were before this photo (for a retake)


class TeachPass:
    def __init__(self, variant: Variant | str, deck=None, *, taken=(), skipped=(),
                 still_frames: int = STILL_FRAMES,
                 find_cards: Callable | None = None, learn_face: Callable | None = None,
                 confusions: Callable | None = None, odd_faces: Callable | None = None,
                 defer_check: bool = False) -> None:
        found = variant if isinstance(variant, Variant) else get_variant(variant)
        if found is None:
            raise ValueError(f"unknown variant {variant!r}")
        self.variant = found
        core = (find_cards, learn_face, confusions, odd_faces)
        found, learn, check, odd = _core() if None in core else (None,) * 4
        self._find = find_cards or found
        self._learn = learn_face or learn
        self._confusions = confusions or check
        self._odd_faces = odd_faces or odd
        if deck is None:
            from companion.faces.deck_file import Deck

            deck = Deck()
        self.deck = deck
        self.faces: list[Card] = list(self.variant.cards())
        self.taken: list[Card] = [c for c in self.faces if c in set(taken)]
        self.skipped: list[Card] = [c for c in skipped if c in self.faces and c not in self.taken]
        self.still_frames = max(1, int(still_frames))
        self.phase = TEACHING
        self.confused: list[tuple[Card, Card]] = []  # the pairs the last check mixed up
        self.unlike: list[Card] = []  # the faces whose photo the last check took out (_take_out_odd)
        self.again: list[Card] = []  # faces asked for again after a check
        self.steady = 0  # frames in a row the card has been still
        self.seen = NO_CARD  # what the last frame showed
        self.why = ""  # why the last photo was UNCLEAR (a key of teach.WHY), if the teach said
        self._last_quad = None
        self._shown_quad = None  # the outline `outline` gives
        self._frame_size: tuple[int, int] | None = None
        self._must_clear = False  # the card shown must leave the view before the next photo
        self._clear_as = TAKE_AWAY  # what the pass says until it does: TAKE_AWAY, UNCLEAR or CLEAR_VIEW
        self._history: list[Taken] = []
        self._checks = 0
        # with defer_check, the photo that completes the pass only marks the check as due: the
        # caller runs it (check_in, then check) where it keeps no one waiting
        self._defer_check = defer_check
        self.check_due = False
        self.current: Card | None = self._next_face()

    # ----- where the pass stands -----------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.faces)

    @property
    def done_count(self) -> int:
        return len(self.taken)

    @property
    def checking_again(self) -> bool:
        """The faces asked for now are the ones the check confused (another photo each)."""
        return bool(self.again)

    @property
    def complete(self) -> bool:
        """Every face of the deck has a photo."""
        return len(self.taken) == len(self.faces)

    def _next_face(self) -> Card | None:
        if self.again:
            return self.again[0]
        for face in self.faces:
            if face not in self.taken and face not in self.skipped:
                return face
        return self.skipped[0] if self.skipped else None

    # ----- the camera ------------------------------------------------------------------------------
    def feed(self, frame) -> str:
        """One camera frame; returns what it showed (one of the constants above)."""
        if self.current is None:
            self.seen = IDLE
            self._shown_quad = None
            return IDLE
        try:
            quads = list(self._find(frame))
        except Exception:  # a frame the finder cannot take is a frame with no card
            quads = []
        if not quads:
            self._must_clear = False
            return self._saw(NO_CARD)
        if self._must_clear:  # an unclear photo is said so until the card leaves, not taken
            return self._saw(self._clear_as)
        cards = _separate(quads)
        if len(cards) > 1:
            return self._saw(MANY)
        quad = cards[0]
        if self._still(quad, frame):
            self.steady += 1
        else:
            self.steady = 1
        self._last_quad = self._shown_quad = quad
        self._frame_size = (frame.shape[1], frame.shape[0])
        if self.steady < self.still_frames:
            self.seen = MOVING if self.steady == 1 else STEADY
            return self.seen
        return self._take(frame)

    @property
    def outline(self) -> list[tuple[float, float]]:
        """The corners of the card the pass follows (held still or moving), or of the one it
        has just taken while that card is still in view, as shares of the frame's width and
        height: the screen shows which outline is taken (a block of a checked cloth, or the
        card's art, taken for the card is then seen, and retaken). Empty when no single card
        is in view."""
        if self._shown_quad is None or self._frame_size is None:
            return []
        w, h = self._frame_size
        return [(x / w, y / h) for x, y in _points(self._shown_quad)]

    def _saw(self, what: str) -> str:
        self.steady = 0
        self._last_quad = None
        if what not in (TAKE_AWAY, UNCLEAR):  # the outline taken, or refused, stays in sight
            self._shown_quad = None
        self.seen = what
        return what

    def _still(self, quad, frame) -> bool:
        """The card has not moved since the last frame: same centre, size and turn. The outline
        found may be the card's edge in one frame and the inner edge of a printed border in the
        next, so corners alone would call a card lying still a moving one."""
        if self._last_quad is None:
            return False
        a, b = _points(quad), _points(self._last_quad)
        if len(a) < 3 or len(b) < 3:
            return False
        (ax, ay), (bx, by) = _centre(a), _centre(b)
        if abs(ax - bx) + abs(ay - by) > STILL_SHARE * frame.shape[1]:
            return False
        area_a, area_b = _area(a), _area(b)
        if min(area_a, area_b) < MIN_AREA_RATIO * max(area_a, area_b):
            return False
        turn = abs(_long_side_angle(a) - _long_side_angle(b)) % 180
        return min(turn, 180 - turn) <= STILL_DEGREES

    def _take(self, frame) -> str:
        face = self.current
        before = (copy.deepcopy(self.deck), list(self.taken), list(self.skipped), list(self.again),
                  self.phase, list(self.confused), list(self.unlike), self._checks)
        try:
            result = self._learn(self.deck, str(face), frame)
        except Exception:
            result = False
        self.steady = 0
        self._last_quad = None
        if not result:
            self.deck = before[0]  # a failed photo leaves no trace
            self._must_clear, self._clear_as = True, UNCLEAR
            self.why = getattr(result, "why", "")
            self.seen = UNCLEAR
            return UNCLEAR
        self._history = [Taken(face, before)]  # one step back: the photo just taken
        if face not in self.taken:
            self.taken.append(face)
        if face in self.skipped:
            self.skipped.remove(face)
        if self.again and self.again[0] == face:
            self.again.pop(0)
        self._must_clear, self._clear_as = True, TAKE_AWAY
        self.current = self._next_face()
        if self.current is None and self.complete:
            if self._defer_check:
                self.check_due = True
            else:
                self.check()
        self.seen = TAKEN
        return TAKEN

    # ----- the player's taps -----------------------------------------------------------------------
    @property
    def last_taken(self) -> Card | None:
        """The face of the last photo taken (the one a retake would take again)."""
        return self._history[-1].face if self._history else None

    @property
    def can_retake(self) -> bool:
        return bool(self._history)

    def retake(self) -> Card | None:
        """Drops the last photo taken: the pass is back where it was before it, asking for that
        face again. Returns that face (None if no photo was taken)."""
        if not self._history:
            return None
        last = self._history.pop()
        (self.deck, self.taken, self.skipped, self.again, self.phase, self.confused, self.unlike,
         self._checks) = last.before
        self.check_due = False
        self.current = last.face
        self._must_clear = False
        self.steady = 0
        self._last_quad = self._shown_quad = None
        return last.face

    def skip(self) -> Card | None:
        """The current face is asked for again after the others. Returns the next face."""
        face = self.current
        if face is None:
            return None
        queue = self.again if self.again else self.skipped
        if face in queue:
            queue.remove(face)
        queue.append(face)
        self.steady = 0
        self._last_quad = self._shown_quad = None
        if self._must_clear:  # the card in view is not the one asked for now: it must leave first
            self._clear_as, self.why = CLEAR_VIEW, ""
        self.current = self._next_face()
        return self.current

    def check_in(self, deck) -> list:
        """The pairs of faces the reader confuses in `deck` (this pass's, or a copy of it): the
        slow part of the check, which touches nothing of the pass."""
        try:
            return list(self._confusions(deck))
        except Exception:
            return []

    def check(self, pairs: list | None = None) -> list[tuple[Card, Card]]:
        """Reads every taught face back (or takes `pairs`, check_in's answer for this deck): the
        pairs it confuses are asked for again, once more. A face whose photo was not of the
        card (unlike the rest of its suit at its edge: the first two of a suit are taken before
        there is a suit to compare with) is taken out first, and its card asked for again if it
        has no other photo; the pairs, read back with that face in the deck, are then left to
        the check after its new photo."""
        if pairs is None:
            pairs = self.check_in(self.deck)
        self.check_due = False
        self.unlike = self._take_out_odd()
        confused = []
        for a, b in pairs:
            ca, cb = _card(a), _card(b)
            if ca is not None and cb is not None:
                confused.append((ca, cb))
        if self.unlike:
            confused = []
        else:
            self._checks += 1
        self.confused = confused
        self.phase = CHECKED
        faces = list(self.unlike)
        if confused and self._checks == 1:  # another photo of each face confused, then one more check
            for pair in confused:
                for face in pair:
                    if face not in faces:
                        faces.append(face)
        if faces:
            self.again = faces
            self.phase = TEACHING
        self.current = self._next_face()
        return confused

    def _take_out_odd(self) -> list[Card]:
        """The faces left with no photo once the photos odd_faces finds unlike their suit are
        taken out of the deck (they are no longer taken)."""
        try:
            gone = self.deck.take_out(list(self._odd_faces(self.deck)))
        except Exception:
            return []
        cards = [card for card in map(_card, gone) if card is not None]
        self.taken = [face for face in self.taken if face not in cards]
        return [face for face in self.faces if face in cards]

    @property
    def confused_faces(self) -> list[Card]:
        seen: list[Card] = []
        for pair in self.confused:
            for face in pair:
                if face not in seen:
                    seen.append(face)
        return seen

    # ----- keeping a pass left half-way --------------------------------------------------------------
    def saved(self, deck_file: str) -> dict:
        """What to remember (beside the deck file) to resume this pass later."""
        return {"variant": self.variant.name, "deck": str(deck_file),
                "taken": [str(c) for c in self.taken], "skipped": [str(c) for c in self.skipped]}

    @classmethod
    def resume(cls, saved: dict, load_deck: Callable | None = None, **kw) -> "TeachPass":
        """The pass `saved()` described; ValueError (or the deck file's error) if it cannot be."""
        if load_deck is None:
            from companion.faces.deck_file import load_deck
        variant = str(saved.get("variant", ""))
        if get_variant(variant) is None:
            raise ValueError(f"unknown variant {variant!r}")
        deck = load_deck(saved["deck"])
        taken = [c for c in map(_card, saved.get("taken", [])) if c is not None]
        skipped = [c for c in map(_card, saved.get("skipped", [])) if c is not None]
        return cls(variant, deck, taken=taken, skipped=skipped, **kw)


def _card(value) -> Card | None:
    if isinstance(value, Card):
        return value
    return parse_card(str(value))


def _separate(quads) -> list:
    """The outlines that are cards of their own: an outline inside a bigger one (a card's inner
    frame) is the same card. Biggest first."""
    shapes = sorted(((_area(_points(q)), q) for q in quads), key=lambda item: -item[0])
    kept: list = []
    for _area_, quad in shapes:
        centre = _centre(_points(quad))
        if not any(_inside(centre, _points(k)) for k in kept):
            kept.append(quad)
    return kept


def _area(points) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                   in zip(points, points[1:] + points[:1]))) / 2


def _long_side_angle(points) -> float:
    """The direction of the quad's longest side, in degrees (0 to 180)."""
    sides = [(x2 - x1, y2 - y1) for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1])]
    dx, dy = max(sides, key=lambda v: v[0] * v[0] + v[1] * v[1])
    return math.degrees(math.atan2(dy, dx)) % 180


def _centre(points) -> tuple[float, float]:
    n = max(1, len(points))
    return sum(p[0] for p in points) / n, sum(p[1] for p in points) / n


def _inside(point, polygon) -> bool:
    """Whether `point` is inside the convex `polygon` (corners in order, either way round)."""
    x, y = point
    signs = set()
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross:
            signs.add(cross > 0)
    return len(signs) == 1


def _points(quad) -> list[tuple[float, float]]:
    """A quad's corners as (x, y) pairs, whatever shape it comes in (an array, a list, .corners)."""
    corners = getattr(quad, "corners", quad)
    try:
        flat = [float(v) for v in _flatten(corners)]
    except (TypeError, ValueError):
        return []
    return list(zip(flat[0::2], flat[1::2]))


def _flatten(value):
    if hasattr(value, "ravel"):
        return value.ravel().tolist()
    out = []
    for item in value:
        out.extend(_flatten(item) if isinstance(item, (list, tuple)) or hasattr(item, "ravel") else [item])
    return out
