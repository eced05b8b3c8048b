"""The rules of the rule books: decks, tokens, plays, misfires, discards."""

from companion.words import message as words_message
import pytest

from companion.rules import IllegalEvent, VARIANTS, parse_card
from companion.rules.state import hand_size
from rules_helpers import clue, discard, game, play


@pytest.mark.parametrize("variant,size", [("classic", 50), ("multicolor", 60),
                                          ("multicolor-short", 55), ("multicolor-wild", 60)])
def test_deck_sizes(variant, size):
    assert VARIANTS[variant].deck_size == size


@pytest.mark.parametrize("players,hand,deck", [(2, 5, 40), (3, 5, 35), (4, 4, 34), (5, 4, 30)])
def test_hands_and_deck_at_start(players, hand, deck):
    g = game(players)
    assert hand_size(players) == hand
    assert g.state.deck == deck
    assert (g.state.clues, g.state.fuses, g.state.score) == (8, 0, 0)


def test_copies_per_rank():
    v = VARIANTS["classic"]
    assert [v.copies(parse_card(f"R{r}")) for r in range(1, 6)] == [3, 2, 2, 2, 1]
    assert v.copies(parse_card("M1")) == 0
    assert [VARIANTS["multicolor-short"].copies(parse_card(f"M{r}")) for r in range(1, 6)] == [1] * 5
    assert VARIANTS["multicolor"].copies(parse_card("M1")) == 3


def test_clue_spends_a_clock_and_needs_one():
    g = game()
    for _ in range(8):
        g.apply(clue())
    assert g.state.clues == 0
    with pytest.raises(IllegalEvent) as err:
        g.apply(clue())
    assert words_message(err.value) == "No clock tokens left: a clue is not possible"
    assert g.state.turn == 8


def test_discard_refused_with_eight_clocks_and_gives_one_back():
    g = game()
    with pytest.raises(IllegalEvent) as err:
        g.apply(discard("R1"))
    assert words_message(err.value) == "All 8 clock tokens are available: you cannot discard"
    g.apply(clue())
    g.apply(discard("R1"))
    assert g.state.clues == 8
    assert g.state.discards == [parse_card("R1")]
    assert g.state.deck == 34


def test_play_succeeds_on_the_next_rank_and_misfires_otherwise():
    g = game()
    effect = g.apply(play("R1"))
    assert effect.kind == "played" and g.state.fireworks["R"] == 1
    effect = g.apply(play("R3"))
    assert effect.kind == "misfire" and effect.firework == 1
    assert g.state.fuses == 1 and g.state.discards == [parse_card("R3")]
    assert g.state.fireworks["R"] == 1
    assert g.state.deck == 33


def test_a_five_gives_a_clock_back_unless_all_eight_are_there():
    g = game()
    for r in range(1, 5):
        g.apply(play(f"R{r}"))
    g.apply(play("R5"))
    assert g.state.clues == 8
    g.apply(clue())
    for r in range(1, 5):
        g.apply(play(f"Y{r}"))
    effect = g.apply(play("Y5"))
    assert effect.completed and effect.clock_returned and g.state.clues == 8


def test_third_fuse_ends_the_game_and_scores_by_fuse_out():
    for fuse_out, expected in [("zero", 0), ("minus_ten", -10), ("keep", 2)]:
        g = game(fuse_out=fuse_out)
        g.apply(play("R1"))
        g.apply(play("B1"))
        deck = g.state.deck
        for name in ("R3", "R4", "B3"):
            g.apply(play(name))
        assert g.state.over and g.state.outcome == "fuses"
        assert g.state.deck == deck - 2  # nobody draws after the last fuse
        assert g.state.score == expected
        with pytest.raises(IllegalEvent, match="game is over"):
            g.apply(clue())


def test_event_after_the_end_is_illegal_and_changes_nothing():
    g = game()
    g.apply(clue())
    from companion.rules import Abandon
    g.apply(Abandon())
    assert g.state.outcome == "abandoned" and g.state.score == 0 and g.state.rating is None
    before = g.state.summary()
    with pytest.raises(IllegalEvent):
        g.apply(play("R1"))
    assert g.state.summary() == before


