"""`hanabi-companion snapshot LOG --out FILE.png [--screen table|end|teach] [--size 800x480] [--lang en|it]
[--camera IMAGE]`

Renders a screen of the app for the state at the end of a game log into a PNG, without a
visible window (SDL's offscreen driver; a headless machine needs no display). For the README's
screenshots, bug reports and tests. A log that cannot be read gives one line and exit 2.
The teach screen teaches the deck of the log's variant; with --camera it sees IMAGE and is drawn
once it took the card in it (or after a few seconds if it finds none). The data folder is not
touched: the pass is kept in a temporary one.
"""

from __future__ import annotations

import sys

from companion.i18n import LANGUAGES


def add_parser(sub, name: str) -> None:
    p = sub.add_parser(name, help="render a screen of the app to a PNG",
                       description="Render the table or end screen for the state at the end of "
                                   "a game log to a PNG, without showing a window.")
    p.add_argument("log", metavar="LOG", help="game log file (hanabi-companion-log)")
    p.add_argument("--out", required=True, metavar="FILE.png", help="the PNG to write")
    p.add_argument("--screen", choices=("table", "end", "teach"), default="table",
                   help="which screen (default: table)")
    p.add_argument("--size", default="800x480", metavar="WxH",
                   help="picture size, e.g. 800x480, 1280x720, 720x1280 (default: 800x480)")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language (default: en)")
    p.add_argument("--camera", metavar="IMAGE", default=None,
                   help="what the camera sees on the teach screen (default: no camera)")
    p.set_defaults(run=run)


def _error(message: str) -> int:
    print(f"snapshot: {message}", file=sys.stderr)
    return 2


def run(args) -> int:
    from companion.app.kivy_setup import parse_size
    from companion.formats.errors import LogError
    from companion.rules import IllegalEvent
    from companion.formats.game_log import read_log
    from companion.words import message

    size = parse_size(args.size)
    if size is None:
        return _error(f"--size must be WIDTHxHEIGHT such as 800x480, not {args.size!r}")
    if not args.out.lower().endswith(".png"):
        return _error(f"--out must name a .png file, not {args.out!r}")
    camera = getattr(args, "camera", None)
    if camera is not None:
        from hardware.camera.file_source import read_image

        if args.screen != "teach":
            return _error("--camera is for --screen teach")
        if read_image(camera) is None:
            return _error(f"{camera}: not an image that can be read")
    try:
        game = read_log(args.log)
    except IllegalEvent as err:
        index = err.index
        at = f" (event {index})" if index is not None else ""
        return _error(f"{args.log}: invalid{at}: {message(err)}")
    except LogError as err:
        at = f" (event {err.event})" if err.event is not None else ""
        return _error(f"{args.log}: invalid{at}: {message(err)}")
    except FileNotFoundError:
        return _error(f"{args.log}: no such file")
    except OSError as err:
        return _error(f"{args.log}: cannot be read ({err.strerror or err})")

    from companion.app.snapshot_render import render

    try:
        path = render(game, args.out, screen=args.screen, size=size, lang=args.lang,
                      camera=camera)
    except OSError as err:
        return _error(f"{args.out}: cannot be written ({err.strerror or err})")
    except RuntimeError as err:
        return _error(str(err))
    print(path)
    return 0
