"""The file camera source (camera.source = "file") recovers like the others: when its folder or
its images are removed the status says "lost", and once they are back the cards are read again,
with no restart."""

from __future__ import annotations

import shutil

import cv2
import pytest

from companion.demo import synth
from companion.rules.cards import Card
from companion.scan.service import ScanService
from hardware.camera import CameraError, FileSource, open_camera


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def steps(service: ScanService, clock: Clock, seconds: float, fps: int = 5) -> None:
    for _ in range(int(seconds * fps)):
        service.step()
        clock.now += 1 / fps


def configured(path) -> dict:
    # paced by the real clock: a rate no test machine reaches leaves the pace to the fake one
    return {"source": "file", "path": str(path), "fps": 100_000}


@pytest.mark.parametrize("what", ["folder", "images", "one image"])
def test_lost_is_reported_and_reading_resumes_when_the_files_are_back(tmp_path, red1_frame, what):
    other_frame = synth.render_frame([(Card("B", 2), 1)], (640, 480), seed=4,
                                     conditions={"blur": 0.3, "motion": 0.0, "glare": 0.0, "jpeg": 85},
                                     placements=[synth.Placement(0.5, 0.5, 0.3, 20, 10, 0)])
    folder = tmp_path / "frames"
    folder.mkdir()
    image = folder / "table.png"
    cv2.imwrite(str(image), red1_frame)
    shown = image if what == "one image" else folder
    clock = Clock()
    cards, statuses = [], []
    service = ScanService(lambda: open_camera(**configured(shown)),
                          lambda card, copy: cards.append((card, copy)),
                          lambda status, detail: statuses.append((status, detail)), clock=clock)
    steps(service, clock, 1.0)
    assert cards == [(Card("R", 1), 2)] and statuses[-1][0] in ("card", "ready")

    kept = tmp_path / "kept"
    if what == "folder":
        shutil.move(folder, kept)
    else:
        kept.mkdir()
        shutil.move(image, kept / image.name)
    steps(service, clock, 3.0)
    assert statuses[-1][0] == "lost", statuses[-3:]
    assert str(shown) in statuses[-1][1]

    if what == "folder":
        shutil.move(kept, folder)
    else:
        shutil.move(kept / image.name, image)
    lost = len(statuses)
    steps(service, clock, 5.0)
    assert "ready" in [s for s, _ in statuses[lost:]]
    # the camera back: the card still in view was counted before, so it is not played again
    assert cards == [(Card("R", 1), 2)]
    # a new card shown to the camera once it is back is read
    cv2.imwrite(str(image), other_frame)
    steps(service, clock, 2.0)
    assert cards == [(Card("R", 1), 2), (Card("B", 2), 1)]


def test_a_folder_whose_images_all_went_is_a_camera_error(tmp_path, red1_frame):
    cv2.imwrite(str(tmp_path / "a.png"), red1_frame)
    source = FileSource(tmp_path, loop=True)
    source.open()
    assert source.read() is not None
    (tmp_path / "a.png").unlink()
    with pytest.raises(CameraError, match="none_left"):
        source.read()


def test_frames_from_memory_still_just_finish():
    source = FileSource([b"not a frame".hex()], loop=True)
    source.open()
    assert source.read() is None and source.finished
