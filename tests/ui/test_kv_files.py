"""The screens' layouts: found wherever the package is, and one clear message when one is not."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.ui


def test_a_layout_missing_from_an_installation_is_one_clear_message(window, tmp_path, monkeypatch):
    from companion.app import kv_files  # after the window: Kivy is set up the app's way

    assert (kv_files.kv_folder() / "table.kv").is_file()  # the checkout's kv/ when run in place
    monkeypatch.setattr(kv_files, "kv_folder", lambda: tmp_path)
    with pytest.raises(kv_files.MissingLayout, match="table.kv is missing from this installation"):
        kv_files.load_kv("table.kv")
