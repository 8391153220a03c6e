"""Seat tokens kept by name: friends joining from one data folder (one machine, `yaniv serve`'s page) each keep
their own seat; a token kept from another table with the same code is forgotten, not a dead end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from netplay import LIMIT, eventually, new_game, started
from test_faults import joined_raw
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from yaniv_tui.engine import Seat, name_key
from yaniv_tui.net import JoinError, TableClient
from yaniv_tui.net import host as host_module
from yaniv_tui.net.protocol import SEAT_IN_USE, VERSION
from yaniv_tui.net.seat_tokens import SUFFIX, token_file
from yaniv_tui.store.paths import tokens_dir
from yaniv_tui.store.tables import read_token, token_path, write_token


async def test_two_friends_on_one_machine_keep_their_own_seats() -> None:
    seats = (Seat.remote(), Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        ann = await asyncio.wait_for(TableClient.join(address, host.code, name="Ann"), LIMIT)
        ben = await asyncio.wait_for(TableClient.join(address, host.code, name="Ben"), LIMIT)
        assert (ann.seat, ben.seat) == (0, 1) and ann.closed_reason is None
        await ann.close()
        again = await asyncio.wait_for(TableClient.join(address, host.code, name="Ann"), LIMIT)
        assert again.seat == 0 and ben.closed_reason is None
        await again.close()
        await ben.close()
    finally:
        await host.stop()


async def test_a_token_from_another_table_with_the_same_code_is_forgotten() -> None:
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        kept = token_file("127.0.0.1", host.port, host.code, "Ann")
        write_token(kept, "a-token-of-a-table-long-gone")
        ann = await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Ann"), LIMIT)
        assert ann.seat == 0
        assert read_token(kept) == host.tokens[0]
        await ann.close()
    finally:
        await host.stop()


async def test_a_name_already_at_the_table_is_refused() -> None:
    """ "Noa is to play" must say who: a joiner cannot take the name of another seat (the host's bot here). A table's
    bots take names of their own ("Dana", "Avi", "Noa", ...), and the README's SSH line joins as Noa: a friend named so
    was told "noa is already at this table", of nobody there. The line says the bot has the name."""
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        with pytest.raises(JoinError, match=r"^the medium bot at this table is called Noa: join with another name$"):
            await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", host.code, name="noa"), LIMIT)
        assert host.tokens == {}
    finally:
        await host.stop()


async def test_a_friend_the_host_named_a_seat_for_takes_that_seat_whichever_seat_is_free_first() -> None:
    """`--players remote,remote:Cat`: Cat, joining first as "cat", takes the seat named for her, and the other
    friend the first seat. Before, Cat was offered the first free seat and refused there ("Cat is already at this
    table: join with another name"), her own seat's name counted against her."""
    seats = (Seat.remote(), Seat.remote("Cat"), Seat.bot("medium", "Bea"))
    host = await started(new_game(seats), seats)
    try:
        cat = await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", host.code, name="cat"), LIMIT)
        assert cat.seat == 1
        ben = await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Ben"), LIMIT)
        assert ben.seat == 0
        assert host.names[:2] == ["Ben", "cat"]
        await cat.close()
        await ben.close()
    finally:
        await host.stop()


async def test_a_seat_whose_player_is_connected_is_refused_to_a_second_client_of_the_same_data_folder() -> None:
    """Two browser players of one `yaniv serve` share a data folder: the second, joining as "web" where "Web" plays,
    reads Web's kept token. It is refused in one line; Web keeps the seat; once Web is really gone, it rejoins."""
    seats = (Seat.bot("medium", "Dan"), Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        web = await asyncio.wait_for(TableClient.join(address, host.code, name="Web"), LIMIT)
        assert web.seat == 1
        with pytest.raises(JoinError) as refused:
            await asyncio.wait_for(TableClient.join(address, host.code, name="web"), LIMIT)
        assert str(refused.value) == SEAT_IN_USE and "\n" not in SEAT_IN_USE
        assert web.closed_reason is None and host.status(1) == "joined"
        host.publish(host.game)  # Web still gets the table: its connection was not touched
        await asyncio.wait_for(web.changed(), LIMIT)
        assert web.closed_reason is None
        await web.close()
        await eventually(lambda: host.status(1) == "away")
        again = await asyncio.wait_for(TableClient.join(address, host.code, name="web"), LIMIT)
        assert again.seat == 1 and again.token == web.token
        await again.close()
    finally:
        await host.stop()


async def test_a_connection_that_stops_answering_is_dropped_and_its_seat_taken_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A player whose network died without closing (no answer to pings) is soon away, so their rejoin works."""
    monkeypatch.setattr(host_module, "PING_EVERY", 0.2)
    monkeypatch.setattr(host_module, "PING_TIMEOUT", 0.2)
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        ws, welcome = await joined_raw(host)
        ws.transport.pause_reading()  # deaf from now on: the host's pings go unanswered
        await eventually(lambda: host.status(0) == "away")
        ws.transport.abort()
        write_token(tmp_path / "ann.token", welcome["token"])
        ann = await asyncio.wait_for(
            TableClient.join(f"127.0.0.1:{host.port}", host.code, token_file=tmp_path / "ann.token"), LIMIT
        )
        assert ann.seat == welcome["seat"] == 0
        await ann.close()
    finally:
        await host.stop()


class ImpostorTable:
    """A server on 127.0.0.1 that shows a real table's room code: it records every frame a client sends it, and
    answers a join as a host would whose seats it does not hold (a challenge it cannot answer rightly, else a
    refusal)."""

    def __init__(self) -> None:
        self.heard: list[str] = []
        self.port = 0
        self._server: Server | None = None

    async def start(self) -> None:
        self._server = await serve(self._serve, "127.0.0.1", 0, compression=None)
        self.port = int(next(iter(self._server.sockets)).getsockname()[1])

    async def _serve(self, ws: ServerConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in ws:
                text = raw if isinstance(raw, str) else raw.decode(errors="replace")
                self.heard.append(text)
                frame = json.loads(text)
                if frame.get("type") == "join" and frame.get("key"):
                    await ws.send(json.dumps({"v": VERSION, "type": "challenge", "nonce": "0" * 32, "proof": "0" * 64}))
                else:
                    await ws.send(
                        json.dumps({"v": VERSION, "type": "error", "message": "the table is full", "re": None})
                    )

    async def stop(self) -> None:
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()


async def test_a_seat_token_is_never_sent_to_another_server_showing_the_same_code_and_name() -> None:
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    impostor = ImpostorTable()
    await impostor.start()
    try:
        ann = await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Ann"), LIMIT)
        token = ann.token
        assert token is not None
        await ann.close()
        # The same code and name at another address: the token kept for the real table is not even looked at.
        with pytest.raises(JoinError):
            await asyncio.wait_for(TableClient.join(f"127.0.0.1:{impostor.port}", host.code, name="Ann"), LIMIT)
        assert impostor.heard and not any(token in frame for frame in impostor.heard)
        # A server at the very address the token was kept for (here: given that token file) must prove it holds the
        # token before anything more is sent: the impostor cannot, and is told nothing but the key and a nonce.
        impostor.heard.clear()
        kept = token_file("127.0.0.1", host.port, host.code, "Ann")
        with pytest.raises(JoinError, match="could not prove it is the table that gave you your seat"):
            await asyncio.wait_for(
                TableClient.join(f"127.0.0.1:{impostor.port}", host.code, name="Ann", token_file=kept), LIMIT
            )
        assert [json.loads(frame)["type"] for frame in impostor.heard] == ["join"]
        assert not any(token in frame for frame in impostor.heard)
        assert read_token(kept) == token  # kept: the real table may come back there
        # And the real table still takes its seat back with it.
        again = await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Ann"), LIMIT)
        assert again.seat == 0 and again.token == token
        await again.close()
    finally:
        await impostor.stop()
        await host.stop()


async def test_a_token_file_kept_by_an_older_yaniv_is_ignored() -> None:
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        old = token_file("127.0.0.1", host.port, host.code, "Ann").parent / f"{host.code}-ann.token"
        write_token(old, "a-token-kept-by-code-and-name-only")
        ann = await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Ann"), LIMIT)
        assert ann.seat == 0 and ann.token == host.tokens[0]
        await ann.close()
    finally:
        await host.stop()


async def test_two_friends_on_one_machine_with_hebrew_names_keep_their_own_seats() -> None:
    """The names' letters tell their token files apart: not one file for every name of four Hebrew letters."""
    seats = (Seat.remote(), Seat.remote(), Seat.bot("medium", "Avi"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        noa = await asyncio.wait_for(TableClient.join(address, host.code, name="נועה"), LIMIT)
        dalia = await asyncio.wait_for(TableClient.join(address, host.code, name="דליה"), LIMIT)
        assert (noa.seat, dalia.seat) == (0, 1) and noa.token != dalia.token
        await noa.close()
        await eventually(lambda: host.status(0) == "away")
        again = await asyncio.wait_for(TableClient.join(address, host.code, name="נועה"), LIMIT)
        assert again.seat == 0 and dalia.closed_reason is None
        await again.close()
        await dalia.close()
    finally:
        await host.stop()


async def test_a_stale_token_that_cannot_be_forgotten_still_joins_afresh_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kept token the host no longer knows, in a folder where it cannot be removed (read-only, another user's):
    the join goes on afresh, once, rather than offering the same stale token again and again (each a wrong try,
    slowed after ten, until the client's stack gave out)."""
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    kept = tmp_path / "ann.token"
    write_token(kept, "a-token-of-a-table-long-gone")
    real_unlink = Path.unlink

    def refuse(path: Path, missing_ok: bool = False) -> None:
        if path == kept:
            raise PermissionError(13, "Permission denied", str(path))
        real_unlink(path, missing_ok)

    monkeypatch.setattr(Path, "unlink", refuse)
    joins = 0
    real_serve = host._serve

    async def counted(ws: ServerConnection) -> None:
        nonlocal joins
        joins += 1
        await real_serve(ws)

    monkeypatch.setattr(host, "_serve", counted)
    await host.stop()
    await host.start()  # serving through `counted`
    try:
        ann = await asyncio.wait_for(
            TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Ann", token_file=kept), LIMIT
        )
        assert ann.seat == 0 and joins == 2
        await ann.close()
    finally:
        await host.stop()


@pytest.mark.parametrize(
    ("first", "second"),
    [("Zo\u00e9", "Zoe\u0301"), ("Zoe\u0301", "Zo\u00e9"), ("Ann", "Ａｎｎ"), ("ＡＮＮ", "ann")],
)
async def test_a_name_read_as_one_already_at_the_table_is_refused(first: str, second: str, tmp_path: Path) -> None:
    """Before: "Zoé" typed with the accent composed and "Zoé" typed decomposed, or "Ann" and "Ａｎｎ" in full-width
    letters, took two seats everyone reads as one name. A joiner's name is kept composed (NFC)."""
    seats = (Seat.remote(), Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        one = await asyncio.wait_for(
            TableClient.join(address, host.code, name=first, token_file=tmp_path / "one.token"), LIMIT
        )
        assert host.names[0] == unicodedata.normalize("NFC", first)
        with pytest.raises(JoinError, match="is already at this table: join with another name"):
            await asyncio.wait_for(
                TableClient.join(address, host.code, name=second, token_file=tmp_path / "two.token"), LIMIT
            )
        assert sorted(host.tokens) == [0] and host.status(1) == "waiting"
        await one.close()
    finally:
        await host.stop()


@pytest.mark.parametrize(("first", "again"), [("Zoe\u0301", "Zo\u00e9"), ("Ａｎｎ", "ann")])
async def test_a_rejoin_under_the_name_read_as_one_finds_its_seat(first: str, again: str) -> None:
    """The token is kept by the name as the table tells names apart: typed again with its accent composed the
    other way, or in other letters' width, the name finds its seat. Before, its token was looked for in another
    file, and the rejoin was refused as a name already at the table."""
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        one = await asyncio.wait_for(TableClient.join(address, host.code, name=first), LIMIT)
        await one.close()
        await eventually(lambda: host.status(0) == "away")
        back = await asyncio.wait_for(TableClient.join(address, host.code, name=again), LIMIT)
        assert back.seat == 0 and back.token == one.token
        await back.close()
    finally:
        await host.stop()


def kept_by_an_older_yaniv(host: str, port: int, code: str, name: str) -> Path:
    """Where a yaniv before the token files' digests kept a seat's token: every run of letters a file name does not
    take was one "_" (so "Ann Lee" was "ann_lee", and every name of Hebrew or Chinese letters alone was "_")."""
    joined = f"{host.lower()}-{port}-{code.upper()}-{name.strip().lower()}"
    return tokens_dir() / f"{re.sub(r'[^A-Za-z0-9._-]+', '_', joined)[:150]}.token"


def kept_by_the_last_yaniv(host: str, port: int, code: str, name: str) -> Path:
    """Where the yaniv before today's token files kept a seat's token: `store.tables.token_path`, by the name's key."""
    return token_path(host, port, code, name_key(name))


@pytest.mark.parametrize("older", [kept_by_an_older_yaniv, kept_by_the_last_yaniv])
@pytest.mark.parametrize("name", ["Ann Lee", "נועה", "李雷", "Zoe\u0301"])
async def test_a_token_kept_by_an_older_yaniv_for_a_name_a_file_name_does_not_take_rejoins_its_seat(
    name: str, older: Callable[[str, int, str, str], Path]
) -> None:
    """Before: after the upgrade that named such a file by a digest too, its player's `yaniv join` looked for the
    new name alone, found no token, and its seat (away, its token kept) could not be taken back: "NAME is already at
    this table". The older file is read, and moved to the new name once the host seats the player named so."""
    seats = (Seat.remote(), Seat.bot("medium", "Avi"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        first = await asyncio.wait_for(TableClient.join(address, host.code, name=name), LIMIT)
        await first.close()
        await eventually(lambda: host.status(0) == "away")
        new, old = (
            token_file("127.0.0.1", host.port, host.code, name),
            older("127.0.0.1", host.port, host.code, name),
        )
        assert new != old and read_token(new) == host.tokens[0]
        new.rename(old)  # as the older yaniv left it
        again = await asyncio.wait_for(TableClient.join(address, host.code, name=name), LIMIT)
        assert again.seat == 0 and again.token == host.tokens[0]
        assert read_token(new) == host.tokens[0] and not old.exists()
        await again.close()
    finally:
        await host.stop()


async def test_an_older_yanivs_token_file_shared_by_two_names_never_takes_the_other_ones_seat() -> None:
    """An older yaniv kept נועה's and דליה's tokens in one file (each name one "_"), the last to join's: נועה's
    join after the upgrade offers it, is seated at דליה's seat, sees the name is not hers and leaves it at once,
    before reading its view; she joins afresh (refused here: her seat is at the table, its token lost), and the
    file stays דליה's, whose own join then takes her seat back with it."""
    seats = (Seat.remote(), Seat.remote(), Seat.remote(), Seat.bot("medium", "Avi"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        noa = await asyncio.wait_for(TableClient.join(address, host.code, name="נועה"), LIMIT)
        dalia = await asyncio.wait_for(TableClient.join(address, host.code, name="דליה"), LIMIT)
        assert (noa.seat, dalia.seat) == (0, 1)
        await noa.close()
        await dalia.close()
        await eventually(lambda: host.status(0) == host.status(1) == "away")
        shared = kept_by_an_older_yaniv("127.0.0.1", host.port, host.code, "דליה")
        assert shared == kept_by_an_older_yaniv("127.0.0.1", host.port, host.code, "נועה")
        for name in ("נועה", "דליה"):
            token_file("127.0.0.1", host.port, host.code, name).unlink()
        write_token(shared, host.tokens[1])  # דליה joined last
        with pytest.raises(JoinError, match="נועה's seat is kept for the machine that took it"):
            await asyncio.wait_for(TableClient.join(address, host.code, name="נועה"), LIMIT)
        await eventually(lambda: host.status(1) == "away")
        assert read_token(shared) == host.tokens[1]
        assert read_token(token_file("127.0.0.1", host.port, host.code, "נועה")) is None
        again = await asyncio.wait_for(TableClient.join(address, host.code, name="דליה"), LIMIT)
        assert again.seat == 1 and not shared.exists()
        await again.close()
    finally:
        await host.stop()


@pytest.mark.parametrize(("older", "today"), [("Ann Lee", "ann_lee"), ("נועה", "_")])
async def test_an_older_yanivs_token_file_that_is_another_names_file_today_never_gives_that_name_its_seat(
    older: str, today: str
) -> None:
    """An older yaniv kept "Ann Lee"'s token in `...-ann_lee.token` (every Hebrew name's in `...-_.token`), the very
    file where the last yaniv kept the name "ann_lee"'s ("_"'s). Before: that name's join read it as its own, proved
    it and was seated, and played, at Ann Lee's seat. The host now refuses a token offered under another seat's name
    before any proof (ANOTHER_NAMES_SEAT), so the seat's hand is never sent; the joiner takes a free seat."""
    seats = (Seat.remote(), Seat.remote(), Seat.bot("medium", "Avi"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        first = await asyncio.wait_for(TableClient.join(address, host.code, name=older), LIMIT)
        await first.close()
        await eventually(lambda: host.status(0) == "away")
        shared = kept_by_an_older_yaniv("127.0.0.1", host.port, host.code, older)
        assert shared == token_path("127.0.0.1", host.port, host.code, today)
        token_file("127.0.0.1", host.port, host.code, older).rename(shared)  # as an older yaniv left it
        sent_to: list[int] = []
        host.sent = lambda seat, text: sent_to.append(seat)
        other = await asyncio.wait_for(TableClient.join(address, host.code, name=today), LIMIT)
        assert other.seat == 1 and other.token == host.tokens[1]
        assert 0 not in sent_to and host.status(0) == "away"
        assert host.names[0] == older
        await other.close()
    finally:
        await host.stop()


def files_kept_for(port: int) -> list[Path]:
    """The token files kept for the table on `port` at 127.0.0.1, whatever their names' scheme."""
    return sorted(p for p in tokens_dir().iterdir() if p.name.startswith(f"127.0.0.1-{port}-"))


@pytest.mark.parametrize(("older", "other"), [("Ann Lee", "ann_lee"), ("נועה", "_"), ("李雷", "_")])
async def test_a_name_whose_file_was_another_names_older_file_leaves_that_token_to_its_name(
    older: str, other: str
) -> None:
    """An older yaniv kept "Ann Lee"'s token in `...-ann_lee.token` (every Hebrew or Chinese name's in `...-_.token`),
    the very file where yaniv kept the name "ann_lee"'s ("_"'s) since. Before: that name's join, refused the token
    found there (another name's seat), joined afresh and wrote its own token over it; Ann Lee's own join then found
    ann_lee's token, and could not take her seat back ("Ann Lee is already at this table"). Each name now keeps its
    token in a file no other name's is (nor any file an older yaniv wrote), and finds its older file still."""
    seats = (Seat.remote(), Seat.remote(), Seat.bot("medium", "Avi"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        first = await asyncio.wait_for(TableClient.join(address, host.code, name=older), LIMIT)
        await first.close()
        await eventually(lambda: host.status(0) == "away")
        [kept] = files_kept_for(host.port)
        shared = kept_by_an_older_yaniv("127.0.0.1", host.port, host.code, older)
        kept.rename(shared)  # as the older yaniv left it
        second = await asyncio.wait_for(TableClient.join(address, host.code, name=other), LIMIT)
        assert second.seat == 1 and host.status(0) == "away"
        await second.close()
        await eventually(lambda: host.status(1) == "away")
        back = await asyncio.wait_for(TableClient.join(address, host.code, name=older), LIMIT)
        assert back.seat == 0 and back.token == host.tokens[0]
        await back.close()
        await eventually(lambda: host.status(0) == "away")
        again = await asyncio.wait_for(TableClient.join(address, host.code, name=other), LIMIT)
        assert again.seat == 1 and again.token == host.tokens[1]
        await again.close()
        assert len(files_kept_for(host.port)) == 2 and not shared.exists()
    finally:
        await host.stop()


@given(
    st.lists(st.text(min_size=1, max_size=40).filter(name_key), min_size=2, max_size=6, unique_by=name_key),
    st.text(max_size=200),
)
def test_names_the_table_tells_apart_never_share_a_token_file(names: list[str], host: str) -> None:
    """One file a name (and one for no name), at any address, a long one too; never a file an older yaniv wrote
    (theirs end ".token"), and never a name too long for a file system (255 bytes)."""
    files = [token_file(host, 8765, "K7QF", name) for name in [*names, None]]
    assert len(set(files)) == len(files)
    assert all(f.name.endswith(SUFFIX) and not f.name.endswith(".token") for f in files)
    assert all(len(f.name.encode()) < 200 for f in files)


@pytest.mark.parametrize("older", [kept_by_an_older_yaniv, kept_by_the_last_yaniv])
@pytest.mark.parametrize("full", [False, True])
async def test_a_stale_token_in_an_older_yanivs_file_is_offered_once(
    older: Callable[[str, int, str, str], Path], full: bool
) -> None:
    """A token an older yaniv kept that the host refuses as stale is worth nothing (to any name: the file is this
    table's address and code): it is removed as today's file's is, so no later join offers it again, even one whose
    join afresh is refused (the table full) and so writes no file of today."""
    seats = (Seat.remote("Ann"), Seat.remote("Ben"), Seat.bot("medium", "Avi"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        here = [(await joined_raw(host))[0] for _ in range(2 if full else 1)]
        kept = older("127.0.0.1", host.port, host.code, "Zed")
        write_token(kept, "a-token-of-a-table-long-gone")
        if full:
            with pytest.raises(JoinError, match="the table is full"):
                await asyncio.wait_for(TableClient.join(address, host.code, name="Zed"), LIMIT)
        else:
            zed = await asyncio.wait_for(TableClient.join(address, host.code, name="Zed"), LIMIT)
            assert zed.seat == 1 and read_token(token_file("127.0.0.1", host.port, host.code, "Zed")) == zed.token
            await zed.close()
        assert not kept.exists()
        for ws in here:
            await ws.close()
    finally:
        await host.stop()


async def test_two_pages_of_one_browser_joining_under_one_name_at_once_seat_one_and_keep_its_token() -> None:
    """Two pages of one browser (one tokens folder) join under one name at the same moment, neither with a token
    yet: one is seated, the other refused in one line, and the file keeps the seated one's token, not overwritten."""
    seats = (Seat.remote(), Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        got = await asyncio.gather(
            *(asyncio.wait_for(TableClient.join(address, host.code, name="Web"), LIMIT) for _ in range(2)),
            return_exceptions=True,
        )
        seated = [client for client in got if isinstance(client, TableClient)]
        refused = [str(error) for error in got if isinstance(error, JoinError)]
        assert len(seated) == 1 and len(refused) == 1, got
        assert refused[0] in (SEAT_IN_USE, "Web is already at this table: join with another name"), refused
        (web,) = seated
        assert web.seat is not None
        assert read_token(token_file("127.0.0.1", host.port, host.code, "Web")) == web.token == host.tokens[web.seat]
        assert len(host.tokens) == 1 and web.closed_reason is None
        await web.close()
    finally:
        await host.stop()
