"""Renders the history screen with a populated store to PNGs, to look at (and for the tests).

    xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tests/store/history_snapshot.py \
        --out tests/artefacts/history [--lang it] [--sizes 800x480,1280x720,720x1280]

For each size: history-<size>-games.png and history-<size>-stats.png. Prints one line per
file, then a JSON line with what the screen showed (for the tests).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")


def populate(store) -> None:
    """Games of several variants and table sizes, over a few weeks, a few of each ending."""
    from companion.rules import GameSetup, parse_card
    from companion.rules.simulate import simulate_game
    from companion.session import TableSession

    clock = {"now": datetime(2026, 10, 1, 20, 0, tzinfo=timezone.utc)}
    store._clock = lambda: clock["now"]
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    plans = [("classic", 3), ("classic", 4), ("classic", 3), ("multicolor", 3), ("classic", 2),
             ("classic", 3), ("multicolor-wild", 4), ("classic", 3), ("classic", 5),
             ("classic", 3), ("classic", 4), ("multicolor", 3), ("classic", 3), ("classic", 3)]
    session = TableSession(journal=store)
    for seed, (variant, players) in enumerate(plans):
        game = simulate_game(GameSetup.create(names[:players], variant), seed * 7 + 3,
                             misfire_rate=0.03 + 0.02 * (seed % 3))
        session.new_game(game.setup)
        for event in game.events:
            clock["now"] += timedelta(seconds=50)
            session.apply_event(event, "touch")
        clock["now"] += timedelta(days=2, hours=seed % 5)
    # An abandoned game, a game with an undo, and the game still at the table.
    session.new_game(GameSetup.create(names[:3]))
    session.clue(1, "colour", "R")
    session.abandon()
    session.new_game(GameSetup.create(names[:4], "multicolor"))
    session.clue(2, "rank", 1)
    session.play(parse_card("R1"))
    session.undo()
    session.play(parse_card("B1"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--sizes", default="800x480,1280x720,720x1280")
    parser.add_argument("--empty", action="store_true", help="an empty history throughout")
    args = parser.parse_args(argv)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]

    from kivy.config import Config

    width, height = sizes[0]
    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "resizable", "1")
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager

    from companion import i18n
    from companion.app.history import HistoryScreen, RatingCurve
    from companion.app.scale import SCALE
    from companion.store import open_store

    i18n.set_language(args.lang)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp())
    store, _notice = open_store(folder / "companion.sqlite3")
    if not args.empty:
        populate(store)

    EventLoop.ensure_window()
    manager = ScreenManager(size_hint=(None, None), size=(width, height),
                            transition=NoTransition())
    history = HistoryScreen(store=store, name="history")
    manager.add_widget(history)
    manager.add_widget(Screen(name="table"))
    manager.current = "history"
    Window.add_widget(manager)

    def settle(frames: int = 12) -> None:
        import time

        for _ in range(frames):
            EventLoop.idle()
        deadline = time.monotonic() + 10
        while history.loading and time.monotonic() < deadline:  # read on its own thread
            time.sleep(0.01)
            EventLoop.idle()

    shown = {}
    for w, h in sizes:
        SCALE._resized(Window, (w, h))  # the unit the app would take from a window this size
        manager.size = (w, h)
        history.refresh()
        for tab in ("games", "stats"):
            history.show_tab(tab)
            settle()
            path = out / f"history-{w}x{h}-{tab}.png"
            manager.export_to_png(str(path))
            print(path)
        if history.ids.stats_box.children:
            whole = out / f"history-{w}x{h}-stats-all.png"  # every card, below the fold too
            history.ids.stats_box.export_to_png(str(whole))
            print(whole)
        shown[f"{w}x{h}"] = {
            "rows": len(history.rows),
            "selected": history.selected,
            "title": history.title,
            "score": history.score_text,
            "band": history.band_text,
            "ending": history.ending_text,
            "stats_cards": len(history.ids.stats_box.children),
            "rating_plots": [(card.title, len(card.children[0].data))
                             for card in reversed(history.ids.stats_box.children)
                             if isinstance(card.children[0], RatingCurve)],
            "back_height": history.ids.back.height,
            "row_height": min((c.height for c in history.ids.game_list.children[0].children),
                              default=0),
            "tab_height": history.ids.games_tab.height,
            "texts": [history.ids.back.text, history.ids.games_tab.text,
                      history.ids.stats_tab.text],
        }
    history.go_back()
    shown["after_back"] = manager.current
    # the same screen over an empty history
    empty, _ = open_store(folder / "empty.sqlite3")
    history.store = empty
    manager.current = "history"
    settle()
    history.show_tab("games")
    settle()
    manager.export_to_png(str(out / f"history-{w}x{h}-empty.png"))
    shown["empty"] = {"rows": len(history.rows), "title": history.title,
                      "stats_cards": len(history.ids.stats_box.children),
                      "stats_shown": history.stats_shown, "empty": history.empty}
    empty.close()
    print(json.dumps(shown, ensure_ascii=False))
    sys.stdout.flush()
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
