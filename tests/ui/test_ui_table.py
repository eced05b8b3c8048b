"""The table screen driven by taps: clue, play and discard through the picker, undo, refusals."""

from __future__ import annotations

import pytest

from companion.rules import Card, parse_card
from ui_helpers import button_for

pytestmark = pytest.mark.ui


def test_table_shows_the_start_of_a_game(start_app):
    d = start_app(players=("Ana", "Ben", "Cy"), first_player=1)
    assert d.current == "table"
    assert d.text("turn") == "Ben's turn"
    ids = d.ids()
    assert "8/8" in ids.clocks.text and "Clocks" in ids.clocks.text
    assert "0/3" in ids.fuses.text
    assert "35" in ids.deck.text  # 50 cards, 3 hands of 5
    assert "0  (max 25)" in ids.score.text
    rows = d.screen().suit_rows()
    assert [r.name for r in rows] == ["Red", "Yellow", "Green", "Blue", "White"]
    assert all(r.next_text == "next: 1" for r in rows)
    assert d.text("message") == "New game: Ben starts"


def test_clue_play_discard_and_undo_by_touch(start_app):
    d = start_app()
    d.tap_id("clue_button")
    assert "7/8" in d.ids().clocks.text
    assert d.text("message") == "Ana gave a clue"
    assert d.text("turn") == "Ben's turn"

    d.tap_id("play_button")
    picker = d.dialog
    assert picker is not None and picker.mode == "play"
    assert picker.ids.title.text == "Play: which card?"
    d.pick("R1")
    assert d.dialog is None
    assert d.text("message") == "Red 1 played: red is at 1"
    assert d.root.banner_shown and d.root.banner.text == "Red 1 played: red is at 1"
    red = d.screen().suit_rows()[0]
    assert red.next_text == "next: 2"
    assert [p.state for p in reversed(red.ids.pips.children)] == ["played", "next", "later", "later", "later"]

    d.tap_id("discard_button")
    picker = d.dialog
    assert picker is not None and picker.mode == "discard"
    assert d.model.armed and d.text("discard_button") == "Cancel discard"
    d.pick("B4")
    assert d.text("message") == "Blue 4 discarded"
    assert "8/8" in d.ids().clocks.text  # the discard gave the clock back
    blue = d.screen().suit_rows()[3]
    b4 = list(reversed(blue.ids.gone.children))[3]
    assert b4.value == "1/2" and b4.critical  # the last Blue 4 is now precious
    assert not d.model.armed

    d.tap_id("undo_button")
    assert d.text("message") == "Undone: Discard Blue 4"
    assert "7/8" in d.ids().clocks.text
    d.tap_id("undo_button")
    assert d.text("message") == "Undone: Play Red 1"
    d.tap_id("undo_button")
    assert d.text("message") == "Undone: Clue"
    assert "8/8" in d.ids().clocks.text and d.text("turn") == "Ana's turn"
    d.tap_id("undo_button")
    assert d.text("message") == "\u26a0 Nothing to undo"


def test_the_banner_has_undo_at_hand(start_app):
    d = start_app()
    d.tap_id("play_button")
    d.pick("R2")  # a misfire
    banner = d.root.banner
    assert d.root.banner_shown and banner.kind == "misfire" and banner.title == "MISFIRE!"
    assert banner.text == "Misfire: Red 2 does not fit, red is at 0"
    assert "1/3" in d.ids().fuses.text
    assert d.model.message_kind == "misfire"
    d.tap(banner.ids.banner_undo)
    assert not d.root.banner_shown
    assert "0/3" in d.ids().fuses.text
    assert d.text("message") == "Undone: Play Red 2"


def test_refusals_are_said_in_plain_words(start_app):
    d = start_app()
    # discard with all 8 clocks: refused, no picker
    d.tap_id("discard_button")
    assert d.dialog is None and not d.model.armed
    assert d.text("message") == "\u26a0 All 8 clock tokens are available: you cannot discard"
    assert d.model.message_kind == "refused"
    # clue with no clock left
    for _ in range(8):
        d.tap_id("clue_button")
    assert "0/8" in d.ids().clocks.text
    d.tap_id("clue_button")
    assert d.text("message") == "\u26a0 No clock tokens left: a clue is not possible"
    assert "0/8" in d.ids().clocks.text


def test_an_already_played_card(start_app):
    d = start_app()
    for card in ("R1", "R2", "R3", "R4", "R5"):
        d.tap_id("play_button")
        d.pick(card)
    assert d.model.banner_kind == "complete"
    # the picker knows every Red 5 is gone: it is disabled
    d.tap_id("play_button")
    assert button_for(d.dialog, Card("R", 5)).disabled
    d.tap(d.dialog.ids.cancel)
    # a tag read again: the session says when it was played
    outcome = d.session.card_seen(Card("R", 5), 1)
    d.frames(2)
    assert outcome.kind == "refused"
    assert d.text("message") == "\u26a0 Red 5 was already played on turn 5"


def test_picker_shows_copies_left_and_disables_impossible_cards(start_app):
    d = start_app()
    d.tap_id("clue_button")
    for card in ("G1", "G1", "G1"):
        d.tap_id("discard_button")
        d.pick(card)
        d.tap_id("clue_button")
    d.tap_id("play_button")
    picker = d.dialog
    g1 = button_for(picker, Card("G", 1))
    assert g1.disabled and g1.left == 0
    r1 = button_for(picker, Card("R", 1))
    assert not r1.disabled and r1.left == 3 and r1.fits
    assert "3 left" in r1.text
    assert len(picker.buttons()) == 25
    d.tap(picker.ids.cancel)
    assert d.dialog is None