def test_copies_are_counted_and_a_copy_counts_once():
    g = game()
    for r in range(1, 6):
        g.apply(play(f"R{r}"))
    g.apply(clue())
    with pytest.raises(IllegalEvent) as err:
        g.apply(discard("R5"))
    assert words_message(err.value) == "Red 5 was already played on turn 5"
    g.apply(discard("B2", 1))
    with pytest.raises(IllegalEvent) as err:
        g.apply(discard("B2", 1))
    assert err.value.code == "copy_seen"
    assert words_message(err.value) == "This Blue 2 was already discarded on turn 7"
    g.apply(clue())
    g.apply(discard("B2"))
    g.apply(clue())
    with pytest.raises(IllegalEvent) as err:
        g.apply(discard("B2"))
    assert err.value.code == "all_copies_seen"


@pytest.mark.parametrize("name,copy", [("R1", 4), ("R5", 2), ("B3", 0)])
def test_copy_beyond_the_deck_is_illegal(name, copy):
    with pytest.raises(IllegalEvent) as err:
        game().apply(play(name, copy))
    assert err.value.code == "bad_copy"


def test_multicolor_card_only_in_six_suit_games():
    with pytest.raises(IllegalEvent) as err:
        game().apply(play("M1"))
    assert words_message(err.value) == "There is no Multicolor 1 in this deck"
    g = game(variant="multicolor-short")
    g.apply(play("M1", 1))
    with pytest.raises(IllegalEvent):
        g.apply(play("M1", 2))


def test_clue_checks_target_and_value():
    g = game(variant="multicolor-wild")
    for bad, code in [(clue(0), "self_clue"), (clue(3), "bad_target"), (clue(1, "rank", 6), "bad_rank"),
                      (clue(1, "colour", "M"), "unnamable_colour"), (clue(1, "colour", "X"), "bad_colour")]:
        with pytest.raises(IllegalEvent) as err:
            g.apply(bad)
        assert err.value.code == code
    g.apply(clue(1, "colour", "R"))
    g2 = game(variant="multicolor")
    g2.apply(clue(2, "colour", "M"))
    with pytest.raises(IllegalEvent):
        game().apply(clue(1, "colour", "M"))


def test_player_given_must_be_the_one_whose_turn_it_is():
    from companion.rules import Clue
    g = game()
    with pytest.raises(IllegalEvent) as err:
        g.apply(Clue(player=1))
    assert words_message(err.value) == "It is Ana's turn, not Ben's"
    g.apply(Clue(player=0))
    assert g.state.current_player == 1


def test_which_cards_a_clue_touches():
    red1, multi3 = parse_card("R1"), parse_card("M3")
    wild, own = VARIANTS["multicolor-wild"], VARIANTS["multicolor"]
    assert wild.clue_touches("colour", "B", multi3) and wild.clue_touches("colour", "R", red1)
    assert not wild.clue_touches("colour", "B", red1)
    assert not own.clue_touches("colour", "B", multi3) and own.clue_touches("colour", "M", multi3)
    assert own.clue_touches("rank", 3, multi3) and not own.clue_touches("rank", 3, red1)


def test_the_rules_core_needs_no_screen_camera_gpio_or_database():
    import subprocess
    import sys

    code = ("import sys, companion.rules, companion.rules.simulate, companion.rules.ending; "
            "print(sorted(m for m in ('kivy', 'cv2', 'pyzbar', 'gpiozero', 'sqlite3', 'numpy', "
            "'hardware', 'companion.session', 'companion.store', 'companion.i18n', "
            "'companion.words', 'companion.formats', 'companion.config') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_rules_core_imports_only_itself_and_the_standard_library():
    import ast
    import sys
    from pathlib import Path

    rules = Path(__file__).resolve().parents[1] / "companion" / "rules"
    outside = []
    for source in sorted(rules.glob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            for name in names:
                top = name.split(".")[0]
                if name.startswith("companion.rules") or top in sys.stdlib_module_names:
                    continue
                outside.append(f"{source.name}: {name}")
    assert outside == []
