"""The table's look: every seat fits with many players, the round's log keeps every line, the notes of a round
(the card you took, a reshuffle) last the round and a resume, and what changed since your move is marked."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.app import App
from textual.geometry import Region
from tui_helpers import SIZE, TableApp, game_of, make_app, make_options, play_turn, screen_text, settle, stacked_session

from yaniv_tui.engine import BOT_LEVELS, load_ruleset, parse_cards
from yaniv_tui.store import scan_saves
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.session import Session
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.pass_turn import PassScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import face
from yaniv_tui.tui.widgets.table import SeatPanel, TurnLog

PRESETS = ("israeli", "seven-cards", "sursis", "yanivo")


def region_text(app: App[Any], region: Region) -> str:
    """What the screen shows inside `region`, line by line."""
    lines = screen_text(app).splitlines()
    return "\n".join(line[region.x : region.right] for line in lines[region.y : region.bottom])


def full_table(preset: str) -> str:
    """The preset's largest table: a human and bots up to its most players, named as long as the setup allows."""
    most = load_ruleset(preset).max_players
    bots = [
        f"bot:{BOT_LEVELS[i % len(BOT_LEVELS)]}:{name}"
        for i, name in enumerate(["Tamara", "Yossi", "Maya", "Omer", "Dana", "Avi", "Noa"])
    ]
    return ",".join(["Annabel", *bots[: most - 1]])


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("preset", PRESETS)
async def test_every_presets_largest_table_shows_each_name_count_score_and_whose_turn(
    preset: str, size: tuple[int, int]
) -> None:
    app = make_app(preset, full_table(preset), seed=5)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        game = game_of(table)
        for seat, panel in enumerate(table.query(SeatPanel)):
            assert table.region.contains_region(panel.region), f"seat {seat} is cut off at {panel.region}"
            shown = region_text(app, panel.region)
            assert game.players[seat] in shown, shown
            assert str(len(game.hand(seat))) in shown and "0 pts" in shown, shown
            assert ("▶" in shown) == (seat == game.current), shown
        assert "Your hand" in screen_text(app) and "choose cards" in screen_text(app)


def note_round_session() -> Session:
    """Ann takes A♥ from the pile, Bea plays, Ann calls Yaniv: round 2 is dealt with Ann's note of round 1."""
    options = make_options("israeli", "Ann,bot:medium:Bea", seed=5)
    return stacked_session(options, ["AC AD 2H KS KC", "QD QH 9C 9D 8S"], up="AH", deck="7C 7D 7H")


async def test_the_card_you_took_is_forgotten_when_the_next_round_is_dealt() -> None:
    app = TableApp(note_round_session())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("4", "5", "enter", "1")  # K♠ K♣ dropped, A♥ taken
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "you took A♥" in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, RoundEndScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table and game_of(table).round_no == 2  # type: ignore[comparison-overlap]  # mypy keeps its narrowing past the keys
        assert table.fresh == {} and "you took" not in screen_text(app)
        newest = scan_saves().newest
        assert newest is not None and newest.meta.took == ()


