"""`hanabi-companion export GAME --format log|hanablive [--out FILE]`: one game of the history.

`log` writes the project's own game log (hanabi-companion-log, readable by `replay` and
`import`); `hanablive` writes hanab.live's game JSON for its replay tools (see
docs/hanablive.md for what such a replay shows). Without --out the text goes to standard
output. Exit 0, or 2 with one line saying why.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from companion.formats import hanablive
from companion.commands.history import fail, open_history
from companion.i18n import N_
from companion.words import format_message, message
from companion.formats.game_log import game_to_dict
from companion.store import StoreError


def add_parser(sub, name: str) -> None:
    p = sub.add_parser(name, help="write a game of the history as a log or for hanab.live",
                       description="Write a game of the history (its number from `history`) as "
                                   "the companion's game log or as hanab.live's game JSON.")
    p.add_argument("game", metavar="GAME", help="the game's number, as `history` lists it")
    p.add_argument("--format", choices=("log", "hanablive"), default="log",
                   help="log (default): the companion's game log; hanablive: hanab.live's JSON")
    p.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    p.set_defaults(run=run)


def write_text(text: str, out: str) -> None:
    """Writes the file atomically: a reader never sees half of it."""
    path = Path(out)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def run(args) -> int:
    try:
        game_id = int(args.game)
    except ValueError:
        return fail(format_message(N_("{value!r} is not a game number: `hanabi-companion history` "
                                      "lists them"), {"value": args.game}))
    store = open_history(args)
    if store is None:
        return 2
    try:
        game = store.game(game_id)
    except StoreError as err:
        return fail(message(err))
    finally:
        store.close()
    if args.format == "hanablive":
        text = hanablive.dumps(game)
    else:
        text = json.dumps(game_to_dict(game), ensure_ascii=False, indent=1) + "\n"
    if not args.out:
        sys.stdout.write(text)
        return 0
    try:
        write_text(text, args.out)
    except OSError as err:
        return fail(format_message(N_("Cannot write {path}: {reason}"),
                                   {"path": args.out, "reason": err.strerror or str(err)}))
    print(format_message(N_("Game {game} written to {path}"), {"game": game_id, "path": args.out}),
          file=sys.stderr)
    return 0
