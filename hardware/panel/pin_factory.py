"""Which gpiozero pin back-end drives the panel: the panel.pin_factory setting.

"" lets gpiozero choose (lgpio first; $GPIOZERO_PIN_FACTORY overrides, e.g. "mock"), "mock"
gives fresh mock pins for a demo, and "lgpio", "rpigpio", "pigpio" or "native" ask for one
back-end by name. On a Raspberry Pi 5 only lgpio works.
"""

from __future__ import annotations

import logging
import warnings
from importlib.metadata import entry_points

from gpiozero import Device

from companion.i18n import N_, _
from hardware.panel.errors import PanelError

log = logging.getLogger(__name__)

LGPIO_HINT = N_("on a Raspberry Pi install python3-lgpio, the only choice on a Raspberry Pi 5")


def pin_factory_for(name: str, where: str = "configuration"):
    """The gpiozero Factory for the setting `name`; PanelError when it cannot be had here."""
    if not name:
        return _default_factory(where)
    found = [ep for ep in entry_points(group="gpiozero_pin_factories") if ep.name == name]
    try:
        if not found:
            raise LookupError(_("gpiozero has no pin factory of that name"))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            factory = found[0].load()()
        _log_warnings(caught)
        return factory
    except Exception as err:  # ImportError (no lgpio module), lgpio.error, OSError...
        raise PanelError(_("{where}: panel.pin_factory = \"{name}\" cannot be used here: {error} "
                           "({hint})").format(where=where, name=name, error=_text(err),
                                              hint=_(LGPIO_HINT))) from None


def _default_factory(where: str):
    """gpiozero's own choice, made once for the whole program (Device.pin_factory)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            Device.ensure_pin_factory()
        except Exception as err:
            reasons = "; ".join(str(w.message) for w in caught)
            log.info("no GPIO pin factory: %s (%s)", err, reasons)
            raise PanelError(_("{where}: no GPIO pins can be opened on this computer: {error} "
                               "({hint})").format(where=where, error=_text(err),
                                                  hint=_(LGPIO_HINT))) from None
    _log_warnings(caught)
    return Device.pin_factory


def _log_warnings(caught) -> None:
    for warning in caught:
        log.info("gpiozero: %s", warning.message)


def _text(err: Exception) -> str:
    return str(err).strip() or err.__class__.__name__
