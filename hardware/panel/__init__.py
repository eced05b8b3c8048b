"""The GPIO button panel: clue, discard and undo buttons, fuse and status lights, a buzzer.

    panel, notice = open_panel(cfg["panel"])   # Panel, or NoPanel and a notice
    panel.on_clue = ...                        # called on gpiozero's threads
    panel.set_fuses(2); panel.set_status("ready"); panel.buzz("misfire")

companion.panel_link.PanelLink connects it to the table session. Wiring: hardware/WIRING.md.
"""

from hardware.panel.errors import PanelError
from hardware.panel.gpio_panel import Panel
from hardware.panel.no_panel import NoPanel
from hardware.panel.opening import NO_PANEL_NOTICE, open_panel
from hardware.panel.patterns import BUZZ_PATTERNS, STATUS_STATES
from hardware.panel.pin_factory import pin_factory_for
from hardware.panel.settings import checked_settings

__all__ = ["PanelError", "Panel", "NoPanel", "open_panel", "NO_PANEL_NOTICE", "BUZZ_PATTERNS",
           "STATUS_STATES", "pin_factory_for", "checked_settings"]
