"""A new player's first games: each place where one was left lost, misled or annoyed (found by playing at 80x24 and
100x30 in tmux, and in a browser through `yaniv serve`), and what the screen says there now."""

from __future__ import annotations

import dataclasses

from textual.widgets import Input
from tui_helpers import (
    SIZE,
    footer_keys,
    make_app,
    make_options,
    on_screen,
    play_to_end,
    screen_lines,
    screen_text,
    settle,
    until,
)

from yaniv_tui.engine import RoundScore
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.scores import ScoresScreen
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen
from yaniv_tui.tui.screens.table import TableScreen


async def test_a_ninth_seat_or_a_first_seat_removed_says_why_not() -> None:
    """Before: ctrl+a at eight seats and ctrl+d at two did nothing and said nothing, while the bar still offered
    `^a + seat` and `^d − seat`."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("ctrl+d")
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert len(setup.query(SeatRow)) == 2
        text = " ".join(screen_text(app).split())
        assert "The Israeli rules seat at least 2 players" in text, text
        for _ in range(7):
            await pilot.press("ctrl+a")
        await pilot.pause()
        assert len(setup.query(SeatRow)) == 8
        text = " ".join(screen_text(app).split())
        assert "The Israeli rules seat at most 8 players" in text, text
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert "seat at most" not in screen_text(app)


async def test_the_setup_help_says_what_a_bots_number_is_and_what_home_delete_and_end_do() -> None:
    """Before: `Bot · medium ≈1699` was explained nowhere on screen, and the help said "home, delete and end move to
    the start, delete and move to the end"."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, ascii=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        # The keys' column, read whole: on screen its lines wrap beside the rules' column.
        text = " ".join(" ".join(str(part.render()) for part in app.screen.query("#help-keys Static")).split())
        assert "The ~ number beside a bot's level is its rating" in text, text
        assert "the higher, the stronger" in text, text
        assert "home moves to the start, end to the end, and delete deletes" in text, text
        assert "delete and move to the end" not in text


EIGHT = ("田中さくら", "Avi", "Noa", "Dana 🎲🃏", "Tamar", "Yossi", "Maya", "Omer")


def round_of(added: tuple[int, ...], totals: tuple[int, ...]) -> RoundScore:
    """A finished round of eight seats, as the scores sheet reads it: what each added, and the totals."""
    none: tuple[None, ...] = (None,) * len(added)
    return RoundScore(0, none, none, False, (), (), added, totals, (), (), (), 0, False, (), ())


async def test_the_scores_of_eight_players_at_80x24_show_every_total_and_round() -> None:
    """Before: at 80 columns the sheet of eight seats dropped its round column and cut totals to `+12 …`, so the
    numbers the dialog is for could not be read."""
    first = (0, 12, 9, 30, 25, 8, 7, 11)
    second = (35, 12, 9, 30, 25, 8, 7, 11)
    third = (40, 100, 100, 100, 100, 100, 100, 100)
    totals = (75, 124, 118, 160, 150, 116, 114, 122)
    history = [
        round_of(first, first),
        round_of(second, tuple(a + b for a, b in zip(first, second, strict=True))),
        round_of(third, totals),
    ]
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ScoresScreen(EIGHT, history, totals))
        await on_screen(pilot, ScoresScreen)
        lines = screen_lines(app)
        text = "\n".join(lines)
        assert "…" not in text, text
        rows = [line for line in lines if line.strip(" │").startswith(("1 ", "2 ", "3 ", "now "))]
        assert [row.split()[1] for row in rows] == ["1", "2", "3", "now"], text
        assert all(str(total) in rows[-1] for total in totals), text
        assert "田中さ" in text and "くら" in text and "Dana" in text and "🎲🃏" in text, text  # folded, not cut


