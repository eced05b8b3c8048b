"""Fixtures for the store, history and export tests."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from companion.rules import GameSetup
from companion.rules.simulate import simulate_game
from companion.store import open_store

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]


class FakeClock:
    """The store's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 20, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store_path(tmp_path):
    return tmp_path / "data" / "companion.sqlite3"


@pytest.fixture
def store(store_path, clock):
    opened, notice = open_store(store_path, clock=clock)
    assert notice is None
    yield opened
    opened.close()


def played(seed: int, variant: str = "classic", players: int = 3, **options):
    """A whole plausible game (companion.rules.simulate)."""
    return simulate_game(GameSetup.create(NAMES[:players], variant, **options), seed)


@pytest.fixture
def make_game():
    """make_game(seed, variant="classic", players=3, **options): a whole plausible game."""
    return played
