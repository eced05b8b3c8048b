"""Start-up's choice of button panel, from the [panel] settings: the wired one or NoPanel.

    panel, notice = open_panel(cfg["panel"], where="config.toml")

enabled = "auto": the panel when its pins can be opened, else NoPanel and a notice;
"yes": the panel or ConfigError (the app stops with the message); "no": NoPanel, no notice.
A bad setting is always ConfigError, whatever `enabled` says. hardware.panel takes the plain
pins and a pin factory; the settings are read, and its errors worded, here.
"""

from __future__ import annotations

import glob
import logging
import os
import sys

from companion import config
from companion.config import ConfigError
from companion.i18n import N_, _
from companion.words.panel import panel_error_text
from hardware.panel.base import Panel, PanelPins
from hardware.panel.errors import PanelError
from hardware.panel.no_panel import NoPanel

log = logging.getLogger(__name__)

NO_PANEL_NOTICE = N_("No button panel found: use the screen or the keyboard "
                     "(C clue, D discard, P play, U undo)")
MUST_WORK = N_("{error}. panel.enabled is \"yes\": check the wiring and panel.pin_factory, "
               "or set panel.enabled = \"auto\" to start without the panel")


def panel_settings(panel_cfg: dict, where: str = "configuration") -> dict:
    """The [panel] section with defaults filled in, or ConfigError naming the bad setting.

    `panel_cfg` is the [panel] dict of config.load() (already checked: this is then a cheap
    second look) or a hand-made dict (tests, the demo) that may leave settings out.
    """
    if not isinstance(panel_cfg, dict):
        raise ConfigError(_("{where}: [panel] must be a table of settings").format(where=where))
    return config.check_section("panel", panel_cfg, where)


def panel_pins(settings: dict) -> PanelPins:
    return PanelPins(**{name: settings[name] for name in PanelPins._fields})._replace(
        fuse_led_pins=tuple(settings["fuse_led_pins"]))


def gpio_panel(panel_cfg: dict, pin_factory=None, where: str = "configuration"):
    """The GPIO panel on the configured pins, with `pin_factory` (None: the one
    panel.pin_factory names). PanelError when it cannot be opened, ConfigError for a bad
    setting."""
    from hardware.panel.gpio_panel import GpioPanel  # gpiozero: only when a panel is wanted
    from hardware.panel.pin_factory import pin_factory_for

    settings = panel_settings(panel_cfg, where)
    if pin_factory is None:
        pin_factory = pin_factory_for(settings["pin_factory"])
    return GpioPanel(panel_pins(settings), pin_factory,
                     undo_hold_seconds=settings["undo_hold_seconds"],
                     bounce_seconds=settings["bounce_seconds"])


def no_gpio_here(settings: dict, pin_factory=None) -> bool:
    """True when gpiozero's own choice of pins cannot find any on this computer: it has no GPIO
    device, and neither mock nor remote pins are asked for. "auto" then starts without the
    panel at once, without importing gpiozero and probing its pin libraries (megabytes)."""
    if pin_factory is not None or settings["pin_factory"]:
        return False
    if os.environ.get("GPIOZERO_PIN_FACTORY") or os.environ.get("PIGPIO_ADDR"):
        return False
    gpiozero = sys.modules.get("gpiozero")
    if gpiozero is not None and gpiozero.Device.pin_factory is not None:
        return False  # pins already set up in this process (mock pins, a demo)
    return not (glob.glob("/dev/gpiochip*") or os.path.exists("/dev/gpiomem"))


def open_panel(panel_cfg: dict, where: str = "configuration",
               pin_factory=None) -> tuple[Panel, str | None]:
    """(panel, notice): notice is None or a sentence for the screen (already translated)."""
    settings = panel_settings(panel_cfg, where)
    if settings["enabled"] == "no":
        return NoPanel(), None
    if settings["enabled"] == "auto" and no_gpio_here(settings, pin_factory):
        log.info("starting without the button panel: this computer has no GPIO")
        return NoPanel(), _(NO_PANEL_NOTICE)
    try:
        return gpio_panel(settings, pin_factory, where), None
    except PanelError as err:
        text = panel_error_text(err, where)
        if settings["enabled"] == "yes":
            raise ConfigError(_(MUST_WORK).format(error=text.rstrip("."))) from None
        log.info("starting without the button panel: %s", text)
        return NoPanel(), _(NO_PANEL_NOTICE)
