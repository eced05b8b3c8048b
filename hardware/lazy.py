"""A package whose names are imported from their modules only when first asked for (PEP 562),
so that importing the package costs nothing until a device is actually used."""

from __future__ import annotations

from importlib import import_module


def lazy_exports(package: str, where: dict[str, str]):
    """The module-level __getattr__ for `package`: name -> the submodule that defines it."""

    def __getattr__(name: str):
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(f"{package}.{where[name]}"), name)

    return __getattr__
