"""The table's state as Kivy properties, for the screens to bind to.

`TableModel` listens to the session: every outcome sets the message line (and the large card
banner for a play, a misfire or a discard) at once, and asks for one coalesced refresh of the
figures (Clock.create_trigger), however many outcomes arrive in the same frame. The figures
and words come from companion.app.view_data; nothing here decides a rule.

It also dispatches `on_outcome(outcome)`, for the sounds and the celebrations.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import (BooleanProperty, DictProperty, ListProperty, NumericProperty,
                             ObjectProperty, StringProperty)

from companion.app import view_data
from companion.i18n import N_, gettext as _
from companion.words import event_text, outcome_text
from companion.rules import Clue, Discard, Play
from companion.words import format_message
from companion.session import Outcome, TableSession

# The camera's states (companion.scan.service) and "manual" when none is running.
SCAN_TEXTS = {
    "starting": N_("Camera starting…"),
    "ready": N_("Camera ready: show a card to play it"),
    "ready_armed": N_("Camera ready: show the card to discard it"),
    "seeing": N_("Reading a card…"),
    "card": N_("Card read"),
    "rejected": N_("Tag not read: hold the card flat and still"),
    "no_camera": N_("No camera: tap Play or Discard to pick the card"),
    "lost": N_("Camera lost: tap Play or Discard to pick the card"),
    "manual": N_("Manual mode: tap Play or Discard to pick the card"),
}


class TableModel(EventDispatcher):
    has_game = BooleanProperty(False)
    over = BooleanProperty(False)
    clues = NumericProperty(8)
    max_clocks = NumericProperty(8)
    fuses = NumericProperty(0)
    max_fuses = NumericProperty(3)
    deck = NumericProperty(0)
    score = NumericProperty(0)
    max_score = NumericProperty(25)
    perfect_score = NumericProperty(25)
    turn_text = StringProperty("")
    final_round_text = StringProperty("")
    fireworks = ListProperty([])
    discards = ListProperty([])
    suits = ListProperty([])  # the suit letters of the variant, in order
    players = ListProperty([])
    recent = ListProperty([])  # the last events, newest first
    end = DictProperty(dict(view_data.NO_END))

    armed = BooleanProperty(False)
    arm_left = NumericProperty(0)

    message = StringProperty("")
    message_kind = StringProperty("info")  # info, good, refused, misfire, armed
    clue_detail_possible = BooleanProperty(False)

    banner_text = StringProperty("")
    banner_title = StringProperty("")
    banner_kind = StringProperty("")  # played, complete, misfire, discarded
    banner_visible = BooleanProperty(False)

    scan_state = StringProperty("manual")
    scan_text = StringProperty("")
    scan_detail = StringProperty("")
    preview_texture = ObjectProperty(None, allownone=True)
    camera_running = BooleanProperty(False)

    __events__ = ("on_outcome",)

    def __init__(self, session: TableSession, banner_seconds: float = 4.0, **kwargs) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.banner_seconds = banner_seconds
        self.last_clue_giver: int | None = None
        self._last_outcome: Outcome | None = None
        self._said: tuple | None = None  # (template, params, kind) of a message not from an outcome
        self.refresh_trigger = Clock.create_trigger(self.refresh, -1)
        self._hide_banner = Clock.create_trigger(self.hide_banner, banner_seconds)
        self._arm_watch = None
        session.subscribe(self._on_session)
        self.refresh()
        self.set_scan_state("manual")
        if session.state is not None:
            self.message = self._new_game_text()

    # ----- the session's outcomes (UI thread) ----------------------------------------------
    def _on_session(self, outcome: Outcome) -> None:
        players = self.session.state.players if self.session.state else ()
        self._last_outcome = outcome
        self._said = None
        text = outcome_text(outcome, players)
        kind = "info"
        if outcome.kind in ("refused", "nothing_to_undo"):
            kind = "refused"
            text = "\u26a0 " + text
        elif outcome.kind == "armed":
            kind = "armed"
        elif outcome.kind == "applied" and outcome.effect is not None:
            effect = outcome.effect
            kind = {"misfire": "misfire", "played": "good"}.get(effect.kind, "info")
            if isinstance(outcome.event, (Play, Discard)):
                self.show_banner(outcome, text)
            else:
                self.hide_banner()
        elif outcome.kind == "undone":
            self.hide_banner()
        elif outcome.kind == "new_game":
            self.hide_banner()
            text = self._new_game_text()
        self.message = text
        self.message_kind = kind
        clue = (outcome.kind == "applied" and isinstance(outcome.event, Clue)
                and outcome.event.target is None and outcome.effect is not None)
        self.last_clue_giver = outcome.effect.player if clue else None
        self.clue_detail_possible = clue
        if outcome.kind != "refused":
            self.refresh_trigger()
        self._watch_arm()
        self.dispatch("on_outcome", outcome)

    def on_outcome(self, outcome: Outcome) -> None:
        pass

    def say(self, template: str, params: dict | None = None, kind: str = "info") -> None:
        """A message of the table's own (not an outcome's): kept as its template, so that it is
        said again in the new language when the language changes."""
        self._said = (template, dict(params or {}), kind)
        self._show_said()

    def _show_said(self) -> None:
        template, params, kind = self._said
        text = format_message(template, params)
        self.message = "\u26a0 " + text if kind == "refused" else text
        self.message_kind = kind

    def _new_game_text(self) -> str:
        state = self.session.state
        if state is None:
            return ""
        if state.turn == 0:
            return format_message(N_("New game: {player} starts"),
                                  {"player": state.players[state.current_player]})
        last = event_text(self.session.game.events[-1], state.players)
        if state.over:
            return format_message(N_("Last: {event}"), {"event": last})
        return format_message(N_("Turn {turn} · last: {event}"), {"turn": state.turn + 1, "event": last})

    # ----- the banner: a card just played or discarded, large for a moment -------------------
    @staticmethod
    def _banner_words(outcome: Outcome) -> tuple[str, str]:
        effect = outcome.effect
        if effect.kind == "misfire":
            return "misfire", _("MISFIRE!")
        if effect.kind == "played" and effect.ended == "perfect":
            return "complete", _("A perfect game!")
        if effect.kind == "played" and effect.completed:
            return "complete", _("Firework complete!")
        if effect.kind == "played":
            return "played", _("Played")
        return "discarded", _("Discarded")

    def show_banner(self, outcome: Outcome, text: str) -> None:
        self.banner_kind, self.banner_title = self._banner_words(outcome)
        self.banner_text = text
        self.banner_visible = True
        self._hide_banner.cancel()
        self._hide_banner.timeout = self.banner_seconds
        self._hide_banner()

    def hide_banner(self, *_args) -> None:
        self.banner_visible = False

    # ----- the armed discard: it times out in the session, so it is watched here --------------
    def _watch_arm(self) -> None:
        armed = self.session.discard_armed
        self.armed = armed
        self.arm_left = round(self.session.arm_seconds_left)
        if armed and self._arm_watch is None:
            self._arm_watch = Clock.schedule_interval(self._tick_arm, 0.5)
        elif not armed and self._arm_watch is not None:
            self._arm_watch.cancel()
            self._arm_watch = None
        self._update_scan_text()

    def _tick_arm(self, _dt) -> None:
        was = self.armed
        self._watch_arm()
        if was and not self.armed and self.message_kind == "armed":
            self.say(N_("Discard disarmed: the next card shown is played"))

    # ----- the figures -----------------------------------------------------------------------
    def refresh(self, *_args) -> None:
        state = self.session.state
        self.has_game = state is not None
        if state is None:
            self.turn_text = _("No game yet: start one")
            self.final_round_text = ""
            self.fireworks = []
            self.discards = []
            self.suits = []
            self.players = []
            self.recent = []
            self.end = dict(view_data.NO_END)
            self.over = False
            self._watch_arm()
            return
        figures = view_data.table_figures(state)
        self.clues = figures["clues"]
        self.max_clocks = figures["max_clocks"]
        self.fuses = figures["fuses"]
        self.max_fuses = figures["max_fuses"]
        self.deck = figures["deck"]
        self.score = figures["score"]
        self.max_score = figures["max_score"]
        self.perfect_score = figures["perfect_score"]
        self.turn_text = figures["turn_text"]
        self.final_round_text = figures["final_round_text"]
        self.suits = list(state.variant.suits)
        self.players = list(state.players)
        self.fireworks = view_data.firework_rows(state)
        self.discards = view_data.discard_rows(state)
        self.end = view_data.end_figures(state)
        self.recent = view_data.recent_events(self.session.game)
        self.over = figures["over"]
        self._watch_arm()

    def retranslate(self) -> None:
        """The language changed: every text again in the new one."""
        self.refresh()
        outcome = self._last_outcome
        if self._said is not None:
            self._show_said()
        elif self.message:
            players = self.session.state.players if self.session.state else ()
            if outcome is None or outcome.kind == "new_game":  # the game as it was started or resumed
                self.message = self._new_game_text()
            else:
                prefix = "\u26a0 " if self.message_kind == "refused" else ""
                self.message = prefix + outcome_text(outcome, players)
        if self.banner_visible and outcome is not None and outcome.effect is not None:
            players = self.session.state.players if self.session.state else ()
            self.banner_title = self._banner_words(outcome)[1]
            self.banner_text = outcome_text(outcome, players)
        self._update_scan_text()

    # ----- the camera ----------------------------------------------------------------------------
    def set_scan_state(self, state: str, detail: str = "") -> None:
        self.scan_detail = detail or ""  # first: whoever watches the state reads the detail
        self.scan_state = state
        self._update_scan_text()

    def _update_scan_text(self) -> None:
        key = self.scan_state
        if key == "ready" and self.armed:
            key = "ready_armed"
        text = _(SCAN_TEXTS.get(key, SCAN_TEXTS["manual"]))
        if self.scan_detail and key in ("rejected", "lost"):
            text += "\n" + self.scan_detail
        self.scan_text = text
