"""The tag contract: "HNB:<card>:<copy>"; everything else is never a card, with a reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import i18n
from companion.rules.cards import Card
from companion.rules.variants import VARIANTS
from companion.scan.tag import deck_tags, parse_tag, tag_text


def test_tag_text_is_the_contract():
    assert tag_text(Card("R", 1), 2) == "HNB:R1:2"
    assert tag_text(Card("M", 5), 1) == "HNB:M5:1"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_card_of_every_deck_reads_back(name):
    variant = VARIANTS[name]
    tags = deck_tags(name)
    assert len(tags) == variant.deck_size
    assert len({tag_text(c, k) for c, k in tags}) == len(tags)
    for card, copy in tags:
        read = parse_tag(tag_text(card, copy), name)
        assert read.ok and (read.card, read.copy) == (card, copy)
        assert read.reason == "" and read.key == f"{card}:{copy}"


def test_deck_sizes():
    assert [len(deck_tags(v)) for v in ("classic", "multicolor", "multicolor-short",
                                         "multicolor-wild")] == [50, 60, 55, 60]


@pytest.mark.parametrize("text, words", [
    ("https://example.org/menu", ["not a card tag", "example.org"]),
    ("HNB:R6:1", ["R6", "not a Hanabi card"]),
    ("HNB:R1:4", ["copy 4", "Red 1", "3"]),
    ("HNB:W5:2", ["copy 2", "White 5", "1"]),
    ("HNB:R1:0", ["damaged"]),
    ("HNB:R1:02", ["damaged"]),
    ("HNB:R1:+2", ["damaged"]),
    ("HNB:R1:2 ", ["damaged"]),
    ("HNB:R1:2:extra", ["damaged"]),
    ("HNB:r1:2", ["damaged"]),
    ("hnb:R1:2", ["not a card tag"]),
    ("HNB:", ["damaged"]),
    ("", ["not a card tag"]),
])
def test_foreign_and_impossible_tags_are_rejected_with_a_reason(text, words):
    read = parse_tag(text)
    assert not read.ok and read.card is None
    for word in words:
        assert word in read.reason


def test_the_variant_decides_what_is_in_the_deck():
    assert parse_tag("HNB:M2:2", "multicolor").ok
    short = parse_tag("HNB:M2:2", "multicolor-short")
    assert not short.ok and "Multicolor 2" in short.reason and "(it has 1)" in short.reason
    assert parse_tag("HNB:M2:1", "multicolor-short").ok
    classic = parse_tag("HNB:M1:1", VARIANTS["classic"])
    assert not classic.ok and "Multicolor 1 is not in the Classic deck" in classic.reason
    assert parse_tag("HNB:M1:1").ok  # no variant: any deck


def test_reasons_follow_the_language():
    i18n.set_language("it")
    reason = parse_tag("HNB:R1:4").reason
    assert "Rosso 1" in reason and "copia" in reason
    assert "non è" in parse_tag("HNB:R6:1").reason


def test_long_or_unprintable_texts_are_shortened_in_the_reason():
    read = parse_tag("x" * 500 + "\x00")
    assert len(read.reason) < 80 and "\x00" not in read.reason


def test_bytes_are_read_as_utf8():
    assert parse_tag(b"HNB:G3:2").card == Card("G", 3)
    assert not parse_tag(b"\xff\xfe").ok


VALID = {tag_text(c, k) for v in VARIANTS for c, k in deck_tags(v)}


@settings(max_examples=400, deadline=None)
@given(st.one_of(
    st.text(max_size=40),
    st.builds(lambda a, b, c: f"HNB:{a}:{b}{c}", st.text(max_size=4), st.text(max_size=3),
              st.text(max_size=2)),
    st.builds(lambda s, r, k: f"HNB:{s}{r}:{k}", st.sampled_from("RYGBWMXr "),
              st.integers(-2, 12), st.integers(-2, 12)),
), st.sampled_from([None, *VARIANTS]))
def test_garbage_never_raises_and_is_a_card_only_when_exact(text, variant):
    read = parse_tag(text, variant)
    if read.ok:
        assert text in VALID and tag_text(read.card, read.copy) == text
        deck = VARIANTS[variant] if variant else None
        if deck is not None:
            assert 1 <= read.copy <= deck.copies(read.card)
    else:
        assert read.card is None and read.copy is None
        assert isinstance(read.reason, str) and read.reason


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=40))
def test_garbage_bytes_never_raise(data):
    read = parse_tag(data)
    assert read.ok == (data.decode("utf-8", "replace") in VALID)
