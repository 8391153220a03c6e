"""Every TUI test keeps its saves, history and rulesets in its own tmp folders, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """YANIV_DATA_DIR and YANIV_CONFIG_DIR in tmp, so no test reads or writes the real user folders."""
    data = tmp_path / "data"
    config = tmp_path / "config"
    monkeypatch.setenv("YANIV_DATA_DIR", str(data))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(config))
    return data, config


@pytest.fixture(autouse=True)
def instant_pass_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pass screen's half-second guard is for a person's hands; tests press keys only once it is up."""
    from yaniv_tui.tui.screens.pass_turn import PassScreen

    monkeypatch.setattr(PassScreen, "READY_AFTER", 0.0)


@pytest.fixture(autouse=True)
def pinned_ratings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The setup screen shows each level's rating: from a pinned file, so a new ladder run changes no snapshot."""
    from pathlib import Path

    from yaniv_tui import ratings

    monkeypatch.setattr(ratings, "RATINGS_FILE", Path(__file__).with_name("ratings_pinned.json"))


@pytest.fixture(autouse=True)
def recorded_notices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every notification an app is asked to show is kept for `tui_helpers.notices(app)`."""
    from tui_helpers import record_notices

    record_notices(monkeypatch)
