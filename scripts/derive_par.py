"""Prints the par table (companion/rules/par.py) from simulated games, ready to paste.

    python scripts/derive_par.py [--games 500]

See docs/rating.md for the method.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.rules.par import GAMES_PER_TABLE, PAR, derive_par  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES_PER_TABLE,
                        help=f"simulated games per variant and player count (default {GAMES_PER_TABLE})")
    args = parser.parse_args()
    start = time.monotonic()
    table = derive_par(args.games)
    print(f"# {args.games} simulated games per table, {time.monotonic() - start:.1f} s")
    print("PAR: dict[tuple[str, int], float] = {")
    for (variant, players), score in table.items():
        print(f"    ({variant!r}, {players}): {score},")
    print("}")
    if args.games == GAMES_PER_TABLE:
        print("# matches companion/rules/par.py" if table == PAR
              else "# differs from companion/rules/par.py: paste the table above into it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
