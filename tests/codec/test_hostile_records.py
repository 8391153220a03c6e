"""A record read from outside (`yaniv replay FILE`, `yaniv review FILE`, a host's frame) is hostile input: a real
record changed anywhere, by a value of any type (NaN, Infinity, a number past a decimal's range or of 10,000 digits,
deep nesting, a long text) or at the byte level (a byte order mark, bytes that are not UTF-8), is read back as a
record that replays, or refused with one RecordError line naming what is wrong: never another exception."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hostile import HOSTILE, NOT_NUMBERS, places, written_with
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playing import play_recorded

from yaniv_tui.codec.record import RecordError, read_record_file, record_text, replay
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.engine.json_text import JsonError, read_json

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bob"))


def real_record() -> str:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=4)
    return record_text(play_recorded(game, SEATS))


TEXT = real_record()
EVENTS: list[dict[str, Any]] = [json.loads(line) for line in TEXT.splitlines()]


def changed(index: int, pick: int, hostile: str) -> str:
    """The record's text with one value of event `index` (the `pick`th place) written as `hostile`."""
    where = places(EVENTS[index])
    lines = TEXT.splitlines()
    lines[index] = written_with(EVENTS[index], where[pick % len(where)], hostile)
    return "\n".join(lines) + "\n"


def one_line_or_none(path: Path) -> str | None:
    """What `yaniv replay FILE` reads: None when it replays to its end, else its one line."""
    try:
        replay(read_record_file(path), finished=True)
    except RecordError as error:
        line = str(error)
        assert line and "\n" not in line and len(line) < 600, line
        return line
    return None


#: Seeded (derandomized): the same examples every run, enough to reach every kind of event and value.
FUZZ = settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FUZZ
@given(
    index=st.integers(0, len(EVENTS) - 1),
    pick=st.integers(0, 10_000),
    hostile=st.sampled_from(HOSTILE),
)
def test_a_real_record_changed_anywhere_replays_or_is_one_line(
    tmp_path: Path, index: int, pick: int, hostile: str
) -> None:
    path = tmp_path / "game.jsonl"
    text = changed(index, pick, hostile)
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    line = one_line_or_none(path)
    if hostile in NOT_NUMBERS:
        assert line is not None  # no record holds one: a file's, a save's and a frame's reading alike
    assert path.read_bytes() == text.encode("utf-8", "surrogatepass")  # read, never changed


@pytest.mark.parametrize(
    ("number", "says"),
    [
        ("1e400", "the number 1e400 is beyond any yaniv reads"),
        ("NaN", "NaN is not a number yaniv reads (a number is written in digits)"),
        ("1" * 10_000, "a number has more than 4300 digits, more than any field takes"),
    ],
)
def test_a_number_no_record_holds_is_named_in_its_line(tmp_path: Path, number: str, says: str) -> None:
    """Before: 1e400 read as infinity, and 10,000 digits gave Python's own words ("Exceeds the limit (4300 digits) for
    integer string conversion ...; use sys.set_int_max_str_digits()") as JSON "cut short or changed"."""
    path = tmp_path / "game.jsonl"
    lines = TEXT.splitlines()
    lines[3] = lines[3][:-1] + f', "extra": {number}}}'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = one_line_or_none(path)
    assert line == f"{path}: record line 4: {says}", line


def test_a_record_saved_with_a_byte_order_mark_is_told_so(tmp_path: Path) -> None:
    """Before: "not valid JSON (Unexpected UTF-8 BOM (decode using utf-8-sig) ...): cut short or changed"."""
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + TEXT.encode("utf-8"))
    line = one_line_or_none(path)
    assert line is not None and line.startswith(f"{path}: record line 1: begins with a byte order mark (BOM)"), line


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deep"),
        ("1e999", "the number 1e999 is beyond any yaniv reads"),
        ("-Infinity", "-Infinity is not a number yaniv reads (a number is written in digits)"),
        ("1" * 4301, "a number has more than 4300 digits, more than any field takes"),
        ('{"a": 1', "not valid JSON (Expecting ',' delimiter: line 1 column 8 (char 7)): cut short or changed"),
    ],
)
def test_json_text_that_no_file_of_ours_holds_is_one_line(text: str, says: str) -> None:
    with pytest.raises(JsonError) as refused:
        read_json(text)
    assert str(refused.value) == says


