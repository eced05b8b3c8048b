"""Fixtures shared by the whole suite."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# each process running tests (pytest-xdist's workers) keeps Kivy's settings and logs apart
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ["KIVY_HOME"] = f"{os.environ.get('KIVY_HOME', REPO / '.kivy-test')}-{os.environ['PYTEST_XDIST_WORKER']}"
# Real games played on hanab.live, converted to the game-log format (see its README).
FIXTURES = REPO / "tests" / "fixtures" / "real-games"


def _real_games() -> list[tuple[str, dict]]:
    return [(p.stem, json.loads(p.read_text())) for p in sorted(FIXTURES.glob("*.json"))]


REAL_GAMES = _real_games()


@pytest.fixture
def real_games() -> list[tuple[str, dict]]:
    """The real games played on hanab.live, as (name, {"log": ..., "expect": ...})."""
    assert len(REAL_GAMES) == 5, f"expected the 5 real games in {FIXTURES}"
    return REAL_GAMES


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path_factory, monkeypatch):
    """No test reads or writes the user's real configuration or game history."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HANABI_COMPANION_DATA", str(home / "data"))
    monkeypatch.setenv("HANABI_COMPANION_CONFIG", str(home / "config.toml"))
