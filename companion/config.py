"""The companion's configuration: one TOML file with documented defaults, checked at start-up.

Where: the path given with --config, else $HANABI_COMPANION_CONFIG, else config.toml in the
user's config folder (~/.config/hanabi-companion/ on Linux). A missing file means defaults.
A bad value stops start-up with a message naming the setting (`ConfigError`). The file is read
only up to MAX_CONFIG_BYTES, so a device (/dev/zero) or a huge file is refused, not swallowed.
"""

from __future__ import annotations

import copy
import os
import tomllib
from pathlib import Path

import platformdirs

from companion.rules.errors import CompanionError
from hardware.camera.choose import SOURCES as CAMERA_SOURCES
from hardware.panel.base import PanelPins

APP_NAME = "hanabi-companion"

# BCM pin numbers of the default panel wiring (see hardware/WIRING.md).
WIRED = PanelPins()
DEFAULTS: dict[str, dict] = {
    "store": {
        "path": "",  # empty: companion.sqlite3 in the user data folder
    },
    "camera": {
        "source": "auto",  # auto, picamera2, opencv, file, none
        "device": 0,  # the OpenCV (V4L2) camera index
        "path": "",  # the file source: an image, a folder of images, or a video
        "width": 640,
        "height": 480,
        "fps": 15,
        "deck": "",  # a taught deck of card faces; empty: the one taught last in the app
    },
    "panel": {
        "enabled": "auto",  # auto (use it when the pins can be opened), yes, no
        "pin_factory": "",  # empty: gpiozero's choice (lgpio on Raspberry Pi OS); "mock" for a demo
        "clue_pin": WIRED.clue_pin,
        "discard_pin": WIRED.discard_pin,
        "undo_pin": WIRED.undo_pin,
        "fuse_led_pins": list(WIRED.fuse_led_pins),
        "status_led_pin": WIRED.status_led_pin,
        "buzzer_pin": WIRED.buzzer_pin,
        "undo_hold_seconds": 1.0,
        "bounce_seconds": 0.05,
    },
    "table": {
        "discard_arm_seconds": 20.0,  # an armed discard disarms itself after this long
        "banner_seconds": 4.0,  # how long a scanned card is shown large
    },
    "ui": {
        "language": "",  # empty: the language chosen last on the new-game screen (en or it)
        "fullscreen": False,
        "size": "800x480",
        "sound": True,
    },
}

# A configuration file is a few kB: a bigger one (or a device such as /dev/zero) is not read.
MAX_CONFIG_BYTES = 1024 * 1024

# The settings that name a file or folder.
PATH_SETTINGS = (("store", "path"), ("camera", "path"))

# Pins a Raspberry Pi's 40-pin header exposes as GPIO (BCM numbering).
GPIO_PINS = range(2, 28)


class ConfigError(CompanionError):
    """A configuration that cannot be used; the message names the setting and the file.

    The message is written in English: it names the file's own settings, as typed there."""

    def __init__(self, text: str) -> None:
        super().__init__(text.replace("{", "{{").replace("}", "}}"))


def default_path() -> Path:
    env = os.environ.get("HANABI_COMPANION_CONFIG")
    if env:
        return Path(env)
    return Path(platformdirs.user_config_dir(APP_NAME)) / "config.toml"


def data_dir() -> Path:
    return Path(os.environ.get("HANABI_COMPANION_DATA") or platformdirs.user_data_dir(APP_NAME))


def _type_name(value: object) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number", str: "text",
            list: "a list"}[type(value)]


def _check_types(data: dict, where: str) -> dict:
    merged = copy.deepcopy(DEFAULTS)
    for section, values in data.items():
        if section not in DEFAULTS:
            raise ConfigError(f"{where}: unknown section [{section}]; known: "
                              + ", ".join(f"[{s}]" for s in DEFAULTS))
        if not isinstance(values, dict):
            raise ConfigError(f"{where}: [{section}] must be a table of settings")
        for key, value in values.items():
            name = f"{section}.{key}"
            if key not in DEFAULTS[section]:
                raise ConfigError(f"{where}: unknown setting {name}; known in [{section}]: "
                                  + ", ".join(DEFAULTS[section]))
            default = DEFAULTS[section][key]
            ok = type(value) is type(default) or (type(default) is float and type(value) is int)
            if not ok:
                raise ConfigError(f"{where}: {name} must be {_type_name(default)}, not {value!r}")
            merged[section][key] = float(value) if type(default) is float else value
    return merged


