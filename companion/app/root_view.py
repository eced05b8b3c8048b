"""The window's content: the screens, and above them the card banner, notices and effects.

The banner and the notices are added only while they show, so that a hidden one never takes
a tap meant for the table underneath.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.app.widgets import Box, Celebration, Flash


class CardBanner(Box):
    """A card just played, misfired or discarded, large, with Undo at hand."""

    kind = StringProperty("")
    title = StringProperty("")
    text = StringProperty("")
    __events__ = ("on_undo", "on_dismiss")

    def on_undo(self) -> None:
        pass

    def on_dismiss(self) -> None:
        pass

    def on_touch_down(self, touch):
        if self.collide_point(*touch.pos):
            super().on_touch_down(touch)
            return True  # the table underneath does not get it
        return False


class Toast(Box):
    """A notice (no camera, no panel, a store problem) at the bottom for a few seconds."""

    text = StringProperty("")

    def on_touch_down(self, touch):
        if self.collide_point(*touch.pos):
            self.parent and self.parent.remove_widget(self)
            return True
        return False


class RootView(FloatLayout):
    model = ObjectProperty(None)
    actions = ObjectProperty(None)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.screens = ScreenManager(transition=NoTransition())
        self.add_widget(self.screens)
        self.flash = Flash()
        self.add_widget(self.flash)
        self.celebration = Celebration()
        self.add_widget(self.celebration)
        self.banner = CardBanner(size_hint=(0.86, 0.52), pos_hint={"center_x": 0.5, "center_y": 0.52})
        self.banner.bind(on_undo=lambda *_a: self.actions.undo(),
                         on_dismiss=lambda *_a: self.model.hide_banner())
        self.toast = Toast(size_hint=(0.9, None), pos_hint={"center_x": 0.5, "y": 0.2})
        self._hide_toast = Clock.create_trigger(self.hide_toast, 8)
        self.model.bind(banner_visible=self._show_banner, banner_text=self._fill_banner,
                        banner_kind=self._fill_banner, banner_title=self._fill_banner)

    # ----- the card banner -------------------------------------------------------------------
    def _fill_banner(self, *_args) -> None:
        self.banner.kind = self.model.banner_kind
        self.banner.title = self.model.banner_title
        self.banner.text = self.model.banner_text

    def _show_banner(self, *_args) -> None:
        self._fill_banner()
        if self.model.banner_visible and self.banner.parent is None:
            self.add_widget(self.banner)
        elif not self.model.banner_visible and self.banner.parent is not None:
            self.remove_widget(self.banner)

    @property
    def banner_shown(self) -> bool:
        return self.banner.parent is not None

    # ----- notices -----------------------------------------------------------------------------
    def show_notice(self, text: str, seconds: float = 8) -> None:
        if self.toast.parent is not None and self.toast.text and text not in self.toast.text:
            text = self.toast.text + "\n" + text  # notices arriving together stay together
        self.toast.text = text  # its height follows the lines the text wraps to (widgets.kv)
        if self.toast.parent is None:
            self.add_widget(self.toast)
        self._hide_toast.cancel()
        self._hide_toast.timeout = seconds
        self._hide_toast()

    def hide_toast(self, *_args) -> None:
        if self.toast.parent is not None:
            self.remove_widget(self.toast)

    @property
    def notice_shown(self) -> str:
        return self.toast.text if self.toast.parent is not None else ""
