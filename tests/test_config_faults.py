"""Configurations a person can really write by mistake: a null character in a path, a store path
naming a folder, a --config pointing at a device. Each gets one message naming the setting (or
the file), never a traceback, and nothing of the user's is moved."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import config

REPO = Path(__file__).resolve().parents[1]


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=60, env=dict(os.environ, **(env or {})))


@pytest.mark.parametrize("section", ["store", "camera"])
def test_a_null_character_in_a_path_is_refused_naming_the_setting(tmp_path, section):
    path = tmp_path / "config.toml"
    path.write_text(f'[{section}]\npath = "/tmp/a\\u0000b/s"\n')
    with pytest.raises(config.ConfigError) as err:
        config.load(path)
    assert f"{section}.path" in str(err.value) and str(path) in str(err.value)


@pytest.mark.parametrize("command", ["history", "export", "import"])
def test_no_command_shows_a_traceback_for_a_null_character(tmp_path, command, real_games):
    path = tmp_path / "config.toml"
    path.write_text('[store]\npath = "/tmp/a\\u0000b/s"\n')
    log = tmp_path / "game.json"
    log.write_text(json.dumps(real_games[0][1]["log"]))
    extra = {"history": [], "export": ["1", "--out", str(tmp_path / "x.json")],
             "import": [str(log)]}[command]
    result = run_cli("--config", str(path), command, *extra)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "store.path" in result.stderr


def test_the_app_refuses_a_null_character_before_any_window(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[store]\npath = "/tmp/a\\u0000b/s"\n')
    result = run_cli("--config", str(path), env={"SDL_VIDEODRIVER": "dummy"})
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "store.path" in result.stderr


def test_a_store_path_naming_a_folder_is_refused_and_the_folder_is_left_alone(tmp_path):
    folder = tmp_path / "hanabi-companion"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    path = tmp_path / "config.toml"
    path.write_text(f'[store]\npath = "{folder}"\n')
    result = run_cli("--config", str(path), "history")
    assert result.returncode == 2
    assert "store.path" in result.stderr and "folder" in result.stderr
    assert "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml", "hanabi-companion"]
    assert (folder / "notes.txt").read_text() == "mine"


def test_a_store_path_under_an_unknown_users_home_is_refused(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[store]\npath = "~no-such-user-here/companion.sqlite3"\n')
    with pytest.raises(config.ConfigError, match="store.path"):
        config.load(path)


def test_a_deck_under_an_unknown_users_home_is_refused(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[camera]\ndeck = "~no-such-user-here/ours.deck"\n')
    with pytest.raises(config.ConfigError, match="camera.deck"):
        config.load(path)


def test_config_from_dev_zero_is_refused_without_filling_the_memory():
    result = subprocess.run(
        [sys.executable, "-c",
         "import resource, sys\n"
         "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
         "from companion.cli import main\n"
         "sys.exit(main(['--config', '/dev/zero', 'history']))\n"],
        cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    assert "/dev/zero" in result.stderr and "not a configuration file" in result.stderr


def test_a_huge_config_file_is_refused(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("# a comment\n" * 200_000)
    with pytest.raises(config.ConfigError, match="not a configuration file"):
        config.load(path)
