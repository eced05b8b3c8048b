"""How the table looks: the palette and each suit's colour and symbol (never colour alone).

Pure data, no Kivy: the screens, the snapshot command and the tests share it.
"""

from __future__ import annotations

# A symbol per suit, so that a colour-blind player tells the suits apart at a glance.
SUIT_SYMBOLS = {
    "R": "\u2665",  # heart
    "Y": "\u2600",  # sun
    "G": "\u2663",  # clover
    "B": "\u25c6",  # diamond
    "W": "\u2601",  # cloud
    "M": "\u2605",  # star
}

SUIT_COLOURS = {
    "R": (0.90, 0.22, 0.21, 1),
    "Y": (0.98, 0.80, 0.18, 1),
    "G": (0.26, 0.72, 0.36, 1),
    "B": (0.25, 0.52, 0.96, 1),
    "W": (0.93, 0.93, 0.93, 1),
    "M": (0.80, 0.45, 0.95, 1),
}

# Text drawn on a suit-coloured background.
SUIT_INK = {
    "R": (1, 1, 1, 1),
    "Y": (0.1, 0.1, 0.1, 1),
    "G": (0.05, 0.05, 0.05, 1),
    "B": (1, 1, 1, 1),
    "W": (0.1, 0.1, 0.1, 1),
    "M": (0.1, 0.1, 0.1, 1),
}

BACKGROUND = (0.08, 0.09, 0.12, 1)
PANEL = (0.14, 0.16, 0.21, 1)
PANEL_LIGHT = (0.22, 0.25, 0.32, 1)
TEXT = (0.95, 0.95, 0.97, 1)
TEXT_DIM = (0.62, 0.65, 0.72, 1)
CLUE = (0.30, 0.62, 1.0, 1)  # clock (clue) tokens are blue in the box
FUSE = (1.0, 0.35, 0.25, 1)
GOOD = (0.30, 0.80, 0.45, 1)
WARN = (1.0, 0.72, 0.15, 1)  # refusals
BAD = (0.92, 0.16, 0.16, 1)  # a misfire
ARMED = (1.0, 0.55, 0.10, 1)  # the discard armed
CRITICAL = (1.0, 0.60, 0.10, 1)
DEAD = (0.40, 0.42, 0.48, 1)

# The font the symbols are drawn with (DejaVu Sans, shipped with Kivy): the default font,
# Roboto, has none of them and would show an empty box. Registered by companion.app.widgets.
SYMBOL_FONT = "Symbols"

# The symbols the screens use beside words.
CLUE_SYMBOL = "\u25cf"  # filled circle: a clock token available
FUSE_SYMBOL = "\u2716"  # heavy cross: a fuse burnt
CRITICAL_SYMBOL = "!"
DONE_SYMBOL = "\u2714"
WARN_SYMBOL = "\u26a0"
MENU_SYMBOL = "\u2630"


def suit_colour(suit: str) -> tuple:
    return SUIT_COLOURS.get(suit, TEXT)


def suit_symbol(suit: str) -> str:
    return SUIT_SYMBOLS.get(suit, suit)


def suit_ink(suit: str) -> tuple:
    return SUIT_INK.get(suit, (0, 0, 0, 1))


def hex_colour(rgba: tuple) -> str:
    """"ff3333" for Kivy markup."""
    return "".join(f"{round(c * 255):02x}" for c in rgba[:3])


def escape_markup(text: str) -> str:
    """`text` shown as it is in a label with markup on (a player's name may hold "[b]")."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def message_markup(text: str) -> str:
    """A message line for a markup label: escaped, its warning sign drawn in the symbol font."""
    return escape_markup(text).replace(WARN_SYMBOL, f"[font={SYMBOL_FONT}]{WARN_SYMBOL}[/font]")