async def test_the_card_you_took_and_the_hands_order_come_back_on_resume() -> None:
    app = make_app("israeli", "Ann,bot:medium:Bea", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        took = app.screen.fresh[0]
        assert app.screen.sort_by == "suit"
    saved = scan_saves().newest
    assert saved is not None and saved.meta.took == ((0, took),) and saved.meta.sort_by == "suit"
    again = YanivApp(None, LaunchOptions(bot_delay=0.0), saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = again.screen
        assert isinstance(table, TableScreen)
        assert table.sort_by == "suit"
        assert f"you took {face(took)}" in screen_text(again)


async def test_in_pass_and_play_the_card_drawn_is_shown_only_to_who_drew_it() -> None:
    app = make_app("israeli", "Ann,Bob", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(3):
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            seat = game_of(table).current
            other = 1 - seat
            note = table.fresh.get(other)
            if note is not None and note != table.fresh.get(seat):
                assert f"you took {face(note)}" not in screen_text(app)
            await play_turn(pilot)
            await settle(pilot)


async def test_the_log_keeps_every_line_of_the_round_scrolled_to_the_latest() -> None:
    app = make_app("israeli", full_table("israeli"), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(2):
            await play_turn(pilot)
            await settle(pilot)
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        log = table.query_one(TurnLog)
        turns = len(game_of(table).log)
        assert turns > log.size.height
        assert log._shown is not None and len(log._shown) >= turns
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


async def test_a_reshuffle_of_the_pile_into_a_new_deck_is_logged() -> None:
    options = make_options("israeli", "Ann,bot:medium:Bea", seed=5)
    session = stacked_session(options, ["AC 2D 3H KS KC", "QD QH 9C 9D 8S"], up="AH", deck="7C")
    game = session.game
    # All but the top card of the deck lie buried in the pile: the first card taken from the deck empties it.
    game.pile = [tuple(game.deck[:-1]), *game.pile]
    game.deck = game.deck[-1:]
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("4", "5", "enter", "0")
        await settle(pilot)
        assert game.reshuffles == 1 if session.game is game else session.game.reshuffles == 1
        lines = app.screen.query_one(TurnLog)._shown
        assert lines is not None
        assert "Round 1: Ann starts." in lines[0], lines
        assert "shuffled into a new deck" in lines[2], lines
        assert isinstance(app.screen, TableScreen) and app.screen.reshuffled_after == [1]


async def test_your_turn_marks_what_each_other_player_did_since_your_last_move() -> None:
    app = make_app("israeli", "Ann,Bob,bot:easy:Cy", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await settle(pilot)
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            game = game_of(table)
            seat = game.current
            mine = [i for i, turn in enumerate(game.log) if turn.seat == seat]
            since = mine[-1] + 1 if mine else 0
            news = {turn.seat: turn for turn in game.log[since:]}
            for other, panel in enumerate(table.query(SeatPanel)):
                shown = region_text(app, panel.region)
                if other in news:
                    turn = news[other]
                    assert "−" + face(turn.drop[0]) in shown, shown
                    assert ("+deck" in shown) == (turn.take is None), shown
                else:
                    assert "−" not in shown and "+deck" not in shown, shown
            shown_log = table.query_one(TurnLog)._shown
            assert shown_log is not None
            marked = [line for line in shown_log if "▸" in line]
            assert len(marked) == len(game.log) - since
            await play_turn(pilot)
            await pilot.pause()
            shown_log = table.query_one(TurnLog)._shown
            assert shown_log is not None and not any("▸" in line for line in shown_log)
            assert all("+deck" not in region_text(app, p.region) for p in table.query(SeatPanel))


def test_a_saves_table_notes_are_read_back_and_an_old_save_has_none() -> None:
    from yaniv_tui.engine import Seat
    from yaniv_tui.store.meta import MetaError, SaveMeta, meta_to_dict, read_meta

    seats = (Seat.person("Ann"), Seat.bot("easy", "Bea"))
    meta = SaveMeta(
        seats,
        0,
        "g1",
        "2026-12-01T09:30:00+00:00",
        took=((0, parse_cards("2C")[0]),),
        sort_by="suit",
        reshuffled_after=(7,),
    )
    data = meta_to_dict(meta)
    assert read_meta(data, ("Ann", "Bea"), 2) == meta
    old = {key: value for key, value in data.items() if key not in ("took", "sort_by", "reshuffled_after")}
    assert read_meta(old, ("Ann", "Bea"), 2) == SaveMeta(seats, 0, "g1", "2026-12-01T09:30:00+00:00")
    for key, bad in (("took", {"1": "2C"}), ("took", {"0": "ZZ"}), ("sort_by", "size"), ("reshuffled_after", [-1])):
        with pytest.raises(MetaError, match=f"meta.{key}"):
            read_meta({**data, key: bad}, ("Ann", "Bea"), 2)


def test_a_long_name_gives_way_to_what_the_seat_did_on_a_compact_line() -> None:
    from yaniv_tui.engine import Turn, parse_cards
    from yaniv_tui.tui.widgets.table import SeatInfo, compact_line

    lately = Turn(3, tuple(parse_cards("5C 6C 7C")), None, None)
    info = SeatInfo("Fghijklmnopqrs", "easy bot", 12, 4, False, False, False, False, lately=lately)
    line = compact_line(info, False, 14, 39).plain
    assert line.endswith("−5♣ 6♣ 7♣ +deck") and "Fghij" in line and "…" in line
    assert len(line) <= 39
    assert compact_line(info, False, 14).plain.startswith("  Fghijklmnopqrs ")  # width unknown: the whole name


def test_compact_seat_lines_keep_their_columns_with_a_wide_name() -> None:
    """Issue 30: the compact seat lines padded names by characters, so a CJK name (two cells a character)
    shifted its line's columns; cut by characters, it could overflow what it was cut for."""
    from rich.cells import cell_len

    from yaniv_tui.engine import Game, load_ruleset
    from yaniv_tui.tui.screens.table_view import compact_name_width
    from yaniv_tui.tui.widgets.table import SeatInfo, compact_line

    names = ("田中さくら", "Avi", "Noa", "Bea", "Dan", "Eli", "Gil", "Hadas")
    game = Game.new(load_ruleset("yanivo"), names, seed=1)
    name_width = compact_name_width(game.view(0), 80)
    assert name_width == cell_len("田中さくら")
    lines = [
        compact_line(SeatInfo(name, "easy bot", 5, 12, False, False, False, False), False, name_width) for name in names
    ]
    columns = {cell_len(line.plain[: line.plain.index("pts")]) for line in lines}
    assert len(columns) == 1, [line.plain for line in lines]
    cut = compact_line(SeatInfo("田中さくら田中", "easy bot", 5, 12, False, False, False, False), False, 14, 30)
    assert cell_len(cut.plain) <= 30 and "…" in cut.plain
    assert (
        cell_len(cut.plain[: cut.plain.index("pts")])
        == cell_len(lines[1].plain[: lines[1].plain.index("pts")]) - name_width + 5
    )


async def test_at_80_columns_compact_seat_lines_with_wide_names_keep_one_column() -> None:
    """Each compact line cut its name's column to what its own words left, and the score took four cells
    whatever the scores: "medium bot" and "−10♣ +deck" being a cell longer than "easy bot", 山田 and 鈴木はなこ,
    whole in fewer cells, moved their lines' counts and scores a cell left. The scores now take the cells the
    largest needs, one width for every line."""
    from rich.cells import cell_len

    players = "田中さくら,bot:medium:鈴木はなこ,bot:easy:🦊Fox,bot:hard:Łukasz Żółć,bot:expert:山田"
    app = make_app("israeli", players, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panels = list(app.screen.query(SeatPanel))
        assert all(panel.has_class("-compact") for panel in panels)
        lines = [str(panel.render()) for panel in panels]
        columns = {cell_len(line[: line.index("pts")]) for line in lines}
        assert len(columns) == 1, lines
        names = ("田中さくら", "鈴木はなこ", "🦊Fox", "Łukasz Żółć", "山田")
        assert all(name in line for name, line in zip(names, lines, strict=True)), lines
        assert all(cell_len(line) <= panel.content_size.width for line, panel in zip(lines, panels, strict=True))


@pytest.mark.parametrize("seats", ["Ann,bot:medium,bot:medium", "Ann,bot:easy,bot:easy,bot:easy,bot:easy,bot:easy"])
async def test_with_ascii_cards_whose_turn_and_what_each_seat_did_are_in_ascii(seats: str) -> None:
    """ASCII cards are for a terminal that cannot show ♠ or ▮ (`LANG=C`, a Linux console's font): there the
    cards read `10C` and the backs `#`, but whose turn it is still said `▶ to play`, each seat's move `−10C +3D`
    (a minus sign, not -) and the log marked the turns since your move with `▸`. Now `>` and `-`. Three seats
    in boxes, six on a line each (compact), at 80×24."""
    app = YanivApp(make_options("israeli", seats, seed=5), ascii_cards=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.stage == "choose"
        text = screen_text(app)
        for mark in "▶▸−▮♠♥♦♣":
            assert mark not in text, (mark, text)
        compact = "Ann" in next(line for line in text.splitlines() if "> " in line or "to play" in line)
        assert "> Ann" in text if compact else "> to play" in text, text
        assert re.search(r"-(10|[2-9AJQK])[CDHS]\b", text), text  # a seat's move, as the others' did since
        assert re.search(r"│ > \w+ (dropped|called)", text), text  # the log's turns since your move
