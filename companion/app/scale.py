"""One size unit for the whole app, so that type stays large on 800x480 and on 1280x720.

In kv:  #:import S companion.app.scale.SCALE   then   font_size: 22 * S.u
`S.u` is 1 on the 7" display (800x480), 1.5 at 1280x720; `S.portrait` is true when the screen
is taller than wide (the 720x1280 display before it is turned). A touch target is never less
than 48 px (`S.touch`).
"""

from __future__ import annotations

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty

MIN_TOUCH = 48


def unit_for(width: float, height: float) -> float:
    u = min(min(width, height) / 480.0, width / 560.0)
    return max(0.8, min(3.0, u))


class Scale(EventDispatcher):
    u = NumericProperty(1.0)
    portrait = BooleanProperty(False)
    width = NumericProperty(800)
    height = NumericProperty(480)

    def attach(self, window) -> None:
        window.bind(size=self._resized)
        self._resized(window, window.size)

    def _resized(self, _window, size) -> None:
        width, height = size
        self.width, self.height = width, height
        self.u = unit_for(width, height)
        self.portrait = height > width

    def touch(self, size: float) -> float:
        """`size` units, but never less than a finger needs."""
        return max(MIN_TOUCH, size * self.u)


SCALE = Scale()
