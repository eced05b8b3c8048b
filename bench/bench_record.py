"""The group's record worked out from a long history: what it costs on top of reading it.

The record is derived from the games kept each time it is shown (never stored), so its cost
is the list of games plus the rating arithmetic. Printed beside the baselines measured in the
same run on the same store: Store.games() alone (the read it builds on) and Store.statistics()
(the history's other derived figures).

    .venv/bin/python bench/bench_record.py [--games 5000] [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.rules import VARIANTS, GameSetup  # noqa: E402
from companion.rules.simulate import simulate_game  # noqa: E402
from companion.store import open_store  # noqa: E402
from companion.store.record import group_records_of, rating_change_of  # noqa: E402

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]


def timed(work, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store, _notice = open_store(Path(folder) / "history.sqlite3")
        t0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
        variants = sorted(VARIANTS)
        for seed in range(args.games):
            players = 2 + seed % 4
            names = NAMES[seed % 3: seed % 3 + players]  # a few overlapping groups
            setup = GameSetup.create(names, variants[seed % 7 % 4])
            store.import_game(simulate_game(setup, seed), ended=t0 + timedelta(hours=seed))
        last = store.games()[0].id
        records = group_records_of(store)
        print(f"{args.games} games, {len(records)} group records (median of {args.runs})")
        print(f"  baseline: Store.games()          {timed(store.games, args.runs):8.1f} ms")
        print(f"  baseline: Store.statistics()     {timed(store.statistics, args.runs):8.1f} ms")
        print(f"  group_records_of(store)          "
              f"{timed(lambda: group_records_of(store), args.runs):8.1f} ms")
        print(f"  rating_change_of(store, last)    "
              f"{timed(lambda: rating_change_of(store, last), args.runs):8.1f} ms")
        store.close()


if __name__ == "__main__":
    main()
