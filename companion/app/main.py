"""Starting the table app: configuration, language, store, session, camera, panel, window.

    run_app(args) -> exit code    (args.demo, args.config, args.fullscreen, args.size)

A bad configuration stops here with its message (exit 2) before any window opens. Heavy
modules (OpenCV and zbar for the camera) are imported only once the window is up, on the
camera's own thread.
"""

from __future__ import annotations

import logging
import sys
from contextlib import ExitStack
from typing import Callable

from companion import config, i18n
from companion.app import kivy_setup, last_setup, taught_deck
from companion.app.context import KEYS_NOTICE, MANUAL_NOTICE, AppContext
from companion.i18n import gettext as _
from companion.session import MemoryJournal, TableSession

log = logging.getLogger(__name__)


def _fail(message: str) -> int:
    print(f"hanabi-companion: {message}", file=sys.stderr)
    return 2


def choose_language(cfg: dict) -> str:
    return cfg["ui"]["language"] or last_setup.language() or "en"


def open_store(cfg: dict) -> tuple[object | None, object, str | None]:
    """(store or None, journal, notice): the SQLite store, or memory only if there is none."""
    try:
        from companion.store import open_store as open_sqlite_store
    except ImportError as err:
        log.warning("no game store: %s", err)
        return None, MemoryJournal(), None
    store, notice = open_sqlite_store(config.store_path(cfg))
    return store, store, notice


def camera_factory(cfg: dict):
    """A function that opens the configured camera (run on the scanner's thread), or None."""
    if cfg["camera"]["source"] == "none":
        return None

    def open_configured_camera():
        from companion.words.camera import camera_line
        from hardware.camera.choose import open_camera

        camera = cfg["camera"]
        source = open_camera(camera["source"], device=camera["device"], path=camera["path"],
                             width=camera["width"], height=camera["height"], fps=camera["fps"])
        log.info("%s", camera_line(source, camera["source"]))
        return source

    return open_configured_camera


def open_panel(cfg: dict, where: str = "configuration") -> tuple[object | None, str | None]:
    """(panel, notice); ConfigError for a panel that must work and cannot."""
    if cfg["panel"]["enabled"] == "no":
        return None, None
    from companion.panel_setup import open_panel as open_configured_panel

    try:
        return open_configured_panel(cfg["panel"], where=where)
    except ImportError as err:  # no gpiozero here
        log.warning("no button panel support: %s", err)
        return None, None


def panel_opener(cfg: dict, where: str = "configuration"):
    """For panel.enabled = "auto": opens the panel once the window is up (gpiozero's import and
    the pin probing stay off the first frame). Returns (panel, notice) like open_panel."""

    def open_later():
        try:
            panel, notice = open_panel(cfg, where)
        except config.ConfigError as err:  # cannot happen with "auto", but never a traceback
            return None, str(err)
        if panel is None or not panel.present:
            notice = notice or _(KEYS_NOTICE)
        return panel, notice

    return open_later


def load_settings(args) -> dict:
    """The configuration named on the command line (or the default one), with the language set.
    ConfigError (with its message) for a bad configuration."""
    cfg = config.load(getattr(args, "config", None), required=bool(getattr(args, "config", None)))
    i18n.set_language(choose_language(cfg))
    return cfg


def build_context(args) -> AppContext:
    """Everything but the window. ConfigError (with its message) for a bad configuration."""
    where = str(getattr(args, "config", None) or config.default_path())
    cfg = load_settings(args)
    notices: list[str] = []
    store, journal, notice = open_store(cfg)
    if notice:
        notices.append(notice)
    session = TableSession(journal=journal, arm_seconds=cfg["table"]["discard_arm_seconds"])
    if store is not None:
        try:
            kept = store.unfinished()
        except Exception as err:  # a store that cannot replay its journal: start afresh
            log.warning("the unfinished game could not be resumed: %s", err)
            notices.append(_("The unfinished game could not be resumed: {error}").format(error=err))
            kept = None
        if kept:
            session.resume(*kept)
    panel, opener = None, None
    if cfg["panel"]["enabled"] == "yes":  # must work: a panel that cannot open stops start-up
        panel, _notice = open_panel(cfg, where)
    elif cfg["panel"]["enabled"] == "auto":
        opener = panel_opener(cfg, where)
    else:
        notices.append(_(KEYS_NOTICE))
    factory = camera_factory(cfg)
    if factory is None:
        notices.append(_(MANUAL_NOTICE))
    return AppContext(session=session, cfg=cfg, store=store, notices=notices,
                      camera_factory=factory, panel=panel, panel_opener=opener,
                      deck_path=taught_deck.deck_in_use(cfg) if factory is not None else None,
                      banner_seconds=cfg["table"]["banner_seconds"], sound=cfg["ui"]["sound"])


def run_app(args, make_context: Callable[[object], AppContext] = build_context) -> int:
    """Opens the window on the context `make_context(args)` gives (the table's, or the demo's)
    and runs the app until it is closed; the store and the panel are closed after it."""
    size_text = getattr(args, "size", None)
    if size_text and kivy_setup.parse_size(size_text) is None:
        return _fail(f"--size must be WIDTHxHEIGHT such as 800x480, not {size_text!r}")
    try:
        context = make_context(args)
    except config.ConfigError as err:
        return _fail(str(err))
    cfg = context.cfg
    size = kivy_setup.parse_size(size_text or cfg["ui"]["size"]) or (800, 480)
    fullscreen = bool(getattr(args, "fullscreen", False) or cfg["ui"]["fullscreen"])
    kivy_setup.prepare(size, fullscreen)
    with ExitStack() as resources:  # whatever happens to the window, the devices are let go
        resources.callback(_close, context.store)
        resources.callback(lambda: _close(context.panel))  # the panel may be opened later
        from companion.app.companion_app import CompanionApp
        from companion.app.kv_files import MissingLayout

        try:
            CompanionApp(context).run()
        except MissingLayout as err:  # a broken installation: say so, no traceback
            return _fail(str(err))
    return 0


def _close(thing) -> None:
    try:
        if thing is not None and hasattr(thing, "close"):
            thing.close()
    except Exception as err:  # closing is best effort: the journal is already durable
        log.warning("closing %s: %s", type(thing).__name__, err)
