"""The layers of the code: which package may import which, and no import cycle.

    rules  <-  words, formats  <-  session  <-  store, scan  <-  app  <-  demo, commands
    rules  <-  faces (card faces: finder, reader, deck file, teach pass)  <-  scan

The rules import only the standard library; hardware/ imports nothing from companion; and no
module imports, even inside a function, a module that imports it back.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports, at the top or inside a function (not for type checking)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for n in ast.walk(node))
    package = module_name(path).rsplit(".", 0 if path.name == "__init__.py" else 1)[0]
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def graph(*packages: str) -> dict[str, set[str]]:
    modules = {module_name(p): p for pkg in packages for p in (REPO / pkg).rglob("*.py")}
    return {name: {m for m in imports_of(path) if m in modules and m != name}
            for name, path in modules.items()}


def test_no_module_imports_one_that_imports_it_back():
    edges = graph("companion", "hardware")
    # a package's __init__ re-exporting its modules is not a cycle of code
    for name in list(edges):
        edges[name] = {m for m in edges[name] if not name.startswith(m + ".")}
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    assert cycles == []


def test_the_rules_import_only_themselves_and_the_standard_library():
    outside = sorted(f"{name}: {m}" for name, path in
                     ((module_name(p), p) for p in (REPO / "companion" / "rules").rglob("*.py"))
                     for m in imports_of(path)
                     if not m.startswith("companion.rules") and m.split(".")[0] not in sys.stdlib_module_names)
    assert outside == []


def test_lower_layers_do_not_import_higher_ones():
    below = {
        "companion.rules": ("companion.words", "companion.formats", "companion.session",
                            "companion.faces",
                            "companion.store", "companion.scan", "companion.app", "companion.demo",
                            "companion.commands", "companion.i18n", "companion.config"),
        "companion.words": ("companion.store", "companion.scan", "companion.app", "companion.demo",
                            "companion.commands", "companion.session"),
        "companion.formats": ("companion.session", "companion.store", "companion.scan",
                              "companion.app", "companion.demo", "companion.commands"),
        "companion.session": ("companion.store", "companion.scan", "companion.app",
                              "companion.demo", "companion.commands"),
        "companion.store": ("companion.scan", "companion.app", "companion.demo", "companion.commands"),
        "companion.faces": ("companion.session", "companion.store", "companion.scan",
                            "companion.app", "companion.demo", "companion.commands"),
        "companion.scan": ("companion.store", "companion.app", "companion.demo", "companion.commands"),
        "companion.app": ("companion.demo", "companion.commands"),
        "hardware": ("companion",),
    }
    edges = graph("companion", "hardware")
    wrong = sorted(f"{name} imports {m}" for name, targets in edges.items()
                   for layer, banned in below.items() if name == layer or name.startswith(layer + ".")
                   for m in targets if any(m == b or m.startswith(b + ".") for b in banned))
    assert wrong == []
