"""The wiring guide and its diagram agree with the app's default pins and with the header."""

from __future__ import annotations

import importlib.util
import re
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from gpiozero.pins.pi import PiBoardInfo

from companion import config

REPO = Path(__file__).resolve().parents[2]
WIRING = REPO / "hardware" / "WIRING.md"
DIAGRAM_DIR = REPO / "hardware" / "wiring"


def load_generator():
    spec = importlib.util.spec_from_file_location("draw_wiring", DIAGRAM_DIR / "draw_wiring.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def physical(gpio: int) -> int:
    pins = PiBoardInfo.from_revision(0xC04170).headers["J8"].pins
    return next(n for n, info in pins.items() if info.name == f"GPIO{gpio}")


def default_pins() -> list[tuple[str, int]]:
    panel = config.DEFAULTS["panel"]
    pins = [(f"panel.{key}", panel[key]) for key in config.PIN_SETTINGS]
    pins += [(f"panel.fuse_led_pins[{i}]", pin) for i, pin in enumerate(panel["fuse_led_pins"])]
    return pins


@pytest.mark.parametrize("setting, gpio", default_pins())
def test_the_guide_lists_each_default_pin_with_its_physical_pin(setting, gpio):
    rows = [line for line in WIRING.read_text(encoding="utf-8").splitlines()
            if line.startswith("|") and f"`{setting}`" in line]
    assert len(rows) == 1, setting
    cells = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert cells[2] == f"GPIO{gpio}"
    assert cells[3] == str(physical(gpio))


def test_the_sample_configuration_in_the_guide_is_valid_and_is_the_defaults(tmp_path):
    text = WIRING.read_text(encoding="utf-8")
    sample = re.search(r"```toml\n(.*?)```", text, re.S).group(1)
    path = tmp_path / "config.toml"
    path.write_text(sample, encoding="utf-8")
    assert config.load(path)["panel"] == config.DEFAULTS["panel"]
    assert set(tomllib.loads(sample)["panel"]) == set(config.DEFAULTS["panel"])


def test_the_diagram_is_drawn_from_its_description_and_up_to_date():
    draw = load_generator()
    source = draw.load()
    assert {(f"panel.{p['setting']}", p["gpio"]) for p in source["part"]} == set(default_pins())
    assert (DIAGRAM_DIR / "wiring.svg").read_text(encoding="utf-8") == draw.render(source)
    assert draw.main(["--check"]) == 0


def test_the_diagram_names_every_panel_pin_and_is_valid_svg():
    svg = (DIAGRAM_DIR / "wiring.svg").read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    for _, gpio in default_pins():
        assert f"GPIO{gpio} · pin {physical(gpio)}" in texts
    for words in ("Clue", "Discard", "Undo", "Fuse 1", "Status", "330 Ω", "NPN", "GND · pin 39"):
        assert words in texts


def test_a_description_that_disagrees_with_the_defaults_is_refused(tmp_path):
    draw = load_generator()
    text = (DIAGRAM_DIR / "panel.toml").read_text(encoding="utf-8")
    wrong = tmp_path / "panel.toml"
    wrong.write_text(text.replace("gpio = 17", "gpio = 18"), encoding="utf-8")
    with pytest.raises(draw.WiringError, match="clue_pin defaults to 17"):
        draw.load(wrong)
