"""The dialogs over the table: the card picker, the clue's detail and the menu.

Layout in kv/dialogs.kv. They show choices worked out by companion.app.view_data and hand the
choice to the actions; they decide nothing themselves.
"""

from __future__ import annotations

from kivy.properties import (BooleanProperty, ColorProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.modalview import ModalView

from companion.app import look, view_data
from companion.app.widgets import BigButton, ChoiceButton
from companion.i18n import gettext as _
from companion.rules.cards import RANKS
from companion.words import suit_name


class PickButton(BigButton):
    """One card in the picker: its suit symbol and rank, and the copies still unseen."""

    card = ObjectProperty(None)
    symbol = StringProperty("")
    rank = NumericProperty(1)
    left = NumericProperty(0)
    fits = BooleanProperty(False)
    critical = BooleanProperty(False)
    colour = ColorProperty(look.TEXT)
    mode = StringProperty("play")


class CardPicker(ModalView):
    """Play or Discard by hand: a suit-by-rank grid, impossible cards disabled."""

    mode = StringProperty("play")  # play or discard
    title = StringProperty("")
    hint = StringProperty("")
    actions = ObjectProperty(None)

    def __init__(self, state, actions, **kwargs) -> None:
        super().__init__(**kwargs)
        self.actions = actions
        self.variant = state.variant
        grid = self.ids.grid
        grid.cols = 5
        for cell in view_data.picker_cells(state):
            button = PickButton(card=cell["card"], symbol=look.suit_symbol(cell["suit"]),
                                rank=cell["rank"], colour=look.suit_colour(cell["suit"]),
                                ink=look.suit_ink(cell["suit"]))
            button.bind(on_release=self._picked)
            grid.add_widget(button)

    def show(self, state, mode: str, camera: bool = False) -> None:
        """Fills the grid for `state`: copies left, impossible cards disabled."""
        self.mode = mode
        self.title = _("Play: which card?") if mode == "play" else _("Discard: which card?")
        self.hint = _("or show it to the camera") if camera else ""
        for cell, button in zip(view_data.picker_cells(state), self.buttons()):
            button.left = cell["left"]
            button.fits = cell["fits"]
            button.critical = cell["critical"]
            button.disabled = not cell["possible"]
            button.mode = mode

    def buttons(self) -> list[PickButton]:
        return list(reversed(self.ids.grid.children))

    def button_for(self, card) -> PickButton:
        return next(b for b in self.buttons() if b.card == card)

    def _picked(self, button: PickButton) -> None:
        self.actions.picked(button.card, self.mode)

    def cancel(self) -> None:
        self.actions.picker_cancelled(self.mode)


class ClueDetail(ModalView):
    """Who got the clue and what it named (both optional): replaces the one-tap clue."""

    target = ObjectProperty(None, allownone=True)
    value = ObjectProperty(None, allownone=True)
    kind = StringProperty("")
    giver = StringProperty("")
    actions = ObjectProperty(None)
    colour_count = NumericProperty(5)

    def __init__(self, state, giver: int, actions, **kwargs) -> None:
        super().__init__(**kwargs)
        self.actions = actions
        self.colour_count = len(state.variant.clue_colours)
        self.giver = state.players[giver]
        for index, name in enumerate(state.players):
            if index == giver:
                continue
            button = ChoiceButton(text=look.escape_markup(name), value=index)  # markup on
            button.bind(on_release=self._choose_target)
            self.ids.targets.add_widget(button)
        for suit in state.variant.clue_colours:
            button = ChoiceButton(text=f"[font=Symbols]{look.suit_symbol(suit)}[/font] {suit_name(suit)}",
                                  value=("colour", suit))
            button.bind(on_release=self._choose_value)
            self.ids.colours.add_widget(button)
        for rank in RANKS:
            button = ChoiceButton(text=str(rank), value=("rank", rank))
            button.bind(on_release=self._choose_value)
            self.ids.ranks.add_widget(button)

    def _choose_target(self, button) -> None:
        self.target = button.value
        for other in self.ids.targets.children:
            other.chosen = other is button

    def _choose_value(self, button) -> None:
        self.kind, self.value = button.value
        for other in self.ids.colours.children + self.ids.ranks.children:
            other.chosen = other is button

    def save(self) -> None:
        self.actions.clue_detail_chosen(self.target, self.kind or None, self.value)


class MenuView(ModalView):
    """New game, abandon, history, language, quit."""

    actions = ObjectProperty(None)
    has_game = BooleanProperty(False)
    confirm_abandon = BooleanProperty(False)