def test_json_text_of_ours_reads_as_json_reads_it() -> None:
    text = '{"a": [1, -2.5, 1e300, "\\u00e9", null, true], "b": ' + "9" * 4300 + "}"
    assert read_json(text) == json.loads(text)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("W" * 10_000, "'" + "W" * 40 + "'... (10000 characters)"),
        ("田" * 10_000, "'" + "田" * 40 + "'... (10000 characters)"),
    ],
    ids=["letters", "wide"],
)
def test_a_seat_name_of_ten_thousand_characters_is_cut_in_the_refusal(tmp_path: Path, name: str, shown: str) -> None:
    """Before: the refusal quoted the whole name, a line of 10,000 characters (20,000 cells of 田)."""
    header = {**EVENTS[0], "seats": [{**EVENTS[0]["seats"][0], "name": name}, EVENTS[0]["seats"][1]]}
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join([json.dumps(header), *TEXT.splitlines()[1:]]) + "\n", encoding="utf-8")
    line = one_line_or_none(path)
    assert line is not None and f"seats[0].name: the name {shown} " in line, line


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('{"a": 1}', 'an event names its kind in "event", and this object has no "event"'),
        ('{"event": 7}', 'an event names its kind in "event" as text, and this one\'s is a number'),
        ("[1, 2]", 'an event is an object with its kind in "event", got a list'),
    ],
    ids=["no event", "a number", "a list"],
)
def test_an_event_without_its_kind_says_what_it_lacks(tmp_path: Path, line: str, says: str) -> None:
    """Before: an object with no "event" was refused as 'an event is an object ..., got an object'."""
    path = tmp_path / "game.jsonl"
    lines = TEXT.splitlines()
    lines[2] = line
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert one_line_or_none(path) == f"{path}: record line 3: {says}"


def test_a_seat_name_with_more_accents_on_a_letter_than_a_cell_shows_is_refused(tmp_path: Path) -> None:
    """Before: a record's seat named by a letter under 500 accents replayed, and `yaniv replay FILE` showed it as
    each terminal could (xterm 4 accents, tmux what fits in 21 bytes), and `yaniv review FILE` printed it whole."""
    header = {**EVENTS[0], "seats": [{**EVENTS[0]["seats"][0], "name": "a" + "\u0301" * 500}, EVENTS[0]["seats"][1]]}
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join([json.dumps(header), *TEXT.splitlines()[1:]]) + "\n", encoding="utf-8")
    line = one_line_or_none(path)
    assert line is not None and "seats[0].name: the name '\u00e1\u0301\u0301\u0301'" in line, line
    assert "has 500 accents on one letter: a name takes at most 4 on a letter" in line, line
    assert "\u0301" * 5 not in line


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (
            lambda header: header["seats"][0].update(name="Ann\u202egnp.exe"),
            "record line 1: seats[0].name holds a control character (\\u202e): a record's texts are printable",
        ),
        (
            lambda header: header["rules"].update(description="Fast\x1b]0;owned\x07"),
            "record line 1: rules.description holds a control character (\\x1b): a record's texts are printable",
        ),
        (
            lambda header: header.update({"n\x1bote": 1}),
            "record line 1: a key holds a control character (\\x1b): a record's texts are printable",
        ),
    ],
    ids=["a name's right-to-left override", "an escape in the rules", "an escape in a key"],
)
def test_a_control_character_in_a_record_is_told_where_it_is(tmp_path: Path, change: Any, says: str) -> None:
    """Before: "record line 1: a text holds a control character (\\u202e)": which text of the line's, and what a
    text may hold, were not said."""
    header = json.loads(TEXT.splitlines()[0])
    change(header)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join([json.dumps(header), *TEXT.splitlines()[1:]]) + "\n", encoding="utf-8")
    line = one_line_or_none(path)
    assert line is not None and says in line, line


@pytest.mark.parametrize("version", ["true", "1.0"])
def test_a_record_version_that_is_not_a_whole_number_is_refused(tmp_path: Path, version: str) -> None:
    """Before: "version": true (or 1.0) read as version 1, as Python counts true equal to 1."""
    header = json.loads(TEXT.splitlines()[0])
    path = tmp_path / "game.jsonl"
    first = json.dumps(header).replace('"version": 1', f'"version": {version}')
    path.write_text("\n".join([first, *TEXT.splitlines()[1:]]) + "\n", encoding="utf-8")
    line = one_line_or_none(path)
    assert line is not None and f"record version {version.title() if version == 'true' else version}: " in line, line
    assert "this yaniv reads version 1" in line, line


@pytest.mark.parametrize(("value", "says"), [("true", "round: must be a whole number, got true/false"), ("7", "round")])
def test_the_first_deal_of_a_record_is_round_one(tmp_path: Path, value: str, says: str) -> None:
    """Before: the first deal's "round" was never read, so a record whose first deal said round 7, or true, replayed
    as if it said 1."""
    lines = TEXT.splitlines()
    assert '"round": 1,' in lines[1]
    lines[1] = lines[1].replace('"round": 1,', f'"round": {value},', 1)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = one_line_or_none(path)
    assert line is not None and "record line 2: " in line and says in line, line
