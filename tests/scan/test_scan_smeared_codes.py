"""The last steps on a frame: a located code tried smaller again and binarised (zbar), zxing-cpp
on a region at its full size, and zxing-cpp on the whole frame when nothing else read anything.
Frames of the second frame maker (bench/frames_second.py), fixed seeds, that nothing before
these steps reads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.scan import decoder, regions, zxing_fallback
from companion.scan.tag import parse_tag

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import frames_second  # noqa: E402

# (size, seed, the step that reads it)
SMEARED = [
    ((640, 480), 5000835, "middle, binary"),  # motion-smeared, read only once smaller again
    ((1280, 720), 5001314, "middle, local contrast"),  # glare and defocus
    ((1280, 720), 2001328, "middle, binary"),  # defocus and glare
]


def cards(texts) -> set:
    return {(r.card, r.copy) for r in map(parse_tag, texts) if r.ok}


@pytest.mark.parametrize("size, seed, step", SMEARED)
def test_a_smeared_code_is_read_by_the_last_zbar_retries(size, seed, step):
    sample = frames_second.card_frame(size, seed)
    stats: dict = {}
    with zxing_fallback.set_aside():  # zbar alone reads it, at the last retries
        found = cards(decoder.decode_frame(sample.frame, stats=stats))
    assert found & sample.cards and found <= sample.cards, (seed, stats)
    assert stats.get(step, 0) >= 1, (seed, stats)


# 1280x720 frames whose code only zxing-cpp reads, in a region larger than its 200 px patch:
# a code seen large, and (two cards) a code in one region with a striped card back 4-5 times
# its size
LARGE_REGIONS = (11001413, 11001315)


@pytest.mark.parametrize("seed", LARGE_REGIONS)
def test_a_large_region_is_read_again_by_zxing_at_its_own_size(seed):
    pytest.importorskip("zxingcpp")
    sample = frames_second.card_frame((1280, 720), seed)
    stats: dict = {}
    assert cards(decoder.decode_frame(sample.frame, stats=stats)) == sample.cards
    assert stats.get("second reader, full size", 0) >= 1, stats
    assert "second reader" not in stats  # the 200 px patch did not read it


def test_the_full_size_pass_reads_no_card_on_empty_tables_and_foreign_codes():
    pytest.importorskip("zxingcpp")
    for seed in range(3):
        for make in (frames_second.empty_frame, frames_second.foreign_frame):
            frame = make((1280, 720), 11700000 + seed).frame
            assert cards(decoder.decode_frame(frame)) == set()


def test_zxing_reads_the_whole_frame_when_no_region_gave_anything(monkeypatch):
    pytest.importorskip("zxingcpp")
    # glare over the code: the region finder outlines no code-like patch where it is (but for
    # the split of wide blobs on their sharp edges, which finds it: that split is left out)
    monkeypatch.setattr(regions, "SHARP_SPLIT_SIDES", float("inf"))
    sample = frames_second.card_frame((640, 480), 10000673)
    stats: dict = {}
    assert cards(decoder.decode_frame(sample.frame, stats=stats)) == sample.cards
    assert stats == {"second reader, whole frame": 1}, stats
    with zxing_fallback.set_aside():
        assert decoder.decode_frame(sample.frame) == []


def test_the_whole_frame_pass_never_runs_once_something_was_read(monkeypatch, red1_frame):
    monkeypatch.setattr(zxing_fallback, "read_frame", lambda gray: pytest.fail("asked"))
    assert decoder.decode_frame(red1_frame) == ["HNB:R1:2"]


def test_the_whole_frame_pass_failing_loses_nothing(monkeypatch):
    pytest.importorskip("zxingcpp")

    def broken(gray):
        raise RuntimeError("zxing-cpp failed")

    monkeypatch.setattr(zxing_fallback, "read_frame", broken)
    monkeypatch.setattr(regions, "SHARP_SPLIT_SIDES", float("inf"))
    assert decoder.decode_frame(frames_second.card_frame((640, 480), 10000673).frame) == []
