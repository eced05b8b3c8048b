"""The pure rules of Hanabi: cards, variants, events, the game state and its scoring.

Nothing here imports a UI, camera, GPIO or storage library; everything else builds on it.
"""

from companion.rules.cards import RANKS, SUIT_LETTERS, Card, parse_card
from companion.rules.errors import CompanionError, IllegalEvent, Message, RulesError, SetupError
from companion.rules.events import Abandon, Clue, Discard, Event, Play
from companion.rules.game import Game, GameSetup
from companion.rules.options import Options
from companion.rules.rating import rating_band, rating_scale
from companion.rules.state import GameState
from companion.rules.variants import VARIANTS, Variant, get_variant

__all__ = [
    "RANKS", "SUIT_LETTERS", "Card", "parse_card", "CompanionError", "IllegalEvent", "Message", "RulesError", "SetupError",
    "Abandon", "Clue", "Discard", "Event", "Play", "Game", "GameSetup", "Options",
    "rating_band", "rating_scale", "GameState", "VARIANTS", "Variant", "get_variant",
]
