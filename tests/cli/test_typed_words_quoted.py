"""What a person types after a command (a game id, a ruleset), quoted back in a refusal: cut at 40 characters with
its length said, its control characters escaped, and at most 4 accents on a letter, as the name rule's refusals
quote a name (engine.names.quoted)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hostile import STACKED, most_marks_on_a_letter
from playing import play

from yaniv_tui.cli import main
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta

pytestmark = pytest.mark.usefixtures("data_dir")

LONG = "W" * 10_000


@pytest.fixture
def one_game(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # the listing's line is Rich's, wrapped at the terminal's width
    seats = (Seat.person("Ann"), Seat.bot("medium", "Ben"))
    with History() as history:
        game = play(Game.new(load_ruleset("israeli"), [seat.name for seat in seats], seed=3))
        assert history.record(game, SaveMeta(seats, game_id="typed0001"))


@pytest.mark.usefixtures("one_game")
@pytest.mark.parametrize(
    "argv",
    [
        ["stats", "--ruleset", LONG],
        ["stats", "--ruleset", STACKED],
        ["stats", "--games", "--ruleset", LONG],
        ["replay", STACKED],
        ["review", STACKED],
        ["export", STACKED],
        ["--resume", STACKED],
    ],
    ids=["stats long", "stats stacked", "games long", "replay", "review", "export", "resume"],
)
def test_a_typed_word_is_quoted_back_cut_and_unstacked(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: `yaniv stats --ruleset` quoted 10,000 characters back (a line of 10,194), and each quoted a letter
    under 39 of its accents ('á́́́́́́́́...'), which each terminal showed as it could."""

    def run_app(*args: Any, **kwargs: Any) -> int:
        raise AssertionError("the app was opened")

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    main(argv)
    out, err = capsys.readouterr()
    lines = (out + err).strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 300, lines[0][:300]
    assert most_marks_on_a_letter(lines[0]) <= 4, lines[0][:300]
    assert ("(10000 characters)" if LONG in argv else "(501 characters)") in lines[0], lines[0]
