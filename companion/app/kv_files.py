"""The screens' layouts (the kv files), loaded once each, wherever the package is installed.

The kv files live in kv/ at the top of the repository and ship inside the wheel as the
resource package companion.kv (see pyproject.toml). A checkout run in place has no
companion.kv to import, so the repository's kv/ folder is read instead.

    load_kv("table.kv")
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from kivy.lang import Builder

from companion.i18n import _

CHECKOUT_KV = Path(__file__).resolve().parents[2] / "kv"


def kv_folder() -> Traversable:
    """Where the kv files are: the installed companion.kv, else the checkout's kv/ folder."""
    try:
        return resources.files("companion.kv")
    except ModuleNotFoundError:
        return CHECKOUT_KV


class MissingLayout(RuntimeError):
    """The installation lacks a kv file: the package was built or copied without its layouts."""


def load_kv(name: str) -> None:
    """Loads the kv file `name` once per process, whoever asks first (twice would double every
    rule). MissingLayout when the package was installed without it."""
    resource = kv_folder() / name
    filename = str(resource)
    if filename in Builder.files:
        return
    try:
        text = resource.read_text(encoding="utf-8")
    except OSError:
        raise MissingLayout(_("the screen layout {name} is missing from this installation "
                              "({path}): reinstall hanabi-companion").format(
                                  name=name, path=filename)) from None
    Builder.load_string(text, filename=filename)
