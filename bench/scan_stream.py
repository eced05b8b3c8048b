"""The stream figure: from a card entering the view to its event, through the real scan loop.

Short videos are drawn with the second frame maker (bench/frames_second.py): an empty table,
then a card that is either put down in view and held still, slid in from the edge (blurred by
its own motion), or held still under a lamp's glare that moves a little over the tag. They go
through a FileSource into the ScanService (decoder, tracker, statuses) one frame at a time, as
the app's scan thread does, and the frame at which on_card fires is noted.

"frames" counts from the first frame in which the whole card is in view to the frame of the
event, both included (the tracker wants a tag read in 2 frames in a row, so 2 is the least);
"decode ms" is the time the service spent on those frames; "at 30 fps" adds the camera's frame
interval between them, what a player waits for at the table.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import replace

import numpy as np

import frames_second as fs
from companion.scan.service import ScanService
from hardware.camera.file_source import FileSource

CASES = ("held still", "moved in", "under glare")
EMPTY, MOVE, HOLD = 3, 4, 10


def sequence(case: str, size: tuple[int, int], seed: int):
    """(frames, index of the first frame with the whole card in view, (card, copy))."""
    rng = np.random.default_rng(seed)
    card = fs.pick_cards(rng)[0]
    rest = fs.place(rng, size, 1, width=(0.18, 0.36), tilt_max=30.0)[0]
    look = fs.Look.random(rng)
    look = replace(look, defocus=float(rng.uniform(0.0, 1.0)), motion=0.0, shake=0.0, glare=0.0)
    if case == "under glare":
        look = replace(look, glare=float(rng.uniform(0.6, 1.1)), glare_size=float(rng.uniform(0.12, 0.25)),
                       glare_at=(float(rng.uniform(-0.4, 0.4)), float(rng.uniform(-0.6, 0.0))))
    table = int(rng.integers(0, 40))
    plan: list = [None] * EMPTY
    if case == "moved in":
        angle = float(rng.uniform(0, 360))
        start = replace(rest, cx=rest.cx + 0.8 * np.cos(np.radians(angle)),
                        cy=rest.cy + 0.8 * np.sin(np.radians(angle)), roll=rest.roll - 25)
        for i in range(1, MOVE + 1):
            t = i / MOVE
            ease = 1 - (1 - t) ** 2  # it slows down as it arrives
            prev = 1 - (1 - (i - 1) / MOVE) ** 2
            pose = replace(rest, cx=start.cx + (rest.cx - start.cx) * ease,
                           cy=start.cy + (rest.cy - start.cy) * ease,
                           roll=start.roll + (rest.roll - start.roll) * ease)
            step_px = (ease - prev) * 0.8 * size[0] * 640 / size[0]
            plan.append((pose, 0.4 * step_px, angle))  # shutter open 40% of the frame time
    for _ in range(HOLD):
        jitter = replace(rest, cx=rest.cx + float(rng.normal(0, 0.003)),
                         cy=rest.cy + float(rng.normal(0, 0.003)))
        plan.append((jitter, 0.0, 0.0))
    frames, enter = [], None
    for k, item in enumerate(plan):
        scene_look = look
        scene = fs.Scene(size, table, look=scene_look, seed=seed * 1000 + k)
        if item is not None:
            pose, motion, angle = item
            if case == "under glare":
                g = scene_look.glare_at
                scene_look = replace(scene_look, glare_at=(g[0] + float(rng.normal(0, 0.08)),
                                                          g[1] + float(rng.normal(0, 0.08))))
            scene = replace(scene, cards=[(card[0], card[1], pose)],
                            look=replace(scene_look, motion=min(motion, 40.0), motion_angle=angle))
            corners = fs._project(pose, size, 100, int(100 * fs.CARD_MM[1] / fs.CARD_MM[0]))
            if enter is None and fs._in_view(corners, size):
                enter = k
        frames.append(fs.render(scene))
    return frames, enter, card


def latency(case: str, size: tuple[int, int], seed: int, decode=None) -> dict:
    frames, enter, card = sequence(case, size, seed)
    events: list = []
    kwargs = {} if decode is None else {"decode": decode}
    service = ScanService(lambda: FileSource(frames), lambda c, n: events.append((c, n)),
                          lambda status, detail: None, **kwargs)
    spent, event_at, wrong = [], None, 0
    for k in range(len(frames)):
        start = time.perf_counter()
        service.step()
        spent.append(time.perf_counter() - start)
        if events and event_at is None:
            if (events[0][0], events[0][1]) == card:
                event_at = k
            else:
                wrong += 1
                events.clear()
    service.stop()
    if event_at is None:
        return {"frames": None, "ms": None, "wall": None, "wrong": wrong}
    n = event_at - enter + 1
    ms = 1000 * sum(spent[enter:event_at + 1])
    return {"frames": n, "ms": ms, "wall": (n - 1) * 1000 / 30 + 1000 * spent[event_at], "wrong": wrong}


def figures(size: tuple[int, int] = (640, 480), runs: int = 8, seed: int = 1, decode=None) -> dict:
    """case -> {"frames": median, "worst", "missed", "ms": median decode ms, "wall": median ms}."""
    out = {}
    for c, case in enumerate(CASES):
        rows = [latency(case, size, seed * 7919 + c * 101 + r, decode) for r in range(runs)]
        got = [r for r in rows if r["frames"] is not None]
        out[case] = {
            "runs": runs,
            "missed": runs - len(got),
            "wrong": sum(r["wrong"] for r in rows),
            "frames": statistics.median(r["frames"] for r in got) if got else None,
            "worst": max(r["frames"] for r in got) if got else None,
            "ms": statistics.median(r["ms"] for r in got) if got else None,
            "wall": statistics.median(r["wall"] for r in got) if got else None,
        }
    return out
