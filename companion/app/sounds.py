"""Short sounds for the table: a misfire, a refused action, a completed firework, a perfect game.

The WAV files in companion/assets/sounds/ are made by this module (Python's wave module, no
recording): `python -m companion.app.sounds` writes them again. They play through Kivy's
SoundLoader where the machine has audio; without audio (or with ui.sound = false) nothing
plays and nothing complains.
"""

from __future__ import annotations

import logging
import math
import struct
import sys
import wave
from pathlib import Path

log = logging.getLogger(__name__)

SOUNDS_DIR = Path(__file__).resolve().parents[1] / "assets" / "sounds"
RATE = 22050

# name -> list of (frequency Hz or 0 for silence, seconds); a little envelope on every tone.
TUNES: dict[str, list[tuple[float, float]]] = {
    # a low, buzzing fall: unmistakable
    "misfire": [(220, 0.18), (0, 0.04), (185, 0.18), (0, 0.04), (147, 0.45)],
    # two short low chirps
    "refused": [(330, 0.09), (0, 0.07), (330, 0.09)],
    # a rising arpeggio
    "firework": [(523, 0.09), (659, 0.09), (784, 0.09), (1047, 0.28)],
    # a longer fanfare
    "perfect": [(523, 0.12), (659, 0.12), (784, 0.12), (1047, 0.2), (0, 0.06), (784, 0.12),
                (1047, 0.5)],
    # a soft tick when a card is read
    "card": [(880, 0.05)],
}


def _samples(tune: list[tuple[float, float]], harsh: bool) -> bytes:
    frames = bytearray()
    for freq, seconds in tune:
        n = int(RATE * seconds)
        for i in range(n):
            if freq == 0:
                value = 0.0
            else:
                t = i / RATE
                phase = 2 * math.pi * freq * t
                value = math.sin(phase)
                if harsh:  # a square-ish edge for the misfire's buzz
                    value = 0.6 * value + 0.4 * (1 if value >= 0 else -1)
                attack = min(1.0, i / (0.01 * RATE))
                release = min(1.0, (n - i) / (0.03 * RATE))
                value *= attack * release * 0.6
            frames += struct.pack("<h", int(value * 32767))
    return bytes(frames)


def write_sounds(folder: Path = SOUNDS_DIR) -> list[Path]:
    """Writes every sound as a 16-bit mono WAV; returns the files."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, tune in TUNES.items():
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(_samples(tune, harsh=name == "misfire"))
        written.append(path)
    return written


def audio_available() -> bool:
    """False when the machine plainly has no sound card (Linux says so in /proc/asound/cards);
    True when it has one or cannot tell. Saves the audio library's complaints on a silent box."""
    if not sys.platform.startswith("linux"):
        return True
    try:
        text = Path("/proc/asound/cards").read_text()
    except OSError:
        return False  # no ALSA at all
    return "no soundcards" not in text and bool(text.strip())


class Sounds:
    """Plays the table's sounds, or stays silent (no audio, sound switched off, no file)."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled and audio_available()
        self._loaded: dict[str, object] = {}
        self.played: list[str] = []  # what was asked for, for the tests and the demo

    def preload(self) -> None:
        for name in TUNES:
            self._sound(name)

    def _sound(self, name: str):
        if name not in self._loaded:
            sound = None
            path = SOUNDS_DIR / f"{name}.wav"
            if self.enabled and path.exists():
                try:
                    from kivy.core.audio import SoundLoader

                    sound = SoundLoader.load(str(path))
                except Exception as err:  # no audio device, no provider: stay silent
                    log.info("no sound for %s: %s", name, err)
            self._loaded[name] = sound
        return self._loaded[name]

    def play(self, name: str) -> None:
        self.played.append(name)
        if not self.enabled:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.stop()
            sound.play()
        except Exception as err:
            log.info("sound %s failed: %s", name, err)


if __name__ == "__main__":
    for written in write_sounds():
        print(written)
