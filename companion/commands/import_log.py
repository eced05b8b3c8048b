"""`hanabi-companion import LOG`: adds a game to the history after checking it whole.

LOG is a game log (hanabi-companion-log) or a game JSON from hanab.live. Every event is
checked against the rules first; a bad file adds nothing and gets one line saying what is
wrong (and at which event). The same game imported twice is kept once. The file's time is
taken as the time the game ended. Exit 0, or 2 when nothing could be added.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from companion.commands.history import fail, open_history
from companion.formats.hanablive import read_game
from companion.i18n import N_
from companion.words import outcome_name, variant_name
from companion.formats.errors import LogError
from companion.rules import IllegalEvent
from companion.words import format_message, message
from companion.session import JournalError


def add_parser(sub, name: str) -> None:
    p = sub.add_parser(name, help="add a game log (or a hanab.live game JSON) to the history",
                       description="Check a game log, or a game JSON from hanab.live, and add it "
                                   "to the history.")
    p.add_argument("log", metavar="LOG", help="the file to import")
    p.set_defaults(run=run)


def read_error(path: str, err: Exception) -> str:
    """One line saying why the file cannot be imported."""
    if isinstance(err, IllegalEvent):
        index = err.index
        if index is not None:
            return format_message(N_("{path}: event {index} is not allowed: {reason}"),
                                  {"path": path, "index": index, "reason": message(err)})
        return f"{path}: {message(err)}"
    if isinstance(err, LogError):
        return f"{path}: {message(err)}"
    if isinstance(err, FileNotFoundError):
        return format_message(N_("{path}: no such file"), {"path": path})
    if isinstance(err, PermissionError):
        return format_message(N_("{path}: permission denied, the file cannot be read"),
                              {"path": path})
    reason = getattr(err, "strerror", None) or str(err)
    return format_message(N_("{path}: cannot be read ({reason})"), {"path": path, "reason": reason})


def run(args) -> int:
    try:
        game = read_game(args.log)
        ended = datetime.fromtimestamp(Path(args.log).stat().st_mtime, timezone.utc)
    except (LogError, IllegalEvent, OSError, ValueError) as err:
        return fail(read_error(args.log, err))
    store = open_history(args)
    if store is None:
        return 2
    try:
        known = store.find_game(game)
        if known is not None:
            print(format_message(N_("This game is already in the history as game {game}: "
                                    "not added again"), {"game": known}))
            return 0
        try:
            game_id = store.import_game(game, ended=ended)
        except JournalError as err:
            return fail(message(err))
    finally:
        store.close()
    state = game.state
    how = outcome_name(state.outcome)
    print(format_message(N_("Added game {game}: {variant}, {players} · {score} points, {how}"),
                         {"game": game_id, "variant": variant_name(game.setup.variant.name),
                          "players": ", ".join(game.setup.players), "score": state.score,
                          "how": how}))
    return 0
