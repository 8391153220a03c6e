"""The command line's tests' shared fixture: a game's data kept in the test's own folder, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """YANIV_DATA_DIR (`tmp_path/data`, not made here) and YANIV_CONFIG_DIR (`tmp_path/config`) in the test's folder,
    which is also the working folder, where `yaniv export` writes a record by default. A file uses it for every test
    with `pytestmark = pytest.mark.usefixtures("data_dir")`."""
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    return folder
