"""The public state of a game, updated event by event: tokens, fireworks, discards, deck, turn.

`GameState.apply` checks an event against the rules and, if it is legal, applies it and says
what happened (an `Effect`); an illegal event raises `IllegalEvent` and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.cards import RANKS, Card
from companion.rules.errors import IllegalEvent, N_
from companion.rules.events import Abandon, Clue, Discard, Event, Play
from companion.rules.ending import is_scored
from companion.rules.options import Options
from companion.rules.rating import rating_band
from companion.rules.variants import Variant

MAX_CLUES = 8
MAX_FUSES = 3
LOSSES = ("fuses", "critical_lost", "stuck")


def hand_size(players: int) -> int:
    return 5 if players <= 3 else 4


@dataclass(frozen=True)
class Effect:
    """What one event did, for the screen, the lights and the log of the evening."""

    kind: str  # "clue", "played", "misfire", "discarded", "abandoned"
    player: int
    card: Card | None = None
    firework: int | None = None  # the suit's height after a play or misfire
    completed: bool = False  # a 5 completed its firework
    clue_returned: bool = False
    drew: bool = False
    last_card_drawn: bool = False
    ended: str | None = None  # the outcome, if this event ended the game


class GameState:
    """Everything the table can see, derived from the events applied so far."""

    __slots__ = (
        "variant", "options", "players", "first_player", "clues", "fuses", "fireworks",
        "discards", "discarded_count", "played_on", "last_seen", "seen_count", "seen_copies", "suit_max",
        "deck", "hands", "turn", "current_player", "final_turns_left", "outcome", "effects",
    )

    def __init__(self, variant: Variant, options: Options, players: list[str], first_player: int = 0):
        self.variant = variant
        self.options = options
        self.players = list(players)
        self.first_player = first_player
        n = len(players)
        self.clues = MAX_CLUES
        self.fuses = 0
        self.fireworks = {s: 0 for s in variant.suits}
        self.discards: list[Card] = []  # in the order they reached the pile (misfires too)
        self.discarded_count: dict[Card, int] = {}
        self.played_on: dict[Card, int] = {}  # card -> the turn (1-based) it was played on
        self.seen_count: dict[Card, int] = {}  # copies played or discarded
        self.last_seen: dict[Card, tuple[str, int]] = {}  # card -> (how, turn) of its latest copy
        self.seen_copies: dict[tuple[Card, int], tuple[str, int]] = {}  # (card, copy) -> (how, turn)
        self.suit_max = {s: 5 for s in variant.suits}
        self.deck = variant.deck_size - n * hand_size(n)
        self.hands = [hand_size(n)] * n
        self.turn = 0
        self.current_player = first_player
        self.final_turns_left: int | None = None  # set once the last card is drawn (standard)
        self.outcome = "playing"
        self.effects: list[Effect] = []  # what each event did, in order: who, which card, misfires

    # ----- derived figures -------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome != "playing"

    @property
    def fireworks_total(self) -> int:
        return sum(self.fireworks.values())

    @property
    def scored(self) -> bool:
        """The game is over and counts: every ending but an abandoned game."""
        return is_scored(self.outcome)

    @property
    def lost(self) -> bool:
        """The game ended in a loss: the third fuse, or (crowning) an indispensable card lost or
        no card left in any hand."""
        return self.outcome in LOSSES

    @property
    def lost_card(self) -> Card | None:
        """The indispensable card whose loss ended a crowning game, None otherwise."""
        if self.outcome != "critical_lost" or not self.effects:
            return None
        return self.effects[-1].card

    @property
    def score(self) -> int:
        if self.outcome == "abandoned":
            return 0
        if self.outcome in LOSSES and self.options.endgame == "crowning":
            return 0
        if self.outcome == "fuses":
            return {"zero": 0, "minus_ten": -10}.get(self.options.fuse_out, self.fireworks_total)
        return self.fireworks_total

    @property
    def max_score(self) -> int:
        """Per suit, the highest rank still reachable given the cards discarded or misfired."""
        return sum(self.suit_max.values())

    @property
    def rating(self) -> str | None:
        """The rating band of a finished game; None while playing, abandoned, lost in the crowning
        endgame, or lost on the third fuse under a scoring that is a penalty (0 or -10), which
        the rating scale does not rate."""
        if not self.over or self.outcome == "abandoned":
            return None
        if self.options.endgame == "crowning" and self.outcome in LOSSES:
            return None
        if self.outcome == "fuses" and self.options.fuse_out != "keep":
            return None
        return rating_band(self.score, len(self.variant.suits))

    @property
    def pace(self) -> int:
        return self.fireworks_total + self.deck + len(self.players) - self.max_score

    def unseen(self, card: Card) -> int:
        """Copies of `card` neither played nor discarded (in a hand or in the deck)."""
        return self.variant.copies(card) - self.seen_count.get(card, 0)

    def needed(self, card: Card) -> bool:
        """The card could still be played and count."""
        return self.fireworks[card.suit] < card.rank <= self.suit_max[card.suit]

    def is_critical(self, card: Card) -> bool:
        """The last unseen copy of a card still needed: losing it lowers the max score."""
        return self.needed(card) and self.unseen(card) == 1

    def is_dead(self, card: Card) -> bool:
        """The card can never be played: already on its firework, or out of reach."""
        return not self.needed(card)

    def next_needed(self, suit: str) -> int | None:
        """The rank the suit's firework needs next, None if complete or out of reach."""
        nxt = self.fireworks[suit] + 1
        return nxt if nxt <= self.suit_max[suit] else None

    @property
    def players_still_to_play(self) -> list[int]:
        """In the final round: the players who have a turn left, in order."""
        if self.final_turns_left is None or self.over:
            return []
        n = len(self.players)
        return [(self.current_player + i) % n for i in range(self.final_turns_left)]

    # ----- checks ------------------------------------------------------------------------
    def check(self, event: Event) -> None:
        """Raises IllegalEvent if the rules do not allow `event` now."""
        self._check_not_over()
        if event.player is not None and event.player != self.current_player:
            raise IllegalEvent(
                "out_of_turn", N_("It is {current}'s turn, not {player}'s"),
                current=self.players[self.current_player], player=self._name(event.player),
            )
        if isinstance(event, Clue):
            self._check_clue(event)
        elif isinstance(event, (Play, Discard)):
            self._check_card(event)

    def check_play_allowed(self) -> None:
        """Raises IllegalEvent if the player whose turn it is cannot play a card now, whatever
        the card: the game is over, or their hand is empty."""
        self._check_not_over()
        self._check_hand_not_empty()

    def check_discard_allowed(self) -> None:
        """Raises IllegalEvent if the player whose turn it is cannot discard now, whatever the
        card: the game is over, their hand is empty, or all 8 clock tokens are available."""
        self._check_not_over()
        self._check_hand_not_empty()
        self._check_clues_not_full()

    def _check_not_over(self) -> None:
        if self.over:
            raise IllegalEvent("game_over", N_("The game is over: nothing more can be recorded"))

    def _check_hand_not_empty(self) -> None:
        if self.hands[self.current_player] == 0:
            raise IllegalEvent("empty_hand", N_("{player} has no cards left"),
                               player=self.players[self.current_player])

    def _check_clues_not_full(self) -> None:
        if self.clues == MAX_CLUES:
            raise IllegalEvent("clues_full",
                               N_("All 8 clock tokens are available: you cannot discard"))

    def _name(self, index: object) -> str:
        if isinstance(index, int) and 0 <= index < len(self.players):
            return self.players[index]
        return f"#{index}"

    def _check_clue(self, clue: Clue) -> None:
        if self.clues == 0:
            raise IllegalEvent("no_clue", N_("No clock tokens left: a clue is not possible"))
        n = len(self.players)
        if clue.target is not None:
            if not isinstance(clue.target, int) or not 0 <= clue.target < n:
                raise IllegalEvent("bad_target", N_("There is no player {target} at this table"),
                                   target=clue.target)
            if clue.target == self.current_player:
                raise IllegalEvent("self_clue", N_("{player} cannot give a clue to themselves"),
                                   player=self.players[clue.target])
        kind = clue.kind
        if kind is None and clue.value is not None:
            kind = "rank" if isinstance(clue.value, int) else "colour"
        if kind not in (None, "colour", "rank"):
            raise IllegalEvent("bad_clue", N_("A clue is about a colour or a rank"))
        if kind == "rank" and clue.value is not None and (
            isinstance(clue.value, bool) or clue.value not in RANKS
        ):
            raise IllegalEvent("bad_rank", N_("A rank clue names a number from 1 to 5"))
        if kind == "colour" and clue.value is not None and clue.value not in self.variant.clue_colours:
            if clue.value in self.variant.suits:
                raise IllegalEvent("unnamable_colour",
                                   N_("{suit} cannot be named in a clue in this variant"),
                                   suit=clue.value)
            raise IllegalEvent("bad_colour", N_("There is no colour {value} in this game"),
                               value=clue.value)

    def _check_card(self, event: Play | Discard) -> None:
        card = event.card
        copies = self.variant.copies(card)
        if copies == 0:
            raise IllegalEvent("not_in_deck", N_("There is no {card} in this deck"), card=card)
        self._check_hand_not_empty()
        if event.copy is not None:
            if isinstance(event.copy, bool) or not isinstance(event.copy, int) or not 1 <= event.copy <= copies:
                raise IllegalEvent("bad_copy", N_("{card} has no copy {copy} in this deck"),
                                   card=card, copy=event.copy)
            seen = self.seen_copies.get((card, event.copy))
            if seen:
                how, turn = seen
                template = (N_("This {card} was already played on turn {turn}") if how == "played"
                            else N_("This {card} was already discarded on turn {turn}"))
                raise IllegalEvent("copy_seen", template, card=card, turn=turn, copy=event.copy)
        if self.seen_count.get(card, 0) >= copies:
            how, turn = self.last_seen[card]
            if copies == 1:
                template = (N_("{card} was already played on turn {turn}") if how == "played"
                            else N_("{card} was already discarded on turn {turn}"))
                raise IllegalEvent("copy_seen", template, card=card, turn=turn)
            raise IllegalEvent("all_copies_seen",
                               N_("Every copy of {card} is already played or discarded"), card=card)
        if isinstance(event, Discard):
            self._check_clues_not_full()

    # ----- applying ----------------------------------------------------------------------
    def apply(self, event: Event) -> Effect:
        self.check(event)
        player = self.current_player
        in_final_round = self.final_turns_left is not None
        turn_number = self.turn + 1
        if isinstance(event, Abandon):
            self.turn += 1
            self.outcome = "abandoned"
            return self._effect(Effect("abandoned", player, ended="abandoned"))
        card = None
        kind = "clue"
        firework = None
        completed = clue_returned = drew = last_drawn = False
        if isinstance(event, Clue):
            self.clues -= 1
        else:
            card = event.card
            self.seen_count[card] = self.seen_count.get(card, 0) + 1
            if isinstance(event, Play) and self.fireworks[card.suit] + 1 == card.rank:
                kind = "played"
                self.fireworks[card.suit] = card.rank
                self.played_on[card] = turn_number
                if card.rank == 5:
                    completed = True
                    if self.clues < MAX_CLUES:
                        self.clues += 1
                        clue_returned = True
            else:
                if isinstance(event, Play):
                    kind = "misfire"
                    self.fuses += 1
                else:
                    kind = "discarded"
                    self.clues += 1
                self.discards.append(card)
                count = self.discarded_count.get(card, 0) + 1
                self.discarded_count[card] = count
                if count == self.variant.copies(card) and card.rank <= self.suit_max[card.suit]:
                    self.suit_max[card.suit] = card.rank - 1
            firework = self.fireworks[card.suit]
            seen = ("played" if kind == "played" else "discarded", turn_number)
            self.last_seen[card] = seen
            if event.copy is not None:
                self.seen_copies[(card, event.copy)] = seen
            self._check_end_after_card()
            if self.over:
                self.hands[player] -= 1  # the card left the hand; nobody draws after the end
            else:
                if self.deck > 0:
                    self.deck -= 1
                    drew = True
                    if self.deck == 0:
                        last_drawn = True
                        if self.options.endgame == "standard":
                            self.final_turns_left = len(self.players)
                else:
                    self.hands[player] -= 1
                    if self.options.endgame == "crowning" and not any(self.hands):
                        self.outcome = "stuck"
        self.turn += 1
        self.current_player = (self.current_player + 1) % len(self.players)
        if in_final_round and not self.over:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self.outcome = "deck_out"
        return self._effect(Effect(kind, player, card, firework, completed, clue_returned, drew,
                                   last_drawn, self.outcome if self.over else None))

    def _effect(self, effect: Effect) -> Effect:
        self.effects.append(effect)
        return effect

    def _check_end_after_card(self) -> None:
        if self.fuses >= MAX_FUSES:
            self.outcome = "fuses"
        elif all(h == 5 for h in self.fireworks.values()):
            self.outcome = "perfect"
        elif self.options.endgame == "crowning" and self.max_score < self.variant.max_score:
            self.outcome = "critical_lost"

    # ----- for the replay tool and the screens ---------------------------------------------
    def summary(self) -> dict:
        """The figures of the replay tool's JSON output."""
        return {
            "score": self.score,
            "max_score": self.max_score,
            "clues": self.clues,
            "fuses": self.fuses,
            "fireworks": dict(self.fireworks),
            "deck": self.deck,
            "turn": self.turn,
            "current_player": self.current_player,
            "over": self.over,
            "outcome": self.outcome,
            "discards": [str(c) for c in self.discards],
            "rating": self.rating,
            "pace": self.pace,
            "final_turns_left": self.final_turns_left,
        }
