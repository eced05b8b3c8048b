"""Draws the button panel's wiring diagram (wiring.svg) from its description (panel.toml).

    python hardware/wiring/draw_wiring.py           # writes hardware/wiring/wiring.svg
    python hardware/wiring/draw_wiring.py --check   # exit 1 if wiring.svg is out of date

The pins in panel.toml must be the default wiring (PanelPins in hardware/panel/base.py, which
are also the configuration's defaults); physical pin numbers come from gpiozero's board data,
so the drawing cannot disagree with the app or with the Pi.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
import tomllib
from html import escape
from pathlib import Path

from gpiozero.pins.pi import PiBoardInfo

from hardware.panel.base import PanelPins

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "panel.toml"
TARGET = HERE / "wiring.svg"

# Geometry (SVG user units).
WIDTH, HEIGHT = 1000, 870
ODD_X, EVEN_X = 700, 740  # the header's two columns: odd pins (1, 3, ...) left, even right
ROW0, PITCH = 150, 34  # y of row 1, distance between rows
PIN_R = 11
BOX_PAD = 20  # the header's outline around the pins
ODD_LABEL_X, EVEN_LABEL_X = ODD_X - BOX_PAD - 6, EVEN_X + BOX_PAD + 6  # names outside the outline
RESISTOR_X = ODD_X - 160  # right end of the LEDs' and the buzzer's resistors
BUTTON_X = ODD_X - 260  # right contact of the buttons
GROUND_X = ODD_X - 330  # where the buttons' and LEDs' ground symbols sit
LABEL_X = GROUND_X - 15  # part names end here
TRANSISTOR_X = 190  # the buzzer's transistor, left of every part name
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

COLOURS = {
    "wire": "#222222",
    "signal": "#2e6fd8",  # a pin the panel uses
    "GND": "#111111",
    "5V": "#c0392b",
    "3V3": "#e67e22",
    "free": "#ffffff",
    "red": "#e03131",
    "green": "#2f9e44",
    "muted": "#777777",
}


class WiringError(Exception):
    """panel.toml disagrees with the app's defaults or with the header."""


def header_pins() -> dict[int, object]:
    """Physical pin number -> gpiozero PinInfo of the 40-pin header (same on every 40-pin Pi)."""
    return dict(PiBoardInfo.from_revision(0xC04170).headers["J8"].pins)


def physical_pin(gpio: int) -> int:
    for number, info in header_pins().items():
        if info.name == f"GPIO{gpio}":
            return number
    raise WiringError(f"GPIO{gpio} is not on the 40-pin header")


def default_pin(setting: str) -> int:
    match = re.fullmatch(r"(\w+)(?:\[(\d)\])?", setting)
    if not match or match.group(1) not in PanelPins._fields:
        raise WiringError(f"panel.toml: {setting!r} is not a pin of the panel")
    value = getattr(PanelPins(), match.group(1))
    return value[int(match.group(2))] if match.group(2) is not None else value


def load(path: Path = SOURCE) -> dict:
    source = tomllib.loads(path.read_text(encoding="utf-8"))
    for part in source["part"]:
        expected = default_pin(part["setting"])
        if part["gpio"] != expected:
            raise WiringError(f"panel.toml: {part['label']} is on GPIO{part['gpio']} but "
                              f"panel.{part['setting']} defaults to {expected}")
        part["pin"] = physical_pin(part["gpio"])
        if header_pins()[part["pin"]].row is None:
            raise WiringError(f"panel.toml: pin {part['pin']} has no row")
    for key in ("ground_pin", "supply_pin"):
        name = header_pins()[source[key]].name
        if name != ("GND" if key == "ground_pin" else "5V"):
            raise WiringError(f"panel.toml: {key} = {source[key]} is {name}")
    return source


# ----- drawing primitives --------------------------------------------------------------------
def row_y(pin: int) -> int:
    return ROW0 + (header_pins()[pin].row - 1) * PITCH


def line(x1, y1, x2, y2, colour=COLOURS["wire"], width=2) -> str:
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
            f'stroke-width="{width}" stroke-linecap="round"/>')


def text(x, y, content, size=12, anchor="start", colour="#222222", weight="normal") -> str:
    return (f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}" fill="{colour}" '
            f'stroke="none" text-anchor="{anchor}" font-weight="{weight}">{escape(content)}</text>')


def ground(x, y) -> list[str]:
    """A ground symbol hanging from (x, y)."""
    return [line(x, y, x, y + 7),
            line(x - 10, y + 7, x + 10, y + 7),
            line(x - 6, y + 11, x + 6, y + 11),
            line(x - 2, y + 15, x + 2, y + 15)]


