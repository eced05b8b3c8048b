"""Where the face benchmark's random draws stand when it starts each deck, so a test can draw
one deck of a corpus without drawing every deck before it (about 3 s each).

bench/bench_faces.py draws a corpus's decks one after another from one generator seeded by
the benchmark's seed. bench_starts.json keeps, for the decks the tests use, the generator's
state where each deck starts and a fingerprint of the look drawn first from there: a deck
drawn from a start whose look does not match (the corpus's looks are drawn otherwise) is an
error saying how to rebuild the table. A change to how a deck's photos or frames are drawn
moves the next deck's start without changing that look: test_bench_starts.py draws a deck
of each corpus the long way and checks where the next one starts. A deck not in the table is
drawn the long way.

Add the decks COVERED names to the table: python tests/faces/bench_starts.py (--all: draw
every deck again, after a change to a corpus's generator).
"""

from __future__ import annotations

import functools
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

TABLE = Path(__file__).with_name("bench_starts.json")
BENCH = Path(__file__).resolve().parents[2] / "bench"
# the decks the tests draw, by corpus and seed: every deck up to this index (each start
# stands alone; those before a test's deck cost a line each)
COVERED = {"a": {1: 5, 2: 5, 8: 1, 10: 4, 20: 5, 34: 0, 37: 2, 38: 4, 126: 0, 172: 0, 191: 4, 205: 2, 207: 5,
                 214: 1, 220: 5, 223: 4, 279: 3},
           "b": {1: 5, 8: 1, 11: 1, 12: 2, 18: 2, 19: 5, 21: 1, 22: 4, 33: 1, 34: 5, 35: 5, 37: 2, 42: 5, 44: 3,
                 51: 4, 60: 1, 66: 0, 72: 2, 99: 2, 113: 4, 116: 2, 140: 2, 158: 4, 164: 5, 219: 0, 220: 5, 229: 0,
                 279: 4, 292: 1, 340: 1}}


class StaleStart(AssertionError):
    """The corpus's generator no longer draws the deck the table says it starts."""


def fingerprint(look) -> str:
    """A short name for a deck's look, drawn first from its start: the same only if the same
    random draws made it."""
    return hashlib.sha1(repr(look).encode()).hexdigest()[:12]


@functools.cache
def _table() -> dict:
    return json.loads(TABLE.read_text()) if TABLE.exists() else {}


def rng_at(generator: str, seed: int, index: int) -> tuple[np.random.Generator, str | None]:
    """The benchmark's generator for `seed`, standing where it starts deck `index` of corpus
    `generator`, and the fingerprint that deck's look must have (None: drawn the long way, the
    generator then standing at the first deck)."""
    rng = np.random.default_rng(seed)
    if index == 0:
        return rng, None
    entry = _table().get(f"{generator}/{seed}/{index}")
    if entry is None:
        return rng, None
    state = rng.bit_generator.state
    state["state"]["state"] = int(entry["state"])
    state["has_uint32"], state["uinteger"] = entry["has_uint32"], entry["uinteger"]
    rng.bit_generator.state = state
    return rng, entry["look"]


def check(generator: str, seed: int, index: int, look, expected: str | None) -> None:
    if expected is not None and fingerprint(look) != expected:
        raise StaleStart(f"deck {index} of corpus {generator}, seed {seed}, is not the one "
                         f"{TABLE.name} starts: rebuild it with python tests/faces/bench_starts.py --all")


def build(known: dict) -> dict:
    """Draws every covered deck the long way and notes where each starts (a seed whose decks
    are all `known` is not drawn again)."""
    import importlib

    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    from bench_faces import EMPTY, FRAMES, draw_deck

    table = {}
    for generator, seeds in COVERED.items():
        gen = importlib.import_module(f"faces_synth_{generator}")
        for seed, last in seeds.items():
            keys = [f"{generator}/{seed}/{index}" for index in range(1, last + 1)]
            if all(key in known for key in keys):
                table.update((key, known[key]) for key in keys)
                continue
            rng = np.random.default_rng(seed)
            for index in range(last + 1):
                state = rng.bit_generator.state
                look, _photos, _samples = draw_deck(gen, rng, FRAMES, EMPTY)
                if index:
                    table[f"{generator}/{seed}/{index}"] = {
                        "state": str(state["state"]["state"]), "has_uint32": state["has_uint32"],
                        "uinteger": state["uinteger"], "look": fingerprint(look)}
                print(generator, seed, index, flush=True)
    return table


if __name__ == "__main__":
    TABLE.write_text(json.dumps(build({} if "--all" in sys.argv else _table()), indent=1, sort_keys=True) + "\n")
    print(f"wrote {TABLE}")
