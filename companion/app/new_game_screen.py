"""The new-game screen: who plays, who starts, the variant, the table's options, the language.

Layout in kv/new_game.kv. It fills itself from the last setup remembered and hands the
choices to the actions as a plain dict (the rules check it when the game is created).
"""

from __future__ import annotations

from kivy.properties import (BooleanProperty, NumericProperty, ObjectProperty, StringProperty)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion import i18n
from companion.app import last_setup
from companion.app.lang import LANG
from companion.rules.game import MAX_PLAYERS

DEFAULT_NAME = "Player {number}"  # translated by last_setup.default_names()
_default_forms: set[str] = set()


def is_default_name(name: str, index: int) -> bool:
    """`name` is the default name of seat `index` in one of the languages ("Giocatore 2")."""
    if not _default_forms:
        _default_forms.add(DEFAULT_NAME)
        _default_forms.update(i18n.load_catalog(lang).get(DEFAULT_NAME, DEFAULT_NAME)
                              for lang in i18n.LANGUAGES)
    return any(name == form.format(number=index + 1) for form in _default_forms)


class NameRow(BoxLayout):
    index = NumericProperty(0)
    name = StringProperty("")
    shown = BooleanProperty(True)
    starts = BooleanProperty(False)
    screen = ObjectProperty(None)


class NewGameScreen(Screen):
    actions = ObjectProperty(None)
    count = NumericProperty(3)
    first_player = NumericProperty(0)
    variant = StringProperty("classic")
    endgame = StringProperty("standard")
    fuse_out = StringProperty("zero")
    empty_clues = BooleanProperty(False)
    error = StringProperty("")
    can_go_back = BooleanProperty(False)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[NameRow] = []
        for index in range(MAX_PLAYERS):
            row = NameRow(index=index, screen=self)
            self.rows.append(row)
            self.ids.names.add_widget(row)
        self.bind(count=self._show_rows, first_player=self._show_rows)
        self.load(last_setup.last_setup())
        LANG.bind(code=self._default_names_in_language)

    def _show_rows(self, *_args) -> None:
        if self.first_player >= self.count:
            self.first_player = 0
        for row in self.rows:
            row.shown = row.index < self.count
            row.starts = row.index == self.first_player

    def load(self, setup) -> None:
        """Fills the form from a GameSetup (see companion.app.last_setup)."""
        names = list(setup.players)
        defaults = last_setup.default_names()
        for row in self.rows:
            row.name = names[row.index] if row.index < len(names) else defaults[row.index]
        self.count = len(names)
        self.first_player = setup.first_player
        self.variant = setup.variant.name
        self.endgame = setup.options.endgame
        self.fuse_out = setup.options.fuse_out
        self.empty_clues = setup.options.empty_clues
        self.error = ""
        self._show_rows()
        self._default_names_in_language()

    def _default_names_in_language(self, *_args) -> None:
        """Names nobody typed ("Player 2") follow the language; typed names stay as they are."""
        defaults = last_setup.default_names()
        for row in self.rows:
            if is_default_name(row.name, row.index):
                row.name = defaults[row.index]

    def setup(self) -> dict:
        """The table the form describes, in the shape GameSetup.from_dict reads."""
        return {
            "players": [row.name.strip() for row in self.rows[: self.count]],
            "first_player": self.first_player,
            "variant": self.variant,
            "options": {"endgame": self.endgame, "fuse_out": self.fuse_out,
                        "empty_clues": self.empty_clues},
        }

    def start(self) -> None:
        self.error = self.actions.start_game(self.setup()) or ""
