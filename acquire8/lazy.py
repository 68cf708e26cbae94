"""A package's re-exported names, each module imported when one of its names is first asked
for (PEP 562), so that importing the package loads none of its modules."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_exports(
    package: str, names: dict[str, str], namespace: dict[str, Any]
) -> tuple[dict[str, str], Callable[[str], Any], Callable[[], list[str]]]:
    """From `names` (a module of `package` to its names, space-separated): each name's module,
    and the package's `__getattr__` and `__dir__`; a name asked once is kept in `namespace`
    (the package's globals)."""
    homes = {name: module for module, words in names.items() for name in words.split()}

    def getattr_(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value  # asked once
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *homes})

    return homes, getattr_, dir_
