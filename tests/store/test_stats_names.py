"""`yaniv stats` shows names from an old history exactly as text: no escape sequence, no markup reaches the terminal."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

from rich.console import Console

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli.listings import print_stats
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import Seat

#: Names an older version let in: ESC sequences that clear the screen and colour the text, BEL, and rich markup.
NAMES = ("\x1b[2J\x1b[31mRed", "[red]x", "Bell\x07")


def test_names_already_in_the_history_print_escaped(tmp_path: Path) -> None:
    """Before: `yaniv stats` printed a name holding ESC [2J raw, and the terminal cleared its screen."""
    path = tmp_path / "h.sqlite3"
    game = Game.new(load_ruleset("israeli"), NAMES, seed=3)
    bot = MediumBot()
    with History(path) as history:
        while not game.is_over:
            game.apply(bot.choose(game.view(game.current)))
            history.record(game, SaveMeta((Seat.person(), Seat.person(), Seat.person()), game_id="g"))
    out = io.StringIO()
    assert print_stats(path, Console(file=out, width=150, force_terminal=True, color_system=None)) == 0
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text
    assert "\\x1b[2J\\x1b[31mRed" in text and "[red]x" in text and "Bell\\x07" in text


def test_a_bot_level_already_in_the_history_prints_escaped(tmp_path: Path) -> None:
    """A seat's level is text in the history too (a damaged or hand-edited database): it reaches the terminal escaped
    in both tables, the players' and each person's against each level, as a name does."""
    path = tmp_path / "h.sqlite3"
    game = Game.new(load_ruleset("israeli"), ("Ann", "Avi"), seed=3)
    bot = MediumBot()
    with History(path) as history:
        while not game.is_over:
            game.apply(bot.choose(game.view(game.current)))
            history.record(game, SaveMeta((Seat.person(), Seat.bot("medium")), game_id="g"))
    with sqlite3.connect(path) as db:
        db.execute("UPDATE seats SET level = ? WHERE level = 'medium'", ("\x1b[2Jgod\x07",))
    db.close()
    out = io.StringIO()
    assert print_stats(path, Console(file=out, width=150, force_terminal=True, color_system=None)) == 0
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text
    assert "\\x1b[2Jgod\\x07 bot" in text and "\\x1b[2Jgod\\x07 bots" in text
