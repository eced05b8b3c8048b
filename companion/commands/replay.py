"""`hanabi-companion replay [--json] LOG...`: validate and replay game logs.

With --json, one JSON object per line per file, in order; for an invalid log
{"file": ..., "error": {"event": N, "message": ...}} with N the 0-based index of the first
illegal event (null when the file itself is malformed). Exit 0 when every log is valid, 2 if not.
"""

from __future__ import annotations

import json
import sys

from companion.i18n import N_
from companion.words import outcome_name, rating_name, variant_name
from companion.formats.errors import LogError
from companion.rules import IllegalEvent
from companion.words import format_message, message, suit_name
from companion.formats.game_log import read_log


def add_parser(sub, name: str) -> None:
    p = sub.add_parser(name, help="validate and replay game logs",
                       description="Validate and replay game logs (format hanabi-companion-log).")
    p.add_argument("--json", action="store_true", help="one JSON object per line per file")
    p.add_argument("logs", nargs="+", metavar="LOG", help="game log files")
    p.set_defaults(run=run)


def _error(path: str, message: str, event: int | None = None) -> dict:
    return {"file": path, "error": {"event": event, "message": message}}


def replay_file(path: str) -> dict:
    """The replay result of one file: its summary, or its error."""
    try:
        game = read_log(path)
    except IllegalEvent as err:
        return _error(path, message(err), err.index)
    except LogError as err:
        return _error(path, message(err), err.event)
    except FileNotFoundError:
        return _error(path, format_message(N_("No such file"), {}))
    except PermissionError:
        return _error(path, format_message(N_("Permission denied: the file cannot be read"), {}))
    except OSError as err:
        return _error(path, format_message(N_("Cannot read the file: {reason}"),
                                           {"reason": err.strerror or str(err)}))
    result = {"file": path}
    result.update(game.state.summary())
    result["players"] = list(game.setup.players)
    result["variant"] = game.setup.variant.name
    return result


def _text(result: dict) -> str:
    def say(template: str, **params: object) -> str:
        return format_message(template, params)

    if "error" in result:
        where = result["error"]["event"]
        if where is None:
            return say(N_("{file}: invalid: {message}"), file=result["file"],
                       message=result["error"]["message"])
        return say(N_("{file}: invalid (event {event}): {message}"), file=result["file"],
                   event=where, message=result["error"]["message"])
    fireworks = "  ".join(f"{s}{h}" for s, h in result["fireworks"].items())
    players = result["players"]
    score = say(N_("score {score} of max {max_score}"), score=result["score"],
                max_score=result["max_score"])
    if result["rating"]:
        score += f" - {rating_name(result['rating'])}"
    if result["over"]:
        where = say(N_("over: {outcome}"), outcome=outcome_name(result["outcome"]))
    else:
        where = say(N_("in progress: {player} to play"), player=players[result["current_player"]])
    lines = [
        say(N_("{file}: {variant}, {count} players ({names})"), file=result["file"],
            variant=variant_name(result["variant"]), count=len(players), names=", ".join(players)),
        "  " + score,
        "  " + where + " " + say(N_("after {turns} turns"), turns=result["turn"]),
        "  " + say(N_("fireworks {fireworks}   clocks {clues}/8   fuses {fuses}/3   deck {deck}"),
                   fireworks=fireworks, clues=result["clues"], fuses=result["fuses"],
                   deck=result["deck"]),
        "  " + say(N_("discards: {cards}"),
                   cards=" ".join(result["discards"]) or say(N_("none"))),
    ]
    return "\n".join(lines)


def run(args) -> int:
    status = 0
    for path in args.logs:
        result = replay_file(path)
        if "error" in result:
            status = 2
        if args.json:
            print(json.dumps(result, ensure_ascii=False))
        else:
            print(_text(result))
        sys.stdout.flush()
    return status


__all__ = ["replay_file", "suit_name"]
