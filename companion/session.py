"""The live table: one game's events, the rules, the journal and undo, with listeners.

Every action (a clue tap, a scanned card, a button) goes through `TableSession`; each returns
an `Outcome` and tells the listeners. The session is not thread-safe: call it from the UI
thread only (the camera and the GPIO panel hand their events over through Kivy's Clock).

An accepted event is written to the journal before the outcome is returned, so whatever the
screen confirms survives a pulled plug.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Protocol

from companion.rules import Abandon, Card, Clue, Discard, Game, GameSetup, IllegalEvent, Play
from companion.rules.errors import CompanionError, N_
from companion.rules.events import Event
from companion.rules.state import Effect, GameState

DEFAULT_ARM_SECONDS = 20.0


class TableError(CompanionError):
    """An action the table cannot take now (no game started, nothing to undo)."""


class JournalError(CompanionError):
    """The journal could not make an event durable (disk full, read-only, gone)."""


class Journal(Protocol):
    """Where the session makes its games durable (companion.store implements it with SQLite).

    begin's `ending` (game id, index, event, state) is the abandon of the game still in
    progress, to be made durable in the same write as the new game (given only when there is
    such a game)."""

    def begin(self, setup: GameSetup, ending: tuple[int, int, Event, GameState] | None = None
              ) -> int: ...

    def record(self, game_id: int, index: int, event: Event, state: GameState) -> None: ...

    def remove(self, game_id: int, index: int, state: GameState) -> None: ...


class MemoryJournal:
    """A journal that keeps nothing: for tests, snapshots and a store that could not open."""

    def __init__(self) -> None:
        self.games: dict[int, list[Event]] = {}

    def begin(self, setup: GameSetup, ending: tuple[int, int, Event, GameState] | None = None
              ) -> int:
        if ending is not None:
            self.record(*ending)
        game_id = len(self.games) + 1
        self.games[game_id] = []
        return game_id

    def record(self, game_id: int, index: int, event: Event, state: GameState) -> None:
        events = self.games.setdefault(game_id, [])  # a resumed game may be new to this journal
        del events[index:]
        events.append(event)

    def remove(self, game_id: int, index: int, state: GameState) -> None:
        del self.games.setdefault(game_id, [])[index:]


@dataclass(frozen=True)
class Outcome:
    """What became of an action: applied, refused (with the reason), undone, armed..."""

    kind: str  # "applied", "refused", "undone", "nothing_to_undo", "armed", "disarmed", "new_game"
    event: Event | None = None
    effect: Effect | None = None
    error: CompanionError | None = None
    turn: int = 0  # the event's 1-based turn number (applied) or the turn undone
    source: str = "touch"  # "touch", "camera", "panel", "keyboard"

    @property
    def accepted(self) -> bool:
        return self.kind not in ("refused", "nothing_to_undo")


class TableSession:
    def __init__(self, journal: Journal | None = None, *, arm_seconds: float = DEFAULT_ARM_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.journal: Journal = journal if journal is not None else MemoryJournal()
        self.arm_seconds = arm_seconds
        self._clock = clock
        self._listeners: list[Callable[[Outcome], None]] = []
        self._armed_at: float | None = None
        self.game: Game | None = None
        self.game_id: int | None = None

    # ----- listeners ---------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Outcome], None]) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[Outcome], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _tell(self, outcome: Outcome) -> Outcome:
        for listener in list(self._listeners):
            listener(outcome)
        return outcome

    # ----- games -------------------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        return self.game.state if self.game else None

    def new_game(self, setup: GameSetup) -> Outcome:
        """Starts a game; one still in progress is recorded as abandoned, in the same journal
        write as the new game (a stop in between must not leave it in progress)."""
        old = self.game
        ending = None
        if old and not old.state.over:
            try:
                effect = old.apply(Abandon())
            except IllegalEvent as err:
                return self._tell(Outcome("refused", Abandon(), error=err))
            index = len(old.events) - 1
            ending = (self.game_id, index, old.events[-1], old.state)
        try:
            game_id = (self.journal.begin(setup, ending) if ending is not None
                       else self.journal.begin(setup))
        except JournalError as err:
            if ending is not None:
                old.undo()
            return self._tell(Outcome("refused", error=err))
        if ending is not None:
            self._tell(Outcome("applied", ending[2], effect, turn=ending[1] + 1, source="touch"))
        self.game, self.game_id = Game(setup), game_id
        self._armed_at = None
        return self._tell(Outcome("new_game"))

    def resume(self, game_id: int, setup: GameSetup, events: list[Event]) -> None:
        """Continues a game the journal kept, exactly where it was."""
        self.game, self.game_id = Game(setup, events), game_id
        self._armed_at = None
        self._tell(Outcome("new_game"))

    # ----- actions -----------------------------------------------------------------------
    def clue(self, target: int | None = None, kind: str | None = None, value=None,
             source: str = "touch") -> Outcome:
        return self.apply_event(Clue(target, kind, value), source)

    def play(self, card: Card, copy: int | None = None, source: str = "touch") -> Outcome:
        return self.apply_event(Play(card, copy), source)

    def discard(self, card: Card, copy: int | None = None, source: str = "touch") -> Outcome:
        return self.apply_event(Discard(card, copy), source)

    def abandon(self, source: str = "touch") -> Outcome:
        return self.apply_event(Abandon(), source)

    def card_seen(self, card: Card, copy: int | None = None, source: str = "camera") -> Outcome:
        """A card shown to the camera (or picked): a discard if one is armed, else a play."""
        if self.discard_armed:
            return self.discard(card, copy, source)
        return self.play(card, copy, source)

    def amend_clue(self, target: int | None, kind: str | None, value, source: str = "touch") -> Outcome:
        """Gives the last event, a clue, its detail (whom, which colour or rank), in one journal
        write: if the rules or the journal refuse the detail, the clue stays as it was."""
        game = self.game
        if game is None or not game.events or not isinstance(game.events[-1], Clue):
            return self._tell(Outcome("refused", source=source, error=TableError(
                N_("The last event is not a clue"))))
        old = game.events[-1]
        index = len(game.events) - 1
        clue = Clue(target, kind, value, old.player)
        try:
            effect = game.replace_last(clue)
        except IllegalEvent as err:
            return self._tell(Outcome("refused", clue, error=err, source=source))
        try:
            self.journal.record(self.game_id, index, clue, game.state)
        except JournalError as err:
            game.replace_last(old)
            return self._tell(Outcome("refused", clue, error=err, source=source))
        return self._tell(Outcome("applied", clue, effect, turn=index + 1, source=source))

    def undo(self, source: str = "touch") -> Outcome:
        if not self.game or not self.game.events:
            return self._tell(Outcome("nothing_to_undo", source=source, error=TableError(
                N_("Nothing to undo"))))
        index = len(self.game.events) - 1
        event = self.game.undo()
        try:
            self.journal.remove(self.game_id, index, self.game.state)
        except JournalError as err:
            self.game.apply(event)
            return self._tell(Outcome("refused", event, error=err, source=source))
        self._armed_at = None
        return self._tell(Outcome("undone", event, turn=index + 1, source=source))

    # ----- the armed discard ---------------------------------------------------------------
    @property
    def discard_armed(self) -> bool:
        if self._armed_at is None:
            return False
        if self._clock() - self._armed_at > self.arm_seconds:
            self._armed_at = None
            return False
        return True

    def arm_discard(self, source: str = "touch") -> Outcome:
        """Arms a discard: the next card scanned or picked is discarded. Pressing again disarms."""
        if self.discard_armed:
            return self.disarm_discard(source)
        state = self.state
        error: CompanionError | None = None
        if state is None:
            error = TableError(N_("Start a game first"))
        else:
            try:
                state.check_discard_allowed()
            except IllegalEvent as err:
                error = err
        if error:
            return self._tell(Outcome("refused", error=error, source=source))
        self._armed_at = self._clock()
        return self._tell(Outcome("armed", source=source))

    def disarm_discard(self, source: str = "touch") -> Outcome:
        self._armed_at = None
        return self._tell(Outcome("disarmed", source=source))

    @property
    def arm_seconds_left(self) -> float:
        if not self.discard_armed:
            return 0.0
        return max(0.0, self.arm_seconds - (self._clock() - self._armed_at))

    # ----- the core of every action --------------------------------------------------------
    def apply_event(self, event: Event, source: str = "touch") -> Outcome:
        """Any event (a clue, a play, a discard, an abandon) checked, journalled and told."""
        if self.game is None:
            return self._tell(Outcome("refused", event, error=TableError(N_("Start a game first")),
                                      source=source))
        try:
            effect = self.game.apply(event)
        except IllegalEvent as err:
            return self._tell(Outcome("refused", event, error=err, source=source))
        index = len(self.game.events) - 1
        try:
            self.journal.record(self.game_id, index, event, self.game.state)
        except JournalError as err:
            self.game.undo()
            return self._tell(Outcome("refused", event, error=err, source=source))
        if isinstance(event, (Discard, Play)):
            self._armed_at = None
        return self._tell(Outcome("applied", event, effect, turn=index + 1, source=source))
