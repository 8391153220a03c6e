"""`before_the_draw`: the table every seat but the drawer saw before a draw whose slap-down the drawer decides,
worked out from the game alone (a table resumed in that phase). Checked against the real table before the play,
over many games played by bots, under rules that slap down, reshuffles included."""

from __future__ import annotations

from typing import Any

import pytest
from netplay import new_game

from yaniv_tui.bots import make_bot
from yaniv_tui.engine import Game, Play, PlayerView, Seat
from yaniv_tui.net.before_draw import before_the_draw

SEATS = (Seat.remote("Ann"), Seat.remote("Bea"), Seat.remote("Cy"))


def public(view: PlayerView, *, reshuffled: bool) -> tuple[object, ...]:
    """What the view shows a seat other than the drawer (the pile under the top group in card order when the deck
    was made of it at this draw: its order before is nobody's to know)."""
    discards = tuple(sorted(view.discards)) if reshuffled else view.discards
    return (
        view.hand,
        view.hand_sizes,
        view.deck_size,
        discards,
        view.previous_drop,
        view.previous_kind,
        view.takeable,
        view.current,
        view.phase,
        view.slap_card,
        view.scores,
        view.out,
        view.round_no,
        list(view.seen),
        list(view.history),
    )


def slap_positions(seed: int, **changes: Any) -> list[tuple[Game, Game]]:
    """(the game before a play, the game after it, waiting for the drawer's slap-down decision) of one game."""
    game = new_game(SEATS, seed=seed, end=200, slap_down=True, **changes)
    bots = [make_bot("medium", seed=seed * 10 + seat) for seat in range(len(SEATS))]
    found: list[tuple[Game, Game]] = []
    for _ in range(3000):
        if game.is_over:
            break
        before = game.clone()
        action = bots[game.current].choose(game.view(game.current))
        game.apply(action)
        if game.phase == "slap":
            assert isinstance(action, Play)
            found.append((before, game.clone()))
    return found


@pytest.mark.parametrize("changes", [{}, {"slap_last_card": True}])
def test_the_table_before_the_draw_is_the_one_everyone_saw(changes: dict[str, Any]) -> None:
    checked = 0
    for seed in range(1, 25):
        for before, after in slap_positions(seed, **changes):
            made = before_the_draw(after)
            again = after.reshuffles > before.reshuffles
            for seat in range(len(SEATS)):
                if seat != after.current:
                    assert public(made.view(seat), reshuffled=again) == public(before.view(seat), reshuffled=again)
            assert public(made.watcher_view(), reshuffled=again) == public(before.watcher_view(), reshuffled=again)
            assert made.turns == before.turns and made.reshuffles == before.reshuffles
            if not again:
                assert made.deck == before.deck and made.pile == before.pile
            checked += 1
    assert checked > 50, checked


def test_the_table_before_a_draw_that_emptied_the_deck_is_the_one_everyone_saw() -> None:
    """The drawer drew the deck's last card: the pile under the drop was shuffled into a new deck. Everyone saw one
    card in the deck and the pile as it was (told in card order)."""
    checked = 0
    for before, after in slap_positions(3)[:20]:
        if not after.log[:-1]:
            continue  # the round's first turn: the deck never runs out there
        start = before.clone()
        start.deck = start.deck[-1:]  # the card drawn is the deck's last: the draw empties it
        last = start.clone()
        last.apply(Play(after.log[-1].drop, None))
        assert last.phase == "slap" and last.reshuffles == start.reshuffles + 1 and len(last.pile) == 1
        made = before_the_draw(last)
        for seat in range(len(SEATS)):
            if seat != last.current:
                assert public(made.view(seat), reshuffled=True) == public(start.view(seat), reshuffled=True)
        assert public(made.watcher_view(), reshuffled=True) == public(start.watcher_view(), reshuffled=True)
        assert made.deck == start.deck and made.reshuffles == start.reshuffles
        checked += 1
    assert checked > 5, checked


def test_a_game_that_waits_for_no_slap_down_is_refused() -> None:
    game = new_game(SEATS, seed=1, slap_down=True)
    with pytest.raises(ValueError, match="does not wait for a slap-down decision"):
        before_the_draw(game)


def test_the_table_before_each_draw_is_worked_out_once_and_afresh_for_the_next() -> None:
    """`BeforeTheDraw` (the host's and a screen's one way to it), asked of one game played on in place: the same
    table for every question about one draw, a new one for each next draw, and each the table everyone saw."""
    from yaniv_tui.net.before_draw import BeforeTheDraw

    game = new_game(SEATS, seed=2, end=200, slap_down=True)
    bots = [make_bot("medium", seed=20 + seat) for seat in range(len(SEATS))]
    tables = BeforeTheDraw()
    made: list[Game] = []
    for _ in range(3000):
        if game.is_over or len(made) >= 5:
            break
        before = game.clone()
        game.apply(bots[game.current].choose(game.view(game.current)))
        if game.phase != "slap":
            continue
        table = tables.of(game)
        assert tables.of(game) is table and all(table is not other for other in made)
        made.append(table)
        seat = (game.current + 1) % len(SEATS)
        again = game.reshuffles > before.reshuffles
        assert public(table.view(seat), reshuffled=again) == public(before.view(seat), reshuffled=again)
    assert len(made) >= 5, len(made)
