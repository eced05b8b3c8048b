"""Camera sources: files (image, folder, video, list), the Pi camera and webcams behind fakes,
and the choice by configuration. The sources raise CameraError with a code and facts; the
sentences a person reads come from companion.words.camera."""

from __future__ import annotations

import sys
import time
import types

import cv2
import numpy as np
import pytest

from companion.config import DEFAULTS
from companion.words.camera import camera_error_text, camera_line, camera_name
from hardware import camera
from hardware.camera import (CameraError, CameraSource, FileSource, OpenCVSource, Picamera2Source,
                             open_camera)


def raises(words: str):
    """Expects a CameraError whose sentence (in English) contains `words`."""
    return pytest.raises(CameraError, check=lambda err: words in camera_error_text(err))


def marked(value: int, size=(64, 48)) -> np.ndarray:
    """A frame whose pixels all equal `value`, to recognise it after a trip through a file."""
    return np.full((size[1], size[0], 3), value, np.uint8)


def values(source, count) -> list:
    out = []
    for _ in range(count):
        frame = source.read()
        out.append(None if frame is None else int(round(frame.mean())))
    return out


def test_file_sources_follow_the_protocol(tmp_path):
    assert isinstance(FileSource([marked(1)]), CameraSource)
    assert isinstance(OpenCVSource(0), CameraSource)
    assert isinstance(Picamera2Source(), CameraSource)


def test_single_image_once_or_looped(tmp_path):
    path = tmp_path / "one.png"
    cv2.imwrite(str(path), marked(77))
    source = FileSource(path)
    source.open()
    frame = source.read()
    assert frame.shape == (48, 64, 3) and frame.dtype == np.uint8 and frame.mean() == 77
    assert source.read() is None and source.finished
    looped = FileSource(str(path), loop=True)
    looped.open()
    assert values(looped, 3) == [77, 77, 77]


def test_folder_in_name_order_with_grey_and_alpha_images(tmp_path):
    cv2.imwrite(str(tmp_path / "b-02.png"), marked(20))
    cv2.imwrite(str(tmp_path / "a-01.png"), marked(10)[:, :, 0])  # grey
    cv2.imwrite(str(tmp_path / "c-03.png"), np.dstack([marked(30), np.full((48, 64), 255, np.uint8)]))
    (tmp_path / "notes.txt").write_text("not a frame")
    source = FileSource(tmp_path)
    source.open()
    frames = [source.read() for _ in range(3)]
    assert [int(f.mean()) for f in frames] == [10, 20, 30]
    assert all(f.shape == (48, 64, 3) for f in frames)
    assert source.read() is None


def test_unreadable_image_in_a_folder_is_skipped(tmp_path):
    cv2.imwrite(str(tmp_path / "1.png"), marked(10))
    (tmp_path / "2.png").write_bytes(b"broken")
    cv2.imwrite(str(tmp_path / "3.png"), marked(30))
    source = FileSource(tmp_path)
    source.open()
    assert values(source, 3) == [10, 30, None]


def write_video(path, count=8) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 15, (64, 48))
    assert writer.isOpened()
    for k in range(count):
        writer.write(marked(20 + 20 * k))
    writer.release()


def test_video_plays_once_or_loops(tmp_path):
    path = tmp_path / "clip.avi"
    write_video(path)
    source = FileSource(path)
    source.open()
    got = values(source, 9)
    assert [abs(v - (20 + 20 * k)) <= 3 for k, v in enumerate(got[:8])] == [True] * 8
    assert got[8] is None and source.finished
    looped = FileSource(path, loop=True)
    looped.open()
    again = values(looped, 12)
    assert None not in again and abs(again[8] - 20) <= 3  # back to the first frame
    looped.close()


def test_list_of_frames_and_paths(tmp_path):
    path = tmp_path / "x.png"
    cv2.imwrite(str(path), marked(50))
    source = FileSource([marked(40), path, marked(60)], loop=True)
    source.open()
    assert values(source, 4) == [40, 50, 60, 40]
    assert "3 frames" in camera_name(source)


def test_frames_made_on_the_fly_are_read_lazily(tmp_path):
    made = []

    def frames():
        for value in (5, 6, 7):
            made.append(value)
            yield marked(value)

    source = FileSource(frames(), loop=True)
    source.open()
    assert made == []  # nothing drawn before it is asked for
    assert values(source, 1) == [5] and made == [5]
    assert values(source, 3) == [6, 7, None] and source.finished
    assert "on the fly" in camera_name(source)


