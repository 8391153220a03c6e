"""The engine imports no interface library: it can run where Textual and Rich are not installed."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PROBE = """
import importlib, pkgutil, sys
import yaniv_tui.engine
# The package imports its modules when a name is first used: import every one of them.
for module in pkgutil.iter_modules(yaniv_tui.engine.__path__):
    importlib.import_module("yaniv_tui.engine." + module.name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(",".join(loaded))
"""


def test_engine_imports_no_textual_or_rich() -> None:
    """Importing every module of yaniv_tui.engine in a fresh interpreter loads no module of textual or rich."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"the engine pulled in {done.stdout.strip()}"


def test_the_probe_would_see_textual() -> None:
    """The same probe does see textual once it is imported, so the test above can fail."""
    probe = PROBE.replace("import yaniv_tui.engine", "import yaniv_tui.engine, textual")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "textual" in done.stdout


@pytest.mark.parametrize("package", ["yaniv_tui.engine", "yaniv_tui.store", "yaniv_tui.bots"])
def test_every_name_a_package_exports_lazily_is_found_where_it_says(package: str) -> None:
    """The engine's, the store's and the bots' names are imported from their modules when first used (`_HOME`,
    through `engine/lazy.py`): each home holds its name, the engine's and the store's `__all__` are their homes,
    and a name with no home is an AttributeError naming the package."""
    module = importlib.import_module(package)
    homes: dict[str, str] = module._HOME
    if package != "yaniv_tui.bots":  # the bots' package also defines names of its own (Bot, make_bot, LEVELS)
        assert sorted(homes) == sorted(module.__all__)
    for name in homes:
        assert getattr(module, name) is not None
        assert name in vars(module)  # kept, so looked up once
    with pytest.raises(AttributeError, match=f"module '{package}' has no attribute 'no_such_name'"):
        module.no_such_name  # noqa: B018
