"""What the buttons, the keys and the menu do: each one a call to the table session.

The session decides (and refuses, with its reason); this only opens the right dialog and
moves between the screens (sounds and celebrations are companion.app.effects). Touch, the
keyboard (C clue, D discard, P play, U undo) and the dialogs all come through here.
"""

from __future__ import annotations

import logging

from companion import i18n
from companion.app import last_setup
from companion.i18n import N_
from companion.rules import Clue, Discard, IllegalEvent, Play
from companion.rules.errors import SetupError
from companion.rules.game import GameSetup
from companion.words import message

log = logging.getLogger(__name__)


class Actions:
    def __init__(self, app) -> None:
        self.app = app
        self.session = app.session
        self.model = app.model
        self.dialog = None  # the dialog open now (picker, clue detail, menu)
        self._detail_for = -1  # how many events there were when the clue detail opened
        self._pickers: dict = {}  # one card picker per variant, built once
        self.model.bind(on_outcome=self._after_outcome)

    @property
    def root(self):
        return self.app.root_view

    # ----- the table's buttons ---------------------------------------------------------------
    def clue(self, source: str = "touch") -> None:
        self.session.clue(source=source)

    def discard_button(self, source: str = "touch") -> None:
        """Arms a discard and opens the picker; pressed again while armed, disarms it."""
        if self.session.discard_armed:
            self.close_dialog()
            self.session.disarm_discard(source=source)
            return
        outcome = self.session.arm_discard(source=source)
        if outcome.kind == "armed":
            self.open_picker("discard")

    def play_button(self, source: str = "touch") -> None:
        """Opens the picker; while a discard is armed (by the panel's button, say) the card picked
        is the one discarded, as the armed discard promises, so the picker says Discard."""
        state = self.session.state
        if state is None:
            self._refuse(N_("Start a game first"))
            return
        try:
            state.check_play_allowed()
        except IllegalEvent as err:  # the rules say why: the game is over, an empty hand
            self._refuse(err.template, err.params)
            return
        self.open_picker("discard" if self.session.discard_armed else "play")

    def undo(self, source: str = "touch") -> None:
        self.close_dialog()
        self.session.undo(source=source)

    def _refuse(self, template: str, params: dict | None = None) -> None:
        """A refusal the session was not asked about (no game to pick a card for)."""
        self.model.say(template, params, kind="refused")
        self.app.sounds.play("refused")  # the session was not asked, so its listeners were not told

    # ----- the card picker -------------------------------------------------------------------------
    def open_picker(self, mode: str) -> None:
        CardPicker = self._dialogs().CardPicker
        self.close_dialog()
        state = self.session.state
        picker = self._pickers.get(state.variant.name)
        if picker is None:
            picker = self._pickers[state.variant.name] = CardPicker(state, self)
        picker.show(state, mode, camera=self.model.camera_running)
        self._open(picker)

    def picked(self, card, mode: str) -> None:
        self.close_dialog()
        if mode == "discard":
            self.session.discard(card, source="touch")
        else:
            self.session.play(card, source="touch")

    def picker_cancelled(self, mode: str) -> None:
        self.close_dialog()
        if mode == "discard" and self.session.discard_armed:
            self.session.disarm_discard()

    @staticmethod
    def _dialogs():
        """The dialogs' module, its kv file loaded the first time a dialog opens."""
        from companion.app import dialogs
        from companion.app.kv_files import load_kv

        load_kv("dialogs.kv")
        return dialogs

    def _open(self, dialog) -> None:
        self.dialog = dialog
        dialog.bind(on_dismiss=self._dismissed)
        dialog.open(animation=False)

    def _dismissed(self, dialog) -> None:
        dialog.unbind(on_dismiss=self._dismissed)
        if self.dialog is dialog:
            self.dialog = None

    def close_dialog(self) -> None:
        if self.dialog is not None:
            dialog, self.dialog = self.dialog, None
            dialog.dismiss(animation=False)

    # ----- the clue's detail ----------------------------------------------------------------------
    def open_clue_detail(self) -> None:
        ClueDetail = self._dialogs().ClueDetail
        giver = self.model.last_clue_giver
        if giver is None or self.session.state is None:
            return
        self.close_dialog()
        self._detail_for = len(self.session.game.events)  # the one-tap clue is the last event
        self._open(ClueDetail(self.session.state, giver, self))

    def _plain_clue_is_last(self) -> bool:
        """The one-tap clue the detail was asked for is still the last event (no card read and
        no button pressed since), so replacing the last event replaces that clue."""
        game = self.session.game
        if game is None or not game.events or len(game.events) != self._detail_for:
            return False
        last = game.events[-1]
        return isinstance(last, Clue) and last.target is None and last.kind is None

    def clue_detail_chosen(self, target, kind, value) -> None:
        """Gives the one-tap clue just given its detail, in one step the journal keeps whole."""
        self.close_dialog()
        if not self._plain_clue_is_last():
            return  # something else happened meanwhile: never change an event the detail is not for
        outcome = self.session.amend_clue(target, kind, value)
        if outcome.kind == "refused":
            self.model.say(outcome.error.template, outcome.error.params, kind="refused")

    # ----- the menu --------------------------------------------------------------------------------
    def open_menu(self) -> None:
        MenuView = self._dialogs().MenuView
        self.close_dialog()
        state = self.session.state
        self._open(MenuView(actions=self, has_game=state is not None and not state.over))

    def menu_new_game(self) -> None:
        self.close_dialog()
        self.show_new_game()

    def menu_abandon(self, menu) -> None:
        if not menu.confirm_abandon:
            menu.confirm_abandon = True
            return
        self.close_dialog()
        self.session.abandon()

    def menu_history(self) -> None:
        self.close_dialog()
        self.app.show_history()

    def menu_teach(self) -> None:
        """The teach screen, for the deck of the game in play (or of the last one set up)."""
        self.close_dialog()
        came_from = self.app.current_screen()
        self.app.screen("teach", create=True).open_from(came_from)
        self.app.show_screen("teach")

    def set_language(self, lang: str) -> None:
        i18n.set_language(lang)
        last_setup.remember_language(lang)
        self.model.retranslate()

    def quit(self) -> None:
        self.close_dialog()
        self.app.stop()

    # ----- games and screens -----------------------------------------------------------------------
    def start_game(self, setup: dict) -> str | None:
        """Starts the game the new-game screen describes (GameSetup.from_dict's shape); returns
        why not, if it cannot."""
        try:
            game_setup = GameSetup.from_dict(setup)
        except SetupError as err:
            return message(err)
        return self._start(game_setup)

    def _start(self, game_setup: GameSetup) -> str | None:
        outcome = self.session.new_game(game_setup)
        if outcome.kind == "refused":  # the journal could not begin it (disk full, read-only)
            return message(outcome.error)
        last_setup.remember_setup(game_setup)
        self.show_table()
        return None

    def new_game_same_players(self) -> None:
        game = self.session.game
        if game is None:
            self.show_new_game()
            return
        why_not = self._start(game.setup)
        if why_not:
            self.root.show_notice(why_not)

    def show_table(self) -> None:
        self.app.show_screen("table")

    def show_new_game(self) -> None:
        self.app.show_screen("newgame")

    # ----- after every outcome: the screen that fits ----------------------------------------------
    def _after_outcome(self, _model, outcome) -> None:
        if outcome.kind in ("refused", "nothing_to_undo"):
            return
        self._follow_dialog(outcome)
        state = self.session.state
        if state is None:
            return
        current = self.app.current_screen()
        if state.over and current == "table":
            self.close_dialog()
            self.app.show_screen("end")
        elif not state.over and current == "end":
            self.app.show_screen("table")

    def _follow_dialog(self, outcome) -> None:
        """An event came from elsewhere (the camera, the panel) while a dialog is open."""
        dialog, state = self.dialog, self.session.state
        if dialog is None or outcome.kind not in ("applied", "undone", "new_game"):
            return
        dialogs = self._dialogs()
        if isinstance(dialog, dialogs.CardPicker):
            if (outcome.kind == "applied" and isinstance(outcome.event, (Play, Discard))) \
                    or outcome.kind == "new_game" or state is None or state.over \
                    or state.variant is not dialog.variant:
                self.close_dialog()  # the camera read the card the picker was open for
            else:
                dialog.show(state, dialog.mode, camera=self.model.camera_running)  # copies left now
        elif isinstance(dialog, dialogs.ClueDetail):
            self.close_dialog()  # its clue is no longer the last event
