"""Every TUI test keeps its saves, history and rulesets in its own tmp folders, never the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    """YANIV_DATA_DIR and YANIV_CONFIG_DIR in tmp, so no test reads or writes the real user folders."""
    data = tmp_path / "data"
    config = tmp_path / "config"
    monkeypatch.setenv("YANIV_DATA_DIR", str(data))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(config))
    return data, config
