"""`hanabi-companion teach FOLDER --out DECK`: learn a deck's faces from photos.

FOLDER holds one photo per face, named by the card it shows (`R1.jpg`, `R1-2.jpg` for a second
photo of the same face; jpg or png), one card on the table in each. The deck is written to DECK
(read by `scan --deck` and by the app), and the command says which faces it learned, which are
missing for which variants, which pairs it finds too alike and which photos it could not use.
A folder without one usable photo is an error (exit status 1) and writes nothing.
"""

from __future__ import annotations

import os
import sys

from companion.i18n import _
from companion.words import message, variant_name


def add_parser(subparsers, name: str) -> None:
    parser = subparsers.add_parser(
        name, help="learn a deck's faces from photos",
        description="Learns the faces of a deck from photos named by the card they show "
                    "(R1.jpg, R1-2.jpg, ...), so that the camera reads cards without tags.")
    parser.add_argument("folder", metavar="FOLDER", help="folder of photos, one face per photo")
    parser.add_argument("--out", required=True, metavar="DECK", help="the deck file to write")
    parser.set_defaults(run=run)


def run(args) -> int:
    from companion.faces.deck_file import DeckError, save_deck
    from companion.faces.teach import learn_folder

    folder = args.folder
    if not os.path.isdir(folder):
        why = _("no such folder") if not os.path.exists(folder) else _("it is not a folder")
        print(_("{folder}: cannot teach from it: {why}").format(folder=folder, why=why), file=sys.stderr)
        return 1
    try:
        report = learn_folder(folder)
    except OSError as err:
        print(_("{folder}: cannot teach from it: {why}").format(folder=folder, why=err.strerror or err),
              file=sys.stderr)
        return 1
    for name, why in report.unusable:
        print(_("{file}: not used: {why}").format(file=name, why=message(why)), file=sys.stderr)
    if not report.learned:
        print(_("{folder}: no usable photo of a card face (photos are named like R1.jpg or R1-2.jpg, "
                "one card in each); nothing written").format(folder=folder), file=sys.stderr)
        return 1
    try:
        save_deck(report.deck, args.out)
    except DeckError as err:
        print(message(err), file=sys.stderr)
        return 1
    faces = sorted(report.learned, key=report.deck.cards().index)
    print(_("Learned {count} faces from {photos} photos: {cards}").format(
        count=len(faces), photos=sum(report.learned.values()), cards=" ".join(faces)))
    for variant, cards in report.missing.items():
        if cards:
            print(_("Missing for {variant}: {cards}").format(variant=variant_name(variant), cards=" ".join(cards)))
        else:
            print(_("Complete for {variant}").format(variant=variant_name(variant)))
    for a, b in report.too_alike:
        print(_("Too alike: {first} and {second} (take another photo of each)").format(first=a, second=b))
    print(_("Deck written to {path}").format(path=args.out))
    return 0