def _check_values(cfg: dict, where: str) -> None:
    def fail(name: str, why: str) -> None:
        raise ConfigError(f"{where}: {name} {why}")

    for section, key in PATH_SETTINGS:
        if "\0" in cfg[section][key]:
            fail(f"{section}.{key}", "holds a null character (\\u0000), which no file name can "
                 "hold")
    def is_folder(name: str, value: str) -> bool:
        try:
            return bool(value) and Path(value).expanduser().is_dir()
        except RuntimeError:  # "~someone/..." for a user this system does not know
            fail(name, f"names the home folder of an unknown user: {value!r}")
        except OSError as err:  # e.g. inside a folder that cannot be read
            fail(name, f"cannot be checked: {value!r} ({err.strerror or err})")

    store = cfg["store"]["path"]
    if is_folder("store.path", store):
        fail("store.path", f"must name the game history file, not a folder: {store!r} is a "
             "folder (for example add /companion.sqlite3 to it)")
    if cfg["camera"]["source"] not in CAMERA_SOURCES:
        fail("camera.source", "must be " + ", ".join(CAMERA_SOURCES[:-1]) + " or " + CAMERA_SOURCES[-1])
    for key in ("width", "height", "fps"):
        if cfg["camera"][key] <= 0:
            fail(f"camera.{key}", "must be above 0")
    if cfg["camera"]["device"] < 0:
        fail("camera.device", "must be 0 or more")
    deck = cfg["camera"]["deck"]
    if "\0" in deck:
        fail("camera.deck", "must be a file name, not text with a NUL character")
    if is_folder("camera.deck", deck):
        fail("camera.deck", f"names a folder, not a deck file: {deck!r}")
    if cfg["panel"]["enabled"] not in ("auto", "yes", "no"):
        fail("panel.enabled", "must be auto, yes or no")
    if cfg["panel"]["pin_factory"] not in ("", "lgpio", "rpigpio", "pigpio", "native", "mock"):
        fail("panel.pin_factory", "must be empty, lgpio, rpigpio, pigpio, native or mock")
    check_pins(cfg["panel"], where)
    for key in ("undo_hold_seconds", "bounce_seconds"):
        if not 0 <= cfg["panel"][key] <= 10:
            fail(f"panel.{key}", "must be between 0 and 10 seconds")
    for key in ("discard_arm_seconds", "banner_seconds"):
        if not 0 < cfg["table"][key] <= 600:
            fail(f"table.{key}", "must be between 0 and 600 seconds")
    if cfg["ui"]["language"] not in ("", "en", "it"):
        fail("ui.language", "must be en or it")
    size = cfg["ui"]["size"]
    parts = size.split("x")
    # isdigit() also takes "²" or "٣", which int() refuses: only the digits 0-9 make a size
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and 100 <= int(p) <= 8000
                                  for p in parts):
        fail("ui.size", f"must be WIDTHxHEIGHT such as 800x480, not {size!r}")


PIN_SETTINGS = ("clue_pin", "discard_pin", "undo_pin", "status_led_pin", "buzzer_pin")


def check_pins(panel: dict, where: str = "configuration") -> None:
    """Every panel pin is a GPIO pin of the header, and no pin is used twice."""
    used: dict[int, str] = {}
    pins = [(f"panel.{k}", panel[k]) for k in PIN_SETTINGS]
    leds = panel["fuse_led_pins"]
    if not isinstance(leds, list) or len(leds) != 3:
        raise ConfigError(f"{where}: panel.fuse_led_pins must list 3 pins, one per fuse")
    pins += [(f"panel.fuse_led_pins[{i}]", p) for i, p in enumerate(leds)]
    for name, pin in pins:
        if isinstance(pin, bool) or not isinstance(pin, int) or pin not in GPIO_PINS:
            raise ConfigError(f"{where}: {name} = {pin!r} is not a GPIO pin of the Raspberry Pi "
                              f"header (BCM numbers 2 to 27)")
        if pin in used:
            raise ConfigError(f"{where}: {name} and {used[pin]} both use GPIO{pin}; "
                              f"each button and light needs its own pin")
        used[pin] = name


def check_section(section: str, values: dict, where: str = "configuration") -> dict:
    """One section (e.g. a hand-made [panel] for the demo or tests) checked like the file,
    with the defaults filled in; ConfigError naming the bad setting."""
    cfg = _check_types({section: values}, where)
    _check_values(cfg, where)
    return cfg[section]


def _read_bounded(path: Path) -> bytes:
    """The file's bytes, read only up to MAX_CONFIG_BYTES: a huge file, a device (/dev/zero) or an
    endless pipe is refused with a ConfigError without filling the memory."""
    with open(path, "rb") as f:
        # st_size is 0 for a device or a pipe: what counts is how much there is to read
        size = os.fstat(f.fileno()).st_size
        raw = f.read(MAX_CONFIG_BYTES + 1) if size <= MAX_CONFIG_BYTES else b""
    if max(size, len(raw)) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{path}: not a configuration file: it is bigger than "
                          f"{MAX_CONFIG_BYTES // 1024} kB (a configuration is a few lines)")
    return raw


def load(path: str | os.PathLike | None = None, required: bool = False) -> dict:
    """The configuration with defaults filled in; ConfigError if the file is unusable.

    `required`: the file was named on the command line, so a missing one is a mistake (a typo
    in --config), not a wish for the defaults.
    """
    path = Path(path) if path else default_path()
    where = str(path)
    if required and not path.exists():
        raise ConfigError(f"{where}: no such configuration file")
    if not path.exists():
        cfg = copy.deepcopy(DEFAULTS)
    else:
        try:
            data = tomllib.loads(_read_bounded(path).decode("utf-8"))
        except (OSError, UnicodeDecodeError) as err:
            raise ConfigError(f"{where}: cannot be read ({err.__class__.__name__}: {err})") from None
        except tomllib.TOMLDecodeError as err:
            raise ConfigError(f"{where}: not valid TOML: {err}") from None
        cfg = _check_types(data, where)
    _check_values(cfg, where)
    return cfg


def store_path(cfg: dict) -> Path:
    return Path(cfg["store"]["path"]).expanduser() if cfg["store"]["path"] else data_dir() / "companion.sqlite3"


def deck_path(cfg: dict) -> Path | None:
    """The deck file the configuration names ([camera] deck), or None: the one taught last."""
    deck = cfg["camera"]["deck"]
    return Path(deck).expanduser() if deck else None
