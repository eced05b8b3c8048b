"""The journal's cost: making one event durable, and opening a store that holds 1,000 games.

Each figure is printed beside a baseline measured in the same run, on the same folder:
- one event: Store.record (free-space check, one transaction that marks, inserts and updates
  the game, COMMIT synced to the card) against a bare sqlite3 INSERT + COMMIT with the same
  pragmas (WAL, synchronous=FULL); median and 95th percentile;
- opening: open_store on a store of 1,000 games (checks, quick_check, migrations) plus what the
  app then reads (the unfinished game, the list, the statistics), against a bare
  sqlite3.connect + SELECT count(*);
- the history screen entered on a store of 5,000 games (--history-games): the longest frame the
  UI thread is held from the tap until the list and the statistics are shown, against entering
  a screen that holds one label (bench/history_screen_frames.py, in a window of its own: it
  needs a display, xvfb-run on a machine without one).

Run it on the card the Pi uses to see the card's own figures:

    .venv/bin/python bench/bench_store.py [--dir /path/on/the/card] [--events 400] [--games 1000]
                                          [--history-games 5000]
"""

from __future__ import annotations

import argparse
import gc
import json
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from companion.rules import GameSetup, VARIANTS
from companion.formats.game_log import event_to_dict
from companion.rules.simulate import simulate_game
from companion.store import open_store

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]


def spread(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered) * 1e3:7.3f} ms   p95 {p95 * 1e3:7.3f} ms"


def games(count: int):
    for seed in range(count):
        variant = sorted(VARIANTS)[seed % 4]
        yield simulate_game(GameSetup.create(NAMES[:2 + seed % 4], variant), seed)


def event_stream(count: int):
    """(setup, events) of 4-player games played one after the other, count events in all."""
    seed = 0
    while count > 0:
        game = simulate_game(GameSetup.create(NAMES[:4], "classic"), 10_000 + seed)
        yield game.setup, game.events[:count]
        count -= len(game.events)
        seed += 1


def bench_record(folder: Path, count: int) -> tuple[list[float], list[float]]:
    store, _ = open_store(folder / "journal.sqlite3")
    ours = []
    for setup, events in event_stream(count):
        game_id = store.begin(setup)
        state = setup.new_state()
        for index, event in enumerate(events):
            state.apply(event)  # what the table does before it asks the journal
            start = time.perf_counter()
            store.record(game_id, index, event, state)
            ours.append(time.perf_counter() - start)
    store.close()

    conn = sqlite3.connect(folder / "bare.sqlite3", isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, game_id INTEGER, idx INTEGER, "
                 "event TEXT)")
    bare = []
    for _setup, events in event_stream(count):
        for index, event in enumerate(events):
            text = json.dumps(event_to_dict(event))
            start = time.perf_counter()
            conn.execute("BEGIN")
            conn.execute("INSERT INTO events (game_id, idx, event) VALUES (1, ?, ?)", (index, text))
            conn.execute("COMMIT")
            bare.append(time.perf_counter() - start)
    conn.close()
    return ours, bare


def bench_open(folder: Path, count: int) -> None:
    path = folder / "history.sqlite3"
    store, _ = open_store(path)
    start = time.perf_counter()
    events = 0
    for game in games(count):
        store.import_game(game)
        events += len(game.events)
    built = time.perf_counter() - start
    store.close()
    size = path.stat().st_size
    print(f"store of {count} games, {events} events, {size / 1e6:.1f} MB (built in {built:.1f} s)")

    opening, reading, bare = [], [], []
    for _ in range(7):
        gc.collect()
        start = time.perf_counter()
        store, notice = open_store(path)
        opened = time.perf_counter()
        assert notice is None
        store.unfinished()
        rows = store.games()
        store.statistics()
        done = time.perf_counter()
        store.close()
        opening.append(opened - start)
        reading.append(done - opened)
        start = time.perf_counter()
        conn = sqlite3.connect(path)
        conn.execute("SELECT count(*) FROM games").fetchone()
        conn.close()
        bare.append(time.perf_counter() - start)
    assert len(rows) == count
    print(f"  open_store                         {spread(opening)}")
    print(f"  + unfinished, list, statistics     {spread(reading)}")
    print(f"  baseline: bare connect + count(*)  {spread(bare)}")


def bench_history_screen(folder: Path, count: int) -> None:
    import os
    import subprocess
    import sys

    path = folder / "long-history.sqlite3"
    store, _ = open_store(path)
    for game in games(count):
        store.import_game(game)
    store.close()
    if not os.environ.get("DISPLAY"):
        print(f"history screen with {count} games: skipped (no display; run under xvfb-run)")
        return
    script = Path(__file__).with_name("history_screen_frames.py")
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1")
    out = subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True,
                         env=env, timeout=300)
    if out.returncode != 0:
        print(f"history screen with {count} games: failed\n{out.stderr[-2000:]}")
        return
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"history screen entered with {seen['games']} games (best of 3)")
    print(f"  longest frame on the UI thread     {seen['longest_frame_ms']:7.1f} ms")
    print(f"  list and statistics shown after    {seen['shown_after_ms']:7.1f} ms")
    print(f"  baseline: a one-label screen       {seen['baseline_ms']:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", help="where to make the stores (default: a temporary folder)")
    parser.add_argument("--events", type=int, default=400)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--history-games", type=int, default=5000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-store-", dir=args.dir))
    try:
        print(f"folder: {folder}")
        ours, bare = bench_record(folder, args.events)
        print(f"one event made durable ({len(ours)} events)")
        print(f"  Store.record                       {spread(ours)}")
        print(f"  baseline: bare INSERT + COMMIT     {spread(bare)}")
        print(f"  overhead of the journal            "
              f"{(statistics.median(ours) - statistics.median(bare)) * 1e3:+.3f} ms an event")
        bench_open(folder, args.games)
        bench_history_screen(folder, args.history_games)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
