"""The command palette's Screenshot: Textual saves it in the Downloads folder and, where there is none (a fresh or a
server's account), said only "Failed to save screenshot". It is saved in the folder yaniv was started from then."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest
from tui_helpers import SIZE, notices, until

from yaniv_tui.tui.app import YanivApp


async def test_a_screenshot_is_saved_where_yaniv_started_when_there_is_no_downloads_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(platformdirs, "user_downloads_path", lambda: tmp_path / "Downloads")
    monkeypatch.chdir(tmp_path)
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.deliver_screenshot("shot.svg")
        await until(pilot, lambda: any("screenshot" in line.lower() for line in notices(app)))
        assert (tmp_path / "shot.svg").is_file(), notices(app)
        assert not any("Failed" in line for line in notices(app)), notices(app)
