"""Start-up without cycle collection: paused by `yaniv`, resumed once the first screen is shown."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from yaniv_tui.table import gc_pause
from yaniv_tui.tui.app import YanivApp


@pytest.fixture
def collector() -> Iterator[None]:
    yield
    gc.enable()
    gc.unfreeze()
    gc_pause._paused = False


def test_pause_and_resume(collector: None) -> None:
    gc_pause.pause()
    assert not gc.isenabled() and gc_pause.paused()
    gc_pause.resume()
    assert gc.isenabled() and not gc_pause.paused()
    assert gc.get_freeze_count() > 0  # what start-up made is out of the collector's way


def test_resume_leaves_a_collector_it_did_not_pause_alone(collector: None) -> None:
    gc.disable()  # switched off by someone else: not ours to switch on
    gc_pause.pause()
    gc_pause.resume()
    assert not gc.isenabled()


async def test_the_app_resumes_collection_once_its_first_screen_is_up(collector: None) -> None:
    gc_pause.pause()
    app = YanivApp(None, {"bot_delay": 0.0})
    async with app.run_test() as pilot:
        await pilot.pause()
        assert gc.isenabled() and not gc_pause.paused()
