"""Errors of the rules layer, each with a plain-language message a player can act on.

A message is an English template (marked for translation) and its parameters, so that the
screen can show it in the table's language through companion.i18n.
"""

from __future__ import annotations


def N_(text: str) -> str:
    """Marks a string for translation without translating it here."""
    return text


class RulesError(Exception):
    """Base of the rules layer's errors."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(self.message)

    @property
    def message(self) -> str:
        from companion.rules.describe import format_message

        return format_message(self.template, self.params)


class IllegalEvent(RulesError):
    """An event the rules do not allow at this point of the game."""

    def __init__(self, code: str, template: str, **params: object) -> None:
        self.code = code
        super().__init__(template, **params)


class LogError(RulesError):
    """A game log that cannot be read: bad JSON, a wrong type, an unknown value.

    `event` is the 0-based index of the offending event, or None when the file itself is wrong.
    """

    def __init__(self, template: str, event: int | None = None, **params: object) -> None:
        self.event = event
        super().__init__(template, **params)
