"""Sounds, flashes and celebrations: a listener of the table session, like the panel link.

Every outcome the session tells (on the UI thread) may sound, flash the screen red for a
misfire, burst a firework over a completed suit, or celebrate a perfect game. Nothing here
decides a rule or changes the game.
"""

from __future__ import annotations

from typing import Callable

from kivy.clock import Clock

from companion.app import look
from companion.session import Outcome, TableSession


class TableEffects:
    def __init__(self, session: TableSession, sounds, root_view,
                 suit_centre: Callable[[str], tuple[float, float] | None]) -> None:
        """`suit_centre(suit)`: where on the window the suit's firework is drawn (None if not)."""
        self.session = session
        self.sounds = sounds
        self.root = root_view
        self.suit_centre = suit_centre
        session.subscribe(self.on_outcome)

    def close(self) -> None:
        self.session.unsubscribe(self.on_outcome)

    def on_outcome(self, outcome: Outcome) -> None:
        if outcome.kind in ("refused", "nothing_to_undo"):
            self.sounds.play("refused")
            return
        effect = outcome.effect
        if outcome.kind != "applied" or effect is None:
            return
        if effect.kind == "misfire":
            self.sounds.play("misfire")
            self.root.flash.flash(look.BAD)
        elif effect.kind == "played" and effect.ended == "perfect":
            self.sounds.play("perfect")
            self._celebrate_perfect()
        elif effect.kind == "played" and effect.completed:
            self.sounds.play("firework")
            self.root.celebration.burst([look.suit_colour(effect.card.suit), (1, 1, 1, 1)],
                                        self.suit_centre(effect.card.suit), sparks=45)
        elif outcome.source == "camera":
            self.sounds.play("card")

    def _celebrate_perfect(self) -> None:
        colours = [look.suit_colour(s) for s in self.session.state.variant.suits]
        width, height = self.root.size
        for i, (fx, fy) in enumerate(((0.2, 0.6), (0.5, 0.7), (0.8, 0.6))):
            Clock.schedule_once(
                lambda _dt, fx=fx, fy=fy: self.root.celebration.burst(
                    colours, (width * fx, height * fy), sparks=60, duration=2.2), i * 0.35)
