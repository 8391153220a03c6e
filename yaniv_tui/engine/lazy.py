"""A package's names imported only when first asked for (a module's `__getattr__`, PEP 562): the engine, the store
and the bots each export many names from many modules, and a program that needs few of them (the setup screen, a
table of medium bots) loads only the modules those live in."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping


def lazy_exports(package: str, homes: Mapping[str, str], namespace: dict[str, object]) -> Callable[[str], object]:
    """The `__getattr__` of `package`: a name in `homes` is imported from its module (relative to `package`) the
    first time it is asked for and kept in `namespace` (the package's globals), so it is looked up once."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{home}", package), name)
        namespace[name] = value
        return value

    return __getattr__