def test_clue_detail_is_optional(start_app):
    d = start_app()
    d.tap_id("clue_button")
    assert d.model.clue_detail_possible
    d.tap_id("clue_detail")
    dialog = d.dialog
    targets = list(reversed(dialog.ids.targets.children))
    assert [b.text for b in targets] == ["Ben", "Cy"]  # not the giver
    d.tap(targets[0])
    blue = next(b for b in dialog.ids.colours.children if b.value == ("colour", "B"))
    d.tap(blue)
    d.tap(dialog.ids.save)
    assert d.dialog is None
    assert d.text("message") == "Clue to Ben: blue"
    assert "7/8" in d.ids().clocks.text
    assert d.model.recent[0] == "1  Ana: Clue to Ben: blue"
    assert not d.model.clue_detail_possible


def test_final_round_countdown(start_app):
    from companion.rules import GameSetup

    d = start_app(players=("Ana", "Ben"))
    d.session.new_game(GameSetup.create(["Ana", "Ben"]))
    d.frames(2)
    # 40 cards in the deck: clue/discard pairs until it runs dry
    cards = [f"{s}{r}" for s in "RYGBW" for r in (1, 1, 1, 2, 2, 3, 3, 4, 4)]
    for card in cards[:40]:
        if d.session.state.clues == 8:
            d.session.clue()
        d.session.discard(parse_card(card))
    d.frames(3)
    assert d.session.state.deck == 0
    text = d.text("final_round")
    assert text.startswith("Final round: 2 turns left (")
    assert d.ids().final_round.height > 0


def test_keyboard_does_what_the_panel_does(start_app):
    d = start_app()
    d.key("c")
    assert "7/8" in d.ids().clocks.text
    d.key("d")
    assert d.model.armed and d.dialog is not None and d.dialog.mode == "discard"
    d.window.dispatch("on_key_down", 27, 0, None, [])  # Escape: cancels the discard
    d.frames(2)
    assert d.dialog is None and not d.model.armed
    d.key("p")
    assert d.dialog is not None and d.dialog.mode == "play"
    d.window.dispatch("on_key_down", 27, 0, None, [])
    d.frames(2)
    d.key("u")
    assert d.text("message") == "Undone: Clue"
    assert "8/8" in d.ids().clocks.text


def test_a_card_read_while_the_clue_detail_is_open_is_kept(start_app):
    d = start_app()
    d.tap_id("clue_button")
    d.tap_id("clue_detail")
    detail = d.dialog
    target = list(reversed(detail.ids.targets.children))[0]
    d.tap(target)
    d.session.card_seen(Card("R", 1), 1, source="camera")  # Ben shows Red 1 meanwhile
    d.frames(2)
    assert d.dialog is None, "the detail was for a clue that is no longer the last event"
    detail.save()  # a Save that got through anyway changes nothing
    d.frames(2)
    events = d.session.game.events
    assert [type(e).__name__ for e in events] == ["Clue", "Play"]
    assert events[1].card == Card("R", 1)
    assert d.text("message") == "Red 1 played: red is at 1"


def test_the_open_picker_follows_an_undo_from_the_panel(start_app):
    d = start_app()
    d.tap_id("clue_button")
    d.tap_id("discard_button")
    d.pick("G1")
    d.tap_id("play_button")
    picker = d.dialog
    assert button_for(picker, Card("G", 1)).left == 2
    d.session.undo(source="panel")  # the Undo button held on the panel
    d.frames(2)
    assert d.dialog is picker, "the picker stays open for the card in hand"
    assert button_for(picker, Card("G", 1)).left == 3 and "3 left" in button_for(picker, Card("G", 1)).text


def test_a_name_is_shown_as_typed(start_app):
    from conftest import plain

    d = start_app(players=("Ana", "Ben [b]x", "Cy & Di"))
    d.tap_id("clue_button")
    d.tap_id("clue_detail")
    names = [plain(b) for b in reversed(d.dialog.ids.targets.children)]
    assert names == ["Ben [b]x", "Cy & Di"]


def test_a_refusal_shows_its_warning_sign(start_app):
    from conftest import draws

    d = start_app()
    d.tap_id("undo_button")
    assert d.text("message") == "\u26a0 Nothing to undo"
    label = d.ids().message
    assert "[font=Symbols]\u26a0[/font]" in label.text, "drawn in a font that has the sign"
    assert draws("\u26a0", "Symbols") and not draws("\u26a0", label.font_name)


def test_a_long_message_is_shown_whole(start_app):
    from conftest import drawn_words

    long_name = "Annamaria Bartolomea Cristiana Rossi-Bia"  # 40 letters, the longest allowed
    d = start_app(players=("Ana", long_name), variant="multicolor", size=(720, 1280))
    d.session.clue(1, "colour", "M")
    d.tap_id("undo_button")
    message = f"Undone: Clue to {long_name}: multicolor"
    assert d.text("message") == message
    label = d.ids().message
    assert drawn_words(label) == message.split(), "every word on the screen, none cut"
    assert label.texture_size[1] <= label.height + 1


def test_the_p_key_after_the_end_says_why_no_card_can_be_played(start_app):
    d = start_app()
    d.session.abandon()
    d.app.actions.play_button(source="keyboard")
    assert d.text("message", "table") == "\u26a0 The game is over: nothing more can be recorded"
    assert d.app.actions.dialog is None  # no picker for a game that has ended
