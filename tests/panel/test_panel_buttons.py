"""Pressing and holding the panel's buttons changes the game, through the app's own wiring."""

from __future__ import annotations
from companion.words import message as words_message

import subprocess
import sys
import threading
import time

from companion.rules import parse_card


def test_clue_press_spends_a_clock_token_for_the_current_player(table):
    table.new_game()
    assert table.session.state.clues == 8
    assert table.press("clue_pin") == 1
    state = table.session.state
    assert state.clues == 7
    assert state.current_player == 1  # Ann's turn was the clue; now Ben's
    last = table.outcomes[-1]
    assert (last.kind, last.source) == ("applied", "panel")


def test_a_press_only_hands_over_nothing_happens_until_the_ui_thread_runs(table):
    table.new_game()
    pin = table.pin("clue_pin")
    pin.drive_low()
    pin.drive_high()
    assert table.session.state.clues == 8  # not touched from the button's side
    assert table.ui.pending.qsize() == 1
    table.ui.run()
    assert table.session.state.clues == 7


def test_clue_with_no_clock_left_is_refused_and_buzzes(table):
    table.new_game()
    for _ in range(8):
        table.press("clue_pin")
    assert table.session.state.clues == 0
    events_before = len(table.session.game.events)
    table.pin("buzzer_pin").clear_states()
    table.press("clue_pin")
    assert len(table.session.game.events) == events_before
    last = table.outcomes[-1]
    assert last.kind == "refused" and "clock" in words_message(last.error).lower()
    table.wait_for(lambda: len(table.tones()) >= 2, settle=0.2)
    assert len(table.tones()) == 2  # the "refused" pattern: two short chirps


def test_discard_arms_and_the_next_card_seen_is_discarded(table):
    table.new_game()
    table.press("clue_pin")  # a clock must be spent before anyone may discard
    table.press("discard_pin")
    assert table.session.discard_armed
    assert table.outcomes[-1].kind == "armed"
    outcome = table.session.card_seen(parse_card("B4"), source="camera")
    assert outcome.kind == "applied" and outcome.effect.kind == "discarded"
    state = table.session.state
    assert state.clues == 8 and parse_card("B4") in state.discards
    assert not table.session.discard_armed
    assert state.fireworks["B"] == 0


def test_second_discard_press_disarms_and_the_card_is_played(table):
    table.new_game()
    table.press("clue_pin")
    table.press("discard_pin")
    table.press("discard_pin")
    assert not table.session.discard_armed
    assert table.outcomes[-1].kind == "disarmed"
    table.session.card_seen(parse_card("B1"), source="camera")
    assert table.session.state.fireworks["B"] == 1


def test_discard_is_refused_with_all_eight_clocks(table):
    table.new_game()
    table.press("discard_pin")
    assert not table.session.discard_armed
    last = table.outcomes[-1]
    assert last.kind == "refused" and "8" in words_message(last.error)
    table.wait_for(lambda: len(table.tones()) >= 2, settle=0.2)
    assert len(table.tones()) == 2


def test_armed_discard_times_out(table):
    table.new_game()
    table.press("clue_pin")
    table.press("discard_pin")
    table.clock.advance(table.session.arm_seconds + 1)
    table.link.tick()
    assert not table.session.discard_armed
    table.session.card_seen(parse_card("G1"), source="camera")
    assert table.session.state.fireworks["G"] == 1  # played, not discarded


def test_short_undo_press_does_nothing(table):
    table.new_game()
    table.press("clue_pin")
    pin = table.pin("undo_pin")
    pin.drive_low()
    pin.drive_high()
    time.sleep(table.cfg["undo_hold_seconds"] * 4)  # well past the hold: a late "held" shows now
    assert table.ui.run() == 0
    assert table.session.state.clues == 7
    assert len(table.session.game.events) == 1


def test_holding_undo_takes_back_the_last_event(table):
    table.new_game()
    table.press("clue_pin")
    table.session.play(parse_card("R1"))
    assert table.hold("undo_pin") == 1
    state = table.session.state
    assert state.fireworks["R"] == 0 and state.clues == 7
    last = table.outcomes[-1]
    assert (last.kind, last.source) == ("undone", "panel")
    # the hold arrived on gpiozero's thread, the undo ran here
    assert table.ui.scheduled_from[-1] is not threading.main_thread()
    assert table.hold("undo_pin") == 1
    assert table.session.state.clues == 8


def test_holding_undo_longer_undoes_only_once(table):
    table.new_game()
    table.press("clue_pin")
    table.press("clue_pin")
    pin = table.pin("undo_pin")
    pin.drive_low()
    time.sleep(table.cfg["undo_hold_seconds"] * 5)
    pin.drive_high()
    assert table.ui.run() == 1
    assert table.session.state.clues == 7


def test_undo_with_nothing_to_undo_buzzes_refused(table):
    table.new_game()
    table.hold("undo_pin")
    assert table.outcomes[-1].kind == "nothing_to_undo"
    table.wait_for(lambda: len(table.tones()) >= 2, settle=0.2)
    assert len(table.tones()) == 2


def test_buttons_before_any_game_are_refused_not_crashing(table):
    table.press("clue_pin")
    table.press("discard_pin")
    assert [o.kind for o in table.outcomes] == ["refused", "refused"]
    assert table.session.game is None


def test_the_link_runs_without_kivy_or_gpiozero():
    """PanelLink only knows the panel's interface and the schedule function it is given."""
    code = ("import sys, companion.panel_link; "
            "print(sorted(m for m in ('kivy', 'gpiozero') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
