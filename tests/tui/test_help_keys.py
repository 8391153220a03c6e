"""The help lists the slap-down keys only at a table whose rules have slap-down (issue 14, item 5)."""

from __future__ import annotations

import dataclasses

import pytest
from tui_helpers import SIZE, TableApp, make_options, screen_text, settle, stacked_session

from yaniv_tui.tui.screens.help import HelpScreen


@pytest.mark.parametrize("slap_down", [False, True])
async def test_the_help_offers_the_slap_down_keys_only_with_slap_down(slap_down: bool) -> None:
    options = make_options("israeli", "Ann,bot:medium:Bea", seed=5)
    options = dataclasses.replace(options, rules=dataclasses.replace(options.rules, slap_down=slap_down))
    session = stacked_session(options, ["9C KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "call Yaniv" in text
        assert ("slap it down" in text) == slap_down and ("keep it" in text) == slap_down, text
