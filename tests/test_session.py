"""The live table: actions, refusals, undo, the armed discard, the journal."""

from companion.words import message as words_message
import pytest

from companion.words import outcome_text
from companion.rules import GameSetup, parse_card
from companion.session import JournalError, MemoryJournal, TableSession


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def table():
    clock = Clock()
    session = TableSession(arm_seconds=20, clock=clock)
    session.new_game(GameSetup.create(["Ana", "Ben", "Cy"]))
    seen = []
    session.subscribe(seen.append)
    return session, clock, seen


def say(session, outcome):
    return outcome_text(outcome, session.game.setup.players)


def test_actions_tell_the_table_what_happened(table):
    s, _, seen = table
    assert say(s, s.clue(1, "colour", "B")) == "Clue to Ben: blue"
    assert say(s, s.play(parse_card("B1"))) == "Blue 1 played: blue is at 1"
    assert say(s, s.card_seen(parse_card("R2"), 1)) == "Misfire: Red 2 does not fit, red is at 0"
    assert [o.kind for o in seen] == ["applied"] * 3
    assert seen[-1].source == "camera" and seen[-1].turn == 3
    assert s.state.fuses == 1


def test_refusals_say_why_and_change_nothing(table):
    s, _, _ = table
    outcome = s.discard(parse_card("R1"))
    assert outcome.kind == "refused" and not outcome.accepted
    assert say(s, outcome) == "All 8 clock tokens are available: you cannot discard"
    assert say(s, s.arm_discard()) == "All 8 clock tokens are available: you cannot discard"
    assert s.state.turn == 0


def test_armed_discard_applies_to_the_next_card_then_disarms(table):
    s, clock, _ = table
    s.clue()
    assert s.arm_discard().kind == "armed" and s.discard_armed
    assert say(s, s.card_seen(parse_card("G4"), 2)) == "Green 4 discarded"
    assert not s.discard_armed
    s.clue()
    s.arm_discard()
    assert s.arm_discard().kind == "disarmed"
    s.arm_discard()
    clock.now += 21
    assert not s.discard_armed
    assert s.card_seen(parse_card("G1"), 1).effect.kind == "played"


def test_a_rescanned_copy_is_reported_not_applied_twice(table):
    s, _, _ = table
    s.card_seen(parse_card("Y1"), 3)
    again = s.card_seen(parse_card("Y1"), 3)
    assert again.kind == "refused"
    assert say(s, again) == "This Yellow 1 was already played on turn 1"
    assert s.state.turn == 1


def test_undo_any_number_of_times(table):
    s, _, seen = table
    s.play(parse_card("R1"))
    s.clue()
    assert say(s, s.undo()) == "Undone: Clue"
    assert say(s, s.undo()) == "Undone: Play Red 1"
    assert say(s, s.undo()) == "Nothing to undo"
    assert s.state.turn == 0 and s.state.clues == 8


def test_undo_reopens_a_finished_game(table):
    s, _, _ = table
    s.abandon()
    assert s.state.over
    s.undo()
    assert not s.state.over


class FullDisk(MemoryJournal):
    full = False

    def record(self, game_id, index, event, state):
        if self.full:
            raise JournalError("The storage is full: free some space to go on")
        super().record(game_id, index, event, state)


def test_an_event_the_journal_cannot_keep_is_refused():
    journal = FullDisk()
    s = TableSession(journal)
    s.new_game(GameSetup.create(["Ana", "Ben"]))
    s.clue()
    journal.full = True
    outcome = s.play(parse_card("R1"))
    assert outcome.kind == "refused" and "full" in words_message(outcome.error)
    assert s.state.turn == 1 and s.state.fireworks["R"] == 0
    assert len(journal.games[s.game_id]) == 1


def test_new_game_abandons_the_one_in_progress():
    journal = MemoryJournal()
    s = TableSession(journal)
    s.new_game(GameSetup.create(["Ana", "Ben"]))
    s.clue()
    first = s.game_id
    s.new_game(GameSetup.create(["Ana", "Ben", "Cy"]))
    assert type(journal.games[first][-1]).__name__ == "Abandon"
    assert s.state.turn == 0 and len(s.state.players) == 3


def test_italian(table):
    from companion import i18n
    s, _, _ = table
    i18n.set_language("it")
    try:
        text = say(s, s.discard(parse_card("R1")))
    finally:
        i18n.set_language("en")
    assert text == "Tutti gli 8 gettoni indizio sono disponibili: non puoi scartare"


def test_a_discard_cannot_be_armed_by_a_player_with_no_cards():
    """Crowning endgame: once the deck is out, a player whose hand is empty can only clue."""
    from rules_helpers import crowning_player_without_cards

    g = crowning_player_without_cards()
    assert g.state.clues < 8
    s = TableSession()
    s.resume(1, g.setup, g.events)
    outcome = s.arm_discard()
    assert outcome.kind == "refused" and not s.discard_armed
    assert say(s, outcome) == "Ana has no cards left"
    assert s.clue().kind == "applied"  # a clue is still possible
