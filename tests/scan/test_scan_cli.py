"""`hanabi-companion scan [--raw] [--json] IMAGE...`: one result per image, errors per file."""

from __future__ import annotations

import json

import cv2
import pytest

from companion import i18n
from companion.cli import main
from companion.rules.cards import Card
from companion.demo import synth
from companion.scan.qr import qr_image


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scan")
    card = folder / "red1.jpg"
    frame = synth.render_frame([(Card("R", 1), 2)], (640, 480), seed=3,
                               conditions={"blur": 0.3, "motion": 0.0, "glare": 0.0, "jpeg": 85},
                               placements=[synth.Placement(0.5, 0.5, 0.3, 20, 10, 0)])
    cv2.imwrite(str(card), frame)
    menu = folder / "menu.png"
    cv2.imwrite(str(menu), qr_image("https://example.org/menu", module_px=6))
    two = folder / "two.png"
    cv2.imwrite(str(two), synth.render_frame([(Card("G", 5), 1), (Card("M", 2), 2)], (1280, 720), seed=4,
                                             conditions={"blur": 0.2, "motion": 0.0, "glare": 0.0}))
    empty = folder / "table.png"
    cv2.imwrite(str(empty), synth.empty_frame((640, 480), seed=5))
    broken = folder / "broken.png"
    broken.write_text("this is not a picture")
    return {"card": card, "menu": menu, "two": two, "empty": empty, "broken": broken,
            "missing": folder / "missing.png", "folder": folder}


def run(capsys, *argv):
    code = main(["scan", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_one_line_per_image_in_order(capsys, images):
    code, out, err = run(capsys, "--json", images["card"], images["menu"], images["two"], images["empty"])
    assert code == 0 and err == ""
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["file"] for r in results] == [str(images[k]) for k in ("card", "menu", "two", "empty")]
    card, menu, two, empty = results
    assert card == {"file": str(images["card"]), "cards": [{"card": "R1", "copy": 2}],
                    "raw": ["HNB:R1:2"], "rejected": []}
    assert menu["cards"] == [] and menu["raw"] == ["https://example.org/menu"]
    assert menu["rejected"][0]["text"] == "https://example.org/menu"
    assert "not a card tag" in menu["rejected"][0]["reason"]
    assert sorted((c["card"], c["copy"]) for c in two["cards"]) == [("G5", 1), ("M2", 2)]
    assert empty == {"file": str(images["empty"]), "cards": [], "raw": [], "rejected": []}


def test_unreadable_files_get_one_error_each_and_the_others_still_run(capsys, images):
    code, out, err = run(capsys, images["broken"], images["card"], images["missing"], images["folder"])
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 3 and "Traceback" not in err
    assert str(images["broken"]) in lines[0] and "not an image" in lines[0]
    assert str(images["missing"]) in lines[1] and "no such file" in lines[1]
    assert "folder" in lines[2]
    assert "R1:2 Red 1" in out


def test_unreadable_file_in_json_keeps_its_place(capsys, images):
    code, out, err = run(capsys, "--json", images["broken"], images["card"])
    assert code == 1
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["file"] == str(images["broken"]) and "error" in first and first["cards"] == []
    assert second["cards"] == [{"card": "R1", "copy": 2}]


def test_text_output_complains_about_foreign_codes_unless_raw(capsys, images):
    code, out, _ = run(capsys, images["menu"], images["empty"])
    assert code == 0
    assert "not a card" in out and "https://example.org/menu" in out
    assert f"{images['empty']}: no code found" in out
    code, out, _ = run(capsys, "--raw", images["menu"], images["card"])
    assert code == 0
    assert out.splitlines() == [f"{images['menu']}: https://example.org/menu", f"{images['card']}: HNB:R1:2"]


def test_variant_rejects_cards_of_another_deck(capsys, images):
    code, out, _ = run(capsys, "--json", "--variant", "classic", images["two"])
    result = json.loads(out)
    assert [c["card"] for c in result["cards"]] == ["G5"]
    assert result["rejected"][0]["text"] == "HNB:M2:2" and "Classic" in result["rejected"][0]["reason"]


def test_italian_output(capsys, images):
    i18n.set_language("it")
    code, out, err = run(capsys, images["card"], images["missing"])
    assert code == 1
    assert "Rosso 1 (copia 2)" in out
    assert "file inesistente" in err


def test_no_image_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["scan"])
    assert exit_.value.code == 2


def test_a_huge_file_is_refused_without_being_read(capsys, images, tmp_path, monkeypatch):
    huge = tmp_path / "huge.png"
    with open(huge, "wb") as f:
        f.truncate(3 * 1024**3)  # sparse: takes no room on the disk, 3 GB to read
    code, out, err = run(capsys, huge, images["card"])
    assert code == 1 and "Traceback" not in err
    assert err == f"{huge}: cannot be read: the file is bigger than any photo of a table (3221 MB)\n"
    assert out == f"{images['card']}: R1:2 Red 1 (copy 2)\n"


def test_an_image_too_big_for_the_memory_gets_one_line(capsys, images, monkeypatch):
    import companion.commands.scan as scan_command

    def out_of_memory(image):
        raise MemoryError

    monkeypatch.setattr(scan_command, "decode_image", out_of_memory)
    code, out, err = run(capsys, "--json", images["card"])
    assert code == 1 and "Traceback" not in err
    assert json.loads(out)["error"] == (f"{images['card']}: the image is too big to decode in "
                                        "the memory available")
