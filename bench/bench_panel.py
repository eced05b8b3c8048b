"""Button latency: a press on the panel to the game state updated and the redraw scheduled.

Drives gpiozero's mock pins (drive_low on the clue button) through the app's own code: the
Panel, PanelLink, the TableSession and a screen listener standing in for the table screen (it
records the time at which it would schedule its redraw). Measured, in the same run:

- baseline: a bare gpiozero Button's when_pressed callback (the floor for any panel code);
- the panel with a hand-over to a UI thread waiting on a queue (the code alone);
- the same with the SQLite journal on disk (every clue made durable before the screen hears);
- the panel through Kivy's real Clock, as the app schedules (`Clock.schedule_once`), with the
  default clock at the app's 30 fps and at 60 fps, then with Kivy's `free_all` clock and
  `Clock.schedule_once_free`, which runs a hand-over at once instead of at the next frame.

Goal: under 20 ms (median and p95).

    .venv/bin/python bench/bench_panel.py [--presses 300] [--no-kivy]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from companion.config import DEFAULTS
from companion.panel_link import PanelLink
from companion.panel_setup import gpio_panel
from companion.rules import GameSetup
from companion.session import TableSession

GOAL_MS = 20.0
FPS = 30  # the app's Config graphics maxfps (companion/app/kivy_setup.py)


class Screen:
    """The table screen's part: hears every outcome and would schedule its redraw."""

    def __init__(self) -> None:
        self.redraw_at = 0.0
        self.heard = threading.Event()

    def __call__(self, outcome) -> None:
        self.redraw_at = time.perf_counter()  # here the screen calls its Clock trigger
        self.heard.set()


class Rig:
    """A table wired as in the app; `schedule` is how presses reach the UI thread."""

    def __init__(self, schedule, journal=None) -> None:
        self.factory = MockFactory()
        cfg = dict(DEFAULTS["panel"])
        self.panel = gpio_panel(cfg, self.factory)
        self.session = TableSession(journal)
        self.schedule = schedule
        self.link = PanelLink(self.session, self.panel, schedule)
        self.screen = Screen()
        self.session.subscribe(self.screen)
        self.clue_pin = self.factory.pin(cfg["clue_pin"])
        self.run_on_ui(lambda: self.session.new_game(GameSetup.create(["Ann", "Ben", "Cid"])))

    def run_on_ui(self, action) -> None:
        self.screen.heard.clear()
        self.schedule(action)
        if not self.screen.heard.wait(5):
            raise RuntimeError("the UI thread did not answer")

    def press_clue(self) -> float:
        """One timed press of the clue button, then the clue is undone (not timed)."""
        self.screen.heard.clear()
        start = time.perf_counter()
        self.clue_pin.drive_low()
        if not self.screen.heard.wait(5):
            raise RuntimeError("the press did not reach the game")
        elapsed = self.screen.redraw_at - start
        self.clue_pin.drive_high()
        if self.session.state.clues != 7:
            raise RuntimeError("the clue was not recorded")
        self.run_on_ui(lambda: self.session.undo(source="bench"))
        return elapsed

    def close(self) -> None:
        self.link.close()
        self.panel.close()


def press_many(rig: Rig, presses: int, rng: random.Random, gap: float) -> list[float]:
    for _ in range(10):  # warm-up
        rig.press_clue()
    samples = []
    for _ in range(presses):
        time.sleep(rng.uniform(0, gap))  # presses land at any point of a frame
        samples.append(rig.press_clue())
    return samples


# ----- the runs ----------------------------------------------------------------------------------
def baseline(presses: int) -> list[float]:
    factory = MockFactory()
    button = Button(4, pin_factory=factory)
    pin = factory.pin(4)
    called = []
    button.when_pressed = lambda: called.append(time.perf_counter())
    samples = []
    for _ in range(presses + 10):
        start = time.perf_counter()
        pin.drive_low()
        samples.append(called[-1] - start)
        pin.drive_high()
    button.close()
    return samples[10:]