def resistor(x_right, y, value) -> tuple[list[str], int]:
    """A resistor (IEC box) whose right end is x_right; returns the elements and its left end."""
    left = x_right - 44
    return ([f'<rect x="{left}" y="{y - 6}" width="44" height="12" fill="#ffffff" '
             f'stroke="{COLOURS["wire"]}" stroke-width="2"/>',
             text(left + 22, y - 10, value, size=10, anchor="middle")], left)


def button(x_right, y) -> tuple[list[str], int]:
    """A normally-open push button between x_right and its left contact."""
    left = x_right - 36
    return ([f'<circle cx="{x_right - 3}" cy="{y}" r="3" fill="#ffffff" stroke="{COLOURS["wire"]}" '
             f'stroke-width="2"/>',
             f'<circle cx="{left + 3}" cy="{y}" r="3" fill="#ffffff" stroke="{COLOURS["wire"]}" '
             f'stroke-width="2"/>',
             line(left - 2, y - 9, x_right + 2, y - 9),
             line(left + 18, y - 9, left + 18, y - 16),
             line(left + 11, y - 16, left + 25, y - 16)], left)


def led(x_right, y, colour) -> tuple[list[str], int]:
    """An LED pointing left (anode right, cathode left, towards ground)."""
    left = x_right - 20
    fill = COLOURS[colour]
    return ([f'<polygon points="{x_right},{y - 9} {x_right},{y + 9} {left},{y}" fill="{fill}" '
             f'stroke="{COLOURS["wire"]}" stroke-width="1.5"/>',
             line(left, y - 9, left, y + 9),
             line(left + 8, y - 11, left + 14, y - 19, width=1.5),
             line(left + 14, y - 11, left + 20, y - 19, width=1.5)], left)


def pin_circle(number: int, info, used: set[int]) -> str:
    x = ODD_X if info.col == 1 else EVEN_X
    y = row_y(number)
    if number in used:
        fill, ink = COLOURS["signal"], "#ffffff"
    elif info.name in ("GND", "5V", "3V3"):
        fill, ink = COLOURS[info.name], "#ffffff"
    else:
        fill, ink = COLOURS["free"], COLOURS["muted"]
    return (f'<circle cx="{x}" cy="{y}" r="{PIN_R}" fill="{fill}" stroke="#444444" '
            f'stroke-width="1.5"/>' + text(x, y + 4, str(number), size=10, anchor="middle",
                                               colour=ink, weight="bold"))


