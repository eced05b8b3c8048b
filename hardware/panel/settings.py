"""The [panel] settings, checked with the same rules (and messages) as the configuration file."""

from __future__ import annotations

from companion import config
from companion.config import ConfigError
from companion.i18n import _
from hardware.panel.errors import PanelError


def checked_settings(panel_cfg: dict, where: str = "configuration") -> dict:
    """The [panel] section with defaults filled in, or PanelError naming the bad setting.

    `panel_cfg` is the [panel] dict of companion.config.load() (already checked: this is then
    a cheap second look) or a hand-made dict (tests, the demo) that may leave settings out.
    """
    if not isinstance(panel_cfg, dict):
        raise PanelError(_("{where}: [panel] must be a table of settings").format(where=where))
    try:
        # The configuration's own checks, on a configuration that is all defaults but [panel].
        return config.check_section("panel", panel_cfg, where)
    except PanelError:
        raise
    except ConfigError as err:
        raise PanelError(str(err)) from None
