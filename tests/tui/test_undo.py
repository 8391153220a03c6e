"""Undo: your own last move, against bots only; the key shows only when it is possible, else one line says why."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from rich.cells import cell_len
from tui_helpers import (
    SIZE,
    footer_keys,
    game_of,
    keys_for,
    make_app,
    make_options,
    play_turn,
    screen_lines,
    screen_text,
    settle,
    stacked_session,
    until,
)

from yaniv_tui.engine import Card, Game, KeepCard, Play, SlapDown, load_ruleset, parse_cards
from yaniv_tui.store import UndoError, scan_saves
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.players import BotPlayer
from yaniv_tui.table.session import DREW_FROM_DECK, Session
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.screens.turn_actions import undo_move
from yaniv_tui.tui.widgets.keybar import KeyBar


def as_seen(game: Game) -> dict[str, Any]:
    """The game as a player may know it: all but the deck's order and the chance still to come."""
    state = game_to_dict(game)
    del state["rng"]
    state["deck"] = sorted(state["deck"])
    return state


async def test_u_undoes_your_last_move_that_took_from_the_pile_after_the_bots_played() -> None:
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "u" not in footer_keys(app)
        before = as_seen(game_of(table))
        await pilot.press(*keys_for(table, pile_take(table)))
        await settle(pilot)
        assert game_of(table).turns >= 3 and table.stage == "choose"
        assert footer_keys(app).get("u") == "undo"
        await pilot.press("u")
        await pilot.pause()
        assert as_seen(game_of(table)) == before
        assert game_of(table.session) is game_of(table) and table.stage == "choose"
        saved = scan_saves().newest
        assert saved is not None and game_to_dict(saved.game) == game_to_dict(game_of(table))
        # Nothing earlier to undo: the key hides, and pressing it says why in one line.
        assert "u" not in footer_keys(app)
        await pilot.press("u")
        assert table.message == "cannot undo: there is no move of yours to undo"
        # The game goes on from the earlier moment.
        await play_turn(pilot)
        await settle(pilot)
        assert game_of(table).turns >= 3


