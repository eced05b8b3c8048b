"""zxing-cpp as the second reader: it reads located codes zbar gives up on, and never replaces
or is needed by a zbar read. Frames from the second frame maker (bench/frames_second.py), fixed
seeds: smeared or washed-out codes zbar reads nothing in even from their located patch."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.scan import decoder, zxing_fallback
from companion.scan.tag import parse_tag

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import frames_second  # noqa: E402

HARD_SEEDS = (10000831, 10000838)  # 640x480 card frames only the second reader reads


@pytest.fixture
def no_zxing(monkeypatch):
    """The decoder as on a machine without zxing-cpp: its import fails."""
    import builtins

    real_import = builtins.__import__

    def refuse(name, *args, **kwargs):
        if name == "zxingcpp" or name.startswith("zxingcpp."):
            raise ImportError("No module named 'zxingcpp'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", refuse)
    monkeypatch.delitem(sys.modules, "zxingcpp", raising=False)
    monkeypatch.setattr(zxing_fallback, "_module", None)
    yield
    zxing_fallback._module = None


def cards(texts) -> set:
    return {(r.card, r.copy) for r in map(parse_tag, texts) if r.ok}


def test_the_second_reader_reads_hard_frames_zbar_misses():
    pytest.importorskip("zxingcpp")
    for seed in HARD_SEEDS:
        sample = frames_second.card_frame((640, 480), seed)
        stats: dict = {}
        assert cards(decoder.decode_frame(sample.frame, stats=stats)) == sample.cards, seed
        assert stats.get("second reader", 0) >= 1, (seed, stats)


def test_without_zxing_the_decoder_reads_with_zbar_alone(no_zxing):
    assert not zxing_fallback.available()
    assert zxing_fallback.read_patch(frames_second.card_frame((640, 480), HARD_SEEDS[0]).frame[:, :, 0]) == []
    for seed in HARD_SEEDS:  # zbar misses them (the tag fit may read them): nothing else is read
        sample = frames_second.card_frame((640, 480), seed)
        assert cards(decoder.decode_frame(sample.frame)) <= sample.cards
    read = 0
    for seed in range(5000, 5006):  # ordinary frames still read
        sample = frames_second.card_frame((640, 480), seed)
        found = cards(decoder.decode_frame(sample.frame))
        assert found <= sample.cards
        read += found == sample.cards
    assert read >= 4


def test_the_second_reader_never_runs_where_zbar_read(monkeypatch, red1_frame):
    asked = []
    monkeypatch.setattr(zxing_fallback, "read_patch", lambda patch: asked.append(patch) or [])
    monkeypatch.setattr(zxing_fallback, "available", lambda: True)
    assert decoder.decode_frame(red1_frame) == ["HNB:R1:2"]
    # other striped patches of the card may be asked about, never the code zbar read
    assert not any(decoder.zbar_qr(patch) for patch in asked)


def test_empty_tables_and_foreign_codes_give_no_card_with_the_second_reader():
    pytest.importorskip("zxingcpp")
    for seed in range(40):
        assert cards(decoder.decode_frame(frames_second.empty_frame((640, 480), seed).frame)) == set()
    for seed in range(20):
        assert cards(decoder.decode_frame(frames_second.foreign_frame((640, 480), seed).frame)) == set()
