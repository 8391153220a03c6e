"""The engine imports no interface library: it can run where Textual and Rich are not installed."""

from __future__ import annotations

import subprocess
import sys

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


def test_every_name_the_engine_exports_is_found_where_it_says() -> None:
    """The package's names are imported from their modules when first used (`_HOME`): each name of `__all__` has a
    home, and each home holds it."""
    import yaniv_tui.engine as engine

    homes: dict[str, str] = engine._HOME
    assert sorted(homes) == sorted(engine.__all__)
    for name in engine.__all__:
        assert getattr(engine, name) is not None