# ----- the diagram ---------------------------------------------------------------------------
def render(source: dict) -> str:
    pins = header_pins()
    used = {part["pin"] for part in source["part"]}
    wired = used | {source["ground_pin"], source["supply_pin"]}
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        text(40, 42, source["title"], size=22, weight="bold"),
        text(40, 68, source["subtitle"], size=13, colour="#444444"),
    ]
    # Legend.
    legend = [("signal", "used by the panel"), ("GND", "ground (GND)"), ("5V", "5 V"),
              ("3V3", "3.3 V"), ("free", "free")]
    x = 40
    for key, words in legend:
        out.append(f'<circle cx="{x + 8}" cy="98" r="8" fill="{COLOURS[key]}" stroke="#444444" '
                   f'stroke-width="1.5"/>')
        out.append(text(x + 22, 102, words, size=12))
        x += 28 + 7 * len(words) + 24
    # The header.
    top, bottom = row_y(1) - 22, row_y(39) + 22
    out.append(f'<rect x="{ODD_X - BOX_PAD}" y="{top}" width="{EVEN_X - ODD_X + 2 * BOX_PAD}" '
               f'height="{bottom - top}" rx="6" fill="#f1f3f5" stroke="#444444" stroke-width="2"/>')
    out.append(text((ODD_X + EVEN_X) // 2, top - 8, "GPIO header", size=12, anchor="middle",
                    weight="bold"))
    for number, info in sorted(pins.items()):
        y = row_y(number)
        if info.col == 2 and number != source["supply_pin"]:
            out.append(text(EVEN_LABEL_X, y + 4, info.name, size=11, colour=COLOURS["muted"]))
        elif info.col == 1 and number not in wired:
            out.append(text(ODD_LABEL_X, y + 4, info.name, size=11, anchor="end",
                            colour=COLOURS["muted"]))
    # 5 V for the buzzer, on the right of the header.
    y = row_y(source["supply_pin"])
    out.append(line(EVEN_X + PIN_R, y, EVEN_LABEL_X + 24, y, colour=COLOURS["5V"]))
    out.append(text(EVEN_LABEL_X + 30, y + 4,
                    f"5V (pin {source['supply_pin']}): to the buzzer's +5V",
                    size=12, colour=COLOURS["5V"], weight="bold"))
    # Ground.
    y = row_y(source["ground_pin"])
    out.append(line(ODD_X - PIN_R, y, ODD_X - 80, y))
    out.extend(ground(ODD_X - 80, y))
    out.append(text(ODD_LABEL_X, y - 6, f"GND · pin {source['ground_pin']}", size=11,
                    anchor="end", weight="bold"))
    out.append(text(ODD_X - 96, y + 4, "every ground symbol goes to a GND pin", size=11,
                    anchor="end",
                    colour="#444444"))
    # The parts, each on the row of its pin.
    for part in source["part"]:
        out.extend(draw_part(part, source))
    # Notes, in the free rows on the left.
    y = row_y(17) + 4  # row 9 of the header
    for paragraph in source["notes"]:
        for wrapped in textwrap.wrap(paragraph, 80):
            out.append(text(40, y, wrapped, size=12, colour="#333333"))
            y += 17
        y += 5
    out.append(text(40, HEIGHT - 16, "Made from hardware/wiring/panel.toml by "
                    "hardware/wiring/draw_wiring.py; see hardware/WIRING.md", size=10,
                    colour=COLOURS["muted"]))
    for pin_number, info in sorted(pins.items()):
        out.append(pin_circle(pin_number, info, used))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def draw_part(part: dict, source: dict) -> list[str]:
    y = row_y(part["pin"])
    start = ODD_X - PIN_R
    out = [text(ODD_LABEL_X, y - 6, f"GPIO{part['gpio']} · pin {part['pin']}", size=11,
                anchor="end", colour=COLOURS["signal"], weight="bold")]
    if part["kind"] == "button":
        symbol, left = button(BUTTON_X, y)
        out += [line(start, y, BUTTON_X, y), *symbol, line(left, y, GROUND_X, y),
                *ground(GROUND_X, y),
                text(LABEL_X, y + 4, part["label"], size=13, anchor="end", weight="bold")]
    elif part["kind"] == "led":
        res, res_left = resistor(RESISTOR_X, y, part["resistor"])
        symbol, left = led(res_left - 40, y, part["colour"])
        out += [line(start, y, RESISTOR_X, y), *res, line(res_left, y, res_left - 40, y), *symbol,
                line(left, y, GROUND_X, y), *ground(GROUND_X, y),
                text(LABEL_X, y + 4, f"{part['label']} ({part['colour']})", size=13,
                     anchor="end", weight="bold")]
    elif part["kind"] == "buzzer":
        out += draw_buzzer(part, source, start, y)
    else:
        raise WiringError(f"panel.toml: unknown kind {part['kind']!r}")
    return out


def draw_buzzer(part: dict, source: dict, start: int, y: int) -> list[str]:
    """Pin, base resistor, NPN transistor; buzzer between +5V and the collector."""
    res, res_left = resistor(RESISTOR_X, y, part["resistor"])
    cx = TRANSISTOR_X
    bar = cx - 8
    col = cx + 9
    out = [line(start, y, RESISTOR_X, y), *res, line(res_left, y, bar, y),
           f'<circle cx="{cx}" cy="{y}" r="18" fill="none" stroke="{COLOURS["wire"]}" '
           f'stroke-width="1.5"/>',
           line(bar, y - 11, bar, y + 11, width=3),
           line(bar, y - 5, col, y - 14), line(col, y - 14, col, y - 40),
           line(bar, y + 5, col, y + 14), line(col, y + 14, col, y + 24),
           f'<polygon points="{col},{y + 14} {col - 9},{y + 12} {col - 4},{y + 6}" '
           f'fill="{COLOURS["wire"]}"/>',
           *ground(col, y + 24),
           text(cx - 24, y + 4, part["transistor"], size=11, anchor="end"),
           # the buzzer, above the collector
           f'<rect x="{col - 14}" y="{y - 72}" width="28" height="32" rx="4" fill="#fff3bf" '
           f'stroke="{COLOURS["wire"]}" stroke-width="2"/>',
           text(col, y - 52, "BZ", size=11, anchor="middle", weight="bold"),
           text(col + 17, y - 62, "+", size=13, weight="bold"),
           line(col, y - 72, col, y - 92),
           line(col - 10, y - 92, col + 10, y - 92, colour=COLOURS["5V"], width=3),
           text(col - 16, y - 88, f"+5V (pin {source['supply_pin']})", size=11, anchor="end",
                colour=COLOURS["5V"], weight="bold"),
           text(col - 20, y - 50, part["label"], size=13, anchor="end", weight="bold")]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that wiring.svg matches panel.toml")
    args = parser.parse_args(argv)
    try:
        svg = render(load())
    except (WiringError, KeyError, tomllib.TOMLDecodeError) as err:
        print(f"draw_wiring: {err}", file=sys.stderr)
        return 2
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != svg:
            print(f"{TARGET} is out of date: run python {Path(__file__).as_posix()}",
                  file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(svg, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