async def test_the_scores_of_eight_players_at_80x24_fold_no_name_that_fits() -> None:
    """Played at 80x24 with eight seats: the sheet, stacked, folded five names in the middle ("🎲🎲Di" / "ce",
    "Ann-Ma" / "rie", "Barth" / "olome" / "w": a letter alone) with room to spare, three cells of gap between columns.
    Stacked, the columns stand two cells apart, and each name fits whole on one line."""
    names = ("דניאל", "王小明", "🎲🎲Dice", "Ann-Marie", "李", "נועה", "😀", "Bartholomew")
    added = (18, 14, 27, 26, 20, 0, 23, 16)
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ScoresScreen(names, [round_of(added, added)], added))
        await on_screen(pilot, ScoresScreen)
        lines = screen_lines(app)
        heads = [line for line in lines if "round" in line]
        assert len(heads) == 1 and all(name in heads[0] for name in names), "\n".join(lines)


async def test_the_saved_games_bar_says_enter_continues() -> None:
    """Before: the saved games dialog's bar said `esc back` and `del delete the game`, but not the key it is for:
    enter, which continues the highlighted game (said only in the dialog's small print)."""
    from yaniv_tui.tui.screens.saved_games import SavedGamesScreen

    first = make_app("israeli", "Ann,bot:easy", seed=3)
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await on_screen(pilot, SavedGamesScreen)
        keys = footer_keys(app)
        assert keys.get("⏎") == "continue", keys
        assert screen_lines(app)[-1].startswith("⏎ continue esc back"), screen_lines(app)[-1]
        await pilot.press("enter")
        await on_screen(pilot, TableScreen)


async def test_the_game_end_at_80x24_scrolls_by_keys_to_the_charts_key_and_the_sheet() -> None:
    """Before: at 80x24 the chart's key (whose line is whose) and the score sheet were below the fold, and no key
    scrolled to them (↑ ↓ and page keys did nothing, and the bar offered none): only a mouse wheel did."""
    from yaniv_tui.tui.screens.game_end import GameEndScreen

    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameEndScreen)
        await pilot.pause()
        assert "end score" not in screen_text(app)
        assert footer_keys(app).get("↑↓") == "scroll", footer_keys(app)
        for _ in range(12):
            await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        assert "end score" in text and "now" in text, text
        await pilot.press("pageup")
        await pilot.pause()
        assert "Scores by round" in screen_text(app)
    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=(160, 60)) as pilot:
        await play_to_end(pilot)
        await pilot.pause()
        assert "end score" in screen_text(app)
        assert "↑↓" not in footer_keys(app), footer_keys(app)  # nothing to scroll: the bar offers no scrolling


async def test_after_conceding_the_hand_line_says_why_no_hand_is_shown() -> None:
    """Before: once the player conceded, where their hand had been the table said "No hand is shown: it is not yours
    to see", a watcher's words, after the notice that said why had gone."""
    options = dataclasses.replace(make_options("israeli", "Ann,bot:easy,bot:easy", seed=3), bot_delay=60.0)
    app = YanivApp(options)  # the bots slow, so the table is read before the bot in Ann's seat plays
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.stage == "choose")
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "No hand is shown: Ann conceded, and a medium bot plays the seat out." in text, text
        assert "not yours to see" not in text


async def test_the_scores_say_out_for_a_player_out_in_an_earlier_round() -> None:
    """Before: after Avi went out at 228 in round 1, every later round showed him `+0 228`, as if he had played on
    and scored nothing: the rounds after his own say `out`."""
    players = ("You", "Avi", "Noa")
    first = RoundScore(
        0, (None,) * 3, (None,) * 3, False, (), (), (3, 33, 0), (40, 228, 0), (), (), (1,), 2, False, (), ()
    )
    second = RoundScore(
        0, (None,) * 3, (None,) * 3, False, (), (), (5, None, 0), (45, 228, 0), (), (), (), 2, False, (), ()
    )
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ScoresScreen(players, [first, second], (45, 228, 0)))
        await on_screen(pilot, ScoresScreen)
        rows = {line.split()[1]: line.split()[2:] for line in screen_lines(app) if line.strip(" │")[:2] in ("1 ", "2 ")}
        assert rows["1"][:4] == ["+3", "40", "+33", "228"] and rows["1"][4] == "out", rows
        assert rows["2"][:3] == ["+5", "45", "out"], rows


