"""Start-up's choice of panel: the wired one, or NoPanel and a notice, from panel.enabled.

enabled = "auto": the panel when its pins can be opened, else NoPanel and a notice;
"yes": the panel or PanelError (the app stops with the message); "no": NoPanel, no notice.
A bad pin setting is always PanelError, whatever `enabled` says.
"""

from __future__ import annotations

import logging

from companion.i18n import N_, _
from hardware.panel.errors import PanelError
from hardware.panel.gpio_panel import Panel
from hardware.panel.no_panel import NoPanel
from hardware.panel.pin_factory import pin_factory_for
from hardware.panel.settings import checked_settings

log = logging.getLogger(__name__)

NO_PANEL_NOTICE = N_("No button panel found: use the screen or the keyboard "
                     "(C clue, D discard, P play, U undo)")


def open_panel(panel_cfg: dict, *,
               where: str = "configuration") -> tuple[Panel | NoPanel, str | None]:
    """(panel, notice): notice is None or a sentence for the screen (already translated)."""
    cfg = checked_settings(panel_cfg, where)
    if cfg["enabled"] == "no":
        return NoPanel(), None
    try:
        panel = Panel(cfg, pin_factory_for(cfg["pin_factory"], where), where=where)
    except PanelError as err:
        if cfg["enabled"] == "yes":
            raise PanelError(_("{error}. panel.enabled is \"yes\": check the wiring and "
                               "panel.pin_factory, or set panel.enabled = \"auto\" to start "
                               "without the panel").format(error=str(err).rstrip("."))) from None
        log.info("starting without the button panel: %s", err)
        return NoPanel(), _(NO_PANEL_NOTICE)
    return panel, None
