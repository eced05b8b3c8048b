"""The button panel and the table session, joined: buttons become actions, outcomes become lights.

Buttons -> session: clue spends a clock token, discard arms (or disarms) a discard, holding undo
takes back the last event. The panel calls back on gpiozero's threads, so those callbacks only
pass the action to `schedule`, which runs it on the UI thread (the app gives a function using
Kivy's Clock; tests give one that runs at once or queues). The session is touched only there.

Session -> panel (every outcome, on the UI thread): the fuse LEDs show the fuses burnt (also
after an undo, a new game or a resumed one), a misfire and a refused action sound the buzzer,
a card read by the camera flashes the status light, an armed discard blinks it, otherwise it is
steady on ("ready") while a game is in progress and off when there is none. The app calls
`tick()` every second or so: an armed discard that timed out puts the light back to "ready".

No Kivy and no gpiozero here: the panel is anything with the Panel interface (NoPanel too).
"""

from __future__ import annotations

from typing import Callable

from companion.rules import Discard, Play
from companion.session import Outcome, TableSession

Schedule = Callable[[Callable[[], object]], object]


class PanelLink:
    def __init__(self, session: TableSession, panel, schedule: Schedule) -> None:
        self.session = session
        self.panel = panel
        self.schedule = schedule
        self._status: str | None = None
        panel.on_clue = self._clue_pressed
        panel.on_discard = self._discard_pressed
        panel.on_undo = self._undo_held
        session.subscribe(self._on_outcome)
        self.refresh()

    # ----- gpiozero's threads: hand over, nothing else -------------------------------------
    def _clue_pressed(self) -> None:
        self.schedule(self.clue)

    def _discard_pressed(self) -> None:
        self.schedule(self.discard)

    def _undo_held(self) -> None:
        self.schedule(self.undo)

    # ----- the UI thread ---------------------------------------------------------------------
    def clue(self) -> Outcome:
        return self.session.clue(source="panel")

    def discard(self) -> Outcome:
        """Arms a discard, or disarms the one armed (refused while all 8 clocks are there)."""
        return self.session.arm_discard(source="panel")

    def undo(self) -> Outcome:
        return self.session.undo(source="panel")

    def _on_outcome(self, outcome: Outcome) -> None:
        state = self.session.state
        self.panel.set_fuses(state.fuses if state is not None else 0)
        if outcome.kind in ("refused", "nothing_to_undo"):
            self.panel.buzz("refused")
        elif outcome.kind == "applied" and outcome.effect is not None \
                and outcome.effect.kind == "misfire":
            self.panel.buzz("misfire")
        card_read = (outcome.kind == "applied" and outcome.source == "camera"
                     and isinstance(outcome.event, (Play, Discard)))
        self._show_status(card_read)

    def tick(self) -> None:
        """Called every second or so on the UI thread: notices an armed discard timing out."""
        self._show_status(False)

    def refresh(self) -> None:
        """Shows the session as it is now (fuses and status), whatever was shown before."""
        state = self.session.state
        self.panel.set_fuses(state.fuses if state is not None else 0)
        self._status = None
        self._show_status(False)

    def _show_status(self, card_read: bool) -> None:
        status = self._resting_status()
        if card_read and status == "ready":
            self.panel.set_status("card")  # a quick flash that ends steady on, as "ready"
            self._status = "ready"
        elif status != self._status:
            self.panel.set_status(status)
            self._status = status

    def _resting_status(self) -> str:
        state = self.session.state
        if state is None or state.over:
            return "off"
        if self.session.discard_armed:
            return "armed"
        return "ready"

    def close(self) -> None:
        """Stops listening to the session and to the buttons (the panel stays open)."""
        self.session.unsubscribe(self._on_outcome)
        self.panel.on_clue = self.panel.on_discard = self.panel.on_undo = None
