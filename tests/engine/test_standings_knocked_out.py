"""The final standings rank seats knocked out by when they went out, later better, then by score: no rule text
(shared RULES.md and the presets' sources say only "the last player left wins") ranks them, and a seat that stayed
in longer outlasted the other."""

from __future__ import annotations

from yaniv_tui.engine import final_standings
from yaniv_tui.engine.scoring import knocked_out_in


def test_a_seat_knocked_out_later_ranks_above_one_out_earlier_with_fewer_points() -> None:
    """The game end ranked "You 211 out" above "Noa 214 out" though Noa went out a round later."""
    scores = [211, 214, 180]  # You out in round 5, Noa in round 6, Avi the last left
    standings = final_standings(scores, [2], [True, True, False], out_in=[5, 6, None])
    assert [(s.seat, s.place) for s in standings] == [(2, 1), (1, 2), (0, 3)]


def test_seats_knocked_out_in_the_same_round_rank_by_score_and_equal_ones_share_a_place() -> None:
    scores = [230, 205, 205, 90]
    standings = final_standings(scores, [3], [True, True, True, False], out_in=[4, 4, 4, None])
    assert [(s.seat, s.place) for s in standings] == [(3, 1), (1, 2), (2, 2), (0, 4)]


def test_seats_still_in_rank_above_seats_knocked_out_in_a_game_stopped_early() -> None:
    standings = final_standings([150, 201, 120], [], [False, True, False], out_in=[None, 3, None])
    assert [s.seat for s in standings] == [2, 0, 1]


def test_without_rounds_out_the_standings_are_by_score() -> None:
    """A first-to-limit game knocks no one out: the winners, then the lowest score."""
    standings = final_standings([100, 40, 70], [1])
    assert [(s.seat, s.place) for s in standings] == [(1, 1), (2, 2), (0, 3)]


def test_the_round_each_seat_went_out_in_comes_from_the_finished_rounds() -> None:
    from yaniv_tui.engine import Game, load_ruleset

    rules = load_ruleset("israeli")
    game = Game.new(rules, ["You", "Noa", "Avi"], seed=4)
    assert knocked_out_in(game.history, 3) == (None, None, None)


def test_a_played_elimination_game_ranks_its_knocked_out_seats_by_when_they_went_out() -> None:
    """Bots play seeded games of four to their end; each game's standings list the seats out in the reverse order
    they went out in, and every seat knocked out has the round it went out in."""
    from yaniv_tui.bots import make_bot
    from yaniv_tui.engine import Game, load_ruleset

    rules = load_ruleset("israeli")
    checked = 0
    for seed in range(6):
        game = Game.new(rules, ["A", "B", "C", "D"], seed=seed)
        bots = [make_bot("easy", seed * 10 + s) for s in range(4)]
        for _ in range(20_000):
            if game.is_over:
                break
            game.apply(bots[game.current].choose(game.view(game.current)))
        assert game.is_over
        rounds = knocked_out_in(game.history, 4)
        out = [s.seat for s in game.standings() if not s.winner]
        assert [rounds[s] for s in out] == sorted((rounds[s] for s in out), key=lambda r: -(r or 0))
        checked += sum(r is not None for r in rounds)
    assert checked >= 6
