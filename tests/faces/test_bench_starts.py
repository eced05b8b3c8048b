"""The face tests draw a benchmark deck, and a deck's frame, from where bench_starts.json says it
starts: that is where the benchmark's random draws stand once it has drawn every deck (every
frame) before it."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import bench_starts
from bench_faces import EMPTY, FRAMES, draw_deck, draw_look, drawn_frame


@pytest.mark.parametrize("generator", ["a", "b"])
def test_a_deck_drawn_from_its_start_is_the_deck_the_benchmark_draws_after_the_ones_before(generator):
    """Checks every part of a deck's drawing (a change to how many numbers its frames draw moves
    the next deck's start, which the look's fingerprint alone would not see)."""
    gen = importlib.import_module(f"faces_synth_{generator}")
    rng = np.random.default_rng(8)
    look, _photos, samples = draw_deck(gen, rng, FRAMES, EMPTY)  # the first deck of seed 8, as the benchmark draws it
    for at in bench_starts.FRAMES_USED[f"{generator}/8/0"]:  # a card frame and one with no face, at least
        start, fingerprint = bench_starts.frame_at(generator, 8, 0, at)
        assert start is not None, f"bench_starts.json has no start for frame {at}: rebuild it"
        frame, shown, label = drawn_frame(gen, start, look, at)
        assert np.array_equal(frame, samples[at][0]) and (shown, label) == samples[at][1:]
        assert bench_starts.frame_fingerprint(frame) == fingerprint
    jumped, expected = bench_starts.rng_at(generator, 8, 1)
    assert expected is not None
    assert jumped.bit_generator.state == rng.bit_generator.state
    look, _photos = draw_look(gen, jumped)
    assert bench_starts.fingerprint(look) == expected


def test_a_start_that_no_longer_draws_its_deck_says_how_to_rebuild_the_table():
    gen = importlib.import_module("faces_synth_a")
    look = gen.make_deck(np.random.default_rng(0))
    bench_starts.check("a", 1, 1, look, bench_starts.fingerprint(look))  # the same look: fine
    with pytest.raises(bench_starts.StaleStart, match="python tests/faces/bench_starts.py"):
        bench_starts.check("a", 1, 1, look, "0" * 12)
    frame = np.zeros((4, 4, 3), np.uint8)
    bench_starts.check_frame("a", 1, 1, 3, frame, bench_starts.frame_fingerprint(frame))
    with pytest.raises(bench_starts.StaleStart, match="python tests/faces/bench_starts.py"):
        bench_starts.check_frame("a", 1, 1, 3, frame + 1, bench_starts.frame_fingerprint(frame))
