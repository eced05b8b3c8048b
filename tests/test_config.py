"""The configuration file: defaults, and one clear message naming a bad setting."""

from pathlib import Path

import pytest

from companion import config


def write(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_missing_file_means_defaults(tmp_path):
    cfg = config.load(tmp_path / "none.toml")
    assert cfg == config.DEFAULTS
    assert cfg["panel"]["clue_pin"] == 17


def test_settings_override_defaults(tmp_path):
    cfg = config.load(write(tmp_path, '[panel]\nclue_pin = 4\nundo_hold_seconds = 2\n[camera]\nsource = "file"\n'))
    assert cfg["panel"]["clue_pin"] == 4 and cfg["panel"]["undo_hold_seconds"] == 2.0
    assert cfg["camera"]["source"] == "file" and cfg["panel"]["discard_pin"] == 27


@pytest.mark.parametrize("text,fragment", [
    ("[panel]\nclue_pin = 40\n", "panel.clue_pin = 40 is not a GPIO pin"),
    ("[panel]\nclue_pin = 27\n", "panel.discard_pin and panel.clue_pin both use GPIO27"),
    ("[panel]\nfuse_led_pins = [5, 6]\n", "panel.fuse_led_pins must list 3 pins"),
    ("[panel]\nfuse_led_pins = [5, 6, 17]\n", "panel.fuse_led_pins[2] and panel.clue_pin both use GPIO17"),
    ('[panel]\nclue_pin = "17"\n', "panel.clue_pin must be a whole number"),
    ("[panel]\nclue = 17\n", "unknown setting panel.clue"),
    ("[gpio]\nclue_pin = 17\n", "unknown section [gpio]"),
    ('[camera]\nsource = "webcam"\n', "camera.source must be auto"),
    ('[camera]\ndeck = "a\\u0000b"\n', "camera.deck must be a file name"),
    ('[camera]\ndeck = "."\n', "camera.deck names a folder"),
    ('[camera]\ndeck = 3\n', "camera.deck must be text"),
    ('[ui]\nsize = "big"\n', "ui.size must be WIDTHxHEIGHT"),
    ('[ui]\nsize = "\u00b200x480"\n', "ui.size must be WIDTHxHEIGHT"),
    ('[ui]\nsize = "\u0668\u0660\u0660x480"\n', "ui.size must be WIDTHxHEIGHT"),
    ("[ui\n", "not valid TOML"),
])
def test_bad_settings_are_named(tmp_path, text, fragment):
    with pytest.raises(config.ConfigError) as err:
        config.load(write(tmp_path, text))
    assert fragment in str(err.value)
    assert str(tmp_path) in str(err.value)


def test_store_path_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("HANABI_COMPANION_DATA", str(tmp_path / "data"))
    assert config.store_path(config.load(tmp_path / "none.toml")) == tmp_path / "data" / "companion.sqlite3"
    cfg = config.load(write(tmp_path, f'[store]\npath = "{tmp_path}/games.sqlite3"\n'))
    assert config.store_path(cfg) == tmp_path / "games.sqlite3"


def test_a_file_named_on_the_command_line_must_exist(tmp_path):
    with pytest.raises(config.ConfigError) as err:
        config.load(tmp_path / "typo.toml", required=True)
    assert str(err.value) == f"{tmp_path / 'typo.toml'}: no such configuration file"


def test_commands_report_a_missing_config_file_in_one_line(tmp_path):
    import subprocess
    import sys
    result = subprocess.run([sys.executable, "-m", "companion", "--config", str(tmp_path / "typo.toml"), "history"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().endswith("typo.toml: no such configuration file")
    assert "Traceback" not in result.stderr


def test_the_deck_setting_names_a_file(tmp_path):
    assert config.deck_path(config.load(tmp_path / "none.toml")) is None
    cfg = config.load(write(tmp_path, '[camera]\ndeck = "~/decks/ours.deck"\n'))
    assert config.deck_path(cfg) == Path("~/decks/ours.deck").expanduser()
