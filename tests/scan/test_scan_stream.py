"""Frames in, card events out: a card shown to the camera is one play; nothing is ever wrong."""

from __future__ import annotations

import numpy as np
import pytest

from companion.rules.cards import Card
from companion.demo import synth
from companion.scan.decoder import decode_frame
from companion.scan.service import ScanService
from companion.scan.tracker import LEAVE_FRAMES, Tracker
from hardware.camera.file_source import FileSource


def events_of(frames, **kw) -> list:
    tracker = Tracker(**kw)
    events = []
    for frame in frames:
        events += [(r.card, r.copy) for r in tracker.feed(decode_frame(frame)) if r.ok]
    return events


def test_enter_stay_leave_gives_exactly_one_event(blue4_sequence):
    reads = [decode_frame(f) for f in blue4_sequence]
    assert reads[0] == [] and reads[-1] == []  # empty table before and after
    assert sum(r == ["HNB:B4:1"] for r in reads) >= 4  # it is really read while held
    assert events_of(blue4_sequence) == [(Card("B", 4), 1)]


@pytest.mark.parametrize("card, copy, seed", [(Card("M", 3), 2, 21), (Card("W", 1), 3, 22)])
def test_other_cards_and_tables(card, copy, seed):
    frames = synth.card_sequence(card, copy, (640, 480), seed=seed, stay=4, empty=2)
    assert events_of(frames) == [(card, copy)]


def test_shown_twice_counts_twice_after_leaving(blue4_sequence):
    # the rules then report the second one as a copy already played (never applied twice)
    assert events_of(blue4_sequence + blue4_sequence) == [(Card("B", 4), 1)] * 2


def shaky_frames(card, copy, seed, count=14):
    """A card waved about and half covered by a finger: heavy motion, occlusion, glare."""
    rng = np.random.default_rng(seed)
    frames = []
    for k in range(count):
        place = synth.fit_in_view(synth.Placement.random(rng, (0.14, 0.3)), (640, 480))
        cond = {"motion": float(rng.uniform(6, 14)), "motion_angle": float(rng.uniform(0, 180)),
                "occlusion": float(rng.uniform(0.0, 0.5)), "occlusion_angle": float(rng.uniform(0, 360)),
                "blur": float(rng.uniform(0.5, 1.8)), "glare": float(rng.uniform(0, 0.9)),
                "jpeg": int(rng.integers(40, 80))}
        frames.append(synth.render_frame([(card, copy)], (640, 480), seed * 100 + k, cond,
                                         placements=[place], background=seed))
    return frames


@pytest.mark.parametrize("seed", [5, 6])
def test_shaky_or_covered_sequences_never_give_a_wrong_card(seed):
    card, copy = Card("Y", 2), 1
    frames = shaky_frames(card, copy, seed)
    events = events_of(frames)
    # never another card, and one count per appearance: only a card unread for LEAVE_FRAMES
    # frames in a row (seed 5: frames 3-8, waved about) and then read steadily again counts
    # again, and the rules report that as a copy already played, never applied twice
    assert set(events) <= {(card, copy)}
    reads = [decode_frame(f) for f in frames]
    returns = sum(1 for k in range(LEAVE_FRAMES, len(reads))
                  if reads[k] and not any(reads[k - LEAVE_FRAMES:k]))
    assert 1 <= len(events) <= 1 + returns
    # two cards glimpsed in turn, never twice in a row: no event at all
    other = synth.card_sequence(Card("G", 3), 2, (640, 480), seed=seed, enter=0, stay=6, leave=0,
                                empty=0)
    mixed = [f for pair in zip(frames[:6], other) for f in pair]
    assert events_of(mixed) == []


def test_partly_covered_card_is_never_misread():
    card, copy = Card("R", 4), 2
    for k in range(6):
        frame = synth.render_frame([(card, copy)], (640, 480), seed=40 + k,
                                   conditions={"occlusion": 0.2 + 0.08 * k, "occlusion_angle": 60.0 * k})
        assert set(decode_frame(frame)) <= {"HNB:R4:2"}


def test_a_scripted_game_stream_gives_each_card_once():
    shown = [(Card("R", 1), 1), (Card("R", 1), 2), (Card("G", 5), 1)]
    frames = synth.table_stream(shown, seed=2, enter=2, stay=4, leave=2, empty=1)
    cards = []
    service = ScanService(lambda: FileSource(frames), lambda c, k: cards.append((c, k)),
                          lambda s, d: None)
    for _ in range(100):
        if not service.step() and service.frames:
            break
    assert cards == shown


def test_the_service_turns_a_video_of_a_card_into_one_play(blue4_sequence):
    cards, statuses = [], []
    service = ScanService(lambda: FileSource(blue4_sequence), lambda c, k: cards.append((c, k)),
                          lambda s, d: statuses.append((s, d)))
    for _ in range(1000):
        if not service.step() and service.frames:
            break
    assert cards == [(Card("B", 4), 1)]
    names = [s for s, _ in statuses]
    assert names[0] == "ready" and ("card", "B4:1") in statuses
    assert names.index("card") < len(names) - 1 and names[-1] == "ready"  # it left the view
