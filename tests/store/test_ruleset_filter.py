"""The stats and the list of games of one ruleset, chosen by its id, are of that ruleset alone: a user's ruleset
named as a preset is ('Israeli', a copy of israeli.toml under another file name, with a rule changed) is another
ruleset, whose games were counted with the preset's when the stats screen chose 'israeli'. A name no game's ruleset
has as its id still chooses by name, any case."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game, Ruleset, load_ruleset
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import Seat

SEATS = (Seat.person(), Seat.bot("medium"))


def _finish(history: History, rules: Ruleset, key: str, seed: int) -> None:
    game = Game.new(rules, ("Ann", "Bot"), seed=seed)
    bot = MediumBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current)))
    assert history.record(game, SaveMeta(SEATS, game_id=key))


def _history(history: History) -> None:
    preset = load_ruleset("israeli")
    mine = dataclasses.replace(preset, id="mine", assaf_penalty=40)  # named "Israeli" still
    assert mine.name == preset.name
    _finish(history, preset, "p1", 1)
    _finish(history, preset, "p2", 2)
    _finish(history, mine, "m1", 3)


def _games(history: History, ruleset: str) -> int:
    (ann,) = [row for row in history.stats(ruleset) if row.name == "Ann"]
    return ann.games


def test_a_ruleset_chosen_by_id_is_that_ruleset_alone(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as history:
        _history(history)
        assert _games(history, "israeli") == 2  # before: 3, the user's "Israeli" game too
        assert _games(history, "mine") == 1
        assert {row.game_id for row in history.games("israeli")} == {"p1", "p2"}
        assert [(v.games) for v in history.versus("israeli")] == [2]


def test_a_ruleset_chosen_by_name_is_every_ruleset_of_that_name(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as history:
        _history(history)
        assert _games(history, "ISRAELI") == 3  # no ruleset's id: its name, any case
        assert len(history.games("Israeli")) == 3
