"""Table options: how the game ends and how a lost game is scored."""

from __future__ import annotations

from dataclasses import asdict, dataclass

ENDGAMES = ("standard", "crowning")
FUSE_OUTS = ("zero", "minus_ten", "keep")


@dataclass(frozen=True)
class Options:
    endgame: str = "standard"  # "crowning": the deck running out does not end the game
    fuse_out: str = "zero"  # score on the 3rd fuse: 0, -10, or the fireworks as they stand
    empty_clues: bool = False  # a clue may touch no card ("you have no blue cards")

    def to_dict(self) -> dict:
        return asdict(self)
