"""The setup screen shows each bot level's rating beside its name, on one line at 80×24; a missing or damaged
ratings file shows no number and the screen still works."""

from __future__ import annotations

from pathlib import Path

import pytest

from yaniv_tui import ratings
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup_seats import SeatKind, SeatRow

PINNED = {"easy": 1000, "medium": 1640, "hard": 1750, "expert": 1790}  # tests/tui/ratings_pinned.json


async def labels_through_every_kind(size: tuple[int, int] = (80, 24)) -> list[tuple[str, int]]:
    """Each label the second seat's button shows as it is pressed round every kind, with its height."""
    app = YanivApp()
    seen = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        row = list(app.screen.query(SeatRow))[1]
        for _ in range(5):
            row.action_cycle()
            await pilot.pause()
            assert row.parent is not None
            shown = "".join(segment.text for segment in row.parent.query_one(SeatKind).render_line(0))
            assert row.kind_label() in shown, (row.kind_label(), shown)
            seen.append((row.kind_label(), row.region.height))
    return seen


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_level_shows_its_rating_on_one_line(size: tuple[int, int]) -> None:
    assert ratings.level_ratings() == PINNED
    seen = await labels_through_every_kind(size)
    # The second seat starts as a medium bot; each press moves to the next kind.
    assert [label for label, _ in seen] == [
        "Bot · hard ≈1750",
        "Bot · expert ≈1790",
        "Human",
        "Bot · easy ≈1000",
        "Bot · medium ≈1640",
    ]
    assert all(height == 1 for _, height in seen), seen


@pytest.mark.parametrize("text", [None, b"", b"{damaged", b'{"format": 1, "tables": [{"ratings": 5}]}'])
async def test_a_missing_or_damaged_ratings_file_shows_no_number(
    text: bytes | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "ratings.json"
    if text is not None:
        path.write_bytes(text)
    monkeypatch.setattr(ratings, "RATINGS_FILE", path)
    seen = await labels_through_every_kind()
    assert [label for label, _ in seen] == ["Bot · hard", "Bot · expert", "Human", "Bot · easy", "Bot · medium"]
