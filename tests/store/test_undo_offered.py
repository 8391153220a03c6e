"""Whether a game can undo at all is decided once (`store.undo.undo_offered`): one human against bots alone."""

from __future__ import annotations

import pytest

from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import SaveMeta, UndoStack
from yaniv_tui.store.undo import ONLY_AGAINST_BOTS, undo_offered
from yaniv_tui.table.options import parse_players


@pytest.mark.parametrize(
    ("players", "offered"),
    [
        ("Ann,bot:easy", True),
        ("bot:hard,Ann,bot:easy,bot:medium", True),
        ("Ann,Bob", False),  # two humans share the keyboard
        ("Ann,Bob,bot:easy", False),
        ("bot:easy,bot:hard", False),  # no one to undo for
        ("Ann,remote", False),  # a player on another machine
    ],
)
def test_one_human_against_bots_alone_can_undo(players: str, offered: bool) -> None:
    assert undo_offered(parse_players(players)) is offered


def test_the_stack_refuses_just_the_games_that_can_never_undo_in_the_same_words() -> None:
    """`UndoStack.why_not` (store/saves.py) agrees with `undo_offered` on every table of the cases above."""
    for players in ("Ann,bot:easy", "bot:hard,Ann,bot:easy", "Ann,Bob", "Ann,Bob,bot:easy", "bot:easy,bot:hard"):
        seats = parse_players(players)
        game = Game.new(load_ruleset("israeli"), [seat.name for seat in seats], seed=1)
        stack = UndoStack()
        stack.checkpoint(game)
        refused = stack.why_not(game, SaveMeta(seats)) == ONLY_AGAINST_BOTS
        assert refused is not undo_offered(seats), players
