"""A `yaniv serve` page remembers the table it last joined: its join screen's fields (address, code, name) are put
back after a reload or a return, from its browser's own config folder (where the page's settings are), so no other
browser ever sees them; a join that fails forgets nothing (the page's join screen says why), and a `yaniv join` in a
terminal remembers nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from yaniv_tui.cli.join import join_request
from yaniv_tui.cli.parser import parse
from yaniv_tui.cli.play import PAGE_ENV
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.net import TableHost
from yaniv_tui.store import paths
from yaniv_tui.store.settings import Settings, load_settings, save_settings
from yaniv_tui.table.remote import JoinRequest

#: Every network wait here is bounded by this many seconds.
LIMIT = 30.0


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.TOKENS_ENV, str(tmp_path / "tokens"))
    browser(tmp_path, monkeypatch, "ann")


def browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, who: str, *, page: bool = True) -> None:
    """Run as the page of browser `who` (its own config folder), or (`page` False) in a terminal."""
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / who / "config"))
    if page:
        monkeypatch.setenv(PAGE_ENV, "1")
    else:
        monkeypatch.delenv(PAGE_ENV, raising=False)


def opened(*argv: str) -> JoinRequest:
    """What the page's join screen is given as it opens (a page runs `yaniv join` with nothing more)."""
    return join_request(parse(["join", *argv]))


async def table() -> TableHost:
    seats = [Seat.remote(), Seat.bot("easy")]
    host = TableHost(Game.new(load_ruleset("israeli"), ["P0", "P1"], seed=1), seats, host="127.0.0.1", port=0)
    await host.start()
    return host


async def test_a_reload_puts_back_the_table_the_page_joined_and_no_other_browser_sees_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = opened()
    assert (first.address, first.code, first.name) == ("", "", "")
    host = await table()
    try:
        address = f"127.0.0.1:{host.port}"
        client = await asyncio.wait_for(first.joiner(address, host.code, "Ann"), LIMIT)
        await client.close()
    finally:
        await host.stop()
    again = opened()  # the page reloaded: a new process, the same browser
    assert (again.address, again.code, again.name, again.watch) == (address, host.code, "Ann", False)
    assert again.remembered and not first.remembered  # a table gone by then leaves the join screen open
    browser(tmp_path, monkeypatch, "bob")
    other = opened()
    assert (other.address, other.code, other.name) == ("", "", "")


async def test_a_join_that_fails_forgets_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table not there now (its host stopped, to be resumed with the same code) is tried again by the next page:
    the page's join screen says why and keeps the fields (tests/tui/test_network_table.py)."""
    save_settings(Settings(join_address="127.0.0.1:9", join_code="K7QF", join_name="Ann"))
    request = opened()
    assert (request.address, request.code, request.name) == ("127.0.0.1:9", "K7QF", "Ann")
    with pytest.raises(request.join_error):
        await asyncio.wait_for(request.joiner(request.address, request.code, "Ann"), LIMIT)
    again = opened()
    assert (again.address, again.code, again.name, again.remembered) == ("127.0.0.1:9", "K7QF", "Ann", True)


async def test_a_watching_page_is_put_back_watching(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host = await table()
    try:
        request = opened()
        assert request.watcher is not None
        client = await asyncio.wait_for(request.watcher(f"localhost:{host.port}", host.code), LIMIT)
        await client.close()
    finally:
        await host.stop()
    again = opened()
    assert (again.address, again.code, again.watch) == (f"localhost:{host.port}", host.code, True)


def test_what_the_command_line_gives_comes_before_what_was_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_settings(Settings(join_address="127.0.0.1:9", join_code="K7QF", join_name="Ann"))
    request = opened("10.0.0.2:7777")
    assert (request.address, request.code, request.name) == ("10.0.0.2:7777", "", "")


def test_a_terminals_yaniv_join_remembers_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    browser(tmp_path, monkeypatch, "terminal", page=False)
    save_settings(Settings(join_address="127.0.0.1:9", join_code="K7QF", join_name="Ann"))
    request = opened()
    assert (request.address, request.code, request.name) == ("", "", "")


def test_the_remembered_table_is_kept_beside_the_other_settings(tmp_path: Path) -> None:
    save_settings(Settings(theme="nord", join_address="h:1", join_code="AB12", join_name="Ann", join_watch=True))
    kept = load_settings()
    assert kept == Settings(theme="nord", join_address="h:1", join_code="AB12", join_name="Ann", join_watch=True)
    from dataclasses import replace

    save_settings(replace(kept, theme=None))  # the page's theme changed: the table stays
    assert load_settings().join_code == "AB12"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("join_address = 7", "join_address"),
        ('join_code = "K7 QF!"', "join_code"),
        ("join_watch = 1", "join_watch"),
        ('join_name = "\\u001b[31m"', "join_name"),
    ],
)
def test_a_remembered_table_that_is_not_one_is_a_damaged_file(tmp_path: Path, line: str, why: str) -> None:
    from yaniv_tui.store.settings import read_settings, settings_path

    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(line + "\n")
    settings, problem = read_settings()
    assert settings == Settings() and problem is not None and why in problem, problem


async def test_a_second_tab_refused_the_seat_its_first_tab_plays_keeps_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same browser's second tab rejoins the remembered seat, which its first tab plays: refused (the seat is in
    use), it forgets nothing, so the first tab's reload still goes back to the table. It forgot the code."""
    host = await table()
    try:
        address = f"127.0.0.1:{host.port}"
        first = await asyncio.wait_for(opened().joiner(address, host.code, "Ann"), LIMIT)
        second = opened()
        assert (second.address, second.code) == (address, host.code)
        with pytest.raises(second.join_error):
            await asyncio.wait_for(second.joiner(second.address, second.code, second.name), LIMIT)
        await first.close()
    finally:
        await host.stop()
    again = opened()
    assert (again.address, again.code, again.name) == (address, host.code, "Ann")


async def test_an_ssh_session_with_a_key_comes_back_to_its_table_with_the_code_filled_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An SSH session's `yaniv join` is given the table's address and the user's name, never the code. One whose key
    joined before (its own config folder) finds the code of the table it joined at that address filled in, so a
    dropped connection comes back with the same key without asking the host for the code again; a session with no
    key (throwaway folders) and a table at another address ask for it as before. Before, the code was always asked."""
    from yaniv_tui.cli.join import SSH_KEY_ENV

    browser(tmp_path, monkeypatch, "key-1", page=False)
    monkeypatch.setenv(SSH_KEY_ENV, "1")
    host = await table()
    try:
        address = f"localhost:{host.port}"
        first = opened(address, "--name", "Ben")
        assert (first.address, first.code, first.name) == (address, "", "Ben")
        client = await asyncio.wait_for(first.joiner(address, host.code, "Ben"), LIMIT)
        await client.close()
    finally:
        await host.stop()
    again = opened(address, "--name", "Ben")  # the connection dropped: the same key, a new session
    assert (again.address, again.code, again.name, again.remembered) == (address, host.code, "Ben", True)
    elsewhere = opened("localhost:9", "--name", "Ben")
    assert (elsewhere.code, elsewhere.remembered) == ("", False)
    monkeypatch.delenv(SSH_KEY_ENV)  # a terminal's `yaniv join`, or a session with no key, remembers nothing
    assert opened(address, "--name", "Ben").code == ""
