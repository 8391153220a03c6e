"""The hard bot's judgement in set-up positions: what it feeds the next player, and when it dares call Yaniv."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from yaniv_tui.bots import HardBot
from yaniv_tui.engine import CallYaniv, Game, Play, Ruleset, load_ruleset, parse_cards


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


def before_a_low_call(dealt: Callable[..., Game], seat1_takes_the_joker: bool) -> Game:
    # Seat 0 drops the run 4S 5S JK and draws the 2 of clubs: its hand AH AD 2C is worth 4, enough to call.
    # Seat 1 drops four queens, keeping two cards: the joker from that run (everyone sees it) and a 7,
    # or, the other way, the 7 and an unseen card from the deck.
    game = dealt("israeli", ["4S 5S JK AH AD", "QD QH QC QS 7H"], up="9D", deck="2C 8C")
    game.apply(Play(tuple(parse_cards("4S 5S JK")), None))
    joker = parse_cards("JK")[0]
    game.apply(Play(tuple(parse_cards("QD QH QC QS")), joker if seat1_takes_the_joker else None))
    assert game.current == 0 and game.view(0).hand_value == 4
    return game


def test_hard_calls_yaniv_when_an_assaf_is_unlikely(dealt: Callable[..., Game]) -> None:
    game = before_a_low_call(dealt, seat1_takes_the_joker=False)
    assert isinstance(HardBot().choose(game.view(0)), CallYaniv)


def test_hard_holds_back_when_the_other_keeps_a_joker_and_one_card(dealt: Callable[..., Game]) -> None:
    # Two cards left, one of them a joker worth 0: one low card more and seat 1 would Assaf a call on 4.
    game = before_a_low_call(dealt, seat1_takes_the_joker=True)
    assert isinstance(HardBot().choose(game.view(0)), Play)


def test_two_hard_bots_never_pass_the_same_cards_round_for_ever() -> None:
    # These seeded games once stalled: both players held hands landing on a lucky reset (80 + 20 = 100,
    # 79 + 21 = 100), or each kept back a jack the other collected, and passed the same cards for ever.
    rules = load_ruleset("israeli")
    for seed in (69, 136, 255, 1366):
        bots = [HardBot(), HardBot()]
        game = Game.new(rules, ["A", "B"], seed=seed, first=0)
        rounds, started = 0, 0
        while not game.is_over:
            game.apply(bots[game.current].choose(game.view(game.current)))
            if len(game.history) > rounds:
                rounds, started = len(game.history), game.turns
            assert game.turns - started < 200, f"game {seed}, round {rounds + 1} has no end"


def test_patience_runs_out_over_a_long_round(dealt: Callable[..., Game]) -> None:
    game = after_two_turns(dealt, seat1_takes_the_eight=True)
    assert HardBot.patience(game.view(0)) == 1.0
    for _ in range(14):  # eight laps in all
        game.apply(Play((game.hand(game.current)[0],), None))
    assert HardBot.patience(game.view(game.current)) == 0.0


def test_a_threatened_hard_bot_holds_less_now_and_only_when_threatened() -> None:
    # With a threat weight, the chance that an opponent calls next turn makes the next drop count for less,
    # so the play chosen keeps a hand worth no more now (its cost with no weight on the next drop).
    from yaniv_tui.bots.measures import Odds
    from yaniv_tui.bots.memory import Memory

    rules = load_ruleset("israeli")
    calm, wary, now_only = HardBot(shed_weight=1.0), HardBot(shed_weight=1.0, threat_weight=1.0), HardBot(shed_weight=0)
    differed = 0
    for seed in range(30):
        game = Game.new(rules, ["A", "B"], seed=seed, first=0)
        while not game.history:
            view = game.view(game.current)
            memory = Memory(view)
            odds = Odds(memory.unseen, rules)
            first = calm.best_plays(view, memory, odds, 1)[0][1]
            second = wary.best_plays(view, memory, odds, 1)[0][1]
            if first != second:
                differed += 1
                assert HardBot().threat(view, memory, odds) > 0
                held_now = {play: cost for cost, play in now_only.best_plays(view, memory, odds, 10_000)}
                assert held_now[second] <= held_now[first] + 1e-9
            game.apply(calm.choose(view))
    assert differed >= 3, differed


def test_a_lean_takes_kept_cards_for_lower_and_an_assaf_for_likelier(dealt: Callable[..., Game]) -> None:
    # Seat 1 dropped a queen and drew from the deck: its four kept cards are worth at most 10 each, and with
    # a lean they are likelier low, so its hand is worth less and more likely low enough to beat a call.
    from yaniv_tui.bots.measures import Odds, opponent_parts
    from yaniv_tui.bots.memory import Memory

    view = after_two_turns(dealt, seat1_takes_the_eight=False).view(0)
    memory = Memory(view)
    odds = Odds(memory.unseen, view.rules)
    _, plain = opponent_parts(view, memory, 1, odds)
    _, leaned = opponent_parts(view, memory, 1, odds, 0.2)
    assert len(plain) == len(leaned) == 5
    assert sum(Odds.mean(p) for p in leaned) < sum(Odds.mean(p) for p in plain)
    assert odds.chance_at_most(leaned, 12) > odds.chance_at_most(plain, 12) > 0
    # No lean is the plain count of the unseen cards under the cap, as the hard bot has always taken it.
    assert odds.value_counts(10) == {v: k for v, k in odds.free.items() if v <= 10}
    assert odds.value_counts(10, 0.2) is odds.value_counts(10, 0.2)  # worked out once a move
    # The card it drew from the deck is anything unseen, lean or not.
    assert leaned[-1] == plain[-1] == odds.free


def test_the_hard_bot_plays_no_lean_by_default() -> None:
    assert HardBot().lean == 0.0


class _CallsUnder(Ruleset):
    """A ruleset whose call needs a hand strictly under the limit: `may_call` and `call_room` say so, nothing else."""

    def may_call(self, hand_value: int) -> bool:
        return hand_value < self.yaniv_limit

    def call_room(self, hand_value: int) -> int:
        return self.yaniv_limit - 1 - hand_value


def test_the_threat_of_a_call_is_the_rulesets_own_call_room() -> None:
    """`HardBot.threat` asks the ruleset how much room an opponent's hand has to call (`Ruleset.call_room`), the
    rule the engine applies: a ruleset calling strictly under 5 threatens as one calling at 4 or under. It read
    `yaniv_limit` itself, and weighed the hands at 5 as calling."""
    from yaniv_tui.bots.measures import Odds
    from yaniv_tui.bots.memory import Memory

    under, at_four = _CallsUnder(yaniv_limit=5), Ruleset(yaniv_limit=4, yaniv_limit_choices=(4,))
    compared = 0
    for seed in range(5):
        # The same deal under both: each call allowed under one is allowed under the other, so play stays alike.
        games = [Game.new(rules, ["A", "B", "C"], seed=seed, first=0) for rules in (under, at_four)]
        for _ in range(6):
            threats = []
            for game in games:
                view = game.view(game.current)
                memory = Memory(view)
                threats.append(HardBot().threat(view, memory, Odds(memory.unseen, view.rules)))
            assert threats[0] == threats[1]
            compared += threats[0] > 0
            action = HardBot().choose(games[0].view(games[0].current))
            for game in games:
                game.apply(action)
            if games[0].history:
                break
    assert compared


@pytest.mark.slow  # about 10 s: 600 moves at hands of 20, traced
def test_a_hard_bot_at_hands_of_20_keeps_its_weighers_within_a_few_megabytes() -> None:
    """The weighers a hard bot keeps are bounded by their size (the drops they hold), not by their count alone: at
    hands of 20 and 16 seats, 256 weighers held about 13 MB a bot (a table of such bots, about 200 MB)."""
    import gc
    import tracemalloc

    from benchmarks.bots_speed import positions
    from benchmarks.hard_speed import extreme
    from yaniv_tui.bots.hard import WEIGHED_DROPS, HardBot

    views = positions(extreme("crowd"), 600, 16, level="hard")
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        bot = HardBot()
        for view in views:
            bot.choose(view)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert sum(len(weigher.drops) for weigher in bot._weighers.values()) <= WEIGHED_DROPS
    assert held < 4_000_000, f"the bot holds {held / 1e6:.1f} MB after {len(views)} moves at hands of 20"
