"""How a game ends: deck out with a final round, perfect, fuses, and the crowning endgame."""

from companion.words import message as words_message
import pytest

from companion.rules import Game, IllegalEvent, parse_card
from rules_helpers import (clue, crowning_player_without_cards, discard, draw_out, game,
                           perfect_order, play)


JUNK = ["R1", "R1", "Y1", "Y1", "G1", "G1", "B1", "B1", "W1", "W1", "R2", "Y2", "G2", "B2", "W2",
        "R3", "Y3", "G3", "B3", "W3", "R4", "Y4", "G4", "B4", "W4"]


def test_standard_endgame_gives_everyone_one_more_turn():
    g = game(2)  # deck 40
    for name in perfect_order()[:15]:
        g.apply(play(name))
    draw_out(g, JUNK)
    assert g.state.deck == 0 and g.state.final_turns_left == 2
    drawer = (g.state.current_player - 1) % 2
    assert g.state.players_still_to_play == [g.state.current_player, drawer]
    g.apply(clue())
    assert not g.state.over and g.state.final_turns_left == 1
    g.apply(play("B1"))
    assert g.state.over and g.state.outcome == "deck_out"
    assert g.state.score == 16 and g.state.rating == "excellent"


def test_perfect_game_ends_at_once_without_drawing():
    g = game(2)
    for name in perfect_order():
        g.apply(play(name))
    assert g.state.outcome == "perfect" and g.state.score == 25
    assert g.state.rating == "legendary"
    assert g.state.deck == 40 - 24


def test_six_suit_perfect_is_divine():
    g = game(2, variant="multicolor")
    for name in perfect_order("RYGBWM"):
        g.apply(play(name))
    assert g.state.score == 30 and g.state.rating == "divine"


def crowning_deck_out(players=5):
    """A crowning game where red, yellow and green are complete and the deck has run out."""
    g = game(players, endgame="crowning")
    for name in perfect_order("RYG"):
        g.apply(play(name))
    spare = ["R1", "R1", "Y1", "Y1", "G1", "B1", "W1", "B1", "W1", "B2", "W2", "B3", "W3", "B4", "W4"]
    draw_out(g, spare + ["G2"])
    return g


def test_crowning_goes_on_after_the_deck_runs_out_until_perfect():
    g = crowning_deck_out()
    assert g.state.deck == 0 and g.state.final_turns_left is None and not g.state.over
    # the 20 cards still in hands are exactly the unseen ones
    assert sum(g.state.hands) == sum(g.state.unseen(c) for c in g.setup.variant.cards())
    for i in range(10):
        assert not g.state.over
        g.apply(play(perfect_order("BW")[i]))
    assert g.state.outcome == "perfect" and g.state.score == 25 and g.state.rating == "legendary"


def test_crowning_player_with_no_cards_cannot_play_or_discard():
    g = crowning_player_without_cards()
    with pytest.raises(IllegalEvent) as err:
        g.apply(play("W1"))
    assert err.value.code == "empty_hand"
    assert words_message(err.value) == "Ana has no cards left"
    with pytest.raises(IllegalEvent) as err:
        g.state.check_play_allowed()  # what the Play button asks before opening the picker
    assert err.value.code == "empty_hand"
    for refused in (lambda: g.apply(discard("W1")), g.state.check_discard_allowed):
        with pytest.raises(IllegalEvent) as err:
            refused()
        assert err.value.code == "empty_hand"


def test_max_score_pace_critical_and_dead_cards():
    g = game(3)
    g.apply(clue())
    g.apply(discard("B5"))
    s = g.state
    assert s.max_score == 24 and s.suit_max["B"] == 4
    assert s.is_dead(parse_card("B5"))
    assert s.is_critical(parse_card("R5")) and not s.is_critical(parse_card("R4"))
    g.apply(clue())
    g.apply(discard("G3"))
    assert g.state.is_critical(parse_card("G3"))
    g.apply(play("G1"))
    assert g.state.is_dead(parse_card("G1"))
    assert g.state.unseen(parse_card("G1")) == 2
    assert g.state.pace == g.state.fireworks_total + g.state.deck + 3 - g.state.max_score


def test_undo_takes_back_the_last_event():
    g = game()
    g.apply(play("R1"))
    g.apply(play("R3"))
    assert g.state.fuses == 1
    undone = g.undo()
    assert undone == play("R3")
    assert g.state.fuses == 0 and g.state.turn == 1 and g.state.discards == []
    g.undo()
    assert g.undo() is None
    assert g.state.summary() == Game(g.setup).state.summary()


@pytest.mark.parametrize("score,band", [(-10, "horrible"), (0, "horrible"), (5, "horrible"), (6, "mediocre"),
                                        (10, "mediocre"), (11, "honourable"), (15, "honourable"),
                                        (16, "excellent"), (20, "excellent"), (21, "amazing"),
                                        (24, "amazing"), (25, "legendary")])
def test_rating_scale(score, band):
    from companion.rules import rating_band
    assert rating_band(score) == band
    assert rating_band(score, 6) == band
    assert rating_band(29, 6) == "legendary" and rating_band(30, 6) == "divine"


def test_real_games_give_their_expected_figures(real_games):
    from companion.formats.game_log import game_from_dict
    for name, data in real_games:
        summary = game_from_dict(data["log"]).state.summary()
        for key, value in data["expect"].items():
            assert summary[key] == value, (name, key)
