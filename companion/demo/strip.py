"""The demo's caption and the mock panel's lights, drawn on the screen (a laptop has no LEDs)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty

from companion.app.widgets import Box


class DemoStrip(Box):
    caption = StringProperty("")
    status_lit = BooleanProperty(False)
    fuses_lit = ListProperty([False, False, False])
    buzzing = BooleanProperty(False)
    director = ObjectProperty(None)
    panel = ObjectProperty(None)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._poll = Clock.schedule_interval(self._read_lights, 0.05)

    def _read_lights(self, _dt) -> None:
        panel = self.panel
        if panel is None or not panel.present:
            return
        try:
            lights = panel.lights()
        except Exception:  # the panel was closed
            self._poll.cancel()
            return
        self.status_lit = lights.status
        self.fuses_lit = list(lights.fuses)
        self.buzzing = lights.buzzer

    def on_parent(self, _widget, parent) -> None:
        if parent is None:
            self._poll.cancel()
