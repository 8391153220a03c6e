"""A run's next game deals from the run's seed and the game's number, within the seeds a game has (`engine.deal`:
at most `MAX_SEED_DIGITS` digits). Before: `--seed 99999999999999999999` (20 digits, taken) and a second game gave
the seed 100000000000000000000, which no save or record of it reads back."""

from __future__ import annotations

from yaniv_tui.engine import MAX_SEED_DIGITS, Seat, load_ruleset
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.session import Session

LARGEST = 10**MAX_SEED_DIGITS - 1


def test_the_game_after_one_of_the_largest_seed_deals_from_a_seed_a_game_has() -> None:
    options = GameOptions(load_ruleset("israeli"), (Seat.person("Ann"), Seat.bot("easy", "Bob")), seed=LARGEST)
    first = Session(options)
    assert first.game.seed == LARGEST
    first.close(remove=True)
    second = Session(options, game_no=1)
    assert second.game.seed == 0
    second.close(remove=True)


def test_the_next_games_of_a_seed_deal_from_the_seeds_after_it() -> None:
    options = GameOptions(load_ruleset("israeli"), (Seat.person("Ann"), Seat.bot("easy", "Bob")), seed=7)
    session = Session(options, game_no=2)
    assert session.game.seed == 9
    session.close(remove=True)
