"""The dialogs and the new-game screen at the three sizes: everything inside the window, large
enough to tap, and a screenshot of each in tests/artefacts/ to look at."""

from __future__ import annotations

import pytest
from ui_helpers import button_for

pytestmark = pytest.mark.ui

SIZES = [(800, 480), (1280, 720), (720, 1280)]


def inside(widget, size) -> bool:
    x, y = widget.to_window(widget.x, widget.y)
    return x >= -1 and y >= -1 and x + widget.width <= size[0] + 1 and y + widget.height <= size[1] + 1


@pytest.mark.parametrize("size", SIZES)
def test_new_game_screen_fits(start_app, size):
    d = start_app(new_game=False, size=size)
    d.frames(3)
    ids = d.ids("newgame")
    for name in ("count_2", "count_5", "variant_multicolor_wild", "fuse_out_keep", "lang_it", "start"):
        widget = ids[name]
        assert widget.height >= 48 and widget.width >= 48, name
    assert inside(ids.start, size)
    if d.can_shoot:
        d.shot(f"ui-newgame-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES)
def test_menu_and_clue_detail_fit(start_app, size):
    d = start_app(players=("Ana", "Ben", "Cy", "Dee", "Eve"), variant="multicolor", size=size)
    d.tap_id("menu_button")
    menu = d.dialog
    for name in ("new_game", "abandon", "history", "lang_en", "lang_it", "quit", "close"):
        assert menu.ids[name].height >= 48 and inside(menu.ids[name], size), name
    if d.can_shoot:
        d.shot(f"ui-menu-{size[0]}x{size[1]}")
    d.tap(menu.ids.close)
    d.tap_id("clue_button")
    d.tap_id("clue_detail")
    detail = d.dialog
    buttons = detail.ids.targets.children + detail.ids.colours.children + detail.ids.ranks.children
    assert len(detail.ids.targets.children) == 4 and len(detail.ids.colours.children) == 6
    for button in buttons + [detail.ids.save, detail.ids.cancel]:
        assert button.height >= 48 and inside(button, size)
    if d.can_shoot:
        d.shot(f"ui-clue-detail-{size[0]}x{size[1]}")


def test_discard_picker_and_banner_pictures(start_app):
    from companion import i18n

    i18n.set_language("it")
    d = start_app(players=("Ana", "Ben"), variant="multicolor-short")
    d.tap_id("clue_button")
    d.tap_id("discard_button")
    picker = d.dialog
    assert picker.ids.title.text == "Scarta: quale carta?"
    assert len(picker.buttons()) == 30
    from companion.rules import Card

    m5 = button_for(picker, Card("M", 5))
    assert m5.critical and m5.lit, "discarding the last copy of a needed card is flagged"
    d.shot("ui-picker-discard-it")
    d.pick("M1")
    assert d.text("message") == "Multicolore 1 scartato"
    d.tap_id("play_button")
    d.pick("G4")
    assert d.root.banner.title == "ERRORE!"
    d.shot("ui-banner-misfire-it")
