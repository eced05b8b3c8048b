"""A game: its setup and the list of accepted events, with the state derived from them.

The events are the one source of truth: undo drops the last one and derives the state again,
resume replays them, export writes them.

`GameSetup` is the one place that says what a valid table is (players and their names, the
variant, the options, who starts); the game log, the new-game screen, the remembered setup and
the hanab.live import all build their setup through `GameSetup.from_dict`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.errors import IllegalEvent, N_, SetupError
from companion.rules.events import Event
from companion.rules.options import ENDGAMES, FUSE_OUTS, Options
from companion.rules.state import Effect, GameState
from companion.rules.variants import VARIANTS, Variant

MIN_PLAYERS = 2
MAX_PLAYERS = 5
MAX_NAME_LENGTH = 40
OPTION_NAMES = ("endgame", "fuse_out", "empty_clues")


def is_whole_number(value: object) -> bool:
    """An integer (true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_names(players: object) -> tuple[str, ...]:
    """The players' names as a tuple; SetupError unless there are 2-5 names of 1 to
    MAX_NAME_LENGTH characters, told apart regardless of case and surrounding spaces."""
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        raise SetupError(N_("players must be a list of names"))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SetupError(N_("Hanabi is played by 2 to 5 players, not {count}"), count=len(players))
    if any(not p.strip() for p in players):
        raise SetupError(N_("Every player needs a name"))
    if any(len(p) > MAX_NAME_LENGTH for p in players):
        raise SetupError(N_("A name can have at most {limit} letters"), limit=MAX_NAME_LENGTH)
    if len({p.strip().casefold() for p in players}) < len(players):
        raise SetupError(N_("Two players have the same name: tell them apart"))
    return tuple(players)


@dataclass(frozen=True)
class GameSetup:
    players: tuple[str, ...]
    variant: Variant = VARIANTS["classic"]
    options: Options = field(default_factory=Options)
    first_player: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", check_names(self.players))
        if not is_whole_number(self.first_player) or not 0 <= self.first_player < len(self.players):
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
        return cls.from_dict({"players": list(players), "variant": variant,
                              "first_player": first_player, "options": options})

    @classmethod
    def from_dict(cls, data: object) -> "GameSetup":
        """The setup a plain dict describes, in the game log's shape:
        {"variant": "classic", "options": {"endgame", "fuse_out", "empty_clues"},
         "players": [...], "first_player": 0} (variant, options and first_player may be left out).
        SetupError, with a message naming what is wrong, for anything else."""
        if not isinstance(data, dict):
            raise SetupError(N_("A table's setup is an object"))
        variant = data.get("variant", "classic")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise SetupError(N_("Unknown variant {value!r}: use one of {choices}"), value=variant,
                             choices=", ".join(VARIANTS))
        raw_options = data.get("options", {})
        if not isinstance(raw_options, dict):
            raise SetupError(N_("options must be an object"))
        unknown = set(raw_options) - set(OPTION_NAMES)
        if unknown:
            raise SetupError(N_("Unknown options: {fields}"), fields=", ".join(sorted(map(str, unknown))))
        players = check_names(data.get("players"))
        first = data.get("first_player", 0)
        if not is_whole_number(first):
            raise SetupError(N_("first_player must be a number"))
        options = Options(raw_options.get("endgame", "standard"), raw_options.get("fuse_out", "zero"),
                          raw_options.get("empty_clues", False))
        return cls(players, VARIANTS[variant], options, first)

    def to_dict(self) -> dict:
        """The plain dict `from_dict` reads back."""
        return {"variant": self.variant.name, "options": self.options.to_dict(),
                "players": list(self.players), "first_player": self.first_player}

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

    def replace_last(self, event: Event) -> Effect:
        """Puts `event` in the place of the last event (IllegalEvent, changing nothing, if the
        rules do not allow it there)."""
        if not self.events:
            raise IllegalEvent("nothing_to_replace", N_("Nothing to undo"))
        kept = self.events[:-1]
        state = self.setup.new_state()
        for e in kept:
            state.apply(e)
        effect = state.apply(event)
        self.events = kept + [event]
        self.state = state
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
