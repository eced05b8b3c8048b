"""The game log, format `hanabi-companion-log` version 1: read, validate, write (a contract).

{"format": "hanabi-companion-log", "version": 1,
 "variant": "classic", "options": {"endgame": "standard", "fuse_out": "zero", "empty_clues": false},
 "players": ["Ana", "Ben", "Cy"], "first_player": 0,
 "events": [{"type": "clue", "target": 1, "kind": "colour", "value": "R"},
            {"type": "play", "card": "R1", "copy": 2}, {"type": "discard", "card": "B4"},
            {"type": "abandon"}]}
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.formats.errors import LogError
from companion.rules.cards import parse_card
from companion.rules.errors import IllegalEvent, N_, SetupError
from companion.rules.events import Abandon, Clue, Discard, Event, Play
from companion.rules.game import Game, GameSetup, is_whole_number

FORMAT = "hanabi-companion-log"
VERSION = 1
MAX_LOG_BYTES = 4 * 1024 * 1024  # a long game is a few kB; anything this big is not a log
MAX_EVENTS = 10_000

_EVENT_FIELDS = {
    "clue": {"type", "target", "kind", "value", "player"},
    "play": {"type", "card", "copy", "player"},
    "discard": {"type", "card", "copy", "player"},
    "abandon": {"type", "player"},
}


def event_from_dict(data: object, index: int | None = None) -> Event:
    """The event a log entry describes; LogError (naming the index) if it is not one."""
    if not isinstance(data, dict):
        raise LogError(N_("Event {index} is not an object"), index, index=index)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _EVENT_FIELDS:
        raise LogError(N_("Event {index} has an unknown type {value!r}: use clue, play, discard or abandon"),
                       index, index=index, value=kind)
    unknown = set(data) - _EVENT_FIELDS[kind]
    if unknown:
        raise LogError(N_("Event {index} has unknown fields: {fields}"), index, index=index,
                       fields=", ".join(sorted(map(str, unknown))))
    player = data.get("player")
    if player is not None and not is_whole_number(player):
        raise LogError(N_("Event {index}: player must be a number"), index, index=index)
    if kind == "abandon":
        return Abandon(player)
    if kind == "clue":
        target, ckind, value = data.get("target"), data.get("kind"), data.get("value")
        if target is not None and not is_whole_number(target):
            raise LogError(N_("Event {index}: a clue's target must be a player number"), index, index=index)
        if ckind is not None and ckind not in ("colour", "rank"):
            raise LogError(N_("Event {index}: a clue's kind is colour or rank, not {value!r}"), index,
                           index=index, value=ckind)
        if value is not None:
            if ckind == "rank" and not is_whole_number(value):
                raise LogError(N_("Event {index}: a rank clue's value must be a number from 1 to 5"),
                               index, index=index)
            if ckind == "colour" and not isinstance(value, str):
                raise LogError(N_("Event {index}: a colour clue's value must be a suit letter"),
                               index, index=index)
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise LogError(N_("Event {index}: a clue's value must be a suit letter or a rank"),
                               index, index=index)
        return Clue(target, ckind, value, player)
    card = parse_card(data.get("card"))
    if card is None:
        raise LogError(N_("Event {index}: {value!r} is not a card (write R1 .. W5, M1 .. M5)"), index,
                       index=index, value=data.get("card"))
    copy = data.get("copy")
    if copy is not None and not is_whole_number(copy):
        raise LogError(N_("Event {index}: copy must be a number"), index, index=index)
    return (Play if kind == "play" else Discard)(card, copy, player)


def event_to_dict(event: Event) -> dict:
    if isinstance(event, Abandon):
        data: dict = {"type": "abandon"}
    elif isinstance(event, Clue):
        data = {"type": "clue"}
        for key in ("target", "kind", "value"):
            if getattr(event, key) is not None:
                data[key] = getattr(event, key)
    else:
        data = {"type": "play" if isinstance(event, Play) else "discard", "card": str(event.card)}
        if event.copy is not None:
            data["copy"] = event.copy
    if event.player is not None:
        data["player"] = event.player
    return data


def setup_from_dict(data: dict) -> GameSetup:
    """The table a log describes (GameSetup.from_dict); LogError naming what is wrong."""
    try:
        return GameSetup.from_dict(data)
    except SetupError as err:
        raise LogError(err.template, **err.params) from None


def setup_to_dict(setup: GameSetup) -> dict:
    return {"format": FORMAT, "version": VERSION, **setup.to_dict()}


def game_from_dict(data: object) -> Game:
    """The game a decoded log describes, every event checked against the rules.

    Raises LogError for a malformed log; IllegalEvent (with `.index`) for an illegal event.
    """
    if not isinstance(data, dict):
        raise LogError(N_("A game log is a JSON object"))
    if data.get("format") != FORMAT:
        raise LogError(N_("Not a game log: format must be {format!r}"), format=FORMAT)
    version = data.get("version")
    if not is_whole_number(version) or version < 1:
        raise LogError(N_("The log's version must be a positive number"))
    if version > VERSION:
        raise LogError(N_("This log is version {version}, newer than this program reads ({known}): update the companion"),
                       version=version, known=VERSION)
    setup = setup_from_dict(data)
    raw_events = data.get("events", [])
    if not isinstance(raw_events, list):
        raise LogError(N_("events must be a list"))
    if len(raw_events) > MAX_EVENTS:
        raise LogError(N_("The log has {count} events: no game has that many"), count=len(raw_events))
    game = Game(setup)
    for index, raw in enumerate(raw_events):
        event = event_from_dict(raw, index)
        try:
            game.apply(event)
        except IllegalEvent as err:
            err.index = index
            raise
    return game


def game_to_dict(game: Game) -> dict:
    data = setup_to_dict(game.setup)
    data["events"] = [event_to_dict(e) for e in game.events]
    return data


def dumps(game: Game) -> str:
    return json.dumps(game_to_dict(game), ensure_ascii=False)


def loads(text: str | bytes) -> Game:
    return game_from_dict(parse_json(text))


def read_json_file(path: str | os.PathLike) -> object:
    """The JSON value in a file of at most MAX_LOG_BYTES; LogError if it is not one, OSError passes.

    The file is read only up to the limit, so a huge file, a device (/dev/zero) or an endless
    pipe is refused without filling the memory.
    """
    path = Path(path)
    if path.is_dir():
        raise LogError(N_("{path} is a folder, not a game log"), path=str(path))
    with open(path, "rb") as f:
        # st_size is 0 for a device or a pipe: what counts is how much there is to read
        size = os.fstat(f.fileno()).st_size
        raw = f.read(MAX_LOG_BYTES + 1) if size <= MAX_LOG_BYTES else b""
        size = max(size, len(raw))
    if size > MAX_LOG_BYTES:
        raise LogError(N_("The file is {size} MB: a game log is a few kB, so this is not one"),
                       size=round(size / 1e6))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogError(N_("Not a text file (a game log is UTF-8 JSON)")) from None
    return parse_json(text)


def parse_json(text: str | bytes) -> object:
    """The JSON value of a text; LogError with the place of the first mistake if it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise LogError(N_("Not valid JSON (line {line}, column {column}): {detail}"),
                       line=err.lineno, column=err.colno, detail=err.msg) from None
    except (ValueError, RecursionError):
        raise LogError(N_("Not valid JSON: the file is nested too deeply or holds a bad number")) from None


def read_log(path: str | os.PathLike) -> Game:
    """Reads and validates a log file. LogError / IllegalEvent for a bad one, OSError passes."""
    return game_from_dict(read_json_file(path))


def write_log(game: Game, path: str | os.PathLike) -> None:
    """Writes the log atomically (a reader never sees half a file)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(game_to_dict(game), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)
