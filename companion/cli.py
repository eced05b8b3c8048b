"""`hanabi-companion`: the app (no sub-command) and the tools beside it.

  hanabi-companion [--demo] [--config FILE] [--fullscreen] [--size WxH]   start the table app
  hanabi-companion replay [--json] LOG...        validate and replay game logs
  hanabi-companion scan [--raw] [--json] IMAGE... read card tags in images
  hanabi-companion scan --deck DECK IMAGE...      read card faces as well
  hanabi-companion teach FOLDER --out DECK       learn a deck's faces from photos
  hanabi-companion tags ...                      printable sticker sheets
  hanabi-companion snapshot LOG --out FILE.png   render a screen to a PNG
  hanabi-companion history / export / import     the games kept
"""

from __future__ import annotations

import argparse
import importlib
import sys

# sub-command -> (module in companion.commands with add_parser(subparsers, name) and run(args),
# one line of help). Only the module of the command being run is imported, so that starting
# the app does not load OpenCV, zbar or the PDF library.
COMMANDS = {
    "replay": ("replay", "validate and replay game logs"),
    "scan": ("scan", "read the card tags in images"),
    "teach": ("teach", "learn a deck's faces from photos, to read cards without tags"),
    "tags": ("tags", "print sticker sheets of card tags (PDF) or single tags (PNG)"),
    "snapshot": ("snapshot", "render the table or end screen for a game log to a PNG"),
    "history": ("history", "list the games kept and the group's statistics"),
    "export": ("export", "write a game of the history as a log or as hanab.live JSON"),
    "import": ("import_log", "add a game log to the history"),
}
_OPTIONS_WITH_VALUE = ("--config", "--size")


def requested_command(argv: list[str]) -> str | None:
    """The sub-command named on the command line, if any."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in _OPTIONS_WITH_VALUE:
            skip = True
        elif not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
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
    wanted = requested_command(sys.argv[1:] if argv is None else argv)
    for name, (module_name, help_text) in COMMANDS.items():
        if name == wanted:
            module = importlib.import_module(f"companion.commands.{module_name}")
            module.add_parser(sub, name)
        else:
            sub.add_parser(name, help=help_text, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    try:
        if args.command:
            return args.run(args)
        if args.demo:
            from companion.demo.director import run_demo

            return run_demo(args)
        from companion.app.main import run_app

        return run_app(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
