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


async def test_a_screenshot_is_its_owners_alone_and_never_over_a_file(tmp_path: Path) -> None:
    """A screenshot shows the player's own hand: 0600 whatever the umask, as every other file yaniv writes, and a
    name already there is refused in the notice, not written over. Before, Textual's delivery took the umask (0644)
    and wrote over a file of that name."""
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.deliver_screenshot("shot.svg", str(tmp_path))
        await until(pilot, lambda: any("screenshot" in line.lower() for line in notices(app)))
        shot = tmp_path / "shot.svg"
        assert shot.is_file() and shot.stat().st_mode & 0o777 == 0o600, oct(shot.stat().st_mode)
        assert shot.read_text(encoding="utf-8").startswith("<svg"), shot.read_text(encoding="utf-8")[:40]
        mine = tmp_path / "mine.svg"
        mine.write_text("a file of mine", encoding="utf-8")
        app.deliver_screenshot("mine.svg", str(tmp_path))
        await until(pilot, lambda: any("failed" in line.lower() for line in notices(app)))
        assert mine.read_text(encoding="utf-8") == "a file of mine"
