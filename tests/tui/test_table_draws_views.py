"""The table draws from the viewer's `PlayerView`, the engine's one door to hidden cards, never from the whole
`Game`: then no screen can show a card its viewer may not see, by construction. A joined table draws from the
host's view of its seat, not from a game made up around it."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fake_net import ActionRefused, FakeClient
from textual.app import App
from tui_helpers import SIZE, TableApp, make_options, screen_text, settle, stacked_session

from yaniv_tui.bots import make_bot
from yaniv_tui.engine import Game, PlayerView, load_ruleset
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.remote import JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens import table_view
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.screens.table_state import TableState
from yaniv_tui.tui.widgets.cards import face


class DrewFromTheGame(AssertionError):
    """The table read the whole game while drawing."""


def no_game(*_: object) -> Game:
    raise DrewFromTheGame("the table drew from the whole Game, not from its viewer's PlayerView")


@contextmanager
def without_the_game(monkeypatch: pytest.MonkeyPatch, table: TableScreen) -> Iterator[None]:
    """While inside: the screen has no Game to read (its session keeps its own, behind `view`)."""
    with monkeypatch.context() as patch:
        patch.setattr(TableState, "game", property(no_game), raising=False)  # nor one it might grow
        yield


def drawn(app: App[Any], table: TableScreen) -> str:
    table.redraw()
    return screen_text(app)


def test_every_drawing_function_takes_a_view_never_a_game() -> None:
    for name, function in inspect.getmembers(table_view, inspect.isfunction):
        if function.__module__ != table_view.__name__:
            continue
        for parameter in inspect.signature(function).parameters.values():
            assert "Game" not in str(parameter.annotation), f"{name}({parameter.name}: {parameter.annotation})"


async def test_the_local_table_draws_the_viewers_hand_and_every_seat_from_the_view_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options = make_options("israeli", "Ann,bot:medium:Bea,bot:easy:Cy", seed=5)
    session = stacked_session(options, ["KC KS 4H 5H 6D", "2C 3C 4C 5C 6C", "7S 8S 9S 10S JS"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.stage == "choose"
        with without_the_game(monkeypatch, table):
            text = drawn(app, table)
        for card in session.game.hand(0):
            assert face(card) in text
        assert "Your hand · worth" in text and "Your turn: choose cards" in text
        assert "Bea" in text and "Cy" in text and "8♦" in text


async def test_a_joined_table_draws_from_the_hosts_view_of_its_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    client = FakeClient(Game.new(load_ruleset("sursis"), ["Ann", "Noa", "Dana"], seed=5), seat=1)

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        return client

    request = JoinRequest(joiner, refused=(ActionRefused,), address="127.0.0.1:7777", code="K7QF", name="Noa")
    app = YanivApp(joining=request)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and isinstance(table.session, ClientSession)
        with without_the_game(monkeypatch, table):
            text = drawn(app, table)
        view = client.view
        assert isinstance(view, PlayerView) and view.seat == 1
        for card in view.hand:
            assert face(card) in text
        assert "Noa (you)" in text or "Your hand" in text


def finished_game() -> Game:
    game = Game.new(load_ruleset("seven-cards").with_choices(end_limit=50), ["Ann", "Noa", "Dana"], seed=5)
    bots = [make_bot("easy", seed=seat) for seat in range(3)]
    for _ in range(5000):
        if game.is_over:
            break
        game.apply(bots[game.current].choose(game.view(game.current)))
    assert game.is_over
    return game


def test_the_game_end_draws_from_the_public_record_of_the_rounds() -> None:
    """The standings, the winners, the chart and its key come from the finished rounds, which every seat saw."""
    from yaniv_tui.tui.screens.game_end import standings, winners_line
    from yaniv_tui.tui.widgets.score_chart import chart_key, score_lines

    game = finished_game()
    session = ClientSession(FakeClient(game, seat=1), refused=(ActionRefused,))
    assert not hasattr(session, "game")  # no game to draw from: only the host's view
    names = [game.players[seat] for seat in game.winners]
    assert all(name in winners_line(session) for name in names)
    table = standings(session)
    assert [str(cell) for cell in table.columns[1].cells] == [game.players[s.seat] for s in game.standings()]
    view = session.view(None)
    assert view.hand == () and [line.name for line in score_lines(view)] == list(game.players)
    assert "end score 50" in chart_key(view).plain


async def test_a_joined_table_at_a_real_host_draws_the_view_its_frame_carried(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A real host on 127.0.0.1 sends this seat only its view: the table draws that view, the very object the
    frame carried, with no game made up around it."""
    from openings import joined_app, real_host
    from test_network_real import joined_table, until

    async with real_host(tmp_path) as host:
        app = joined_app(host)
        async with app.run_test(size=SIZE) as pilot:
            table = await joined_table(pilot)
            await until(pilot, lambda: table.stage == "choose", "Noa's first turn")
            session = table.session
            assert isinstance(session, ClientSession)
            client = session.client
            assert session.view(1) is client.view, "the view the host's frame carried, no view of a game made here"
            with without_the_game(monkeypatch, table):
                text = drawn(app, table)
            mine = host.game.hand(1)
            assert set(mine) == set(client.view.hand)
            for card in mine:
                assert face(card) in text
            assert f"{host.game.view(1).deck_size}" in text
