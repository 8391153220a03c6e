"""A joined seat's view under `deck.recount` (rulesets/README.md): once a knockout leaves fewer players, a round is
dealt from fewer decks, and the view the host sends reads back as written, at the round's play and at the game's
end."""

from __future__ import annotations

import dataclasses

from playing import deal

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import CallYaniv, Game, load_ruleset, ruleset_from_dict
from yaniv_tui.net.views import view_from_dict, view_to_dict


def _down_to_three() -> Game:
    """israeli with the recount, four seats on two decks; seat 3 is knocked out by the first call, so the second
    round is dealt one deck (RULES.md: 1 deck for 2-3 players)."""
    rules = dataclasses.replace(load_ruleset("israeli"), deck_recount=True, hand_size=4)
    game = deal(rules, ["AS AH AD AC", "KS KD 9C 9H", "QS QD 2C 3C", "KH 2D 3D 4D"], "7D")
    game.scores = [0, 0, 0, 195]
    game.apply(CallYaniv())
    assert game.out == [False, False, False, True] and len(game.full_deck()) == 54
    return game


def test_a_view_dealt_from_fewer_decks_after_a_knockout_reads_back() -> None:
    """It was refused ("the hands, the deck and the pile must hold the game's 108 cards"): the client counted the
    decks of the game's four seats, not of the three still in, and a joined player was cut off at the deal."""
    game = _down_to_three()
    for seat in (0, 1, 2):
        view = game.view(seat)
        assert view_from_dict(view_to_dict(view)).deck_size == view.deck_size
    watcher = game.watcher_view()
    assert view_from_dict(view_to_dict(watcher)).deck_size == watcher.deck_size


def test_the_last_views_of_a_game_played_down_to_its_end_under_the_recount_read_back() -> None:
    """Every view of every turn to the game's end, each seat's and a watcher's, reads back as written."""
    game = _down_to_three()
    bot = MediumBot()
    for _ in range(5000):
        for view in (*(game.view(s) for s in range(4) if not game.out[s]), game.watcher_view()):
            assert view_from_dict(view_to_dict(view)).round_no == view.round_no
        if game.phase == "over":
            break
        game.apply(bot.choose(game.view(game.current)))
    assert game.phase == "over"


def test_a_view_of_a_table_of_more_than_a_thousand_cards_reads_back() -> None:
    """The most decks a ruleset allows (8, and one more from each count of 2 to 16 players, 8 jokers each) deal 16
    players 1,380 cards: a view of their deck was refused ("view.deck_size: must be at most 1000, got 1299")."""
    rules = ruleset_from_dict(
        {
            "players": {"min": 2, "max": 16},
            "deck": {"decks": 8, "more_decks_from": list(range(2, 17)), "jokers": 8},
        },
        ruleset_id="many-decks",
    )
    game = Game.new(rules, [f"P{i}" for i in range(16)], seed=1)
    assert rules.deck_size_for(16) == 1380
    view = game.view(0)
    assert view_from_dict(view_to_dict(view)).deck_size == view.deck_size > 1000
