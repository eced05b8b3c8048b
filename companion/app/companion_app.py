"""The Kivy App: loads the kv files, holds the screens, starts the camera and the panel.

Kept small: the state lives in TableModel, the taps go to Actions, sounds and celebrations to
TableEffects, the layouts are in kv/. The first screen is built at start, the others the first
time they are shown. The resources it is given (the store, the panel) belong to whoever started
it (companion.app.main.run_app), which closes them.
"""

from __future__ import annotations

import logging

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window

from companion.app.actions import Actions
from companion.app.context import AppContext
from companion.app.effects import TableEffects
from companion.app.kv_files import load_kv
from companion.app.root_view import RootView
from companion.app.scale import SCALE
from companion.app.sounds import Sounds
from companion.app.table_model import TableModel
from companion.i18n import gettext as _

log = logging.getLogger(__name__)

class CompanionApp(App):
    title = "Hanabi Table Companion"

    def __init__(self, context: AppContext, **kwargs) -> None:
        super().__init__(**kwargs)
        self.context = context
        self.session = context.session
        self.model = TableModel(self.session, banner_seconds=context.banner_seconds)
        self.sounds = Sounds(context.sound)
        self.actions = Actions(self)
        self.root_view: RootView | None = None
        self.camera = None
        self.panel_link = None
        self._panel_tick = None
        self._devices_event = None
        self._trim_event = None

    def load_kv(self, filename=None) -> bool:
        return False  # the kv files are loaded by build(), screen by screen

    # ----- building ----------------------------------------------------------------------------
    def build(self):
        SCALE.attach(Window)
        load_kv("widgets.kv")
        self.root_view = RootView(model=self.model, actions=self.actions)
        self.effects = TableEffects(self.session, self.sounds, self.root_view, self._suit_centre)
        first = self.context.start_screen or self._first_screen()
        self.show_screen(first)
        if first != "table":  # build the table once the first screen is drawn, not before
            Clock.schedule_once(lambda _dt: self.screen("table", create=True), 0.2)
        return self.root_view

    def _suit_centre(self, suit: str):
        table = self.screen("table")
        for row in table.suit_rows() if table is not None else ():
            if row.suit == suit:
                return row.to_window(*row.center)
        return None

    def _first_screen(self) -> str:
        state = self.session.state
        if state is None:
            return "newgame"
        return "end" if state.over else "table"

    def screen(self, name: str, create: bool = False):
        screens = self.root_view.screens
        if screens.has_screen(name):
            return screens.get_screen(name)
        if not create:
            return None
        if name == "table":
            load_kv("table.kv")
            from companion.app.table_screen import TableScreen

            screen = TableScreen(name=name, model=self.model, actions=self.actions)
        elif name == "newgame":
            load_kv("new_game.kv")
            from companion.app.new_game_screen import NewGameScreen

            screen = NewGameScreen(name=name, actions=self.actions)
        elif name == "end":
            load_kv("end.kv")
            from companion.app.end_screen import EndScreen

            screen = EndScreen(name=name, model=self.model, actions=self.actions,
                               store=self.context.store)
        elif name == "teach":
            load_kv("teach.kv")
            from companion.app.teach_screen import TeachScreen

            screen = TeachScreen(name=name, app=self)
        elif name == "history":
            from companion.app.history import HistoryScreen

            screen = HistoryScreen(store=self.context.store, name="history")
        else:
            raise KeyError(name)
        screens.add_widget(screen)
        return screen

    def show_screen(self, name: str) -> None:
        screen = self.screen(name, create=True)
        if name == "newgame":
            state = self.session.state
            screen.can_go_back = state is not None and not state.over
        self.root_view.screens.current = name

    def show_in_turn_bar(self, widget) -> None:
        """A widget beside whose-turn on the table (the demo's caption and lights)."""
        table = self.screen("table", create=True)
        table.ids.turn_slot.clear_widgets()
        table.ids.turn_slot.add_widget(widget)

    def current_screen(self) -> str:
        return self.root_view.screens.current

    def show_history(self) -> None:
        if self.context.store is None:
            self.root_view.show_notice(_("No game history is kept in this mode"))
            return
        try:
            self.show_screen("history")
        except ImportError as err:
            log.warning("history screen: %s", err)
            self.root_view.show_notice(_("The history cannot be shown here"))

    # ----- running -------------------------------------------------------------------------------
    def on_start(self) -> None:
        Window.bind(on_key_down=self._on_key)
        notices = list(self.context.notices)
        if notices:
            self.root_view.show_notice("\n".join(notices), seconds=10)
        # the camera, the panel and the sounds once the first frame is on the screen
        Window.bind(on_flip=self._first_frame_drawn)

    def _first_frame_drawn(self, *_args) -> None:
        Window.unbind(on_flip=self._first_frame_drawn)
        self._devices_event = Clock.schedule_once(self._start_devices, 0.05)

    def _start_devices(self, _dt=None) -> None:
        ctx = self.context
        if ctx.camera_factory is not None:
            from companion.app.camera_link import CameraLink

            self.camera = CameraLink(ctx.camera_factory, self.session, self.model,
                                     service_factory=ctx.service_factory,
                                     on_notice=self.root_view.show_notice,
                                     deck_path=ctx.deck_path)
            self.camera.start()
        else:
            self.model.set_scan_state("manual")
        if ctx.panel is None and ctx.panel_opener is not None:
            ctx.panel, notice = ctx.panel_opener()
            if notice:
                self.root_view.show_notice(notice)
        if ctx.panel is not None and ctx.panel.present:
            try:
                from companion.panel_link import PanelLink

                self.panel_link = PanelLink(
                    self.session, ctx.panel, lambda fn: Clock.schedule_once_free(lambda _dt: fn()))
                self._panel_tick = Clock.schedule_interval(lambda _dt: self.panel_link.tick(), 1.0)
            except Exception as err:
                log.warning("the button panel cannot be used: %s", err)
        if ctx.sound:
            Clock.schedule_once(lambda _dt: self.sounds.preload(), 1.0)
        if ctx.demo is not None:
            ctx.demo.start(self)
        # what the camera's start and the driver's first drawings freed goes back to the system
        from companion.app.memory import TRIM_SECONDS, release_free_memory

        self._trim_event = Clock.schedule_interval(lambda _dt: release_free_memory(), TRIM_SECONDS)

    def on_stop(self) -> None:
        Window.unbind(on_key_down=self._on_key, on_flip=self._first_frame_drawn)
        if self._devices_event is not None:
            self._devices_event.cancel()  # stopped before the devices were started
        if self.context.demo is not None:
            self.context.demo.stop()
        if self.camera is not None:
            self.camera.stop()
        if self._panel_tick is not None:
            self._panel_tick.cancel()
        if self._trim_event is not None:
            self._trim_event.cancel()
        if self.panel_link is not None:
            self.panel_link.close()
        self.effects.close()
        from companion.app import last_setup

        last_setup.flush()  # the last setup and language chosen are on the disk before we go

    # ----- the keyboard: the panel's buttons when there is no panel ----------------------------------
    def _on_key(self, _window, key, _scancode, codepoint, modifiers) -> bool:
        actions = self.actions
        if key == 27:  # Escape (Back): closes a dialog, never the app
            if actions.dialog is not None:
                from companion.app.dialogs import CardPicker

                if isinstance(actions.dialog, CardPicker):
                    actions.picker_cancelled(actions.dialog.mode)
                else:
                    actions.close_dialog()
            return True
        if any(m in ("ctrl", "alt", "meta", "super") for m in modifiers or ()):
            return False
        if actions.dialog is not None or self.current_screen() not in ("table", "end"):
            return False
        letter = (codepoint or "").lower()
        handler = {"c": actions.clue, "d": actions.discard_button, "p": actions.play_button,
                   "u": actions.undo}.get(letter)
        if handler is None:
            return False
        handler(source="keyboard")
        return True
