"""What `yaniv`'s setup screen imports before its first frame (issue 30: start-up within 1.6× of a bare Textual app,
docs/benchmarks.md). Each module it need not hold is imported when first used instead."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from yaniv_tui.engine import Ruleset
from yaniv_tui.engine.ruleset_file import check_ruleset


def test_the_setup_screen_imports_no_playability_check(tmp_path: Path) -> None:
    """The presets listed are not checked for playability at start (the tests prove them), and a host's choices are
    applied only at Start: `engine/playable.py` and `engine/choosing.py` wait for a ruleset checked or chosen."""
    code = (
        "import sys; from yaniv_tui.cli.play import options_from_args; options_from_args([]); "
        "from yaniv_tui.tui.screens.setup import SetupScreen; SetupScreen(); "
        "print(*sorted(m for m in sys.modules if m in ('yaniv_tui.engine.playable', 'yaniv_tui.engine.choosing')))"
    )
    env = {**os.environ, "YANIV_DATA_DIR": str(tmp_path), "YANIV_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True, env=env)
    assert done.stdout.split() == []


def test_a_host_s_choices_and_a_ruleset_s_playability_are_still_reached() -> None:
    """The imports moved into the functions run: a hand size not offered is refused, a playable ruleset passes."""
    rules = Ruleset()
    assert rules.with_choices(hand_size=rules.hand_size) == rules
    with pytest.raises(ValueError):
        rules.with_choices(hand_size=rules.hand_size + 1)
    check_ruleset(rules, playability=True)


def test_the_setup_screen_shown_imports_no_table_session(tmp_path: Path) -> None:
    """The setup screen, shown (its key bar drawn, which asks what quitting does now), loads neither of the table
    layer's sessions: there is no game to ask about yet. Before: the bar's ^q asked `session_in_play`, which imported
    both to look for one, 0.1 billion instructions of start-up (docs/benchmarks.md)."""
    code = (
        "import asyncio, sys\n"
        "from yaniv_tui.table.launch_options import LaunchOptions\n"
        "from yaniv_tui.tui.app import YanivApp\n"
        "from yaniv_tui.tui.screens.setup import SetupScreen\n"
        "async def shown():\n"
        "    app = YanivApp(None, LaunchOptions(bot_delay=0.0))\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert isinstance(app.screen, SetupScreen), app.screen\n"
        "        print('quit:', app.quit_words())\n"
        "        watched = ('yaniv_tui.table.session', 'yaniv_tui.table.client_session')\n"
        "        print(*sorted(m for m in sys.modules if m in watched))\n"
        "asyncio.run(shown())\n"
    )
    env = {**os.environ, "YANIV_DATA_DIR": str(tmp_path), "YANIV_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True, env=env
    )
    said, loaded = done.stdout.splitlines()[-2:]
    assert said == "quit: Leave yaniv"
    assert loaded.split() == []


def test_the_session_kinds_the_app_looks_for_are_the_table_layers() -> None:
    """`session_in_play` names its kinds by module, to load none: each name is a class of the table layer's."""
    import importlib

    from yaniv_tui.table.client_session import ClientSession
    from yaniv_tui.table.session import Session
    from yaniv_tui.tui.app import _SESSION_KINDS

    kinds = {getattr(importlib.import_module(module), name) for module, name in _SESSION_KINDS}
    assert kinds == {Session, ClientSession}
