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

A deck's frames are drawn one after another too (about 0.13 s each), and a test that looks at
its 45th frame would draw the 44 before it: the table keeps where the frames FRAMES_USED names
start as well, with a fingerprint of the frame drawn from there, checked the same way. A frame
not there is drawn after every frame before it.

Add the decks COVERED names, and the frames FRAMES_USED names, to the table: python
tests/faces/bench_starts.py (--all: draw every deck again, after a change to a corpus's
generator).
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
                 214: 1, 220: 5, 223: 4, 279: 3, 357: 5, 401: 2, 408: 2, 424: 4, 428: 1, 462: 2, 498: 0,
                 522: 0, 537: 1, 539: 2, 567: 3, 602: 2, 603: 1, 641: 3, 645: 4, 647: 3, 829: 4,
                 845: 1, 900: 1, 947: 2, 968: 4},
           "b": {1: 5, 8: 1, 11: 1, 12: 2, 18: 2, 19: 5, 21: 1, 22: 4, 33: 1, 34: 5, 35: 5, 37: 2, 42: 5, 44: 3,
                 51: 4, 60: 1, 66: 0, 72: 2, 99: 2, 113: 4, 116: 2, 137: 2, 140: 2, 158: 4, 164: 5, 219: 0, 220: 5,
                 229: 0, 279: 4, 292: 1, 340: 1, 375: 5, 386: 5, 391: 1, 405: 5, 414: 4, 450: 4, 467: 4, 517: 4, 525: 5,
                 546: 5, 611: 0, 613: 2, 677: 2, 682: 5, 690: 4, 712: 5, 729: 5, 826: 5,
                 832: 3, 874: 5}}


# the frames the tests look at, by deck ("corpus/seed/deck"), numbered as bench_faces.drawn_frame
# numbers them: the card frames first, then those with no face (a deck's empties[5] is 45)
FRAMES_USED: dict[str, tuple[int, ...]] = {"a/1/0": (0, 3, 9, 10, 12, 39), "a/1/2": (15, 27),
    "a/1/3": (21, 27, 31, 36), "a/1/4": (0,), "a/1/5": (3,), "a/2/1": (7, 20), "a/2/4": (14,), "a/2/5": (27, 29),
    "a/8/0": (20, 45), "a/8/1": (12, 36), "a/9/0": (2,), "a/10/0": (2, 7), "a/10/1": (32,), "a/10/4": (4, 6, 14, 22),
    "a/16/0": (6,), "a/20/5": (22, 39), "a/34/0": (13,), "a/38/2": (18,), "a/38/4": (24,), "a/126/0": (35,),
    "a/172/0": (28,), "a/191/4": (9,), "a/205/2": (32,), "a/207/5": (8,), "a/214/1": (0,), "a/220/5": (3,),
    "a/223/4": (6, 23), "a/357/5": (36,), "a/401/2": (26,), "a/408/2": (34,), "a/424/4": (28,), "a/428/1": (3, 22),
    "a/462/2": (24,), "a/498/0": (32,), "a/522/0": (50,), "a/537/1": (36,), "a/539/2": (2,), "a/567/3": (22,),
    "a/602/2": (21,), "a/603/1": (19,), "a/641/3": (3,), "a/645/4": (6,), "a/647/3": (39,), "a/829/4": (14,),
    "a/845/1": (31,),
    "b/1/0": (16,),
    "b/1/1": (5, 30), "b/1/2": (15, 26),
    "b/1/5": (38,), "b/8/0": (4, 5, 45),
    "b/11/1": (10, 12), "b/12/1": (26,), "b/12/2": (7,), "b/18/1": (43,), "b/18/2": (43,), "b/19/5": (48,),
    "b/21/1": (9,), "b/33/1": (29,), "b/34/0": (0, 19), "b/34/2": (18, 21), "b/34/5": (25,), "b/35/5": (30,),
    "b/37/1": (22,), "b/42/5": (43, 48), "b/44/3": (43, 48), "b/51/4": (42, 48), "b/72/2": (13,), "b/99/2": (37,),
    "b/113/4": (43,), "b/116/2": (14,), "b/140/2": (48,), "b/158/4": (47, 48), "b/164/5": (48,), "b/211/0": (23,),
    "b/219/0": (33,), "b/220/0": (12, 17, 29), "b/220/5": (8,), "b/221/0": (5,), "b/229/0": (5, 28),
    "b/292/1": (27,), "b/339/0": (15,), "b/340/0": (6,), "b/340/1": (16,),
    "b/375/5": (37,), "b/386/5": (9,), "b/391/1": (7,), "b/405/5": (15,), "b/414/4": (15,), "b/450/4": (5,),
    "b/467/4": (48,), "b/517/4": (18,), "b/525/2": (4,), "b/525/5": (32,), "b/546/0": (5,), "b/546/5": (17,),
    "b/137/2": (16,), "b/611/0": (4,), "b/613/2": (3,), "b/677/2": (33,), "b/682/5": (13,), "b/690/4": (16,),
    "b/712/5": (13,), "b/729/5": (22,), "b/826/5": (35,), "b/832/3": (24,), "b/874/5": (30,), "a/900/1": (19,),
    "a/947/2": (8,), "a/968/4": (1,)}


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
    return _standing(seed, entry), entry["look"]


