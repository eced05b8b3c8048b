"""The end of the game: final score, how it ended, the rating scale with the band reached.

Layout in kv/end.kv; the words come from companion.app.view_data.end_figures.
"""

from __future__ import annotations

from kivy.properties import (BooleanProperty, ColorProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.screenmanager import Screen

from companion.app import palette
from companion.app.widgets import Box


class RatingRow(Box):
    band = StringProperty("")
    name = StringProperty("")
    points = StringProperty("")
    reached = BooleanProperty(False)


class FireworkChip(Box):
    symbol = StringProperty("")
    colour = ColorProperty(palette.TEXT)
    ink = ColorProperty((0, 0, 0, 1))
    height_reached = NumericProperty(0)


class EndScreen(Screen):
    model = ObjectProperty(None)
    actions = ObjectProperty(None)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.model.bind(end=self._changed, fireworks=self._changed)
        self._show()

    def _changed(self, *_args) -> None:
        if self.manager is not None and self.manager.current == self.name:
            self._show()

    def on_pre_enter(self, *_args) -> None:
        self._show()

    def rating_rows(self) -> list[RatingRow]:
        return list(reversed(self.ids.scale.children))

    def _show(self, *_args) -> None:
        end = self.model.end
        scale = self.ids.scale
        scale.clear_widgets()
        for row in reversed(end.get("rows", [])):  # the best band on top
            scale.add_widget(RatingRow(band=row["band"], name=row["name"], points=row["points"],
                                       reached=row["reached"]))
        chips = self.ids.chips
        chips.clear_widgets()
        for firework in self.model.fireworks:
            chips.add_widget(FireworkChip(symbol=firework["symbol"], colour=firework["colour"],
                                          ink=firework["ink"], height_reached=firework["height"]))