async def test_undo_survives_a_resume() -> None:
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        before = as_seen(game_of(table))
        await pilot.press(*keys_for(table, pile_take(table)))
        await settle(pilot)
    saved = scan_saves().newest
    assert saved is not None
    again = YanivApp(None, LaunchOptions(bot_delay=0.0), saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(again.screen, TableScreen) and as_seen(game_of(again.screen)) == before


async def test_no_undo_with_two_humans_at_the_table() -> None:
    app = make_app("israeli", "Ann,Bob,bot:medium", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.stage != "wait"
        assert "u" not in footer_keys(app)
        await pilot.press("u")
        assert table.message == "cannot undo: undo is only for a game of one human against bots"


def seen_by(game: Game, seat: int) -> set[Card]:
    """The cards `seat` can see now: its hand, the pile, and every drop and take from the pile in this round."""
    view = game.view(seat)
    cards = set(view.hand) | set(view.discards) | set(view.previous_drop)
    for turn in view.seen:
        cards |= set(turn.drop) | ({turn.take} if turn.take is not None else set())
    return cards


def pile_take(table: TableScreen) -> Play:
    """A legal play of the current seat that takes a card from the pile."""
    view = game_of(table).view(game_of(table).current)
    return next(a for a in view.legal_actions if isinstance(a, Play) and a.take is not None)


async def test_after_a_deck_draw_undo_is_refused_and_changes_nothing() -> None:
    app = make_app("israeli", "Ann,bot:easy,bot:easy", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("1", "enter", "0")  # drop a card, take the deck's: the card drawn is seen
        await settle(pilot)
        before = game_to_dict(game_of(table))
        assert "u" not in footer_keys(app)
        await pilot.press("u")
        await pilot.pause()
        assert table.message == "cannot undo: your last move drew from the deck, and you have seen that card"
        assert game_to_dict(game_of(table)) == before


async def test_undo_of_a_pile_take_says_what_it_took_back_and_the_same_move_again_gives_the_same_game() -> None:
    app = make_app("israeli", "Ann,bot:easy,bot:easy", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        seat = game_of(table).current
        seen = seen_by(game_of(table), seat)
        play = pile_take(table)
        assert play.take is not None  # pile_take's
        keys = keys_for(table, play)
        start = game_to_dict(game_of(table))
        await pilot.press(*keys)
        await settle(pilot)
        seen |= seen_by(game_of(table), seat)
        played = game_to_dict(game_of(table))
        bots = {s: p.bot.rng.getstate() for s, p in enumerate(table.session.players) if isinstance(p, BotPlayer)}  # type: ignore[attr-defined]  # the easy bots' own
        for _ in range(3):
            await pilot.press("u")
            await pilot.pause()
            drop = " ".join(card.face() for card in play.drop)
            assert table.tip == f"Took back your drop of {drop} and your take of {play.take.face()} from the pile"
            assert game_to_dict(game_of(table)) == start
            assert seen_by(game_of(table), seat) <= seen, "an undo showed a card not seen before"
            await pilot.press(*keys)
            await settle(pilot)
            # The same move: the same deck, the same bots (not reseeded), so the same replies.
            assert game_to_dict(game_of(table)) == played
            assert seen_by(game_of(table), seat) <= seen
            again = {s: p.bot.rng.getstate() for s, p in enumerate(table.session.players) if isinstance(p, BotPlayer)}  # type: ignore[attr-defined]
            assert again == bots


async def test_help_says_what_undo_can_and_cannot_take_back() -> None:
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        app.screen.query_one("#help-keys").scroll_end(animate=False)  # below the keys, as a reader scrolls
        await pilot.pause()
        # The keys column's own text: left of the divider, without its scroll bar's glyphs.
        keys_column = [
            line.split("▏")[0].rsplit("│", 1)[-1].strip("▁▂▃▄▅▆▇█ ") for line in screen_text(app).splitlines()
        ]
        text = " ".join(" ".join(keys_column).split())
        assert "A move that drew the deck's card cannot be taken back" in text
        assert "took a card from the pile" in text and "the same move again gives the same game" in text


async def test_undo_takes_back_keeping_or_slapping_down_a_drawn_card_but_never_its_draw() -> None:
    rules = dataclasses.replace(load_ruleset("israeli"), slap_down=True)
    for decision, line in ((KeepCard(), "Took back keeping 7♥"), (SlapDown(parse_cards("7H")[0]), None)):
        options = make_options(rules, "Ann,bot:medium:Bea", seed=5)
        session = stacked_session(options, ["7S KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D", deck="7H")
        await session.play(Play(parse_cards("7S"), None))
        assert session.game.phase == "slap"
        slap = game_to_dict(session.game)
        await session.play(decision)
        assert undo_move(session) == (line or "Took back slapping down 7♥")
        assert game_to_dict(session.game) == slap
        # The card was drawn from the deck, and seen: the draw itself cannot be taken back.
        assert session.why_no_undo() == DREW_FROM_DECK
        with pytest.raises(UndoError):
            undo_move(session)
        assert game_to_dict(session.game) == slap
        session.close()


async def test_at_80_columns_the_bar_keeps_quit_and_help_last_once_undo_shows() -> None:
    """At 80 columns the table's bar left out `^q quit` once `u undo` showed: the table has an esc key (back), so
    quit was not kept, and the player saw no way to leave."""
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press(*keys_for(table, pile_take(table)))
        await settle(pilot)
        keys = footer_keys(app)
        assert keys.get("u") == "undo", keys
        assert keys.get("^q") == "quit", keys
        assert list(keys)[-1] == "?", keys
        bar = table.query_one(KeyBar)
        line = "".join(segment.text for segment in bar.render_line(0)).rstrip()
        assert "^q quit" in line and line.endswith("? help") and cell_len(line) <= 80, line


async def test_at_80_columns_the_bar_keeps_the_hint_once_undo_shows() -> None:
    """Once a card taken from the pile could be undone, `u undo` pushed `h hint` off the table's bar at 80
    columns: the bar left out its last keys. A new player needs the hint most: `s scores` (each seat's panel says
    its score) goes first, then `esc back`; every key stays in the help."""
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "enter")
        await pilot.pause()
        await pilot.press("1")  # the pile's card
        await settle(pilot)
        keys = footer_keys(app)
        assert keys.get("u") == "undo" and keys.get("h") == "hint", keys
        assert list(keys)[-3:] == ["^q", "^p", "?"], keys
        assert cell_len(screen_lines(app)[-1].rstrip()) <= 80


async def test_a_game_of_bots_alone_offers_no_undo_in_its_help() -> None:
    """Before: the table offered undo at any local table of fewer than two humans, so a game of bots alone listed
    `u undo` and said undo in its help, though the store refuses it every time. Now the table and the help ask
    the one place that decides, `store.undo.undo_offered`."""
    options = dataclasses.replace(make_options("israeli", "bot:easy,bot:medium", seed=3), bot_delay=10.0)
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert not table.offers("undo") and not table.offers("undo_refused")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(screen_text(app).split())
        assert "undo" not in text, text


def undo_kept(table: TableScreen) -> int:
    """How many moves undo keeps at the table now."""
    session = table.session
    assert isinstance(session, Session)
    return len(session.undo.games)


def stage_of(table: TableScreen) -> str:
    """The table's stage as it is now (read anew after the app ran)."""
    return table.stage


def replays_to(table: TableScreen) -> bool:
    """Whether the table's record, as kept now, replays to the game it holds (undo keeps the two together)."""
    from yaniv_tui.codec.record import replay

    session = table.session
    assert isinstance(session, Session)
    return as_seen(replay(session.game_record)) == as_seen(session.game)


async def test_u_while_a_bot_thinks_or_pauses_is_refused_and_leaves_the_game_the_runner_and_the_record() -> None:
    """Issue: could `u` fire while a bot is asked (the runner said `Asked`) and in its visible pause, taking a move
    back under the bot? No: the screen's stage is "wait" from `Asked` on, and `u` only says why not."""
    options = dataclasses.replace(
        make_options("israeli", "Ann,bot:medium,bot:medium", seed=21), bot_delay=0.6, turn_seconds=30
    )
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, limit=4000)
        table = app.screen
        assert isinstance(table, TableScreen)
        own = as_seen(game_of(table))
        await pilot.press(*keys_for(table, pile_take(table)))
        await until(pilot, lambda: table.thinking in (1, 2))
        turns, undone = game_of(table).turns, undo_kept(table)
        await pilot.press("u")
        assert table.message == "cannot undo: wait for your turn" and table.stage == "wait"
        assert game_of(table).turns >= turns and undo_kept(table) == undone
        await settle(pilot, limit=4000)  # the bots play on as asked, the record with them
        assert stage_of(table) == "choose" and game_of(table).turns >= 3 and replays_to(table)
        await pilot.press("u")  # now, at Ann's turn, the move comes back
        await pilot.pause()
        assert as_seen(game_of(table)) == own and replays_to(table)


async def test_u_while_a_bot_plays_a_seat_whose_time_ran_out_is_refused_and_the_bots_play_is_marked() -> None:
    """The clock runs out: the stand-in bot is asked for Ann's seat and pauses. `u` then takes the seat back (any key
    does) but takes nothing back: the bot's play is applied, marked as timed out in the record, and Ann plays next."""
    from yaniv_tui.codec.record import timed_out_actions

    options = dataclasses.replace(make_options("israeli", "Ann,bot:medium", seed=21), turn_seconds=2.0, bot_delay=0.8)
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, limit=4000)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press(*keys_for(table, pile_take(table)))  # a move of Ann's that undo could take back
        await until(pilot, lambda: table.thinking == 0, limit=4000)  # her next turn's time ran out: the stand-in
        assert table.session.why_no_undo() is None  # her move could be taken back, were it her turn
        turns, undone = game_of(table).turns, undo_kept(table)
        await pilot.press("u")
        assert table.message == "cannot undo: wait for your turn" and table.stage == "wait"
        assert game_of(table).turns == turns and undo_kept(table) == undone
        await until(pilot, lambda: game_of(table).turns > turns, limit=4000)
        session = table.session
        assert isinstance(session, Session)
        record = session.game_record
        marked = timed_out_actions(record)
        assert len(marked) == 1 and record.events[min(marked) - 1]["seat"] == 0 and replays_to(table)
