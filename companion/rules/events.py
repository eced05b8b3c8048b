"""The events of a game: what the table did, in order. The game state is derived from them."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.cards import Card


@dataclass(frozen=True)
class Clue:
    target: int | None = None  # the player given the clue
    kind: str | None = None  # "colour" or "rank"
    value: str | int | None = None  # a suit letter or a rank 1-5
    player: int | None = None  # who gave it, when known


@dataclass(frozen=True)
class Play:
    card: Card
    copy: int | None = None  # which copy of the card (a scanned tag knows it)
    player: int | None = None


@dataclass(frozen=True)
class Discard:
    card: Card
    copy: int | None = None
    player: int | None = None


@dataclass(frozen=True)
class Abandon:
    player: int | None = None


Event = Clue | Play | Discard | Abandon
