"""Fuzzing player names: any text given to --players seats printable names, or is refused in one line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from yaniv_tui.table.options import MAX_NAME, OptionsError, check_name, parse_players

#: Characters that make names interesting: controls (C0, DEL, C1), bidi and zero-width format characters,
#: separators, commas and colons (the --players syntax), brackets (rich markup), and ordinary letters.
AWKWARD = st.sampled_from(
    [
        *map(chr, range(0x20)),
        *("\x7f", "\x85", "\x9b", "\u200b", "\u200e", "\u202e", "\u2066", "\u2028", "\ufeff"),
        *(",", ":", "bot", "bot:", "easy", "[", "]", "/", " ", "\u00a0", "Ann", "é", "名", "🂡"),
    ]
)
NAMES_TEXT = st.lists(st.one_of(AWKWARD, st.text(max_size=4)), max_size=12).map("".join)


@settings(max_examples=300, deadline=None)
@given(NAMES_TEXT)
def test_any_players_text_seats_printable_names_or_is_one_line(text: str) -> None:
    try:
        seats = parse_players(text)
    except OptionsError as error:
        message = str(error)
        assert message and "\n" not in message and message.isprintable(), repr(message)
        return
    names = [seat.name for seat in seats]
    assert all(name.isprintable() and 0 < len(name) <= MAX_NAME for name in names), names
    assert all(name == " ".join(name.split()) for name in names)
    assert len({name.lower() for name in names}) == len(names)


@settings(max_examples=300, deadline=None)
@given(NAMES_TEXT)
def test_any_name_is_taken_printable_or_refused_in_one_line(text: str) -> None:
    try:
        name = check_name(text)
    except OptionsError as error:
        assert "\n" not in str(error) and str(error).isprintable()
        return
    assert name.isprintable() and name.strip() == name and len(name) <= MAX_NAME
