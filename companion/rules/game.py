"""A game: its setup and the list of accepted events, with the state derived from them.

The events are the one source of truth: undo drops the last one and derives the state again,
resume replays them, export writes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.errors import IllegalEvent, N_, RulesError
from companion.rules.events import Event
from companion.rules.options import ENDGAMES, FUSE_OUTS, Options
from companion.rules.state import Effect, GameState
from companion.rules.variants import VARIANTS, Variant

MIN_PLAYERS = 2
MAX_PLAYERS = 5


class SetupError(RulesError):
    """A table that cannot be set up: too few players, an unknown variant, a bad option."""


@dataclass(frozen=True)
class GameSetup:
    players: tuple[str, ...]
    variant: Variant = VARIANTS["classic"]
    options: Options = field(default_factory=Options)
    first_player: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise SetupError(N_("Hanabi is played by 2 to 5 players, not {count}"),
                             count=len(self.players))
        if isinstance(self.first_player, bool) or not isinstance(self.first_player, int) or not (
                0 <= self.first_player < len(self.players)):
            raise SetupError(N_("The first player must be one of the {count} players"),
                             count=len(self.players))
        if self.options.endgame not in ENDGAMES:
            raise SetupError(N_("Unknown endgame {value!r}: use standard or crowning"),
                             value=self.options.endgame)
        if self.options.fuse_out not in FUSE_OUTS:
            raise SetupError(N_("Unknown fuse_out {value!r}: use zero, minus_ten or keep"),
                             value=self.options.fuse_out)
        if not isinstance(self.options.empty_clues, bool):
            raise SetupError(N_("empty_clues must be true or false"))

    @classmethod
    def create(cls, players, variant: str = "classic", first_player: int = 0, **options) -> "GameSetup":
        if variant not in VARIANTS:
            raise SetupError(N_("Unknown variant {value!r}"), value=variant)
        return cls(tuple(players), VARIANTS[variant], Options(**options), first_player)

    def new_state(self) -> GameState:
        return GameState(self.variant, self.options, list(self.players), self.first_player)


class Game:
    """A setup and its accepted events; `state` is always the events folded through the rules."""

    def __init__(self, setup: GameSetup, events: list[Event] | None = None) -> None:
        self.setup = setup
        self.events: list[Event] = []
        self.state = setup.new_state()
        for index, event in enumerate(events or []):
            try:
                self.apply(event)
            except IllegalEvent as err:
                err.index = index
                raise

    def check(self, event: Event) -> None:
        self.state.check(event)

    def apply(self, event: Event) -> Effect:
        effect = self.state.apply(event)
        self.events.append(event)
        return effect

    def undo(self) -> Event | None:
        """Takes back the last event; returns it (None if there was none)."""
        if not self.events:
            return None
        event = self.events.pop()
        state = self.setup.new_state()
        for e in self.events:
            state.apply(e)
        self.state = state
        return event
