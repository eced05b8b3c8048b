"""Which gpiozero pin back-end drives the panel, by name.

"" lets gpiozero choose (lgpio first; $GPIOZERO_PIN_FACTORY overrides, e.g. "mock"), "mock"
gives fresh mock pins for a demo, and "lgpio", "rpigpio", "pigpio" or "native" ask for one
back-end by name. On a Raspberry Pi 5 only lgpio works.
"""

from __future__ import annotations

import logging
import warnings
from importlib.metadata import entry_points

from gpiozero import Device

from hardware.panel.errors import PanelError, error_text

log = logging.getLogger(__name__)


def pin_factory_for(name: str = ""):
    """The gpiozero Factory called `name` ("" for gpiozero's own choice); PanelError when it
    cannot be had here."""
    if not name:
        return _default_factory()
    found = [ep for ep in entry_points(group="gpiozero_pin_factories") if ep.name == name]
    if not found:
        raise PanelError(PanelError.UNKNOWN_FACTORY, factory=name)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            factory = found[0].load()()
    except Exception as err:  # ImportError (no lgpio module), lgpio.error, OSError...
        raise PanelError(PanelError.FACTORY, factory=name, detail=error_text(err)) from None
    _log_warnings(caught)
    return factory


def _default_factory():
    """gpiozero's own choice, made once for the whole program (Device.pin_factory)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            Device.ensure_pin_factory()
        except Exception as err:
            reasons = "; ".join(str(w.message) for w in caught)
            log.info("no GPIO pin factory: %s (%s)", err, reasons)
            raise PanelError(PanelError.NO_GPIO, detail=error_text(err)) from None
    _log_warnings(caught)
    return Device.pin_factory


def _log_warnings(caught) -> None:
    for warning in caught:
        log.info("gpiozero: %s", warning.message)
