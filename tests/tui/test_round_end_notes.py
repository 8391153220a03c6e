"""What the round's end says of each score change: an Assaf's penalty, a reset by its name, a seat knocked out."""

from __future__ import annotations

import dataclasses
import io

import pytest
from rich.console import Console

from yaniv_tui.engine import Ruleset, load_ruleset, parse_cards
from yaniv_tui.engine.scoring import score_round
from yaniv_tui.tui.screens.round_end import result_table

NAMES = ("Ann", "Bea", "Cy")


def said(rules: Ruleset, scores: list[int | None], hands: list[str], caller: int = 0) -> str:
    """The round's table as text, one line a seat, its spaces folded."""
    result = score_round(rules, scores, [parse_cards(hand) for hand in hands], caller)
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(result_table(result, NAMES, False, rules=rules))
    return "\n".join(" ".join(line.split()) for line in console.export_text().splitlines())


@pytest.mark.parametrize("ruleset", ["israeli", "sursis", "bga", "jdross", "cpp-yaniv", "yanivo"])
def test_an_assafed_callers_penalty_is_said_beside_what_they_add(ruleset: str) -> None:
    """Before: "Ann A♣ 2♣ 2♦ 5 +35 35 called Yaniv, Assafed": the 30 of the penalty was left for the player to work
    out from the value and what was added."""
    rules = load_ruleset(ruleset)
    if not rules.assaf:
        pytest.skip(f"{ruleset} has no Assaf")
    text = said(rules, [0, 0, 0], ["AC 2C", "AD AH", "KS KH"])
    penalty = rules.assaf_penalty
    assert f"called Yaniv, Assafed: +{penalty} penalty" in text, text


def test_a_flat_penalty_says_the_hand_is_not_added() -> None:
    rules = dataclasses.replace(load_ruleset("israeli"), assaf_caller_adds_hand=False, assaf_penalty=25)
    text = said(rules, [0, 0, 0], ["AC 2C 2D", "AD AH", "KS KH"])
    assert "Ann A♣ 2♣ 2♦ 5 +25 25 called Yaniv, Assafed: +25 penalty, not the hand" in text, text


def test_a_reset_and_a_seat_knocked_out_are_said() -> None:
    rules = load_ruleset("israeli")
    text = said(rules, [50, 195, 0], ["AC 2C 2D", "9D 5H", "KS"])
    assert "Bea 5♥ 9♦ 14 +14 209 OUT" in text, text
    text = said(load_ruleset("sursis"), [40, 90, 0], ["AC 2C", "5D 5H", "QS 5C"])
    assert "Bea 5♦ 5♥ 10 +10 100 → 50 sursis" in text, text


@pytest.mark.parametrize(
    "names",
    [("Annabelle Leah", "Bea", "Cy", "Dana"), ("山田太郎さん山", "שלמה בן דוד", "Cy", "🎉Party🎉 Kid")],
)
async def test_an_assafed_callers_penalty_is_never_cut_at_80x24(names: tuple[str, ...]) -> None:
    """Before, at 80x24 the notes' column wrapped the caller's note between "+30" and "penalty" (the number on one
    line, what it is on the next). The notes break only between their phrases: "+30 penalty" stays whole."""
    from tui_helpers import make_options, screen_lines

    from yaniv_tui.tui.app import YanivApp
    from yaniv_tui.tui.screens.round_end import RoundEndScreen

    rules = load_ruleset("israeli")
    hands = ["3C 2H", "AC 2D", "KS QH 9D 8H 7C", "KS QH 9D 8H JK"]
    result = score_round(rules, [90, 20, 30, 40], [parse_cards(hand) for hand in hands], 0)
    app = YanivApp(make_options("israeli", "Ann,bot:easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RoundEndScreen(result, names, rules, 3))
        await pilot.pause()
        lines = screen_lines(app)
        assert any("+30 penalty" in line for line in lines), "\n".join(lines)
        assert any("Assafed the caller," in line for line in lines), "\n".join(lines)


def test_a_note_wraps_between_its_phrases_at_every_width() -> None:
    """However wide the screen, the notes' column wraps between words, never inside "+30 penalty"."""
    rules = load_ruleset("israeli")
    hands = ["3C 2H", "AC 2D", "KS QH 9D 8H 7C", "KS QH 9D 8H JK"]
    result = score_round(rules, [90, 20, 30, 40], [parse_cards(hand) for hand in hands], 0)
    for width in range(72, 121):  # the content's width at 80 columns and up
        console = Console(width=width, record=True, file=io.StringIO())
        console.print(result_table(result, ("Annabelle Leah", "Bea", "Cy", "Dana"), False, rules=rules))
        text = console.export_text()
        assert "+30 penalty" in text, (width, text)
        assert "Assafed the caller" in " ".join(text.split()), (width, text)
