"""The fuse LEDs, the status light and the buzzer follow the table, whoever acted."""

from __future__ import annotations

import time

from companion.rules import GameSetup, Play, parse_card
from hardware.panel import BUZZ_PATTERNS


def lit_fuses(table) -> list[bool]:
    return [table.pin("fuse_led_pins", i).state for i in range(3)]


def transitions(pin) -> int:
    return len(pin.states) - 1


def test_fuse_leds_follow_misfires_and_undo(table):
    table.new_game()
    assert lit_fuses(table) == [False, False, False]
    table.session.play(parse_card("R2"))  # a misfire, tapped on the screen
    assert lit_fuses(table) == [True, False, False]
    table.session.card_seen(parse_card("Y3"), source="camera")  # another, read by the camera
    assert lit_fuses(table) == [True, True, False]
    lights = table.panel.lights()  # what the demo draws on the screen: the pins' own state
    assert lights.fuses == (True, True, False)
    table.hold("undo_pin")
    assert table.session.state.fuses == 1
    assert lit_fuses(table) == [True, False, False]
    table.session.undo()
    assert lit_fuses(table) == [False, False, False]


def test_fuse_leds_after_new_game_and_resume(table):
    table.new_game()
    table.session.play(parse_card("R2"))
    table.session.play(parse_card("R3"))
    assert lit_fuses(table) == [True, True, False]
    table.new_game()
    assert lit_fuses(table) == [False, False, False]
    setup = GameSetup.create(["Ann", "Ben"])
    table.session.resume(7, setup, [Play(parse_card("B2")), Play(parse_card("B1"))])
    assert lit_fuses(table) == [True, False, False]


def test_misfire_sounds_one_long_tone(table):
    table.new_game()
    buzzer = table.pin("buzzer_pin")
    buzzer.clear_states()
    table.session.play(parse_card("G4"))
    table.wait_for(lambda: len(table.tones()) >= 1, settle=0.1)
    tones = table.tones()
    assert len(tones) == 1
    assert tones[0] >= BUZZ_PATTERNS["misfire"].on * 0.99
    assert not buzzer.state


def test_refused_sounds_two_short_chirps_unlike_a_misfire(table):
    table.new_game()
    table.pin("buzzer_pin").clear_states()
    table.session.discard(parse_card("B4"))  # all 8 clocks are there: refused
    assert table.outcomes[-1].kind == "refused"
    table.wait_for(lambda: len(table.tones()) >= 2, settle=0.15)
    assert len(table.tones()) == 2
    misfire, refused = BUZZ_PATTERNS["misfire"], BUZZ_PATTERNS["refused"]
    assert (misfire.count, misfire.on) != (refused.count, refused.on)


def test_no_buzz_for_accepted_actions(table):
    table.new_game()
    table.pin("buzzer_pin").clear_states()
    table.press("clue_pin")
    table.session.play(parse_card("W1"))
    table.press("discard_pin")
    time.sleep(0.1)
    assert table.tones() == [] and not table.pin("buzzer_pin").state


def test_status_light_off_without_a_game_then_steady_on(table):
    status = table.pin("status_led_pin")
    assert not status.state
    table.new_game()
    assert status.state and table.panel.status == "ready"
    status.clear_states()
    time.sleep(0.1)
    assert transitions(status) == 0  # steady


def test_status_light_blinks_while_a_discard_is_armed(table):
    table.new_game()
    table.press("clue_pin")
    status = table.pin("status_led_pin")
    status.clear_states()
    table.press("discard_pin")
    assert table.panel.status == "armed"
    table.wait_for(lambda: transitions(status) >= 3)  # on, off, on: blinking
    table.press("discard_pin")  # disarmed
    assert table.panel.status == "ready" and status.state
    status.clear_states()
    time.sleep(0.35)  # longer than a blink
    assert transitions(status) == 0


def test_status_light_back_to_ready_when_the_armed_discard_times_out(table):
    table.new_game()
    table.press("clue_pin")
    table.press("discard_pin")
    assert table.panel.status == "armed"
    table.link.tick()
    assert table.panel.status == "armed"  # not yet
    table.clock.advance(table.session.arm_seconds + 0.5)
    table.link.tick()
    assert table.panel.status == "ready"
    status = table.pin("status_led_pin")
    assert status.state
    status.clear_states()
    time.sleep(0.35)  # longer than a blink
    assert transitions(status) == 0


def test_a_card_from_the_camera_flashes_the_status_light_then_ready(table):
    table.new_game()
    status = table.pin("status_led_pin")
    status.clear_states()
    table.session.card_seen(parse_card("R1"), source="camera")
    table.wait_for(lambda: transitions(status) >= 4, settle=0.1)
    assert [s.state for s in status.states] == [True, False, True, False, True]
    assert status.state and table.panel.status == "card"
    status.clear_states()
    table.session.play(parse_card("R2"), source="touch")  # tapped: the screen shows it
    time.sleep(0.2)
    assert transitions(status) == 0


def test_the_card_that_was_armed_for_discard_flashes_and_stops_the_blinking(table):
    table.new_game()
    table.press("clue_pin")
    table.press("discard_pin")
    table.session.card_seen(parse_card("B5"), source="camera")
    status = table.pin("status_led_pin")
    table.wait_for(lambda: table.panel.status == "card")
    time.sleep(0.35)  # the flash is over: steady on, no blinking left
    status.clear_states()
    time.sleep(0.35)  # longer than a blink
    assert status.state and transitions(status) == 0


def test_game_over_turns_the_status_light_off_with_three_fuses_lit(table):
    table.new_game()
    for card in ("R2", "R3", "R4"):
        table.session.play(parse_card(card))
    assert table.session.state.over
    assert lit_fuses(table) == [True, True, True]
    assert table.panel.status == "off" and not table.pin("status_led_pin").state


def test_the_panel_and_its_stand_in_refuse_the_same_unknown_states(table):
    """The app drives a wired panel and NoPanel alike: a typo fails the same way on both."""
    import pytest

    from hardware.panel import NoPanel

    for panel in (table.panel, NoPanel()):
        with pytest.raises(ValueError, match="unknown status 'blinking'; known: off, ready, card, armed"):
            panel.set_status("blinking")
        with pytest.raises(ValueError, match="unknown buzzer pattern 'boom'; known: misfire, refused"):
            panel.buzz("boom")
        panel.set_status("armed")
        panel.buzz("misfire")
    assert table.panel.status == "armed"
