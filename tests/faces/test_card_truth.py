"""The face benchmark says why a card frame named nothing (bench/card_truth.py)."""

from types import SimpleNamespace

import numpy as np
from card_truth import NEAREST_ANOTHER, NO_OUTLINE, OUTLINE_OFF, UNSURE, missed_why

TRUTH = np.float32([[100, 100], [200, 100], [200, 250], [100, 250]])  # short side 100 px


def read(quad, best="R1"):
    return SimpleNamespace(quad=np.float32(quad), best=best)


def test_a_miss_is_put_down_to_the_finder_or_to_the_judges():
    turned = np.roll(TRUTH, 2, axis=0) + 2  # outlined upside down, 2 px off: within 4 px
    off = TRUTH.copy()
    off[2] += (6, 5)  # one corner 7.8 px off
    elsewhere = TRUTH + (300, 0)
    assert missed_why([], "R1", TRUTH) == NO_OUTLINE
    assert missed_why([read(elsewhere)], "R1", TRUTH) == NO_OUTLINE
    assert missed_why([read(off), read(elsewhere)], "R1", TRUTH) == OUTLINE_OFF
    assert missed_why([read(turned)], "R1", TRUTH) == UNSURE
    assert missed_why([read(turned, "R2")], "R1", TRUTH) == NEAREST_ANOTHER
    # any outline on the card whose view the network finds nearest the card
    assert missed_why([read(turned, "R2"), read(TRUTH)], "R1", TRUTH) == UNSURE
