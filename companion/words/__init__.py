"""Every text a person reads about the game, in the table's language (English or Italian).

The rules, the store, the scanner and the configuration raise errors and return outcomes that
carry templates and parameters, never text; this package turns cards, suits, variants,
outcomes, errors and events into words, and everyone else asks it.
"""

from companion.words.names import (card_name, cause_name, format_message, message, outcome_name, rating_name,
                                   say, suit_name, variant_name)
from companion.words.table import event_text, outcome_text

__all__ = ["card_name", "cause_name", "format_message", "message", "outcome_name", "rating_name", "say", "suit_name",
           "variant_name", "event_text", "outcome_text"]
