"""The widgets the screens share: panels, big buttons, token rows, suit rows, the banner.

Their looks are in kv/widgets.kv; here are only their properties and a little drawing.
"""

from __future__ import annotations

import math
import os
import random

from kivy import kivy_data_dir
from kivy.animation import Animation
from kivy.core.text import LabelBase
from kivy.graphics import Color, Ellipse, Line
from kivy.properties import (BooleanProperty, ColorProperty, ListProperty, NumericProperty,
                             ObjectProperty, StringProperty)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import palette

SYMBOL_FONT = palette.SYMBOL_FONT
LabelBase.register(SYMBOL_FONT, os.path.join(kivy_data_dir, "fonts", "DejaVuSans.ttf"))


class Box(BoxLayout):
    """A BoxLayout on a rounded, coloured panel."""

    bg = ColorProperty(palette.PANEL)
    radius = NumericProperty(8)
    border = ColorProperty((0, 0, 0, 0))
    border_width = NumericProperty(2)


class BigButton(Button):
    """A flat button with large type; `tone` colours it."""

    tone = ColorProperty(palette.PANEL_LIGHT)
    ink = ColorProperty(palette.TEXT)
    lit = BooleanProperty(False)  # a state to show (the discard armed)


class ChoiceButton(BigButton):
    """One of several choices (a toggle without the toggle's group bookkeeping)."""

    chosen = BooleanProperty(False)
    value = ObjectProperty(None, allownone=True)


class TokenRow(Widget):
    """`total` tokens in a row, `filled` of them lit: the clocks available or the fuses burnt."""

    total = NumericProperty(8)
    filled = NumericProperty(8)
    colour = ColorProperty(palette.CLUE)
    empty_colour = ColorProperty(palette.TEXT_DIM)
    cross = BooleanProperty(False)  # draw a cross on lit tokens (burnt fuses)
    hole_colour = ColorProperty(palette.PANEL)  # the panel the row sits on

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, total=self._draw, filled=self._draw,
                  colour=self._draw, cross=self._draw)
        self._draw()

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        n = max(1, int(self.total))
        gap = 0.25
        d = min(self.height, self.width / (n + (n - 1) * gap))
        step = d * (1 + gap)
        x0 = self.x + (self.width - (n * d + (n - 1) * d * gap)) / 2
        y0 = self.y + (self.height - d) / 2
        with self.canvas:
            for i in range(n):
                x = x0 + i * step
                if i < self.filled:
                    Color(*self.colour)
                    Ellipse(pos=(x, y0), size=(d, d))
                    if self.cross:
                        Color(1, 1, 1, 1)
                        m = d * 0.28
                        Line(points=[x + m, y0 + m, x + d - m, y0 + d - m], width=max(1.2, d / 12))
                        Line(points=[x + m, y0 + d - m, x + d - m, y0 + m], width=max(1.2, d / 12))
                else:  # a ring: a disc with the panel's colour inside (cheaper than a thick Line)
                    ring = max(1.5, d / 12)
                    Color(*self.empty_colour)
                    Ellipse(pos=(x, y0), size=(d, d))
                    Color(*self.hole_colour)
                    Ellipse(pos=(x + ring, y0 + ring), size=(d - 2 * ring, d - 2 * ring))


class FireworkPip(Label):
    """One rank of a firework: lit when played, outlined when it is the next one needed."""

    state = StringProperty("later")  # played, next, later, out (out of reach)
    colour = ColorProperty(palette.TEXT)
    ink = ColorProperty((0, 0, 0, 1))


class SuitRow(BoxLayout):
    """One suit: its badge, its firework (pips 1-5), the next card, and its discards 1-5."""

    suit = StringProperty("")
    symbol = StringProperty("")
    name = StringProperty("")
    colour = ColorProperty(palette.TEXT)
    ink = ColorProperty((0, 0, 0, 1))
    height_reached = NumericProperty(0)
    cap = NumericProperty(5)
    next_text = StringProperty("")
    complete = BooleanProperty(False)
    cells = ListProperty([])

    def show(self, firework: dict, discards: dict) -> None:
        self.suit = firework["suit"]
        self.symbol = firework["symbol"]
        self.name = firework["name"]
        self.colour = firework["colour"]
        self.ink = firework["ink"]
        self.height_reached = firework["height"]
        self.cap = firework["cap"]
        self.next_text = firework["next_text"]
        self.complete = firework["complete"]
        self.cells = discards["cells"]
        pips = self.ids.pips.children[::-1]
        for rank, pip in enumerate(pips, start=1):
            if rank <= firework["height"]:
                pip.state = "played"
            elif rank > firework["cap"]:
                pip.state = "out"
            elif rank == firework["next"]:
                pip.state = "next"
            else:
                pip.state = "later"
        for cell, widget in zip(discards["cells"], self.ids.gone.children[::-1]):
            widget.value = cell["text"]
            widget.critical = cell["critical"]
            widget.dead = cell["dead"]
            widget.gone = cell["gone"]


class DiscardCell(Label):
    """Copies of one card gone to the discard pile, of the copies in the deck."""

    value = StringProperty("")  # "1/3"
    critical = BooleanProperty(False)
    dead = BooleanProperty(False)
    gone = NumericProperty(0)


class Celebration(Widget):
    """Sparks bursting from a point: a completed firework, or the whole screen for a perfect game."""

    def burst(self, colours: list, centre=None, sparks: int = 40, duration: float = 1.6) -> None:
        cx, cy = centre or self.center
        reach = max(self.width, self.height) * 0.45
        for _ in range(sparks):
            colour = random.choice(colours)
            with self.canvas:
                c = Color(*colour)
                size = random.uniform(6, 14)
                e = Ellipse(pos=(cx - size / 2, cy - size / 2), size=(size, size))
            angle = random.uniform(0, 2 * math.pi)
            dist = random.uniform(0.3, 1.0) * reach
            tx = cx + math.cos(angle) * dist - size / 2
            ty = cy + math.sin(angle) * dist - size / 2
            Animation(pos=(tx, ty), d=duration, t="out_quad").start(e)
            fade = Animation(a=0, d=duration, t="in_quad")
            fade.bind(on_complete=lambda *_a, e=e, c=c: self._remove(c, e))
            fade.start(c)

    def _remove(self, colour, ellipse) -> None:
        self.canvas.remove(colour)
        self.canvas.remove(ellipse)

    def clear(self) -> None:
        Animation.cancel_all(self)
        self.canvas.clear()


class Flash(Widget):
    """A full-screen wash of colour that fades: a misfire cannot be missed."""

    colour = ColorProperty((0, 0, 0, 0))

    def flash(self, rgba, duration: float = 1.2, pulses: int = 2) -> None:
        Animation.cancel_all(self)
        r, g, b, _a = rgba
        anim = Animation(colour=(r, g, b, 0.55), d=0.08)
        for i in range(pulses):
            anim += Animation(colour=(r, g, b, 0.12), d=duration / (2 * pulses))
            anim += Animation(colour=(r, g, b, 0.5 if i < pulses - 1 else 0.0),
                              d=duration / (2 * pulses))
        anim.start(self)

