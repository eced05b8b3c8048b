"""The face benchmark says why a card frame named nothing (bench/card_truth.py)."""

from types import SimpleNamespace

import numpy as np
from card_truth import (JUDGED_WITH_ANOTHER, NEAREST_ANOTHER, NEAREST_ANOTHER_RANK, NO_OUTLINE, OUTLINE_OFF,
                        RANK_UNSURE, UNSURE, missed_why)

TRUTH = np.float32([[100, 100], [200, 100], [200, 250], [100, 250]])  # short side 100 px
MIDDLE = TRUTH.mean(axis=0)


def read(quad, best="R1", second="Y1"):
    return SimpleNamespace(quad=np.float32(quad), best=best, second=second)


def test_a_miss_is_put_down_to_the_finder_or_to_the_judges():
    turned = np.roll(TRUTH, 2, axis=0) + 2  # outlined upside down, 2 px off: within 4 px
    border = MIDDLE + (TRUTH - MIDDLE) * 0.93  # a border printed inside the card's edge
    off = TRUTH.copy()
    off[2] += (6, 5)  # one corner 7.8 px off
    too_far_in = MIDDLE + (TRUTH - MIDDLE) * 0.8  # the card's art, say
    elsewhere = TRUTH + (300, 0)
    assert missed_why([], [], "R1", TRUTH) == NO_OUTLINE
    assert missed_why([read(elsewhere)], [elsewhere], "R1", TRUTH) == NO_OUTLINE
    assert missed_why([read(off)], [off, elsewhere], "R1", TRUTH) == OUTLINE_OFF
    assert missed_why([read(too_far_in)], [too_far_in], "R1", TRUTH) == OUTLINE_OFF
    # any outline of the finder's on the card, though the verdict kept for the card is on another
    for on in (turned, border):
        assert missed_why([read(off)], [off, on], "R1", TRUTH) == UNSURE
        assert missed_why([read(off, "Y1")], [off, on], "R1", TRUTH) == NEAREST_ANOTHER
    # the verdicts on the card decide, not those on other things: any whose view the network
    # finds nearest the card
    assert missed_why([read(turned, "Y2"), read(TRUTH)], [turned], "R1", TRUTH) == UNSURE
    assert missed_why([read(off, "Y2"), read(elsewhere)], [off, turned], "R1", TRUTH) == NEAREST_ANOTHER
    assert missed_why([read(elsewhere)], [turned], "R1", TRUTH) == JUDGED_WITH_ANOTHER


def test_a_miss_on_the_card_says_whether_only_its_rank_was_in_question():
    """The network nearest the card with another rank of its suit next, or nearest another rank
    of its suit: the suit was not what kept the card from being named."""
    on = np.roll(TRUTH, 2, axis=0) + 2
    assert missed_why([read(on, "R1", "R2")], [on], "R1", TRUTH) == RANK_UNSURE
    assert missed_why([read(on, "R1", "M1")], [on], "R1", TRUTH) == UNSURE
    assert missed_why([read(on, "R1", "")], [on], "R1", TRUTH) == UNSURE  # a deck of one card has no next
    # any verdict on the card nearest it with another rank next
    assert missed_why([read(on, "R1", "Y1"), read(on + 1, "R1", "R3")], [on], "R1", TRUTH) == RANK_UNSURE
    assert missed_why([read(on, "R3", "R1")], [on], "R1", TRUTH) == NEAREST_ANOTHER_RANK
    assert missed_why([read(on, "Y3", "R1"), read(on + 1, "R2", "Y3")], [on], "R1", TRUTH) == NEAREST_ANOTHER_RANK
    assert missed_why([read(on, "Y1", "R1")], [on], "R1", TRUTH) == NEAREST_ANOTHER