def test_fps_paces_the_reads():
    source = FileSource([marked(1), marked(2)], loop=True, fps=20)
    source.open()
    assert source.read() is not None
    assert source.read() is None  # too early for the next frame
    time.sleep(0.06)
    assert source.read() is not None


@pytest.mark.parametrize("make, words", [
    (lambda p: p / "missing.png", "does not exist"),
    (lambda p: p, "holds no images"),
    (lambda p: (p / "notes.txt").write_text("x") and p / "notes.txt", "neither an image nor a video"),
    (lambda p: (p / "bad.png").write_bytes(b"x") and p / "bad.png", "cannot be read as an image"),
])
def test_bad_files_are_clear_camera_errors(tmp_path, make, words):
    source = FileSource(make(tmp_path))
    with raises(words):
        source.open()


def test_reading_a_closed_source_is_a_camera_error():
    source = FileSource([marked(1)])
    with pytest.raises(CameraError):
        source.read()
    with pytest.raises(CameraError):
        FileSource([]).open()


# ------------------------------------------------------------------ Picamera2 behind a fake


class FakePicamera2:
    cameras = [{"Model": "imx708"}]
    fail_after = None

    def __init__(self, num=0):
        self.started = False
        self.captures = 0

    @classmethod
    def global_camera_info(cls):
        return cls.cameras

    def create_video_configuration(self, main, controls=None):
        assert main["format"] == "RGB888"
        self.size = main["size"]
        self.controls = controls
        return {"main": main, "controls": controls}

    def configure(self, config):
        pass

    def start(self):
        self.started = True

    def capture_array(self, stream="main"):
        self.captures += 1
        if self.fail_after is not None and self.captures > self.fail_after:
            raise RuntimeError("Camera frontend has timed out!")
        w, h = self.size
        frame = np.zeros((h, w, 3), np.uint8)
        frame[..., 0] = 200  # blue first: Picamera2's RGB888 is laid out B, G, R
        return frame

    def stop(self):
        self.started = False

    def close(self):
        pass


@pytest.fixture
def fake_picamera2(monkeypatch):
    module = types.ModuleType("picamera2")
    FakePicamera2.cameras = [{"Model": "imx708"}]
    FakePicamera2.fail_after = None
    module.Picamera2 = FakePicamera2
    monkeypatch.setitem(sys.modules, "picamera2", module)
    return FakePicamera2


def test_picamera2_source_reads_bgr_frames(fake_picamera2):
    source = Picamera2Source(320, 240)
    source.open()
    frame = source.read()
    assert frame.shape == (240, 320, 3) and frame[0, 0].tolist() == [200, 0, 0]
    assert "Raspberry Pi camera" in camera_name(source)
    source.close()


def test_picamera2_failure_mid_stream_is_a_camera_error(fake_picamera2):
    fake_picamera2.fail_after = 1
    source = Picamera2Source()
    source.open()
    source.read()
    with raises("stopped"):
        source.read()


def test_picamera2_without_camera_or_module(fake_picamera2, monkeypatch):
    fake_picamera2.cameras = []
    with raises("no Raspberry Pi camera"):
        Picamera2Source().open()
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import fails
    with raises("python3-picamera2"):
        Picamera2Source().open()


def test_picamera2_that_fails_to_start_lets_the_camera_go(fake_picamera2):
    """libcamera holds a camera until it is closed: a failed start must close it, or every
    retry (the scan service tries again every few seconds) finds it busy."""

    class OneCameraPicamera2(fake_picamera2):
        in_use = False
        bad_configurations = 1

        def __init__(self, num=0):
            if OneCameraPicamera2.in_use:
                raise RuntimeError("Device or resource busy")
            OneCameraPicamera2.in_use = True
            super().__init__(num)

        def configure(self, config):
            if OneCameraPicamera2.bad_configurations:
                OneCameraPicamera2.bad_configurations -= 1
                raise RuntimeError("Failed to configure the camera")

        def close(self):
            OneCameraPicamera2.in_use = False

    sys.modules["picamera2"].Picamera2 = OneCameraPicamera2
    with raises("Failed to configure"):
        Picamera2Source().open()
    assert not OneCameraPicamera2.in_use
    source = Picamera2Source()
    source.open()  # the retry finds the camera free
    assert source.read() is not None
    source.close()
    assert not OneCameraPicamera2.in_use


