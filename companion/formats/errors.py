"""The error of the formats layer: a game file that cannot be read."""

from __future__ import annotations

from companion.rules.errors import CompanionError


class LogError(CompanionError):
    """A game file that cannot be read: bad JSON, a wrong type, an unknown value.

    `event` is the 0-based index of the offending event, or None when the file itself is wrong.
    """

    def __init__(self, template: str, event: int | None = None, **params: object) -> None:
        self.event = event
        super().__init__(template, **params)
