"""`hanabi-companion`: the app (no sub-command) and the tools beside it.

  hanabi-companion [--demo] [--config FILE] [--fullscreen] [--size WxH]   start the table app
  hanabi-companion replay [--json] LOG...        validate and replay game logs
  hanabi-companion scan [--raw] [--json] IMAGE... read card tags in images
  hanabi-companion tags ...                      printable sticker sheets
  hanabi-companion snapshot LOG --out FILE.png   render a screen to a PNG
  hanabi-companion history / export / import     the games kept
"""

from __future__ import annotations

import argparse
import importlib
import sys

# sub-command -> module in companion.commands with add_parser(subparsers) and run(args) -> int
COMMANDS = {
    "replay": "replay",
    "scan": "scan",
    "tags": "tags",
    "snapshot": "snapshot",
    "history": "history",
    "export": "export",
    "import": "import_log",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hanabi-companion",
        description="Hanabi Table Companion: the referee, memory and scorer beside a real game of Hanabi. "
                    "Without a sub-command it starts the table app.",
    )
    parser.add_argument("--demo", action="store_true",
                        help="run a scripted demo game with a simulated camera and button panel")
    parser.add_argument("--config", metavar="FILE", help="configuration file (TOML)")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen (kiosk)")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 800x480")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module_name in COMMANDS.items():
        try:
            module = importlib.import_module(f"companion.commands.{module_name}")
        except ModuleNotFoundError as err:
            if err.name == f"companion.commands.{module_name}":
                continue
            raise
        module.add_parser(sub, name)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command:
            return args.run(args)
        from companion.app.main import run_app

        return run_app(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