def test_the_round_ends_note_says_whom_an_assafer_assafed() -> None:
    """Before: the note beside the player who Assafed read "Assaf!, scores 0": an exclamation, then a comma, and no
    word of whom; it says "Assafed the caller" now, as the caller's own reads "called Yaniv, Assafed"."""
    from io import StringIO

    from rich.console import Console

    from yaniv_tui.engine import load_ruleset, parse_cards, score_round
    from yaniv_tui.tui.screens.round_end import result_table

    rules = load_ruleset("israeli")
    result = score_round(rules, [0, 0], [parse_cards("AS 3S"), parse_cards("AH 2C")], caller=0)
    console = Console(width=120, file=StringIO(), record=True)
    console.print(result_table(result, ("Ann", "Bob"), ascii_only=False, rules=rules))
    text = console.export_text()
    assert "Assafed the caller, scores 0" in text and "Assaf!," not in text, text
    assert "called Yaniv, Assafed" in text, text


async def test_the_decks_count_says_its_unit_at_80x24_and_in_ascii() -> None:
    """Before: the deck's count was a bare number under the deck ("36"), easily read as the hand's "worth 36"; it
    says "36 left", in ASCII too."""
    for ascii_cards in (False, True):
        options = dataclasses.replace(make_options("israeli", "Ann,bot:easy", seed=3), ascii=ascii_cards)
        app = YanivApp(options)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            left = table.session.view(None).deck_size
            lines = screen_lines(app)
            deck = next(index for index, line in enumerate(lines) if "deck" in line.split())
            below = [line for line in lines[deck : deck + 7] if f"{left} left" in line]
            assert below, "\n".join(lines[deck : deck + 7])


async def test_a_field_reached_by_the_keyboard_takes_what_is_typed_in_place_of_its_default() -> None:
    """Before: a seat's name kept its default when Tab or ↓ reached it, so "Ann" typed there made "YouAnn", and a seat
    turned human by enter got "Player 2" with the cursor before it ("AnnPlayer 2"). Reached by the keyboard, a field's
    text is selected, and the first thing typed replaces it; a click places the cursor, and enter, ↑↓ and ctrl+a
    still do what they did."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, seed=7))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        for _ in range(10):
            if isinstance(app.focused, SeatRow):
                break
            await pilot.press("tab")
        you, avi = list(setup.query(SeatRow))[:2]
        assert app.focused is you and you.value == "You"
        await pilot.press(*"Ann")
        assert you.value == "Ann"
        await pilot.press("down", *"Ben")  # ↓ to the next seat (a medium bot named Avi): its name is replaced too
        assert app.focused is avi and avi.value == "Ben" and avi.kind == "medium"
        await pilot.press("ctrl+u", "enter", "enter", "enter")  # hard, expert, then human: named "Player 2"
        assert avi.kind == "human" and avi.value == "Player 2"
        await pilot.press(*"Noa")
        assert avi.value == "Noa"
        await pilot.click(you, offset=(1, 0))  # a click puts the cursor where it is, nothing selected
        assert app.focused is you and you.cursor_position == 1 and not you.selected_text
        await pilot.press("x")
        assert you.value == "Axnn"
        await pilot.press("ctrl+a")  # still a seat more, not the field's "home"
        await pilot.pause()
        assert len(setup.query(SeatRow)) == 4
        seed = setup.query_one("#seed", Input)
        seed.focus()  # as Tab reaches it
        await pilot.pause()
        await pilot.press(*"42")
        assert seed.value == "42"
