"""Game files: the companion's own game log and hanab.live's game JSON, read and written with
bounds (a file too big, a device or an endless pipe is refused without filling the memory)."""

from companion.formats.errors import LogError

__all__ = ["LogError"]
