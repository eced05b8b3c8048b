"""The panel's one error: what went wrong as a code and plain facts, for the app to put in words."""

from __future__ import annotations


class PanelError(Exception):
    """The button panel cannot be opened.

    code:
      "pin"              the pin of `part` (a PanelPins field, "fuse_led_pins[1]" for one LED)
                         cannot be opened; `detail` is what gpiozero or the system said
      "no_gpio"          no GPIO pins can be opened on this computer (`detail`: why)
      "unknown_factory"  gpiozero has no pin factory named `factory`
      "factory"          the pin factory `factory` cannot be used here (`detail`: why)
    """

    PIN, NO_GPIO, UNKNOWN_FACTORY, FACTORY = "pin", "no_gpio", "unknown_factory", "factory"

    def __init__(self, code: str, *, part: str = "", factory: str = "", detail: str = "") -> None:
        self.code = code
        self.part = part
        self.factory = factory
        self.detail = detail
        facts = ", ".join(f"{k}={v!r}" for k, v in
                          (("part", part), ("factory", factory), ("detail", detail)) if v)
        super().__init__(f"{code} ({facts})" if facts else code)


def error_text(err: BaseException) -> str:
    """What an exception from gpiozero, lgpio or the system says, never empty."""
    return str(err).strip() or err.__class__.__name__
