"""The history screen entered on a store of many games: how long the UI thread is held.

Run by bench/bench_store.py in a process of its own (it opens a Kivy window, so it needs a
display: xvfb-run on a machine without one):

    .venv/bin/python bench/history_screen_frames.py STORE.sqlite3

Prints one JSON line: the longest single frame (ms) from entering the screen until the list and
the statistics are shown, the time until they are shown, and the same longest frame for
entering a screen that holds one label (the baseline: what any screen change costs).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.app import kivy_setup  # noqa: E402

kivy_setup.prepare((800, 480))

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager  # noqa: E402


def frames_until(done, longest_wait: float = 20.0) -> tuple[float, float]:
    """(longest frame, total) in seconds, turning the event loop until done()."""
    start = time.perf_counter()
    longest = 0.0
    while True:
        begin = time.perf_counter()
        EventLoop.idle()
        longest = max(longest, time.perf_counter() - begin)
        if done() or time.perf_counter() - start > longest_wait:
            return longest, time.perf_counter() - start
        time.sleep(0.002)


def main() -> None:
    from companion.app.history import HistoryScreen
    from companion.store import open_store

    store, _notice = open_store(Path(sys.argv[1]))
    EventLoop.ensure_window()
    manager = ScreenManager(transition=NoTransition())
    Window.add_widget(manager)
    table = Screen(name="table")
    table.add_widget(Label(text="table"))
    manager.add_widget(table)
    plain = Screen(name="plain")
    plain.add_widget(Label(text="a plain screen"))
    manager.add_widget(plain)
    history = HistoryScreen(store=store, name="history")
    manager.add_widget(history)
    frames_until(lambda: True)

    results = {}
    for attempt in range(3):
        manager.current = "table"
        frames_until(lambda: True)
        start = time.perf_counter()
        manager.current = "plain"
        entered = time.perf_counter() - start
        longest, _total = frames_until(lambda: True)
        results.setdefault("baseline_ms", []).append(max(entered, longest) * 1e3)

        manager.current = "table"
        frames_until(lambda: True)
        start = time.perf_counter()
        manager.current = "history"  # reads the store on its own thread
        entered = time.perf_counter() - start
        longest, total = frames_until(lambda: not history.loading and history.rows)
        results.setdefault("longest_frame_ms", []).append(max(entered, longest) * 1e3)
        results.setdefault("shown_after_ms", []).append((entered + total) * 1e3)
    results["games"] = len(history.rows)
    store.close()
    print(json.dumps({k: (min(v) if isinstance(v, list) else v) for k, v in results.items()}))


if __name__ == "__main__":
    main()
