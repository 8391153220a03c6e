"""Undo's fresh chance: `Game.reshuffle_unseen(seed)` deals the face-down deck's order anew and nothing else.

After an undo the player has seen the deck's next card; shuffled again, a replay cannot repeat the draw.
"""

from __future__ import annotations

from collections import Counter

from yaniv_tui.engine import Game, Play, load_ruleset


def fresh_game(seed: int = 11) -> Game:
    return Game.new(load_ruleset("israeli"), ["Ann", "Bea", "Cy"], seed=seed, first=0)


def test_only_the_deck_order_and_the_chance_to_come_change(state) -> None:
    game = fresh_game()
    before = state(game)
    game.reshuffle_unseen(12345)
    after = state(game)
    assert Counter(after["deck"]) == Counter(before["deck"])
    assert after["deck"] != before["deck"]
    changed = {key for key in before if before[key] != after[key]}
    assert changed == {"deck", "rng"}


def test_the_draw_after_an_undo_is_not_the_draw_before_it() -> None:
    game = fresh_game()
    kept = game.clone()  # the moment an undo goes back to
    drop = (game.hand(0)[0],)
    game.apply(Play(drop, None))
    seen = game.hand(0)[-1]  # the card the deck gave
    kept.reshuffle_unseen(2024)
    kept.apply(Play(drop, None))
    assert kept.hand(0)[-1] != seen
    assert Counter(kept.cards_in_play()) == Counter(game.cards_in_play())


def test_the_same_seed_gives_the_same_order_and_the_same_later_chance(state) -> None:
    one, two = fresh_game(), fresh_game()
    one.reshuffle_unseen(7)
    two.reshuffle_unseen(7)
    assert state(one) == state(two)
    other = fresh_game()
    other.reshuffle_unseen(8)
    assert other.deck != one.deck


def test_later_shuffles_follow_the_new_seed_not_the_deal_s() -> None:
    # The deal's seed would otherwise tell the next reshuffle of the pile and the next round's deal.
    game, same = fresh_game(), fresh_game()
    game.reshuffle_unseen(99)
    same.reshuffle_unseen(99)
    assert game.rng.random() == same.rng.random()
    assert game.rng.getstate() != fresh_game().rng.getstate()
    assert game.seed == 11  # the game keeps the seed it was dealt from
