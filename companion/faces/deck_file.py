"""A taught deck: the faces of each card as the camera saw them, in a file of its own.

The file is a NumPy .npz archive read with allow_pickle=False (nothing in it can run code): a
JSON header (format name, version, face size, the card of each face) and one array of faces,
each an upright face (finder.FACE_W x FACE_H, BGR) with the light of its photo divided out.
The reader derives what it compares from the faces, so a better reader needs no new teaching.
Saving writes a temporary file beside the target and renames it: a crash never leaves half a
deck.
"""

from __future__ import annotations

import json
import os
import tempfile
import zipfile
from dataclasses import dataclass, field

import numpy as np

from companion.i18n import N_
from companion.faces.finder import FACE_H, FACE_W
from companion.rules.cards import parse_card
from companion.rules.errors import CompanionError

FORMAT = "hanabi-companion-deck"
VERSION = 1
MAX_FACES = 2000  # far more than any deck needs; a bigger file is not a deck


class DeckError(CompanionError):
    """A deck file that cannot be used: missing, damaged, not a deck, or from another version."""

    def __init__(self, template: str, path: object = "", **params: object) -> None:
        self.path = str(path)
        super().__init__(template, path=self.path, **params)


@dataclass
class Deck:
    """The learned faces: card name ("R1") -> list of upright faces (uint8, FACE_H x FACE_W x 3)."""

    faces: dict[str, list[np.ndarray]] = field(default_factory=dict)
    format: str = FORMAT
    version: int = VERSION

    def add(self, card: str, face: np.ndarray) -> None:
        if parse_card(card) is None:
            raise ValueError(f"not a card: {card!r}")
        if face.shape != (FACE_H, FACE_W, 3) or face.dtype != np.uint8:
            raise ValueError(f"a face must be uint8 {FACE_H}x{FACE_W}x3, not {face.dtype} {face.shape}")
        self.faces.setdefault(card, []).append(face)

    def take_out(self, faces) -> list[str]:
        """Takes the faces (card, index in faces[card]) out of the deck; returns the cards left
        with no face, which are no longer taught."""
        faces = list(faces)
        gone = []
        for card in sorted({card for card, _index in faces if card in self.faces}):
            drop = {index for name, index in faces if name == card}
            kept = [face for index, face in enumerate(self.faces[card]) if index not in drop]
            if kept:
                self.faces[card] = kept
            else:
                self.faces.pop(card, None)
                gone.append(card)
        return gone

    def cards(self) -> list[str]:
        """The cards taught, in the order of the rules (R1 .. W5, M1 .. M5)."""
        from companion.rules.cards import SUIT_LETTERS, RANKS
        order = {f"{s}{r}": i for i, (s, r) in enumerate((s, r) for s in SUIT_LETTERS for r in RANKS)}
        return sorted(self.faces, key=lambda c: order.get(c, 999))

    def __len__(self) -> int:
        return sum(len(v) for v in self.faces.values())


def save_deck(deck: Deck, path: str | os.PathLike) -> None:
    """Writes the deck to `path` (a temporary file, then a rename). Raises DeckError if the
    folder cannot be written."""
    cards = deck.cards()
    labels = [i for i, card in enumerate(cards) for _ in deck.faces[card]]
    faces = [face for card in cards for face in deck.faces[card]]
    header = {"format": FORMAT, "version": VERSION, "face_size": [FACE_W, FACE_H],
              "cards": cards, "labels": labels}
    array = np.stack(faces) if faces else np.zeros((0, FACE_H, FACE_W, 3), np.uint8)
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".deck-", suffix=".npz", dir=folder)
    except OSError as err:
        raise DeckError(N_("cannot write the deck {path}: {why}"), path, why=err.strerror or err) from err
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez_compressed(f, header=np.frombuffer(json.dumps(header).encode("utf-8"), np.uint8),
                                faces=array)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as err:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise DeckError(N_("cannot write the deck {path}: {why}"), path, why=err.strerror or err) from err


def _damaged(path: str) -> DeckError:
    return DeckError(N_("the deck {path} is damaged: teach the deck again"), path)


def load_deck(path: str | os.PathLike) -> Deck:
    """The deck in `path`. Raises DeckError for a missing, damaged or foreign file, or a deck
    written by another version of the companion."""
    path = os.fspath(path)
    if not os.path.exists(path):
        raise DeckError(N_("there is no deck file {path}"), path)
    if os.path.isdir(path):
        raise DeckError(N_("{path} is a folder, not a deck file"), path)
    try:
        with np.load(path, allow_pickle=False) as archive:
            if not isinstance(archive, np.lib.npyio.NpzFile):  # a bare .npy array, not a deck
                raise DeckError(N_("{path} is not a deck taught by the companion"), path)
            names = set(archive.files)
            if "header" not in names:
                raise DeckError(N_("{path} is not a deck taught by the companion"), path)
            header = json.loads(archive["header"].tobytes().decode("utf-8"))
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                raise DeckError(N_("{path} is not a deck taught by the companion"), path)
            if header.get("version") != VERSION:
                raise DeckError(N_("the deck {path} was taught by another version of the companion "
                                   "(deck version {found}, this one reads {wanted}): teach the deck again"),
                                path, found=header.get("version"), wanted=VERSION)
            faces = archive["faces"]
    except DeckError:
        raise
    except (OSError, ValueError, KeyError, EOFError, UnicodeDecodeError, zipfile.BadZipFile,
            TypeError, AttributeError, MemoryError) as err:
        if isinstance(err, OSError) and not isinstance(err, zipfile.BadZipFile) and err.errno is not None:
            raise DeckError(N_("cannot read the deck {path}: {why}"), path, why=err.strerror) from err
        raise _damaged(path) from err
    cards, labels = header.get("cards"), header.get("labels")
    if (not isinstance(cards, list) or not isinstance(labels, list) or header.get("face_size") != [FACE_W, FACE_H]
            or faces.dtype != np.uint8 or faces.ndim != 4 or faces.shape[1:] != (FACE_H, FACE_W, 3)
            or len(labels) != len(faces) or len(faces) > MAX_FACES
            or any(parse_card(c) is None for c in cards)
            or any(not isinstance(i, int) or not 0 <= i < len(cards) for i in labels)):
        raise _damaged(path)
    deck = Deck()
    for i, face in zip(labels, faces):
        deck.add(cards[i], np.ascontiguousarray(face))
    return deck
