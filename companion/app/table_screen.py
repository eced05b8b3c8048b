"""The table screen: the whole public state of the game and the four action buttons.

Layout in kv/table.kv. The only code here keeps one SuitRow per suit of the variant in step
with the model's fireworks and discards.
"""

from __future__ import annotations

from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen

from companion.app.widgets import SuitRow


class TableScreen(Screen):
    model = ObjectProperty(None)
    actions = ObjectProperty(None)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.model.bind(fireworks=self._show_suits, discards=self._show_suits)
        self._show_suits()

    def suit_rows(self) -> list[SuitRow]:
        return list(reversed(self.ids.suit_rows.children))

    def _show_suits(self, *_args) -> None:
        fireworks, discards = self.model.fireworks, self.model.discards
        box = self.ids.suit_rows
        if len(fireworks) != len(discards):
            return  # half-way through a refresh: the other list is on its way
        rows = self.suit_rows()
        if len(rows) != len(fireworks):
            box.clear_widgets()
            rows = []
            for _ in fireworks:
                row = SuitRow()
                box.add_widget(row)
                rows.append(row)
        for row, firework, gone in zip(rows, fireworks, discards):
            row.show(firework, gone)
