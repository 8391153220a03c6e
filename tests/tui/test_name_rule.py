"""One name rule: the command line, the setup screen, a save and the network give every name the same verdict.

Before, the setup screen and the command line took 14 characters, the network 24, saves any length; none
counted a wide character (田) as the two terminal cells it takes on the table.
"""

from __future__ import annotations

import json

import pytest
from rich.cells import cell_len
from tui_helpers import SIZE

from yaniv_tui.cli.parser import UsageError
from yaniv_tui.cli.play import options_from_args
from yaniv_tui.codec import SnapshotError
from yaniv_tui.engine import MAX_NAME, SAVED_NAME, BadName, Game, check_name, load_ruleset, name_cells
from yaniv_tui.net.protocol import VERSION, Join, ProtocolError, from_client
from yaniv_tui.store.game_format import game_from_dict, game_to_dict
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import OptionsError
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen

WIDE = "田中さくら"  # five wide characters: ten cells

#: (name, taken?) — no commas: `--players` separates seats with them.
NAMES = [
    ("Ann", True),
    ("  Ann   Lee ", True),
    ("Zoë O'Brien-Li", True),
    ("A" * MAX_NAME, True),
    (WIDE, True),
    (WIDE + "ab", True),  # twelve cells
    (WIDE + "田中", True),  # fourteen cells
    ("", False),
    ("   ", False),
    ("A" * (MAX_NAME + 1), False),
    ("A" * 20, False),  # the network took up to 24
    (WIDE + "田中さ", False),  # eight characters, sixteen cells
    ("\x1b[31mRed", False),
    ("Ann\tBob", False),
    ("Ann\u202eevil", False),  # a bidi override
    ("Zero\u200bwidth", False),  # a zero-width space
    ("Bob\x9b2J", False),  # C1 control: CSI
]


def by_rule(name: str, most: int = MAX_NAME) -> str | None:
    try:
        return check_name(name, most=most)
    except BadName:
        return None


def by_command_line(name: str) -> str | None:
    try:
        options, _ = options_from_args(["--players", f"{name},bot"])
    except UsageError:
        return None
    assert options is not None
    return options.seats[0].name


def by_save(name: str) -> str | None:
    data = game_to_dict(Game.new(load_ruleset("israeli"), ["Bob", "Dana"], seed=3))
    data["players"][0] = name
    try:
        return game_from_dict(data).players[0]
    except SnapshotError:
        return None


def by_network(name: str) -> str | None:
    try:
        join = from_client(json.dumps({"v": VERSION, "type": "join", "code": "K7QF", "name": name}))
    except ProtocolError:
        return None
    assert isinstance(join, Join)
    return join.name


@pytest.mark.parametrize(
    "name", ["Ann Lee", WIDE, "Zoe\u0301", "שָׁלוֹם", "Ёлка", "नमस्ते", "Ｆｕｌｌ", "한국어", "Ἀθηνᾶ", "مرحبا"]
)
def test_the_rule_counts_the_cells_the_table_draws(name: str) -> None:
    assert name_cells(name) == cell_len(name)


def test_the_rule_counts_terminal_cells() -> None:
    assert name_cells(WIDE) == 10 and name_cells("Zoë") == 3
    assert check_name("  Ann   Lee ") == "Ann Lee"
    with pytest.raises(BadName) as error:
        check_name("A" * (MAX_NAME + 1))
    assert f"at most {MAX_NAME}" in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize(("name", "taken"), NAMES)
def test_every_entry_point_gives_a_name_the_same_verdict(name: str, taken: bool) -> None:
    wanted = " ".join(name.split()) if taken else None
    assert by_rule(name) == wanted
    assert by_command_line(name) == wanted
    assert by_network(name) == wanted
    # A save takes the same characters, as wide as an older version's save could hold a name: no save is lost.
    assert by_save(name) == by_rule(name, most=SAVED_NAME)
    if taken:
        assert by_save(name) == wanted


def test_a_save_from_before_the_rule_with_a_joiners_long_name_still_reads() -> None:
    """Before the one rule, a joiner's name took up to 24 characters and a save kept it: such a save still reads
    (the rule is for new names), and its characters are checked as every name's."""
    assert by_save("Bartholomew Xavier Jr") == "Bartholomew Xavier Jr"
    assert by_save("田" * 24) == "田" * 24
    assert by_save("\x1b[31mRed") is None


async def test_the_setup_screen_gives_the_same_verdicts() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        row = setup.query(SeatRow).first()
        assert row.kind == "human"
        verdicts: list[str | None] = []
        for name, _ in NAMES:
            row.value = name
            try:
                verdicts.append(setup.read_options().seats[0].name)
            except OptionsError:
                verdicts.append(None)
        assert verdicts == [by_rule(name) for name, _ in NAMES]
