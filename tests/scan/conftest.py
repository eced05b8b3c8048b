"""Shared frames for the scan tests: rendered once per session (they are deterministic)."""

from __future__ import annotations

import pytest

from companion import i18n
from companion.rules.cards import Card
from companion.demo import synth


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(scope="session")
def blue4_sequence():
    """Empty table, Blue 4 (copy 1) sliding in, held, taken away, empty table."""
    return synth.card_sequence(Card("B", 4), 1, (640, 480), seed=9)


@pytest.fixture(scope="session")
def red1_frame():
    """One clear frame of Red 1, copy 2."""
    return synth.render_frame([(Card("R", 1), 2)], (640, 480), seed=3,
                              conditions={"blur": 0.3, "motion": 0.0, "glare": 0.0, "jpeg": 85},
                              placements=[synth.Placement(0.5, 0.5, 0.3, 20, 10, 0)])
