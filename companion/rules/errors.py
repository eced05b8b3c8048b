"""Errors and messages of the companion, as templates with their parameters, never as text.

Every error a person may read carries an English template (marked for translation) and its
parameters; `companion.words` turns it into text in the table's language. Each layer has its
own subclass of `CompanionError` (the rules here; the game log, the journal, the store, the
configuration and the scanner in their own modules), with its fields declared.
"""

from __future__ import annotations


def N_(text: str) -> str:
    """Marks a string for translation without translating it here."""
    return text


class Message:
    """A sentence to be worded later: a template and its parameters (a parameter may itself be
    a Message, a card or an error, worded in turn)."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and other.template == self.template
                and other.params == self.params)

    __hash__ = None  # type: ignore[assignment]


class CompanionError(Exception):
    """The base of every error the companion words for a person: a template and its parameters.

    `str(error)` is the template with its parameters filled in plainly, for logs; a person is
    shown `companion.words.message(error)`, in the table's language.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template)

    def __str__(self) -> str:
        try:
            return self.template.format(**{k: _plain(v) for k, v in self.params.items()})
        except (KeyError, IndexError, ValueError):
            return self.template


def _plain(value: object) -> object:
    if isinstance(value, Message):
        try:
            return value.template.format(**{k: _plain(v) for k, v in value.params.items()})
        except (KeyError, IndexError, ValueError):
            return value.template
    return str(value) if isinstance(value, CompanionError) else value


class RulesError(CompanionError):
    """Base of the rules layer's errors."""


class IllegalEvent(RulesError):
    """An event the rules do not allow at this point of the game.

    `code` names the rule broken ("no_clock", "copy_seen"...); `index` is the 0-based place of
    the event in a game being replayed from its events, None for a live event.
    """

    def __init__(self, code: str, template: str, *, index: int | None = None, **params: object) -> None:
        self.code = code
        self.index = index
        super().__init__(template, **params)


class SetupError(RulesError):
    """A table that cannot be set up: too few players, an unknown variant, a bad option or name."""
