"""`hanabi-companion replay [--json] LOG...`: validate and replay game logs.

With --json, one JSON object per line per file, in order; for an invalid log
{"file": ..., "error": {"event": N, "message": ...}} with N the 0-based index of the first
illegal event (null when the file itself is malformed). Exit 0 when every log is valid, 2 if not.
"""

from __future__ import annotations

import json
import sys

from companion.messages import outcome_name, rating_name, variant_name
from companion.rules import IllegalEvent, LogError
from companion.rules.describe import suit_name
from companion.rules.log import read_log


def add_parser(sub, name: str) -> None:
    p = sub.add_parser(name, help="validate and replay game logs",
                       description="Validate and replay game logs (format hanabi-companion-log).")
    p.add_argument("--json", action="store_true", help="one JSON object per line per file")
    p.add_argument("logs", nargs="+", metavar="LOG", help="game log files")
    p.set_defaults(run=run)


def replay_file(path: str) -> dict:
    """The replay result of one file: its summary, or its error."""
    try:
        game = read_log(path)
    except IllegalEvent as err:
        return {"file": path, "error": {"event": getattr(err, "index", None), "message": err.message}}
    except LogError as err:
        return {"file": path, "error": {"event": err.event, "message": err.message}}
    except FileNotFoundError:
        return {"file": path, "error": {"event": None, "message": "No such file"}}
    except PermissionError:
        return {"file": path, "error": {"event": None, "message": "Permission denied: the file cannot be read"}}
    except OSError as err:
        return {"file": path, "error": {"event": None, "message": f"Cannot read the file: {err.strerror or err}"}}
    result = {"file": path}
    result.update(game.state.summary())
    result["players"] = list(game.setup.players)
    result["variant"] = game.setup.variant.name
    return result


def _text(result: dict) -> str:
    if "error" in result:
        where = result["error"]["event"]
        at = f" (event {where})" if where is not None else ""
        return f"{result['file']}: invalid{at}: {result['error']['message']}"
    fireworks = "  ".join(f"{s}{h}" for s, h in result["fireworks"].items())
    players = result["players"]
    lines = [
        f"{result['file']}: {variant_name(result['variant'])}, {len(players)} players ({', '.join(players)})",
        f"  score {result['score']} of max {result['max_score']}"
        + (f" - {rating_name(result['rating'])}" if result["rating"] else ""),
        f"  {'over: ' + outcome_name(result['outcome']) if result['over'] else 'in progress: ' + players[result['current_player']] + ' to play'}"
        f" after {result['turn']} turns",
        f"  fireworks {fireworks}   clocks {result['clues']}/8   fuses {result['fuses']}/3   deck {result['deck']}",
        f"  discards: {' '.join(result['discards']) or 'none'}",
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
