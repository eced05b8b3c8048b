"""Start-up with the panel: a bad [panel] setting gives its message; no GPIO gives a notice.

hardware.panel raises PanelError (a code and plain facts); companion.panel_setup reads the
settings and words the errors as the configuration's own (ConfigError)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from gpiozero import Button, Device
from gpiozero.exc import BadPinFactory
from gpiozero.pins.mock import MockFactory

from companion import config, i18n
from companion.config import ConfigError
from companion.panel_link import PanelLink
from companion.panel_setup import gpio_panel, open_panel
from companion.rules import GameSetup, parse_card
from companion.session import TableSession
from hardware.panel import GpioPanel, NoPanel, Panel, PanelError, PanelPins


def with_setting(panel_cfg, **changes):
    cfg = copy.deepcopy(panel_cfg)
    cfg.update(changes)
    return cfg


@pytest.mark.parametrize("changes, words", [
    ({"clue_pin": 40}, ["panel.clue_pin = 40", "not a GPIO pin"]),
    ({"buzzer_pin": 1}, ["panel.buzzer_pin = 1", "not a GPIO pin"]),
    ({"fuse_led_pins": [5, 6, 99]}, ["panel.fuse_led_pins[2] = 99"]),
    ({"undo_pin": 17}, ["panel.undo_pin", "panel.clue_pin", "GPIO17"]),
    ({"fuse_led_pins": [5, 19, 13]}, ["panel.status_led_pin", "panel.fuse_led_pins[1]", "GPIO19"]),
    ({"clue_pin": "17"}, ["panel.clue_pin", "whole number"]),
    ({"undo_hold_seconds": "long"}, ["panel.undo_hold_seconds", "a number"]),
    ({"fuse_led_pins": [5, 6]}, ["panel.fuse_led_pins", "3 pins"]),
    ({"enabled": "maybe"}, ["panel.enabled", "auto, yes or no"]),
    ({"pin_factory": "gpio"}, ["panel.pin_factory"]),
    ({"bounce_seconds": -1}, ["panel.bounce_seconds"]),
    ({"clue_button": 17}, ["unknown setting panel.clue_button"]),
])
@pytest.mark.parametrize("enabled", ["auto", "yes"])
def test_bad_pin_configuration_stops_with_a_message_naming_the_setting(
        mock_pins, panel_cfg, changes, words, enabled):
    cfg = with_setting(panel_cfg, enabled=enabled)
    cfg.update(changes)
    with pytest.raises(ConfigError) as caught:  # start-up shows it like any setting's error
        open_panel(cfg, where="config.toml")
    message = str(caught.value)
    assert message.startswith("config.toml: ")
    for word in words:
        assert word in message
    assert "Traceback" not in message and "\n" not in message
    assert mock_pins.pins == {}  # nothing was left half-open


def test_a_bad_setting_is_refused_even_with_the_panel_disabled(mock_pins, panel_cfg):
    with pytest.raises(ConfigError, match="panel.clue_pin = 40"):
        open_panel(with_setting(panel_cfg, enabled="no", clue_pin=40))


def test_the_same_message_as_the_configuration_file_gives(tmp_path, panel_cfg):
    path = tmp_path / "config.toml"
    path.write_text("[panel]\nclue_pin = 40\n")
    with pytest.raises(ConfigError) as from_file:
        config.load(path)
    with pytest.raises(ConfigError) as from_panel:
        open_panel(with_setting(panel_cfg, clue_pin=40), where=str(path))
    assert str(from_panel.value) == str(from_file.value)


def test_panel_from_a_loaded_configuration_file(tmp_path, mock_pins):
    path = tmp_path / "config.toml"
    path.write_text("[panel]\nclue_pin = 23\nfuse_led_pins = [16, 20, 21]\n"
                    "undo_hold_seconds = 0.05\n")
    cfg = config.load(path)
    panel, notice = open_panel(cfg["panel"])
    try:
        assert notice is None and isinstance(panel, GpioPanel)
        session = TableSession()
        link = PanelLink(session, panel, lambda action: action())
        session.new_game(GameSetup.create(["Ann", "Ben"]))
        mock_pins.pin(23).drive_low()
        mock_pins.pin(23).drive_high()
        assert session.state.clues == 7
        session.play(parse_card("R3"))
        assert [mock_pins.pin(p).state for p in (16, 20, 21)] == [True, False, False]
        link.close()
    finally:
        panel.close()


def off_a_pi(monkeypatch):
    """What gpiozero does on a computer without GPIO (as on this desktop or CI machine)."""
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)

    def no_factory():
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_factory))


def test_off_a_pi_auto_starts_without_the_panel_and_says_so(monkeypatch, panel_cfg):
    off_a_pi(monkeypatch)
    panel, notice = open_panel(panel_cfg)
    assert isinstance(panel, NoPanel)
    assert notice == ("No button panel found: use the screen or the keyboard "
                      "(C clue, D discard, P play, U undo)")
    # the app runs the same: the link works with NoPanel and the screen's actions
    session = TableSession()
    link = PanelLink(session, panel, lambda action: action())
    session.new_game(GameSetup.create(["Ann", "Ben"]))
    session.play(parse_card("R2"))
    assert panel.fuses == 1 and panel.status == "ready"
    link.close()


def test_off_a_pi_the_notice_is_in_italian_when_the_table_speaks_italian(monkeypatch, panel_cfg):
    off_a_pi(monkeypatch)
    i18n.set_language("it")
    try:
        _, notice = open_panel(panel_cfg)
    finally:
        i18n.set_language("en")
    assert notice.startswith("Nessun pannello")
    assert "(C indizio, D scarto, P gioca, U annulla)" in notice


def test_off_a_pi_yes_stops_with_a_clear_message(monkeypatch, panel_cfg):
    off_a_pi(monkeypatch)
    with pytest.raises(ConfigError) as caught:
        open_panel(with_setting(panel_cfg, enabled="yes"), where="config.toml")
    message = str(caught.value)
    assert "no GPIO pins can be opened" in message
    assert 'panel.enabled = "auto"' in message and "lgpio" in message


def test_disabled_panel_is_no_panel_without_a_notice(mock_pins, panel_cfg):
    panel, notice = open_panel(with_setting(panel_cfg, enabled="no"))
    assert isinstance(panel, NoPanel) and notice is None
    assert mock_pins.pins == {}


def test_a_pin_factory_that_is_not_installed(mock_pins, panel_cfg):
    panel, notice = open_panel(with_setting(panel_cfg, pin_factory="pigpio"))
    assert isinstance(panel, NoPanel) and notice
    with pytest.raises(ConfigError, match='panel.pin_factory = "pigpio" cannot be used'):
        open_panel(with_setting(panel_cfg, enabled="yes", pin_factory="pigpio"))
    with pytest.raises(PanelError) as caught:  # what hardware/ itself says: facts, no words
        gpio_panel(with_setting(panel_cfg, pin_factory="pigpio"))
    assert caught.value.code == "factory" and caught.value.factory == "pigpio"
    assert not isinstance(caught.value, ConfigError)


def test_a_pin_held_by_something_else(mock_pins, panel_cfg):
    other = Button(27, pin_factory=mock_pins)
    try:
        panel, notice = open_panel(panel_cfg)  # auto: carry on without the panel
        assert isinstance(panel, NoPanel) and notice
        with pytest.raises(ConfigError) as caught:
            open_panel(with_setting(panel_cfg, enabled="yes"))
        assert "panel.discard_pin" in str(caught.value)
        with pytest.raises(PanelError) as plain:
            GpioPanel(PanelPins(), mock_pins)
        assert (plain.value.code, plain.value.part) == ("pin", "discard_pin")
        Button(17, pin_factory=mock_pins).close()  # the clue pin was let go again
    finally:
        other.close()


def test_mock_pin_factory_runs_the_whole_panel_for_a_demo(panel_cfg):
    panel, notice = open_panel(with_setting(panel_cfg, pin_factory="mock"))
    try:
        assert isinstance(panel, GpioPanel) and notice is None
        assert isinstance(panel.pin_factory, MockFactory)
        pressed = []
        panel.on_clue = lambda: pressed.append("clue")
        pin = panel.pin_factory.pin(panel_cfg["clue_pin"])
        pin.drive_low()
        pin.drive_high()
        assert pressed == ["clue"]
    finally:
        panel.close()


def test_no_panel_has_the_panel_interface(table):
    no_panel = NoPanel()
    assert isinstance(table.panel, Panel) and isinstance(no_panel, Panel)
    assert table.panel.present and not no_panel.present
    no_panel.set_fuses(2)
    no_panel.set_status("armed")
    no_panel.buzz("misfire")
    assert no_panel.lights() == (((True, True, False)), True, False)
    with pytest.raises(ValueError):
        no_panel.set_status("dancing")
    no_panel.close()


def test_unknown_status_or_pattern_is_a_programming_error(table):
    with pytest.raises(ValueError):
        table.panel.set_status("blinking")
    with pytest.raises(ValueError):
        table.panel.buzz("fanfare")


PIN_KEYS = [*config.PIN_SETTINGS, "fuse_led_pins"]
odd_values = st.one_of(st.integers(-3, 45), st.sampled_from(["17", 17.0, True, None, [17, 18]]),
                       st.lists(st.integers(0, 30), max_size=4))


@st.composite
def panels(draw):
    """Settings that are sound (distinct GPIO pins), then spoiled 0 to 2 times."""
    pins = draw(st.permutations(range(2, 28)))[:8]
    changes = dict(zip(config.PIN_SETTINGS, pins))
    changes["fuse_led_pins"] = list(pins[5:8])
    changes["undo_hold_seconds"] = draw(st.floats(0, 10))
    for _ in range(draw(st.integers(0, 2))):
        key = draw(st.sampled_from(PIN_KEYS + ["undo_hold_seconds"]))
        changes[key] = draw(st.one_of(odd_values, st.floats(allow_nan=True)))
    return changes


@settings(max_examples=60, deadline=None)
@given(panels())
def test_any_panel_settings_open_or_give_one_message(changes):
    factory = MockFactory()
    cfg = {**config.DEFAULTS["panel"], **changes, "enabled": "yes"}
    try:
        panel, _notice = open_panel(cfg, pin_factory=factory)
    except ConfigError as err:
        event("refused")
        message = str(err)
        assert message.startswith("configuration: panel.") and "\n" not in message
        assert factory.pins == {}
        return
    event("opened")
    try:
        pins = [cfg[k] for k in config.PIN_SETTINGS] + list(cfg["fuse_led_pins"])
        assert len(set(pins)) == 8 and all(2 <= p <= 27 for p in pins)
        assert {info.number for info in factory.pins} == {physical_of(factory, p) for p in pins}
    finally:
        panel.close()


def physical_of(factory, gpio):
    return next(info.number for _, info in factory.board_info.find_pin(gpio))
