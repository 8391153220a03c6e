"""The hard bot's judgement in set-up positions: it does not feed the next player the rank it collects."""

from __future__ import annotations

from collections.abc import Callable

from yaniv_tui.bots import HardBot
from yaniv_tui.engine import Game, Play, parse_cards


def after_two_turns(dealt: Callable[..., Game], seat1_takes_the_eight: bool) -> Game:
    # Seat 0 drops the 8 of hearts and draws the 3 of spades; seat 1 drops a queen and either takes
    # that 8 from the pile (so everyone saw it collect an 8) or draws from the deck.
    game = dealt("israeli", ["8H 8D 7C AS 2C", "QD JS 9H 10S KC"], up="4D", deck="3S 5H")
    eight_h, queen = parse_cards("8H QD")
    game.apply(Play((eight_h,), None))
    game.apply(Play((queen,), eight_h if seat1_takes_the_eight else None))
    assert game.current == 0 and game.hand(0) == tuple(parse_cards("8D 7C AS 2C 3S"))
    return game


def test_hard_sheds_its_highest_card_when_nobody_wants_it(dealt: Callable[..., Game]) -> None:
    game = after_two_turns(dealt, seat1_takes_the_eight=False)
    action = HardBot().choose(game.view(0))
    assert isinstance(action, Play) and action.drop == tuple(parse_cards("8D"))


def test_hard_keeps_back_the_rank_the_next_player_collects(dealt: Callable[..., Game]) -> None:
    game = after_two_turns(dealt, seat1_takes_the_eight=True)
    action = HardBot().choose(game.view(0))
    assert isinstance(action, Play)
    assert parse_cards("8D")[0] not in action.drop, "dropping the 8 would hand seat 1 a pair"