def frame_fingerprint(frame: np.ndarray) -> str:
    """A short name for a frame: the same only if every pixel is."""
    return hashlib.sha1(np.ascontiguousarray(frame).tobytes()).hexdigest()[:12]


def frame_at(generator: str, seed: int, index: int, at: int) -> tuple[np.random.Generator | None, str | None]:
    """The benchmark's generator standing where frame `at` of deck `index` of corpus
    `generator` starts, and the fingerprint that frame must have; (None, None) if the table
    does not say."""
    entry = _table().get(f"{generator}/{seed}/{index}@{at}")
    if entry is None:
        return None, None
    return _standing(seed, entry), entry["frame"]


def check_frame(generator: str, seed: int, index: int, at: int, frame: np.ndarray, expected: str) -> None:
    """Raises StaleStart unless `frame`, drawn from the table's start, has the fingerprint it notes."""
    if frame_fingerprint(frame) != expected:
        raise StaleStart(f"frame {at} of deck {index} of corpus {generator}, seed {seed}, is not the one "
                         f"{TABLE.name} starts: rebuild it with python tests/faces/bench_starts.py --all")


def _state(rng: np.random.Generator) -> dict:
    """What the table keeps of where `rng` stands."""
    state = rng.bit_generator.state
    return {"state": str(state["state"]["state"]), "has_uint32": state["has_uint32"], "uinteger": state["uinteger"]}


def _standing(seed: int, entry: dict) -> np.random.Generator:
    """The generator for `seed` standing where `entry` (_state's) says."""
    rng = np.random.default_rng(seed)
    state = rng.bit_generator.state
    state["state"]["state"] = int(entry["state"])
    state["has_uint32"], state["uinteger"] = entry["has_uint32"], entry["uinteger"]
    rng.bit_generator.state = state
    return rng


def check(generator: str, seed: int, index: int, look, expected: str | None) -> None:
    if expected is not None and fingerprint(look) != expected:
        raise StaleStart(f"deck {index} of corpus {generator}, seed {seed}, is not the one "
                         f"{TABLE.name} starts: rebuild it with python tests/faces/bench_starts.py --all")


def build(known: dict) -> dict:
    """Draws every covered deck the long way and notes where each starts, then each deck's
    frames up to the last one FRAMES_USED names for it, noting where those start (a seed whose
    decks, or a deck whose frames, are all `known` is not drawn again)."""
    import importlib

    for deck in FRAMES_USED:
        generator, seed, index = deck.split("/")
        if int(index) and COVERED[generator].get(int(seed), -1) < int(index):
            raise KeyError(f"{deck}: FRAMES_USED names a deck COVERED does not")

    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    from bench_faces import EMPTY, FRAMES, draw_deck, draw_look, drawn_frame

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
                state = _state(rng)
                look, _photos, _samples = draw_deck(gen, rng, FRAMES, EMPTY)
                if index:
                    table[f"{generator}/{seed}/{index}"] = {**state, "look": fingerprint(look)}
                print(generator, seed, index, flush=True)
    for deck, used in FRAMES_USED.items():
        keys = [f"{deck}@{at}" for at in used]
        if all(key in known for key in keys):
            table.update((key, known[key]) for key in keys)
            continue
        generator, seed, index = deck.split("/")
        gen = importlib.import_module(f"faces_synth_{generator}")
        entry = table.get(deck)
        rng = _standing(int(seed), entry) if entry else np.random.default_rng(int(seed))
        look, _photos = draw_look(gen, rng)
        for at in range(max(used) + 1):
            state = _state(rng)
            frame = drawn_frame(gen, rng, look, at)[0]
            if at in used:
                table[f"{deck}@{at}"] = {**state, "frame": frame_fingerprint(frame)}
        print(deck, "frames", flush=True)
    return table


if __name__ == "__main__":
    TABLE.write_text(json.dumps(build({} if "--all" in sys.argv else _table()), indent=1, sort_keys=True) + "\n")
    print(f"wrote {TABLE}")
