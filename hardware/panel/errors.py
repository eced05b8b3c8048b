"""The panel's one error type: a message a person can act on, naming the setting to change."""

from __future__ import annotations

from companion.config import ConfigError


class PanelError(ConfigError):
    """The button panel cannot be used as configured (a bad pin, no GPIO with enabled = "yes").

    A kind of ConfigError, so start-up shows it the same way: one message, no traceback.
    """
