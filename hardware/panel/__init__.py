"""The GPIO button panel: clue, discard and undo buttons, fuse and status lights, a buzzer.

    panel = GpioPanel(PanelPins(), pin_factory)   # or NoPanel() when none is wired
    panel.on_clue = ...                           # called on gpiozero's threads
    panel.set_fuses(2); panel.set_status("ready"); panel.buzz("misfire"); panel.lights()

Both follow base.Panel. Opening fails with PanelError (a code and plain facts). Which panel to
open, from the configuration, the words for its errors and the link to the table session
belong to the app. Wiring: hardware/WIRING.md. gpiozero is imported only with the modules that
need it.
"""

from hardware.lazy import lazy_exports

_WHERE = {
    "Panel": "base", "PanelPins": "base", "Lights": "base",
    "PanelError": "errors",
    "GpioPanel": "gpio_panel",
    "NoPanel": "no_panel",
    "BUZZ_PATTERNS": "patterns", "STATUS_STATES": "patterns",
    "pin_factory_for": "pin_factory",
}

__all__ = list(_WHERE)

__getattr__ = lazy_exports(__name__, _WHERE)
