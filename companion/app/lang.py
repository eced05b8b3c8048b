"""Texts in kv files that follow the language switch.

In a kv file:  #:import L companion.app.lang.LANG   then   text: L.t("Clue", L.code)
Naming `L.code` makes Kivy re-evaluate the text whenever the language changes.
"""

from __future__ import annotations

from kivy.event import EventDispatcher
from kivy.properties import StringProperty

from companion import i18n


class Lang(EventDispatcher):
    code = StringProperty(i18n.language())

    def t(self, message: str, *_watched) -> str:
        """`message` in the current language."""
        return i18n.gettext(message)

    def f(self, message: str, *_watched, **params) -> str:
        """`message` in the current language, its {parameters} filled in."""
        from companion.words import format_message

        return format_message(message, params)


LANG = Lang()
i18n.on_change(lambda code: setattr(LANG, "code", code))
