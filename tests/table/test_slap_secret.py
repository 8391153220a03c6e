"""Whether the card a seat drew matches its drop is its secret until it slaps it down: a screen that is not the
drawer's draws the table as it was before the draw while the drawer decides (net/before_draw.py), as the host sends
its remote seats. Before, the screen showed the drop with the drawer still to play: the drawn card matched, and
if the drawer kept it, everyone at the screen knew it held a card that matches."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
from playing import slap_to_come

from yaniv_tui.engine import Action, Game, KeepCard, Play, PlayerView, Seat, load_ruleset
from yaniv_tui.table import runner as runner_module
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.players import BotPlayer
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import Session


def a_slap_to_come(first: int) -> tuple[Game, Play]:
    """A game (slap-downs on) whose seat `first` is to play, and its play that draws a card matching its drop."""
    rules = dataclasses.replace(load_ruleset("israeli"), slap_down=True)
    return slap_to_come(lambda seed: Game.new(rules, ["Ann", "Bea"], seed=seed, first=first))


def public(view: PlayerView) -> tuple[object, ...]:
    return (
        view.hand,
        view.hand_sizes,
        view.deck_size,
        view.discards,
        view.previous_drop,
        view.takeable,
        view.current,
        view.phase,
        list(view.seen),
    )


def test_a_screen_not_the_drawers_shows_the_table_before_the_draw_while_the_drawer_decides() -> None:
    game, play = a_slap_to_come(first=1)
    seats = (Seat.person("Ann"), Seat.bot("easy", "Bea"))
    session = Session(GameOptions(game.rules, seats, seed=game.seed, bot_delay=0.0), game=game.clone())
    try:
        before = session.game.clone()
        session.apply(play)  # Bea drew a card that matches her drop: she decides now
        assert session.game.phase == "slap" and session.game.current == 1
        assert public(session.view(0)) == public(before.view(0))  # Ann's screen
        assert public(session.view(None)) == public(before.watcher_view())
        mine = session.view(1)  # the drawer's own view is the table as it is
        assert mine.phase == "slap" and mine.slap_card is not None and list(mine.seen) == list(session.game.log)
    finally:
        session.close()


def test_the_drawers_own_screen_shows_its_drop_while_it_decides() -> None:
    game, play = a_slap_to_come(first=0)
    seats = (Seat.person("Ann"), Seat.bot("easy", "Bea"))
    session = Session(GameOptions(game.rules, seats, seed=game.seed, bot_delay=0.0), game=game.clone())
    try:
        session.apply(play)  # Ann, at this screen, drew a card that matches her drop
        assert session.view(0).phase == "slap"
        assert list(session.view(None).seen) == list(session.game.log)  # her drop, on the table she plays at
        assert session.view(None).current == 0
    finally:
        session.close()


class Scripted:
    """Bea's bot: plays the actions given, in turn."""

    def __init__(self, *actions: Action) -> None:
        self.actions = list(actions)

    def choose(self, view: PlayerView) -> Action:
        return self.actions.pop(0)


async def test_a_bots_slap_down_decision_takes_no_second_bot_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's turn shows for the bot delay, whether its drawn card matches or not: its decision on the card is
    not paused for a second delay. Before, a bot that drew a matching card was seen thinking twice as long, which
    told everyone at the screen that the card matched (and, when it kept it, that it holds it)."""
    pauses: list[float] = []

    async def pausing(seconds: float) -> None:
        pauses.append(seconds)

    monkeypatch.setattr(runner_module, "pause", pausing)
    monkeypatch.setattr(runner_module, "clock", lambda: 0.0)  # the bot thinks in no time
    game, play = a_slap_to_come(first=1)
    seats = (Seat.person("Ann"), Seat.bot("easy", "Bea"))
    session = Session(GameOptions(game.rules, seats, seed=game.seed, bot_delay=0.8), game=game.clone())
    try:
        player = session.players[1]
        assert isinstance(player, BotPlayer)
        player.bot = Scripted(play, KeepCard())  # type: ignore[assignment]
        runner = TableRunner(session)
        await asyncio.wait_for(runner.step(), 10)  # the play: Bea's card matches
        assert session.game.phase == "slap" and pauses == [0.8]
        await asyncio.wait_for(runner.step(), 10)  # the decision: kept
        assert (session.game.phase, session.game.current) == ("turn", 0)
        assert pauses == [0.8]
    finally:
        session.close()
