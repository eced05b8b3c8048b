"""The button panel's errors in words, naming the setting of the configuration file to change.

hardware.panel raises PanelError with a code and plain facts; the text is made here, in the
table's language.
"""

from __future__ import annotations

from companion.i18n import N_, _
from hardware.panel.errors import PanelError

LGPIO_HINT = N_("on a Raspberry Pi install python3-lgpio, the only choice on a Raspberry Pi 5")


def panel_error_text(err: PanelError, where: str = "configuration") -> str:
    """One sentence naming the setting to change; `where` is the configuration file."""
    if err.code == PanelError.PIN:
        return _("{where}: the button panel could not be opened at {setting}: {error}").format(
            where=where, setting=f"panel.{err.part}", error=err.detail)
    if err.code == PanelError.UNKNOWN_FACTORY:
        error = _("gpiozero has no pin factory of that name")
    elif err.code == PanelError.FACTORY:
        error = err.detail
    else:
        return _("{where}: no GPIO pins can be opened on this computer: {error} ({hint})").format(
            where=where, error=err.detail or err.code, hint=_(LGPIO_HINT))
    return _("{where}: panel.pin_factory = \"{name}\" cannot be used here: {error} "
             "({hint})").format(where=where, name=err.factory, error=error, hint=_(LGPIO_HINT))
