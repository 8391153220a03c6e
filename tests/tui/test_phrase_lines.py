"""Lines of words wrapped between their phrases at 80 and 100 columns: the table's message line (a hint, a refusal),
the round end's headline and its line of what w and e do. Never a last word alone ("worth" / "0"), never a key on
one line and what it does on the next; each still a plain-text Static, so the ASCII switch and the word tests read it.
"""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.widgets import Static
from tui_helpers import make_app, make_options, screen_lines, settle

from yaniv_tui.engine import load_ruleset, parse_cards
from yaniv_tui.engine.actions import Turn
from yaniv_tui.engine.scoring import score_round
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.table import TurnLog, turn_text

#: A hint as the expert words it (bots/hint.explain), 77 cells with its capital: one more than the line holds.
HINT = "hint: drop Q♠ (10 points off), take ★JK: a joker fits any run, and is worth 0"


async def test_a_hint_one_word_too_long_wraps_between_its_clauses_at_80_columns() -> None:
    """Before: "Hint: … a joker fits any run, and is worth" on one line, and "0" alone on the next."""
    app = make_app("israeli", "Ann,bot,bot", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        table.tip = HINT
        for _ in range(3):
            await pilot.pause()
        message = table.query_one("#message", Static)
        lines = [line.strip() for line in screen_lines(app)[message.region.y : message.region.bottom]]
        assert lines == ["Hint: drop Q♠ (10 points off), take ★JK: a joker fits any run,", "and is worth 0"], lines
        assert isinstance(message.content, str | Text), message.content  # plain text: the ASCII switch rewrites it
        assert str(message.render()).replace("\n", " ") == "Hint: " + HINT[6:]
        app.ascii_cards = True
        for _ in range(3):
            await pilot.pause()
        lines = [line.strip() for line in screen_lines(app)[message.region.y : message.region.bottom]]
        assert "Q♠" not in " ".join(lines) and "QS" in lines[0], lines


def round_end(names: tuple[str, str, str], hands: tuple[str, str, str], offer_rest: bool = False) -> RoundEndScreen:
    rules = load_ruleset("israeli")
    result = score_round(rules, [0, 0, 0], [parse_cards(hand) for hand in hands], 2)
    return RoundEndScreen(result, names, rules, 7, offer_rest=offer_rest)


async def test_the_headline_wraps_between_its_clauses_at_80x24() -> None:
    """Before: "Noa calls Yaniv with 5 and wins the round: a tie with Avi does not Assaf" on one line and "here."
    alone under it. The headline breaks after its colon."""
    app = YanivApp(make_options("israeli", "Ann,bot:easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(round_end(("You", "Avi", "Noa"), ("2H 4S 5D", "AC AD 3H", "AH AS 3S")))
        await pilot.pause()
        region = app.screen.query_one("#round-headline").region
        lines = [line.strip(" │") for line in screen_lines(app)[region.y : region.bottom]]
        assert lines == ["Noa calls Yaniv with 5 and wins the round:", "a tie with Avi does not Assaf here."], lines


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_what_w_and_e_do_wraps_between_its_clauses(size: tuple[int, int]) -> None:
    """Before, at 100x30: "... e skips to the game's" on one line and "end, enter shows the next round." on the
    next; at 80x24 "... e" / "skips to the game's end, ...". Each key's clause is read whole on one line."""
    app = YanivApp(make_options("israeli", "Ann,bot:easy"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(round_end(("You", "Avi", "Noa"), ("2H 4S 5D", "AC AD 3H", "AH 3S"), offer_rest=True))
        await pilot.pause()
        region = app.screen.query_one("#round-rest").region
        lines = [line.strip() for line in screen_lines(app)[region.y : region.bottom]]
        for said in ("w watches the rest (no enter needed),", "e skips to the game's end,", "enter shows the next"):
            assert any(said in line for line in lines), lines


SAID = (
    "Hint: drop 5♣ 6♣ 7♣ (18 points off), give 8♣ for the joker inside the run: your hand goes 8 lower and"
    " keeps a joker for a run; it leaves 3, low enough to call Yaniv next turn"
)


@pytest.mark.parametrize("width", range(30, 131))
def test_a_line_takes_no_more_lines_than_its_words_would_and_loses_no_word(width: int) -> None:
    """The message line holds two lines: wrapping by clauses never takes more lines than Textual's own wrap."""
    from textual.content import Content

    from yaniv_tui.tui.phrases import clause_lines

    lines = clause_lines(Content(SAID), width)
    assert " ".join(line.plain for line in lines) == SAID
    assert len(lines) <= len(Content(SAID).wrap(width)), [line.plain for line in lines]
    assert all(line.cell_length <= width for line in lines), [line.plain for line in lines]


async def test_the_notes_of_an_assafer_keep_scores_0_whole_at_80x24() -> None:
    """Played at 80x24 (a caller Assafed, a five-card hand beside): "Assafed the caller, scores" on one line and "0"
    alone on the next. The notes break between their clauses, as the lines above: "scores 0" whole."""
    rules = load_ruleset("israeli")
    hands = [parse_cards(hand) for hand in ("JK AD 2D 7D KS", "AH 2C 2H", "3S")]
    result = score_round(rules, [119, 32, 28], hands, 1)
    app = YanivApp(make_options("israeli", "Ann,bot:easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RoundEndScreen(result, ("You", "Avi", "Noa"), rules, 6))
        await pilot.pause()
        region = app.screen.query_one("#round-table").region
        lines = [" ".join(line.strip(" │").split()) for line in screen_lines(app)[region.y : region.bottom]]
        assert not [line for line in lines if line == "0"], lines
        assert any(line.endswith("scores 0") for line in lines), lines


@pytest.mark.parametrize(
    ("turn", "said"),
    [
        (
            Turn(1, tuple(parse_cards("KC")), None),
            ["▸ Eli dropped K♣,", "took from the deck."],
        ),
        (
            Turn(1, tuple(parse_cards("5H")), None, slapped=parse_cards("5D")[0]),
            ["▸ Eli dropped 5♥,", "took from the deck,", "slapped down 5♦ onto the drop."],
        ),
    ],
)
async def test_the_log_wraps_a_turn_between_its_clauses_at_80x24(turn: Turn, said: list[str]) -> None:
    """Played at 80x24: "▸ Eli dropped K♣, took from" on one line of the log and "the deck." on the next, a phrase
    split from its verb. The log breaks after a clause's comma, as the hint and the round end do."""
    app = make_app("israeli", "Ann,bot:easy:Eli,bot:easy", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        news = Text.assemble(Text("▸ "), turn_text(turn, ("Ann", "Eli", "Bea"), False))
        table.query_one(TurnLog).show([news])
        for _ in range(3):
            await pilot.pause()
        region = table.query_one("#log-lines").region
        # Every cell of these rows is one character wide: the log's columns are cut out as they are.
        lines = [line[region.x : region.right].strip() for line in screen_lines(app)[region.y : region.bottom]]
        assert lines[: len(said)] == said, lines
        assert not any(lines[len(said) :]), lines


async def test_your_turn_with_a_long_name_keeps_then_enter_whole_at_80x24() -> None:
    """Played at 80x24, two people at the table: "Your turn, Bartholomew: choose cards to drop (1-9, or ←→ and
    space), then" on one line and "enter." alone on the next, the key apart from its "then". The prompt breaks
    between its clauses, as the message line under it does."""
    app = make_app("israeli", "Bartholomew,Alexandrina,bot:easy", seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if not isinstance(app.screen, TableScreen):
            await pilot.press("enter")  # the pass screen: Bartholomew shows his hand
            await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        prompt = table.query_one("#prompt")
        lines = [line.strip() for line in screen_lines(app)[prompt.region.y : prompt.region.bottom]]
        assert lines == ["Your turn, Bartholomew: choose cards to drop (1-9, or ←→ and space),", "then enter."], lines


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_log_scrolled_starts_with_a_turn_not_its_second_line(size: tuple[int, int]) -> None:
    """The log's turns wrap over two or three lines at 80x24; scrolled to the latest (or a row up or down with the
    wheel), its top row was often a turn's second line ("took from the deck."), whose player and drop were above
    the fold. Wherever it is scrolled, it starts with a turn's first line, the latest turn still whole below."""
    players = ("Ann", "Eli", "Bea")
    turns = [
        Turn(1, tuple(parse_cards("KC")), None),
        Turn(2, tuple(parse_cards("5H")), None, slapped=parse_cards("5D")[0]),
        Turn(0, tuple(parse_cards("2C")), parse_cards("KC")[0]),
    ]
    lines = [Text("Round 1: Ann starts.")] + [turn_text(turns[i % 3], players, False) for i in range(14)]
    app = make_app("israeli", "Ann,bot:easy:Eli,bot:easy:Bea", seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        log = table.query_one(TurnLog)
        log.show(lines)
        for _ in range(4):
            await pilot.pause()
        region = table.query_one("#log-lines").region
        starts = tuple(line.plain.split()[0] for line in lines)

        def rows() -> list[str]:
            """The log's rows in sight (its columns cut out: every cell of them is one character wide)."""
            shown = log.scrollable_content_region
            return [line[shown.x : region.right].strip() for line in screen_lines(app)[shown.y : shown.bottom]]

        seen: list[list[str]] = []
        assert log.max_scroll_y > 0
        for way in ["end"] + ["up"] * (log.max_scroll_y + 1) + ["down"] * (log.max_scroll_y + 1):
            if way == "up":
                log.scroll_up(animate=False)
            elif way == "down":
                log.scroll_down(animate=False)
            for _ in range(3):
                await pilot.pause()
            shown = rows()
            seen.append(shown)
            assert shown[0].split()[0] in starts, (way, shown)
        latest = [row for row in seen[0] if row]  # blank rows may follow it, so that the log starts with a turn
        last = max(at for at, row in enumerate(latest) if row.startswith("Bea dropped"))
        assert " ".join(latest[last:]) == lines[-1].plain, seen[0]
        assert seen[-1] == seen[0] and any(row[0] == "Round 1: Ann starts." for row in seen), seen
