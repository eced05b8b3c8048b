"""A reader that fails on every frame: the read of the others kept, the journal not flooded."""

from __future__ import annotations

import logging

import cv2
import numpy as np

from companion.scan import decoder, face_stream, qr, tag_fit, zxing_fallback
from companion.scan.repeated_errors import RepeatedErrors

LOGGER = "test.repeated"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def fail(errors: RepeatedErrors, what: str, error: Exception) -> None:
    try:
        raise error
    except Exception:
        errors.exception(what)


def test_the_first_failure_is_logged_with_its_traceback_then_once_a_minute(caplog):
    clock = Clock()
    errors = RepeatedErrors(logging.getLogger(LOGGER), every=60.0, clock=clock)
    with caplog.at_level(logging.ERROR, logger=LOGGER):
        for _ in range(300):  # 10 s of frames at 30 fps
            fail(errors, "the tag fit failed", ValueError("bad patch"))
            clock.now += 1 / 30
        assert len(caplog.records) == 1
        first = caplog.records[0]
        assert first.getMessage() == "the tag fit failed" and first.exc_info[0] is ValueError

        clock.now += 51  # a minute after the first
        fail(errors, "the tag fit failed", ValueError("bad patch"))
        assert len(caplog.records) == 2
        again = caplog.records[1]
        assert again.getMessage() == "the tag fit failed (ValueError): 300 times in the last 61 s"
        assert again.exc_info[0] is ValueError


def test_another_failure_is_not_hidden_by_a_repeated_one(caplog):
    errors = RepeatedErrors(logging.getLogger(LOGGER), clock=Clock())
    with caplog.at_level(logging.ERROR, logger=LOGGER):
        for _ in range(5):
            fail(errors, "the tag fit failed", ValueError("x"))
            fail(errors, "the tag fit failed", MemoryError())
            fail(errors, "the second reader failed", ValueError("x"))
    assert [(r.getMessage(), r.exc_info[0]) for r in caplog.records] == [
        ("the tag fit failed", ValueError), ("the tag fit failed", MemoryError),
        ("the second reader failed", ValueError)]


def _code(text: str) -> np.ndarray:
    """A code of 5 px modules with its quiet zone, on a light sticker."""
    return np.pad(np.kron(np.where(qr.qr_matrix(text), 25, 235), np.ones((5, 5))), 20,
                  constant_values=235).astype(np.uint8)


def _sharp_and_smeared_frame() -> np.ndarray:
    """HNB:G2:1 defocused (left to the tag fit), and HNB:R1:1 sharp beside it (zbar reads it)."""
    frame = np.full((480, 640), 120, np.uint8)
    smeared = _code("HNB:G2:1")
    frame[100:100 + smeared.shape[0], 340:340 + smeared.shape[1]] = smeared
    frame = cv2.GaussianBlur(frame, (0, 0), 2.6)
    sharp = _code("HNB:R1:1")
    frame[100:100 + sharp.shape[0], 40:40 + sharp.shape[1]] = sharp
    return frame


def test_a_fit_failing_on_every_frame_loses_no_read_and_is_logged_once(monkeypatch, caplog):
    frame = _sharp_and_smeared_frame()
    with zxing_fallback.set_aside():
        assert decoder.decode_frame(frame) == ["HNB:R1:1", "HNB:G2:1"]  # both, the fit working

        calls = []

        def broken(*_args, **_kwargs):
            calls.append(1)
            raise RuntimeError("a broken library")

        monkeypatch.setattr(tag_fit, "read_patch", broken)
        monkeypatch.setattr(decoder, "errors", RepeatedErrors(decoder.log))
        with caplog.at_level(logging.ERROR, logger=decoder.log.name):
            for _ in range(40):
                assert decoder.decode_frame(frame) == ["HNB:R1:1"]
    assert len(calls) == 40
    assert [r.getMessage() for r in caplog.records] == ["the tag fit failed"]


def test_a_face_reader_failing_on_every_frame_names_nothing_and_is_logged_once(monkeypatch, caplog):
    def broken(_frame, _deck):
        raise cv2.error("a broken library")

    monkeypatch.setattr(face_stream, "errors", RepeatedErrors(logging.getLogger(face_stream.__name__)))
    stream = face_stream.FaceStream(broken)
    with caplog.at_level(logging.ERROR, logger=face_stream.__name__):
        for _ in range(40):
            assert stream.feed(np.zeros((480, 640, 3), np.uint8), "classic") == []
    assert [r.getMessage() for r in caplog.records] == ["the face reader failed"]


def test_with_no_wait_every_failure_is_logged(caplog):
    errors = RepeatedErrors(logging.getLogger(LOGGER), every=0.0, clock=Clock())
    with caplog.at_level(logging.ERROR, logger=LOGGER):
        for _ in range(3):
            fail(errors, "the second reader failed", ValueError("x"))
    assert len(caplog.records) == 3
