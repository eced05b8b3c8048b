"""The decoder on frames it was not tuned on: the second frame maker's and real photos.

The second frame maker (bench/frames_second.py) shares no code with companion/demo/synth.py;
the photos (tests/fixtures/qr-photos) were taken with phones by other people. The floors here
are modest on purpose: the benchmark measures the shares, these tests catch a decoder that
stops reading hard frames, or starts reading cards that are not there.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.scan.decoder import decode_frame, decode_image
from companion.scan import regions, zxing_fallback
from companion.scan.regions import find_regions
from companion.scan.tag import parse_tag

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import frames_second  # noqa: E402
import scan_photos  # noqa: E402


def cards_read(texts) -> set:
    return {(r.card, r.copy) for r in map(parse_tag, texts) if r.ok}


def test_second_frames_are_deterministic_by_seed():
    a = frames_second.card_frame((640, 480), 77)
    b = frames_second.card_frame((640, 480), 77)
    c = frames_second.card_frame((640, 480), 78)
    assert np.array_equal(a.frame, b.frame) and a.cards == b.cards
    assert not np.array_equal(a.frame, c.frame)
    assert a.frame.shape == (480, 640, 3) and a.frame.dtype == np.uint8
    assert len(a.codes) == len(a.cards)


def test_second_frames_draw_a_real_qr_code():
    """The frame maker's own encoder makes full QR codes zbar reads when drawn flat."""
    modules = frames_second.qr_modules("HNB:M5:1")
    assert modules.shape[0] >= 21 and modules.shape[0] == modules.shape[1]
    flat = np.pad(np.where(modules, 0, 255).astype(np.uint8), 4, constant_values=255)
    assert decode_frame(cv2.resize(flat, None, fx=6, fy=6, interpolation=cv2.INTER_NEAREST)) == ["HNB:M5:1"]


@pytest.mark.parametrize("size, seeds, floor", [((640, 480), range(4000, 4016), 11),
                                                ((1280, 720), range(5000, 5006), 3)])
def test_hard_frames_of_the_second_maker(size, seeds, floor):
    right = 0
    for seed in seeds:
        sample = frames_second.card_frame(size, seed)
        read = cards_read(decode_frame(sample.frame))
        assert read <= sample.cards, f"seed {seed}: read {read}, in view {sample.cards}"
        right += read == sample.cards
    assert right >= floor


def test_foreign_codes_and_empty_tables_give_no_card():
    for seed in range(6):
        sample = frames_second.foreign_frame((640, 480), 6000 + seed)
        assert cards_read(decode_frame(sample.frame)) == set()
    for seed in range(4):
        sample = frames_second.empty_frame((640, 480), 7000 + seed)
        assert cards_read(decode_frame(sample.frame)) == set()


def test_a_foreign_code_is_still_read_as_text():
    """Not a card, but read: `scan --raw` and the rejection message need the text."""
    size = (640, 480)
    pose = frames_second.Pose(0.5, 0.5, 0.3, 15.0, 10.0, 0.0)
    scene = frames_second.Scene(size, 1, foreign=[("https://example.com/drinks?t=7", pose, False)],
                                look=frames_second.Look(defocus=0.5, jpeg=85), seed=3)
    assert decode_frame(frames_second.render(scene)) == ["https://example.com/drinks?t=7"]


def test_real_photos():
    items = scan_photos.photos()
    assert len(items) == 54
    read = 0
    for path, want in items:
        texts = decode_image(cv2.imread(str(path)))
        read += any(scan_photos.same_text(text, want) for text in texts)
    assert read >= 44


def test_a_code_pyzbar_cannot_describe_loses_nothing():
    """zbar reports no orientation for a part of a structured-append code, and pyzbar raises
    on that: the decoder goes on, and still reads the card beside it."""
    params = cv2.QRCodeEncoder.Params()
    params.structure_number = 2
    part = cv2.QRCodeEncoder.create(params).encodeStructuredAppend("part of a longer text, split")[0]
    part = cv2.resize(part, None, fx=6, fy=6, interpolation=cv2.INTER_NEAREST)
    tag = np.pad(np.where(frames_second.qr_modules("HNB:B2:1"), 0, 255).astype(np.uint8), 4,
                 constant_values=255)
    tag = cv2.resize(tag, (part.shape[1], part.shape[1]), interpolation=cv2.INTER_NEAREST)
    sheet = np.hstack([part, np.full((part.shape[0], 40), 255, np.uint8), tag])
    texts = decode_image(sheet)
    assert texts[0] == "HNB:B2:1"
    # zxing-cpp, the second reader, may read the part's own text (not a card, and not garbled)
    assert all("part of a longer text, split".startswith(text) for text in texts[1:])
    assert cards_read(texts) == {(parse_tag("HNB:B2:1").card, 1)}


@pytest.mark.parametrize("seed", [10_000_786, 20_000_939])  # bench_scan.py seeds 1 and 2
def test_a_code_outranked_by_patches_the_decoder_passes_over_is_still_read(seed):
    """Two cards beside a card back: the back's fragments are denser than the second card's
    small, smeared code, so by density alone its patch comes seventh or later. The frame's few
    patches are counted among those the decoder does something with, so it is still read."""
    sample = frames_second.card_frame((640, 480), seed)
    gray = cv2.cvtColor(sample.frame, cv2.COLOR_BGR2GRAY)
    codes = [corners.reshape(-1, 1, 2).astype(np.float32) for _, corners in sample.codes]
    ranks = [next((k for k, r in enumerate(find_regions(gray, None))
                   if cv2.pointPolygonTest(code, r.rect[0], False) >= 0), -1) for code in codes]
    assert max(ranks) >= 6  # beyond the six densest: what the test is about
    assert cards_read(decode_frame(sample.frame)) == sample.cards


@pytest.mark.parametrize("size, seed", [((640, 480), 5_000_655), ((640, 480), 6_000_763),
                                        ((640, 480), 20_000_763)])
def test_a_code_on_a_card_lying_on_a_card_back_is_found(size, seed, monkeypatch):
    """The card's outline joins its code and the back's pattern into one wide patch, even after
    the wider opening; on the edges unsmoothed the code's quiet zone parts them."""
    sample = frames_second.card_frame(size, seed)
    with zxing_fallback.set_aside():  # zbar and the tag fit alone, whatever is installed
        assert cards_read(decode_frame(sample.frame)) == sample.cards
        monkeypatch.setattr(regions, "SHARP_SPLIT_SIDES", float("inf"))  # no such split
        assert cards_read(decode_frame(sample.frame)) < sample.cards
