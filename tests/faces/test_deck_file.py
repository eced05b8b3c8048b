"""The deck file: saved and loaded whole, and every way it can be unusable gets a clear message."""

from __future__ import annotations

import json
import zipfile

import numpy as np
import pytest

from companion.faces import deck_file
from companion.faces.deck_file import Deck, DeckError, load_deck, save_deck
from companion.rules.errors import CompanionError
from companion.words import message


def test_a_deck_comes_back_as_it_was_saved(taught, tmp_path):
    path = tmp_path / "deck.npz"
    save_deck(taught, path)
    back = load_deck(path)
    assert back.cards() == taught.cards()
    for card in taught.cards():
        assert len(back.faces[card]) == len(taught.faces[card])
        for a, b in zip(back.faces[card], taught.faces[card]):
            assert np.array_equal(a, b)
    assert back.format == deck_file.FORMAT and back.version == deck_file.VERSION
    assert [p.name for p in tmp_path.iterdir()] == ["deck.npz"]  # no temporary file left


def test_saving_over_a_deck_replaces_it(taught, tmp_path):
    path = tmp_path / "deck.npz"
    save_deck(Deck(), path)
    save_deck(taught, path)
    assert len(load_deck(path)) == len(taught)


def _rewrite(path, header=None, faces=None, drop=()):
    with np.load(path, allow_pickle=False) as archive:
        items = {k: archive[k] for k in archive.files if k not in drop}
    if header is not None:
        items["header"] = np.frombuffer(json.dumps(header).encode(), np.uint8)
    if faces is not None:
        items["faces"] = faces
    np.savez(path, **items)


def _header(path):
    with np.load(path, allow_pickle=False) as archive:
        return json.loads(archive["header"].tobytes())


@pytest.mark.parametrize("spoil, words", [
    ("missing", "there is no deck file"),
    ("folder", "is a folder"),
    ("junk", "damaged"),
    ("truncated", "damaged"),
    ("empty", "damaged"),
    ("no header", "not a deck taught by the companion"),
    ("other format", "not a deck taught by the companion"),
    ("other version", "another version of the companion (deck version 99, this one reads 1)"),
    ("bad labels", "damaged"),
    ("bad card", "damaged"),
    ("bad faces", "damaged"),
    ("header not json", "damaged"),
    ("pickled", "damaged"),
])
def test_an_unusable_deck_file_gets_one_clear_message(taught, tmp_path, spoil, words):
    path = tmp_path / "deck.npz"
    save_deck(taught, path)
    if spoil == "missing":
        path = tmp_path / "nothing.npz"
    elif spoil == "folder":
        path = tmp_path
    elif spoil == "junk":
        path.write_bytes(b"not a deck at all")
    elif spoil == "truncated":
        path.write_bytes(path.read_bytes()[:300])
    elif spoil == "empty":
        path.write_bytes(b"")
    elif spoil == "no header":
        _rewrite(path, drop=("header",))
    elif spoil == "other format":
        _rewrite(path, header={**_header(path), "format": "someone-elses-deck"})
    elif spoil == "other version":
        _rewrite(path, header={**_header(path), "version": 99})
    elif spoil == "bad labels":
        _rewrite(path, header={**_header(path), "labels": [0]})
    elif spoil == "bad card":
        _rewrite(path, header={**_header(path), "cards": ["X9"] * len(_header(path)["cards"])})
    elif spoil == "bad faces":
        _rewrite(path, faces=np.zeros((len(taught), 4, 4), np.float64))
    elif spoil == "header not json":
        with np.load(path, allow_pickle=False) as archive:
            faces = archive["faces"]
        np.savez(path, header=np.frombuffer(b"{not json", np.uint8), faces=faces)
    elif spoil == "pickled":
        np.savez(path, header=np.array([{"format": deck_file.FORMAT}], dtype=object))
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert isinstance(caught.value, CompanionError)
    assert words in message(caught.value)
    assert str(path) in message(caught.value)


def test_a_deck_cannot_be_written_where_there_is_no_folder(taught, tmp_path):
    with pytest.raises(DeckError) as caught:
        save_deck(taught, tmp_path / "no" / "such" / "deck.npz")
    assert "cannot write the deck" in message(caught.value)


def test_a_deck_file_is_a_zip_of_arrays_without_pickles(taught, tmp_path):
    path = tmp_path / "deck.npz"
    save_deck(taught, path)
    with zipfile.ZipFile(path) as archive:
        assert sorted(archive.namelist()) == ["faces.npy", "header.npy"]
    header = _header(path)
    assert header["format"] == "hanabi-companion-deck" and header["cards"] == taught.cards()


def test_the_deck_message_is_in_italian_too(tmp_path):
    from companion import i18n
    i18n.set_language("it")
    try:
        with pytest.raises(DeckError) as caught:
            load_deck(tmp_path / "x.npz")
        assert "non esiste" in message(caught.value)
    finally:
        i18n.set_language("en")


def test_a_bare_numpy_array_named_as_a_deck_is_one_clear_message(tmp_path):
    path = tmp_path / "ours.deck"
    with open(path, "wb") as f:
        np.save(f, np.zeros((3, 3)))
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert str(path) in message(caught.value)
