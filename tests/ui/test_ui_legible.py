"""Every screen read as a player reads it, at the three sizes and in both languages: no symbol
drawn as an empty box (a font without it), no word broken over two lines, no line left out,
no text running out of its box."""

from __future__ import annotations

import pytest

from conftest import missing_glyphs, unreadable_labels

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_every_screen_reads_whole(start_app, size, lang):
    from companion import i18n

    i18n.set_language(lang)
    d = start_app(players=("Ana", "Ben", "Cy", "Dee", "Eve"), variant="multicolor", size=size,
                  fuse_out="minus_ten")
    problems: dict[str, list] = {}

    def read(name: str) -> None:
        d.frames(2)
        found = missing_glyphs(d.window) + unreadable_labels(d.window)
        if found:
            problems[name] = found

    d.tap_id("discard_button")  # refused: the warning sign and the reason
    read("table, a refusal")
    d.tap_id("clue_button")
    from companion.words import format_message
    from companion.store.open_safely import PROBLEMS

    d.root.show_notice(format_message(PROBLEMS["newer"], {  # a notice that wraps over lines
        "path": "/home/pi/.local/share/hanabi-companion/companion.sqlite3",
        "aside": "companion.sqlite3.newer-1"}))
    read("table, a clue and a long notice")
    d.root.hide_toast()
    d.tap_id("clue_detail")
    read("clue detail, six colours")
    d.tap(d.dialog.ids.cancel)
    d.tap_id("menu_button")
    read("menu")
    d.tap(d.dialog.ids.close)
    d.tap_id("discard_button")
    read("discard picker")
    d.pick("R1")
    read("banner")
    for card in ("R2", "B2", "Y2"):  # three misfires: -10 with this fuse-out rule
        d.tap_id("play_button", "table")
        d.pick(card)
    d.model.hide_banner()
    assert d.text("score", "end") == "-10"
    read("end, a negative score")
    d.tap_id("change_players", "end")
    d.tap_id("endgame_crowning")  # the chosen option is bold, so wider
    d.tap_id("count_5")
    read("new game")
    assert problems == {}
