"""A bot's illegal move at a local table: the table says so in one line, plays the first legal action in its
place, and goes on (TableRunner.play_seat); nothing is lost and no one is stuck."""

from __future__ import annotations

import copy

from playing import snapshot
from tui_helpers import SIZE, TableApp, game_of, make_options, notices, settle, stacked_session

from yaniv_tui.engine import Action, CallYaniv, Play, PlayerView, parse_cards
from yaniv_tui.table.events import ActionApplied, TableEvent
from yaniv_tui.table.players import BotPlayer
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import Session
from yaniv_tui.tui.screens.table import TableScreen

HANDS = ["AC 2D 3H 4S 5C", "KS KH QD QC JS"]  # Bea, to play first, holds 50: she may not call Yaniv


class Cheat:
    """A bot that calls Yaniv whatever its hand is worth."""

    def choose(self, view: PlayerView) -> Action:
        return CallYaniv()


def cheating_table() -> Session:
    session = stacked_session(make_options("israeli", "Ann,bot:medium:Bea"), HANDS, up="9D", deck="3C 4C", first=1)
    player = session.players[1]
    assert isinstance(player, BotPlayer)
    player.bot = Cheat()  # type: ignore[assignment]
    return session


async def test_a_bots_illegal_move_is_told_in_one_line_and_the_first_legal_action_is_played_instead() -> None:
    session = cheating_table()
    game = session.game
    assert CallYaniv() not in game.legal_actions()
    expected = copy.deepcopy(game)
    expected.apply(expected.legal_actions()[0])
    runner = TableRunner(session)
    heard: list[TableEvent] = []
    runner.subscribe(heard.append)
    await runner.play_seat(1)
    told = next(event.told for event in heard if isinstance(event, ActionApplied))
    assert told is not None and "\n" not in told
    assert told.startswith("Bea (medium bot) tried something illegal (a call of Yaniv)"), told
    assert snapshot(game) == snapshot(expected)
    assert game.current == 0 and not game.is_over


async def test_at_the_table_the_notice_is_shown_and_the_human_plays_next() -> None:
    app = TableApp(cheating_table())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and game_of(table).current == 0 and game_of(table).turns == 1
        told = [line for line in notices(app) if "tried something illegal" in line]
        assert len(told) == 1 and told[0].startswith("Bea (medium bot) tried something illegal (a call of Yaniv)"), (
            notices(app)
        )


class CheatWithCards:
    """A bot that drops the first three cards it holds, a set or run or not."""

    def choose(self, view: PlayerView) -> Action:
        return Play(view.hand[:3])


async def test_the_notice_names_no_card_and_no_hand_value_of_the_bot() -> None:
    """The line goes to every screen (other humans at this keyboard, the host's seats): the engine's reason would
    tell them the bot's cards ("K♠ K♥ Q♦ is not a legal drop") or its hand's value ("your hand is 50")."""
    told: list[str] = []
    for cheat in (Cheat(), CheatWithCards()):
        session = cheating_table()
        player = session.players[1]
        assert isinstance(player, BotPlayer)
        player.bot = cheat  # type: ignore[assignment]
        runner = TableRunner(session)
        heard: list[TableEvent] = []
        runner.subscribe(heard.append)
        await runner.play_seat(1)
        told.append(next(str(event.told) for event in heard if isinstance(event, ActionApplied)))
    assert told == [
        "Bea (medium bot) tried something illegal (a call of Yaniv): it plays the first legal one",
        "Bea (medium bot) tried something illegal (a drop): it plays the first legal one",
    ]
    hand = parse_cards(HANDS[1])
    for line in told:
        assert not any(card.face() in line or card.code in line for card in hand) and "50" not in line, line
