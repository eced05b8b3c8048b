"""A card left in view while the camera drops out for a moment is still one card: the tags in view
are kept through a drop-out shorter than a card can be taken away and shown again, and forgotten
after a real loss."""

from __future__ import annotations

from companion.rules.cards import Card
from companion.scan.service import ScanService
from hardware.camera import CameraError

FPS = 15


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class DroppingCamera:
    """A camera showing one frame, that is gone (read and open fail, or read gives nothing)
    between `start` and `end` on the clock."""

    name = "dropping"

    def __init__(self, frame, clock: Clock, start: float, end: float, how: str) -> None:
        self.frame, self.clock, self.start, self.end, self.how = frame, clock, start, end, how

    def gone(self) -> bool:
        return self.start <= self.clock.now < self.end

    def open(self) -> None:
        if self.gone() and self.how == "error":
            raise CameraError("no_device", device="/dev/video0")

    def read(self):
        if self.gone():
            if self.how == "error":
                raise CameraError("stopped", device="/dev/video0")
            return None
        return self.frame

    def close(self) -> None:
        pass


def run(frame, seconds_away: float, how: str) -> tuple[list, list]:
    """A card held in view for 6 s at 15 fps, the camera away for `seconds_away` after 1 s."""
    clock = Clock()
    cards, statuses = [], []
    start = clock.now + 1.0
    camera = DroppingCamera(frame, clock, start, start + seconds_away, how)
    service = ScanService(lambda: camera, lambda card, copy: cards.append((card, copy)),
                          lambda status, detail: statuses.append(status), clock=clock)
    for _ in range(int(6 * FPS)):
        service.step()
        clock.now += 1 / FPS
    return cards, statuses, service


def test_a_card_in_view_through_a_short_drop_out_is_read_once(red1_frame):
    cards, statuses, _ = run(red1_frame, 0.2, "error")
    assert "lost" in statuses  # the drop-out is said...
    assert statuses[-1] == "card" or statuses[-1] == "ready"
    assert cards == [(Card("R", 1), 2)]  # ...but the card still in view is not a second play


def test_a_camera_giving_nothing_for_a_moment_keeps_the_card_too(red1_frame):
    cards, _, _ = run(red1_frame, 0.2, "nothing")
    assert cards == [(Card("R", 1), 2)]


def test_after_a_real_loss_a_card_still_lying_in_view_is_not_played_again(red1_frame):
    """Back after 2.5 s, the camera cannot know whether the card in view is the one played
    before: it takes it as counted (a new card shown later is read as usual)."""
    cards, statuses, service = run(red1_frame, 2.5, "error")
    assert "lost" in statuses
    assert cards == [(Card("R", 1), 2)]
    service.reset()  # what a new game does: the card in view counts as new again
    for _ in range(4):
        service.step()
    assert cards == [(Card("R", 1), 2)] * 2


def test_a_short_drop_out_is_bridged_quickly(red1_frame):
    """The camera is tried again within the drop-out, not after the usual retry pause."""
    _, _, service = run(red1_frame, 0.2, "error")
    # 6 s at 15 fps, of which 0.2 s away: every frame after it is back is read
    assert service.frames >= 6 * FPS - 0.2 * FPS - 3