# ------------------------------------------------------------------ OpenCV behind a fake


class FakeCapture:
    frames_left = 3

    def __init__(self, device, api=None):
        self.opened = device != 99

    def isOpened(self):
        return self.opened

    def set(self, prop, value):
        return True

    def read(self):
        if FakeCapture.frames_left <= 0:
            return False, None
        FakeCapture.frames_left -= 1
        return True, marked(90)

    def release(self):
        self.opened = False


@pytest.fixture
def fake_webcam(monkeypatch):
    FakeCapture.frames_left = 3
    monkeypatch.setattr(cv2, "VideoCapture", FakeCapture)  # opencv_source imports it on open
    monkeypatch.setattr(OpenCVSource, "_present", lambda self: self.device != 7)
    return FakeCapture


def test_webcam_reads_then_is_lost_when_unplugged(fake_webcam):
    source = OpenCVSource(0, 64, 48)
    source.open()  # reads one frame to check the device gives pictures
    assert source.read().mean() == 90
    assert source.read().mean() == 90
    for _ in range(14):
        assert source.read() is None  # a few missed frames are tolerated
    with raises("stopped giving pictures"):
        source.read()


def test_webcam_errors(fake_webcam):
    with raises("cannot be opened"):
        OpenCVSource(99).open()
    with raises("no camera at /dev/video7"):
        OpenCVSource(7).open()
    fake_webcam.frames_left = 0
    with raises("gives no picture"):
        OpenCVSource(0).open()


def test_real_missing_webcam_is_a_camera_error():
    with pytest.raises(CameraError):
        OpenCVSource(63).open()


# ------------------------------------------------------------------ choosing by configuration


def cfg(**kw) -> dict:
    """The camera's settings as open_camera takes them (the deck is the scan service's)."""
    settings = {key: value for key, value in DEFAULTS["camera"].items() if key != "deck"}
    settings.update(kw)
    return settings


def test_none_and_file_sources(tmp_path):
    assert open_camera(**cfg(source="none")) is None
    assert "Camera off" in camera_line(None, "none")
    path = tmp_path / "t.png"
    cv2.imwrite(str(path), marked(5))
    source = open_camera(**cfg(source="file", path=str(path)))
    assert isinstance(source, FileSource) and source.loop
    assert camera_line(source).startswith("Camera: frames from")
    with raises("camera.path"):
        open_camera(**cfg(source="file", path=""))


def test_an_error_is_a_code_with_facts_and_reads_in_italian():
    from companion import i18n

    err = CameraError("no_device", device="/dev/video7")
    assert (err.code, err.facts) == ("no_device", {"device": "/dev/video7"})
    i18n.set_language("it")
    try:
        assert camera_error_text(err) == "nessuna fotocamera in /dev/video7"
    finally:
        i18n.set_language("en")
    assert camera_error_text(CameraError("new_kind")).startswith("the camera cannot be used")


def test_named_sources_are_returned_to_be_opened_by_the_service():
    assert isinstance(open_camera(**cfg(source="opencv", device=3)), OpenCVSource)
    assert isinstance(open_camera(**cfg(source="picamera2")), Picamera2Source)


def test_auto_finds_nothing_on_a_machine_without_cameras(monkeypatch):
    monkeypatch.setattr(camera.choose, "video_devices", lambda: [])
    monkeypatch.setattr(camera.choose, "cameras_listed", lambda: 0)
    assert open_camera(**cfg()) is None
    assert camera_line(None, "auto") == "No camera found: enter cards by touch"


def test_auto_prefers_the_pi_camera(fake_picamera2, monkeypatch):
    monkeypatch.setattr(camera.choose, "video_devices", lambda: [0])
    source = open_camera(**cfg())
    assert isinstance(source, Picamera2Source) and source.read() is not None
    assert "Raspberry Pi camera" in camera_line(source)


def test_auto_tries_the_configured_webcam_first(fake_webcam, monkeypatch):
    monkeypatch.setattr(camera.choose, "cameras_listed", lambda: 0)
    monkeypatch.setattr(camera.choose, "video_devices", lambda: [0, 2, 99])
    source = open_camera(**cfg(device=2))
    assert isinstance(source, OpenCVSource) and source.device == 2
    assert "/dev/video2" in camera_line(source)
    # a listed device that will not open is skipped
    monkeypatch.setattr(camera.choose, "video_devices", lambda: [99, 0])
    assert open_camera(**cfg(device=99)).device == 0
