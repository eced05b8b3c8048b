"""The stability tracker: a card counts once, after being seen steadily, until it leaves."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.cards import Card
from companion.scan.tracker import Tracker

R1 = "HNB:R1:2"
B4 = "HNB:B4:1"


def feed(tracker: Tracker, frames) -> list:
    events = []
    for texts in frames:
        events += [(str(r.card), r.copy) if r.ok else r.text for r in tracker.feed(texts)]
    return events


def test_enter_stay_leave_is_one_event():
    t = Tracker(stable=2, leave=4)
    frames = [[]] * 3 + [[R1]] * 10 + [[]] * 6
    assert feed(t, frames) == [("R1", 2)]


def test_event_comes_on_the_second_steady_frame():
    t = Tracker(stable=2, leave=4)
    assert t.feed([R1]) == []
    assert t.in_view and not t.holding
    (read,) = t.feed([R1])
    assert read.card == Card("R", 1) and read.copy == 2
    assert t.holding and not t.in_view


def test_a_glimpse_is_not_a_card():
    t = Tracker(stable=2, leave=4)
    assert feed(t, [[R1], [], [R1], [], [R1], []]) == []


def test_missed_frames_while_held_do_not_count_it_again():
    t = Tracker(stable=2, leave=4)
    frames = [[R1], [R1], [], [R1], [], [], [R1], [], [], [], [R1], [R1]]
    assert feed(t, frames) == [("R1", 2)]


def test_the_same_copy_counts_again_after_leaving_the_view():
    t = Tracker(stable=2, leave=3)
    frames = [[R1]] * 3 + [[]] * 3 + [[R1]] * 3
    assert feed(t, frames) == [("R1", 2), ("R1", 2)]


def test_two_cards_in_view_count_separately():
    t = Tracker(stable=2, leave=3)
    frames = [[R1], [R1, B4], [R1, B4], [B4], [B4]]
    assert feed(t, frames) == [("R1", 2), ("B4", 1)]


def test_a_foreign_code_is_rejected_once_per_appearance():
    t = Tracker(stable=2, leave=3)
    events = feed(t, [["https://x.org"]] * 5)
    assert events == ["https://x.org"]


def test_the_variant_rejects_cards_of_another_deck():
    t = Tracker(stable=2, leave=3, variant="classic")
    t.feed(["HNB:M1:1"])
    (read,) = t.feed(["HNB:M1:1"])
    assert not read.ok and "Classic" in read.reason


def test_reset_forgets_what_is_in_view():
    t = Tracker(stable=2, leave=5)
    feed(t, [[R1], [R1]])
    t.reset()
    assert feed(t, [[R1], [R1]]) == [("R1", 2)]


def test_duplicates_within_a_frame_are_one_sighting():
    t = Tracker(stable=2, leave=3)
    assert t.feed([R1, R1]) == []


def test_bad_settings():
    with pytest.raises(ValueError):
        Tracker(stable=0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from([R1, B4, "HNB:R1:1", "junk"]), max_size=3), max_size=60),
       st.integers(1, 3), st.integers(1, 6))
def test_every_event_follows_steady_sightings_and_repeats_only_after_leaving(frames, stable, leave):
    t = Tracker(stable=stable, leave=leave)
    history: dict[str, list[bool]] = {}
    last_event: dict[str, int] = {}
    for i, texts in enumerate(frames):
        for text in {R1, B4, "HNB:R1:1", "junk"}:
            history.setdefault(text, []).append(text in texts)
        for read in t.feed(texts):
            seen = history[read.text]
            # read in each of the last `stable` frames
            assert len(seen) >= stable and all(seen[-stable:])
            if read.text in last_event:
                # out of view for `leave` frames in a row since the previous event
                gap = seen[last_event[read.text] + 1:]
                run, best = 0, 0
                for present in gap:
                    run = 0 if present else run + 1
                    best = max(best, run)
                assert best >= leave
            last_event[read.text] = i
