"""On a computer without GPIO, panel.enabled = "auto" starts without the panel at once: gpiozero
is not even imported (it and its pin libraries cost megabytes and a probe of every back-end)."""

import glob
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import DEFAULTS
from companion.panel_setup import no_gpio_here

REPO = Path(__file__).resolve().parents[2]
HAS_GPIO = bool(glob.glob("/dev/gpiochip*") or os.path.exists("/dev/gpiomem"))

PROBE = """
import json, sys
from companion.config import DEFAULTS
from companion.panel_setup import open_panel
panel, notice = open_panel(dict(DEFAULTS["panel"]))
print(json.dumps({"panel": type(panel).__name__, "notice": notice,
                  "gpiozero": "gpiozero" in sys.modules}))
"""


@pytest.mark.skipif(HAS_GPIO, reason="this computer has GPIO")
def test_auto_without_gpio_does_not_import_gpiozero():
    env = {k: v for k, v in os.environ.items() if k not in ("GPIOZERO_PIN_FACTORY", "PIGPIO_ADDR")}
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["panel"] == "NoPanel"
    assert result["notice"].startswith("No button panel found")
    assert result["gpiozero"] is False


@pytest.mark.parametrize("setting, env", [
    ({"pin_factory": "mock"}, {}),  # asked for by name: gpiozero says what it can do
    ({}, {"GPIOZERO_PIN_FACTORY": "mock"}),
    ({}, {"PIGPIO_ADDR": "pi.local"}),  # remote pins need no GPIO here
])
def test_pins_asked_for_are_always_tried(monkeypatch, setting, env):
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.delenv("PIGPIO_ADDR", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert no_gpio_here(dict(DEFAULTS["panel"], **setting)) is False


def test_a_pin_factory_given_or_set_up_is_always_tried(monkeypatch):
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.delenv("PIGPIO_ADDR", raising=False)
    factory = MockFactory()
    try:
        assert no_gpio_here(dict(DEFAULTS["panel"]), pin_factory=factory) is False
        monkeypatch.setattr(Device, "pin_factory", factory)
        assert no_gpio_here(dict(DEFAULTS["panel"])) is False
    finally:
        factory.reset()
