"""The benchmark's corpus of synthetic table frames, rebuilt from a seed on every run.

Card frames (one card, sometimes two, under random table conditions), frames with no card and
frames with QR codes that are not cards (menus, Wi-Fi codes, damaged or impossible card tags).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion.rules.cards import Card
from companion.rules.variants import VARIANTS
from companion.demo import synth

FOREIGN_TEXTS = [
    "https://example.org/menu?table=12",
    "WIFI:S:Bistro;T:WPA;P:fireworks2024;;",
    "https://boardgamegeek.com/boardgame/98778/hanabi",
    "HNB:R6:1",
    "HNB:R1:4",
    "HNB:W5:2",
    "HNB:X3:1",
    "HNB:R1:0",
    "BEGIN:VCARD\nFN:Ann Example\nEND:VCARD",
    "1234567890",
]

BACKGROUNDS = 24  # distinct tables in the corpus (each is drawn once and reused)


@dataclass
class Sample:
    frame: np.ndarray
    cards: set  # {(Card, copy)} really in view
    kind: str  # "card", "empty", "foreign"
    size: tuple[int, int]
    seed: int = 0  # the frame's seed (synth.render_frame)
    where: list = field(default_factory=list)  # (text, placement, corners) of each object


def _random_card(rng: np.random.Generator) -> tuple[Card, int]:
    deck = VARIANTS["multicolor"]
    cards = deck.cards()
    card = cards[int(rng.integers(0, len(cards)))]
    return card, int(rng.integers(1, deck.copies(card) + 1))


def build(size: tuple[int, int], cards: int, empty: int, foreign: int, seed: int = 1) -> list[Sample]:
    rng = np.random.default_rng(seed)
    samples: list[Sample] = []
    for i in range(cards):
        count = 2 if rng.random() < 0.15 else 1
        shown: list[tuple[Card, int]] = []
        while len(shown) < count:
            pick = _random_card(rng)
            if pick not in shown:
                shown.append(pick)
        frame_seed = seed * 100003 + i
        where: list = []
        frame = synth.render_frame(shown, size, frame_seed, background=frame_seed % BACKGROUNDS,
                                   where=where)
        samples.append(Sample(frame, set(shown), "card", size, frame_seed, where))
    for i in range(empty):
        frame_seed = seed * 200003 + i
        samples.append(Sample(synth.empty_frame(size, frame_seed, background=frame_seed % BACKGROUNDS),
                              set(), "empty", size))
    for i in range(foreign):
        frame_seed = seed * 300007 + i
        texts = [FOREIGN_TEXTS[i % len(FOREIGN_TEXTS)]]
        if rng.random() < 0.3:
            texts.append(FOREIGN_TEXTS[(i + 3) % len(FOREIGN_TEXTS)])
        frame = synth.render_frame((), size, frame_seed, texts=texts,
                                   background=frame_seed % BACKGROUNDS)
        samples.append(Sample(frame, set(), "foreign", size))
    return samples
