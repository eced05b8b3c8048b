"""What the buttons, the keys and the menu do: each one a call to the table session.

The session decides (and refuses, with its reason); this only opens the right dialog, moves
between the screens and plays the effects. Touch, the keyboard (C clue, D discard, P play,
U undo) and the dialogs all come through here.
"""

from __future__ import annotations

import logging

from kivy.clock import Clock

from companion import i18n
from companion.app import look, remembered
from companion.i18n import N_, gettext as _
from companion.rules import Discard, Play
from companion.rules.errors import RulesError
from companion.rules.game import GameSetup

log = logging.getLogger(__name__)


class Actions:
    def __init__(self, app) -> None:
        self.app = app
        self.session = app.session
        self.model = app.model
        self.dialog = None  # the dialog open now (picker, clue detail, menu)
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
        state = self.session.state
        if state is None:
            self._refuse(N_("Start a game first"))
        elif state.over:
            self._refuse(N_("The game is over: nothing more can be recorded"))
        else:
            self.open_picker("play")

    def undo(self, source: str = "touch") -> None:
        self.close_dialog()
        self.session.undo(source=source)

    def _refuse(self, template: str) -> None:
        """A refusal the session was not asked about (no game to pick a card for)."""
        self.model.message = "\u26a0 " + RulesError(template).message
        self.model.message_kind = "refused"
        self.app.sounds.play("refused")

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
        from companion.app.companion_app import load_kv

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
        self._open(ClueDetail(self.session.state, giver, self))

    def clue_detail_chosen(self, target, kind, value) -> None:
        """Replaces the one-tap clue just given by the same clue with its detail."""
        self.close_dialog()
        undone = self.session.undo()
        if undone.kind != "undone":
            return
        outcome = self.session.clue(target, kind, value)
        if outcome.kind == "refused":
            self.session.clue()  # put the plain clue back
            self.model.message = "\u26a0 " + outcome.error.message
            self.model.message_kind = "refused"

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

    def set_language(self, lang: str) -> None:
        i18n.set_language(lang)
        remembered.remember_language(lang)
        self.model.retranslate()

    def quit(self) -> None:
        self.close_dialog()
        self.app.stop()

    # ----- games and screens -----------------------------------------------------------------------
    def start_game(self, setup: dict) -> str | None:
        """Starts the game the new-game screen describes; returns why not, if it cannot."""
        names = setup["players"]
        if any(not name for name in names):
            return _("Every player needs a name")
        if any(len(name) > remembered.MAX_NAME_LENGTH for name in names):
            return _("A name can have at most {limit} letters").format(limit=remembered.MAX_NAME_LENGTH)
        if len(set(n.casefold() for n in names)) < len(names):
            return _("Two players have the same name: tell them apart")
        try:
            game_setup = GameSetup.create(
                names, setup["variant"], setup["first_player"], endgame=setup["endgame"],
                fuse_out=setup["fuse_out"], empty_clues=setup["empty_clues"])
        except RulesError as err:
            return err.message
        remembered.remember_setup(setup)
        self.session.new_game(game_setup)
        self.show_table()
        return None

    def new_game_same_players(self) -> None:
        game = self.session.game
        if game is None:
            self.show_new_game()
            return
        setup = game.setup
        n = len(setup.players)
        self.start_game({
            "players": list(setup.players),
            "first_player": setup.first_player,
            "variant": setup.variant.name,
            "endgame": setup.options.endgame,
            "fuse_out": setup.options.fuse_out,
            "empty_clues": setup.options.empty_clues,
        } if n else remembered.last_setup())

    def show_table(self) -> None:
        self.app.show_screen("table")

    def show_new_game(self) -> None:
        self.app.show_screen("newgame")

    # ----- after every outcome: screens, sounds, celebrations -------------------------------------
    def _after_outcome(self, _model, outcome) -> None:
        state = self.session.state
        sounds = self.app.sounds
        if outcome.kind in ("refused", "nothing_to_undo"):
            sounds.play("refused")
            return
        if outcome.kind == "applied" and isinstance(outcome.event, (Play, Discard)):
            if isinstance(self.dialog, _picker_class()):
                self.close_dialog()  # the camera read the card the picker was open for
        effect = outcome.effect
        if outcome.kind == "applied" and effect is not None:
            if effect.kind == "misfire":
                sounds.play("misfire")
                self.root.flash.flash(look.BAD)
            elif effect.kind == "played" and effect.ended == "perfect":
                sounds.play("perfect")
                self._celebrate_perfect()
            elif effect.kind == "played" and effect.completed:
                sounds.play("firework")
                self._celebrate_firework(effect.card.suit)
            elif outcome.source == "camera":
                sounds.play("card")
        if state is None:
            return
        current = self.app.current_screen()
        if state.over and current == "table":
            self.close_dialog()
            self.app.show_screen("end")
        elif not state.over and current == "end":
            self.app.show_screen("table")

    def _celebrate_firework(self, suit: str) -> None:
        centre = None
        table = self.app.screen("table")
        if table is not None:
            for row in table.suit_rows():
                if row.suit == suit:
                    centre = row.to_window(*row.center)
        self.root.celebration.burst([look.suit_colour(suit), (1, 1, 1, 1)], centre, sparks=45)

    def _celebrate_perfect(self) -> None:
        colours = [look.suit_colour(s) for s in (self.session.state.variant.suits)]
        width, height = self.root.size
        for i, fx in enumerate((0.2, 0.5, 0.8)):
            Clock.schedule_once(
                lambda _dt, fx=fx, fy=(0.6, 0.7, 0.6)[i]: self.root.celebration.burst(
                    colours, (width * fx, height * fy), sparks=60, duration=2.2), i * 0.35)


def _picker_class():
    from companion.app.dialogs import CardPicker

    return CardPicker
