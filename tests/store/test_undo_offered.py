"""Whether a game can undo at all is decided once (`store.undo.undo_offered`): one human against bots alone."""

from __future__ import annotations

import pytest

from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import SaveMeta, UndoError, UndoStack
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.store.undo import ONLY_AGAINST_BOTS, undo_offered
from yaniv_tui.table.options import parse_players

#: Each table's players, and whether a game of them can ever undo.
TABLES = [
    ("Ann,bot:easy", True),
    ("bot:hard,Ann,bot:easy,bot:medium", True),
    ("Ann,Bob", False),  # two humans share the keyboard
    ("Ann,Bob,bot:easy", False),
    ("bot:easy,bot:hard", False),  # no one to undo for
    ("Ann,remote", False),  # a player on another machine
]


@pytest.mark.parametrize(("players", "offered"), TABLES)
def test_one_human_against_bots_alone_can_undo(players: str, offered: bool) -> None:
    assert undo_offered(parse_players(players)) is offered


@pytest.mark.parametrize(("players", "offered"), TABLES)
def test_the_stack_undoes_a_move_only_at_a_table_that_can_undo(players: str, offered: bool) -> None:
    """With a move checkpointed, the stack gives it back at a table of one human against bots, and at any other
    refuses in the one line that says so, never undoing."""
    seats = parse_players(players)
    game = Game.new(load_ruleset("israeli"), [seat.name for seat in seats], seed=1)
    meta = SaveMeta(seats)
    stack = UndoStack()
    stack.checkpoint(game)
    if offered:
        assert stack.why_not(game, meta) is None
        assert stack.can_undo(game, meta)
        undone = stack.undo(game, meta)
        assert undone is not game and game_to_dict(undone) == game_to_dict(game)
        assert len(stack) == 0
    else:
        assert stack.why_not(game, meta) == ONLY_AGAINST_BOTS
        assert not stack.can_undo(game, meta)
        with pytest.raises(UndoError, match=f"^{ONLY_AGAINST_BOTS}$"):
            stack.undo(game, meta)
        assert len(stack) == 1, "a refused undo keeps its checkpoint"
