"""The scan service: capture and decoding on its own thread, statuses, a lost camera coming back."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from companion.rules.cards import Card
from companion.demo import synth
from companion.scan.service import ScanService, letterbox
from hardware.camera import CameraError, FileSource


class Recorder:
    def __init__(self):
        self.cards, self.statuses = [], []
        self.threads = set()
        self.changed = threading.Condition()

    def on_card(self, card, copy):
        self.threads.add(threading.current_thread().name)
        with self.changed:
            self.cards.append((card, copy))
            self.changed.notify_all()

    def on_status(self, status, detail):
        self.threads.add(threading.current_thread().name)
        with self.changed:
            self.statuses.append((status, detail))
            self.changed.notify_all()

    def wait_for(self, predicate, timeout=10.0) -> bool:
        with self.changed:
            return self.changed.wait_for(predicate, timeout)

    @property
    def names(self):
        return [s for s, _ in self.statuses]


class FlakySource:
    """Gives its frames, then fails as if unplugged (CameraError from read)."""

    name = "flaky"

    def __init__(self, frames, fail_after):
        self.frames, self.fail_after, self.index = frames, fail_after, 0
        self.closed = False

    def open(self):
        pass

    def read(self):
        if self.index >= self.fail_after:
            raise CameraError("stopped", device="/dev/video0")
        frame = self.frames[self.index % len(self.frames)]
        self.index += 1
        return frame

    def close(self):
        self.closed = True


def test_thread_reports_a_card_from_its_own_thread(blue4_sequence):
    rec = Recorder()
    service = ScanService(lambda: FileSource(blue4_sequence, fps=60), rec.on_card, rec.on_status,
                          variant="classic")
    service.start()
    try:
        assert rec.wait_for(lambda: rec.cards)
        assert rec.wait_for(lambda: rec.statuses[-1] == ("ready", "") and len(rec.statuses) > 2)
    finally:
        service.stop()
    assert not service.running
    assert rec.cards == [(Card("B", 4), 1)]
    assert rec.threads == {"scan"}  # never the caller's thread
    assert rec.names[0] == "ready" and "seeing" in rec.names
    assert ("card", "B4:1") in rec.statuses
    preview = service.latest_preview()
    assert preview.shape == (144, 192, 3) and preview.dtype == np.uint8


def test_preview_is_rgb_and_keeps_the_shape():
    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[..., 2] = 255  # red in BGR
    small = letterbox(frame, (192, 144))
    assert small.shape == (144, 192, 3)
    assert small[72, 96].tolist() == [255, 0, 0]  # red in RGB
    assert small[0, 96].tolist() == [0, 0, 0]  # black bars above and below a 16:9 frame
    service = ScanService(lambda: None, lambda c, k: None, lambda s, d: None)
    assert service.latest_preview() is None


def test_lost_camera_is_reported_and_reconnected(blue4_sequence):
    rec = Recorder()
    sources = []

    def factory():
        # first the camera works for a few frames then vanishes; then it is missing twice;
        # then it is back
        n = len(sources)
        if n in (1, 2):
            sources.append(None)
            raise CameraError("no_device", device="/dev/video0")
        source = FlakySource(blue4_sequence[:3], 3) if n == 0 else FileSource(blue4_sequence)
        sources.append(source)
        return source

    clock = [0.0]
    service = ScanService(factory, rec.on_card, rec.on_status, retry_seconds=2.0, clock=lambda: clock[0])
    for _ in range(3):
        assert service.step()
    assert not service.step()  # the camera vanished
    assert rec.statuses[-1] == ("lost", "the camera /dev/video0 stopped giving pictures")
    assert sources[0].closed
    assert not service.step() and len(sources) == 1  # no retry before 2 s
    clock[0] += 2.1
    assert not service.step() and rec.statuses[-1] == ("lost", "no camera at /dev/video0")
    clock[0] += 2.1
    service.step()
    clock[0] += 2.1
    for _ in range(200):
        if not service.step() and isinstance(sources[-1], FileSource) and sources[-1].finished:
            break
    names = rec.names
    assert names[:2] == ["ready", "lost"]
    back = names.index("ready", 1)
    assert back > 1 and rec.cards == [(Card("B", 4), 1)]  # the game goes on after it is back


def test_lost_and_back_on_the_thread(blue4_sequence):
    rec = Recorder()
    calls = []

    def factory():
        calls.append(1)
        return FlakySource(blue4_sequence, 5 if len(calls) == 1 else 10_000)

    service = ScanService(factory, rec.on_card, rec.on_status, retry_seconds=0.05)
    service.start()
    try:
        assert rec.wait_for(lambda: "lost" in rec.names and rec.names.count("ready") >= 2)
    finally:
        service.stop()
    assert len(calls) >= 2


@pytest.mark.parametrize("factory, detail", [
    (lambda: None, "no camera found"),
    (lambda: (_ for _ in ()).throw(CameraError("no_device", device="/dev/video0")), "no camera at /dev/video0"),
    (lambda: (_ for _ in ()).throw(RuntimeError("boom")), "boom"),
    (lambda: FileSource("/no/such/file.mp4"), "does not exist"),
])
def test_no_camera_is_reported_never_raised(factory, detail):
    rec = Recorder()
    service = ScanService(factory, rec.on_card, rec.on_status)
    assert service.step() is False
    status, text = rec.statuses[-1]
    assert status == "no_camera" and detail in text
    service.start()
    time.sleep(0.05)
    service.stop()


def test_callbacks_that_raise_do_not_stop_the_service(blue4_sequence):
    def bad_card(card, copy):
        raise RuntimeError("UI exploded")

    statuses = []
    service = ScanService(lambda: FileSource(blue4_sequence), bad_card, lambda s, d: statuses.append(s))
    for _ in range(len(blue4_sequence) + 2):
        service.step()
    assert "card" in statuses and statuses[-1] == "ready"


def test_a_frame_that_cannot_be_decoded_is_skipped(blue4_sequence):
    def decode(frame):
        raise ValueError("odd frame")

    rec = Recorder()
    service = ScanService(lambda: FileSource(blue4_sequence), rec.on_card, rec.on_status, decode=decode)
    assert service.step() and service.step()
    assert rec.cards == [] and rec.names == ["ready"]


def test_variant_makes_other_decks_rejected():
    frames = [synth.render_frame([(Card("M", 2), 2)], (640, 480), seed=s,
                                 conditions={"blur": 0.2, "motion": 0.0, "glare": 0.0},
                                 placements=[synth.Placement(0.5, 0.5, 0.3)], background=1)
              for s in range(3)]
    rec = Recorder()
    service = ScanService(lambda: FileSource(frames), rec.on_card, rec.on_status, variant="classic")
    for _ in range(3):
        service.step()
    assert rec.cards == []
    assert rec.statuses[-1][0] == "rejected" and "Multicolor 2" in rec.statuses[-1][1]
    other = ScanService(lambda: FileSource(frames), rec.on_card, rec.on_status, variant="classic")
    other.set_variant("multicolor")  # a new game with another deck
    for _ in range(3):
        other.step()
    assert rec.cards == [(Card("M", 2), 2)]


def test_stop_without_start_and_twice():
    service = ScanService(lambda: None, lambda c, k: None, lambda s, d: None)
    service.stop()
    service.start()
    service.start()  # harmless
    service.stop()
    service.stop()
    assert not service.running


class StuckSource:
    """A camera whose read() hangs until released (a USB camera unplugged mid-read)."""

    name = "stuck"

    def __init__(self, frame):
        self.frame = frame
        self.reading = threading.Event()
        self.release = threading.Event()
        self.closed = False
        self.closed_while_reading = False
        self.busy = False

    def open(self):
        pass

    def read(self):
        self.busy = True
        try:
            self.reading.set()
            self.release.wait(10)
            return self.frame
        finally:
            self.busy = False

    def close(self):
        self.closed_while_reading = self.closed_while_reading or self.busy
        self.closed = True


def test_a_stop_never_closes_the_camera_under_a_read_in_progress():
    source = StuckSource(np.zeros((48, 64, 3), np.uint8))
    service = ScanService(lambda: source, lambda c, k: None, lambda s, d: None,
                          decode=lambda frame: [])
    scan_threads = lambda: [t.name for t in threading.enumerate()].count("scan")  # noqa: E731
    before = scan_threads()
    service.start()
    try:
        assert source.reading.wait(5)
        service.stop(timeout=0.2)  # the read is still hanging
        assert not source.closed and service.running
        service.start(timeout=0.2)  # a second thread must not share the stuck camera
        assert scan_threads() == before + 1
    finally:
        source.release.set()
    deadline = time.monotonic() + 5
    while service.running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not service.running
    assert source.closed and not source.closed_while_reading


def test_a_reset_from_another_thread_waits_for_the_frame_being_read():
    order = []
    inside, release = threading.Event(), threading.Event()
    service = ScanService(lambda: None, lambda c, k: None, lambda s, d: None)
    tracker = service._tracker
    plain_feed = tracker.feed

    def slow_feed(texts):
        inside.set()
        release.wait(5)
        result = plain_feed(texts)
        order.append("frame read")
        return result

    tracker.feed = slow_feed
    reader = threading.Thread(target=service._process, args=(np.zeros((48, 64, 3), np.uint8),))
    reader.start()
    assert inside.wait(5)
    resetter = threading.Thread(target=lambda: (service.reset(), order.append("reset")))
    resetter.start()
    time.sleep(0.1)
    release.set()
    reader.join(5)
    resetter.join(5)
    assert order == ["frame read", "reset"]