def ui_thread_run(presses: int, open_journal=None) -> list[float]:
    """The UI thread is a thread blocked on a queue: it runs a hand-over as soon as it arrives.

    `open_journal` runs on that thread (SQLite connections stay on the thread that made them).
    """
    handed: queue.Queue = queue.Queue()
    opened: list = []
    failure: list[BaseException] = []

    def ui_loop() -> None:
        try:
            opened.append(open_journal() if open_journal else None)
        except BaseException as err:
            failure.append(err)
        while (action := handed.get()) is not None:
            try:
                action()
            except BaseException as err:
                failure.append(err)

    thread = threading.Thread(target=ui_loop, daemon=True)
    thread.start()
    while not opened and not failure:
        time.sleep(0.001)
    if failure:
        raise failure[0]
    try:
        rig = Rig(handed.put, opened[0])
        try:
            return press_many(rig, presses, random.Random(1), 0.002)
        finally:
            rig.close()
    except RuntimeError:
        if failure:
            raise failure[0] from None
        raise
    finally:
        if opened and opened[0] is not None:
            handed.put(opened[0].close)
        handed.put(None)
        thread.join()


def kivy_worker(presses: int, clock: str, fps: int) -> list[float]:
    """Runs in its own process: Kivy's clock type is fixed when kivy.clock is first imported."""
    os.environ["KIVY_CLOCK"] = clock
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-bench-"))
    from kivy.config import Config

    Config.set("graphics", "maxfps", str(fps))
    from kivy.clock import Clock

    if clock == "default":
        def schedule(action):  # what companion/app/companion_app.py does
            Clock.schedule_once(lambda _dt: action())
    else:
        def schedule(action):
            Clock.schedule_once_free(lambda _dt: action())

    result: list[float] = []
    failure: list[BaseException] = []

    def presser() -> None:
        try:
            rig = Rig(schedule)
            try:
                result.extend(press_many(rig, presses, random.Random(2), 1.5 / fps))
            finally:
                rig.close()
        except BaseException as err:  # reported by the main thread
            failure.append(err)

    thread = threading.Thread(target=presser, daemon=True)
    thread.start()
    while thread.is_alive():  # the main thread is Kivy's: it ticks the clock, frame by frame
        Clock.tick()
    if failure:
        raise failure[0]
    return result


def kivy_run(presses: int, clock: str, fps: int = FPS) -> list[float] | str:
    command = [sys.executable, __file__, "--presses", str(presses), "--kivy-worker",
               f"{clock}:{fps}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        return (done.stderr.strip().splitlines() or ["failed"])[-1]
    return json.loads(done.stdout.strip().splitlines()[-1])


# ----- the report --------------------------------------------------------------------------------
def figures(samples: list[float]) -> tuple[float, float, float]:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return statistics.median(ms), p95, ms[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--no-kivy", action="store_true", help="leave out the Kivy Clock runs")
    parser.add_argument("--kivy-worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.kivy_worker:
        clock, fps = args.kivy_worker.split(":")
        print(json.dumps(kivy_worker(args.presses, clock, int(fps))))
        return 0

    runs: list[tuple[str, list[float] | str]] = [
        ("baseline: bare gpiozero Button callback", baseline(args.presses)),
        ("panel -> UI thread, memory journal", ui_thread_run(args.presses)),
    ]
    try:
        from companion.store import open_store
    except ImportError as err:
        runs.append(("panel -> UI thread, SQLite journal", f"no store: {err}"))
    else:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "bench.sqlite3"
            runs.append(("panel -> UI thread, SQLite journal",
                         ui_thread_run(args.presses, lambda: open_store(path)[0])))
    if not args.no_kivy:
        runs.append((f"panel -> Kivy Clock.schedule_once, default clock, {FPS} fps",
                     kivy_run(args.presses, "default")))
        runs.append(("panel -> Kivy Clock.schedule_once, default clock, 60 fps",
                     kivy_run(args.presses, "default", 60)))
        runs.append((f"panel -> Kivy Clock.schedule_once_free, free_all clock, {FPS} fps",
                     kivy_run(args.presses, "free_all")))

    print(f"Button press to game state updated and redraw scheduled, {args.presses} presses "
          f"each (ms); goal under {GOAL_MS:.0f} ms")
    print(f"{'':62} {'median':>8} {'p95':>8} {'max':>8}")
    for name, samples in runs:
        if isinstance(samples, str):
            print(f"{name:62} {'not run: ' + samples}")
            continue
        median, p95, worst = figures(samples)
        verdict = "" if name.startswith("baseline") else \
            ("  goal met" if p95 < GOAL_MS else "  over the goal")
        print(f"{name:62} {median:8.3f} {p95:8.3f} {worst:8.3f}{verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
