"""Replay throughput: 1,000 whole games read from their log text, validated and replayed.

Prints beside it, measured in the same run, the bare cost of json.loads on the same texts, and
the time the live table needs to apply one new event and to undo one (rebuild from the events).
Goal: 1,000 games in under 1 s on one core; one event in well under a millisecond.

    .venv/bin/python bench/bench_replay.py
"""

from __future__ import annotations

import gc
import json
import statistics
import time

from companion.rules import GameSetup, VARIANTS
from companion.formats.game_log import dumps, loads
from companion.rules.simulate import simulate_game

GAMES = 1000


def make_logs() -> list[str]:
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    texts = []
    for seed in range(GAMES):
        variant = sorted(VARIANTS)[seed % 4]
        setup = GameSetup.create(names[: 2 + seed % 4], variant)
        texts.append(dumps(simulate_game(setup, seed)))
    return texts


def best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    texts = make_logs()
    events = sum(len(json.loads(t)["events"]) for t in texts)
    bare = best_of(5, lambda: [json.loads(t) for t in texts])
    full = best_of(5, lambda: [loads(t) for t in texts])
    games = [loads(t) for t in texts]
    # the live table: the state after each new event, and after an undo
    apply_times, undo_times = [], []
    for game in games[:200]:
        fresh = type(game)(game.setup)
        for event in game.events:
            start = time.perf_counter()
            fresh.apply(event)
            apply_times.append(time.perf_counter() - start)
        for _ in range(3):
            start = time.perf_counter()
            fresh.undo()
            undo_times.append(time.perf_counter() - start)
    print(f"{GAMES} games, {events} events ({events / GAMES:.0f} per game), all four variants, 2-5 players")
    print(f"{'measure':<44}{'this project':>14}{'baseline':>14}")
    print(f"{'1,000 games: parse+validate+replay (s)':<44}{full:>14.3f}{bare:>14.3f}   baseline: json.loads only")
    print(f"{'per event, replay (us)':<44}{full / events * 1e6:>14.1f}{bare / events * 1e6:>14.1f}")
    print(f"{'live table: apply one event, median (us)':<44}{statistics.median(apply_times) * 1e6:>14.1f}")
    print(f"{'live table: apply one event, max (us)':<44}{max(apply_times) * 1e6:>14.1f}")
    print(f"{'live table: undo (rebuild), median (us)':<44}{statistics.median(undo_times) * 1e6:>14.1f}")
    print(f"goal: 1,000 games < 1 s -> {'met' if full < 1 else 'NOT met'}; "
          f"one event < 1 ms -> {'met' if max(apply_times) < 1e-3 else 'NOT met'}")


if __name__ == "__main__":
    main()
