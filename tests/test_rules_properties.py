"""Invariants that hold whatever the table does (property-based)."""

from hypothesis import given, settings, strategies as st

from companion.rules import Abandon, Clue, Discard, Game, IllegalEvent, Play, VARIANTS, parse_card
from companion.formats.game_log import game_from_dict, game_to_dict
from rules_helpers import setup

cards = st.builds(lambda s, r: parse_card(f"{s}{r}"), st.sampled_from("RYGBWM"), st.integers(1, 5))
copies = st.one_of(st.none(), st.integers(0, 4))
events = st.one_of(
    st.builds(Clue, st.one_of(st.none(), st.integers(-1, 5)), st.sampled_from([None, "colour", "rank"]),
              st.one_of(st.none(), st.sampled_from("RYGBWMX"), st.integers(0, 6))),
    st.builds(Play, cards, copies),
    st.builds(Play, cards, copies),
    st.builds(Discard, cards, copies),
    st.builds(Discard, cards),
)
tables = st.fixed_dictionaries({
    "players": st.integers(2, 5),
    "variant": st.sampled_from(sorted(VARIANTS)),
    "endgame": st.sampled_from(["standard", "crowning"]),
    "fuse_out": st.sampled_from(["zero", "minus_ten", "keep"]),
})


def check_invariants(state):
    assert 0 <= state.clues <= 8
    assert 0 <= state.fuses <= 3
    assert 0 <= state.deck
    assert all(0 <= h <= 5 for h in state.fireworks.values())
    assert state.fireworks_total <= state.max_score <= state.variant.max_score
    if state.outcome in ("playing", "deck_out", "perfect"):
        assert state.score == state.fireworks_total
    for card in state.variant.cards():
        assert 0 <= state.unseen(card) <= state.variant.copies(card)
    assert state.deck + sum(state.hands) == sum(state.unseen(c) for c in state.variant.cards())


@settings(max_examples=300, deadline=None)
@given(tables, st.lists(events, max_size=120), st.booleans())
def test_invariants_hold_for_any_sequence_of_taps(table, attempts, abandon_at_end):
    s = setup(table["players"], table["variant"], endgame=table["endgame"], fuse_out=table["fuse_out"])
    game = Game(s)
    previous = game.state.summary()
    for event in attempts + ([Abandon()] if abandon_at_end else []):
        before = game.state.summary()
        try:
            effect = game.apply(event)
        except IllegalEvent:
            assert game.state.summary() == before  # an illegal event changes nothing
            continue
        state = game.state
        check_invariants(state)
        assert state.max_score <= previous["max_score"]
        assert state.deck <= previous["deck"]
        assert state.turn == previous["turn"] + 1
        if effect.ended:
            assert state.over
        previous = state.summary()
    if game.state.over:
        for event in attempts[:5] + [Clue()]:
            try:
                game.apply(event)
            except IllegalEvent as err:
                assert err.code == "game_over"
            else:
                raise AssertionError("an event was accepted after the end")
    # the log written and read back is the same game
    again = game_from_dict(game_to_dict(game))
    assert again.state.summary() == game.state.summary()
    # undoing everything, one by one, goes back through the same states
    while game.events:
        game.undo()
        check_invariants(game.state)
    assert game.state.summary() == Game(s).state.summary()
