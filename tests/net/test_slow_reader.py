"""A client that stops reading is dropped before what waits for it can hold much of the host's memory: the limit
is on the bytes waiting, not only on the frames (a late game's state is some 20 KB, so 256 of them were 5 MB for
each of up to 200 connections)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import cast

from websockets.asyncio.server import ServerConnection

from yaniv_tui.net.link import MAX_WAITING, Link


class Deaf:
    """A connection whose client never reads: a send never completes."""

    remote_address = ("127.0.0.1", 5000)
    request = SimpleNamespace(headers=SimpleNamespace(get_all=lambda name: []))

    def __init__(self) -> None:
        self.closed: tuple[int, str] | None = None

    async def send(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


async def test_a_client_that_stops_reading_is_dropped_once_a_mebibyte_waits_for_it() -> None:
    deaf = Deaf()
    link = Link(cast(ServerConnection, deaf))
    state = "x" * 20_000  # a late game's state frame, about its size
    for _ in range(60):  # 1.2 MB: far fewer frames than MAX_WAITING
        link.put(state)
    assert MAX_WAITING > 60
    assert link.closing, "1.2 MB waited for a client that does not read"
    link._writer.cancel()


async def test_a_client_that_reads_is_sent_every_frame() -> None:
    sent: list[str] = []

    class Reader(Deaf):
        async def send(self, text: str) -> None:
            sent.append(text)

    link = Link(cast(ServerConnection, Reader()))
    for n in range(200):
        link.put(f"{n:05d}" + "x" * 20_000)
        await asyncio.sleep(0)
    await asyncio.sleep(0.01)
    assert len(sent) == 200 and not link.closing
    link._writer.cancel()


async def test_a_client_that_stops_reading_small_frames_is_dropped_without_an_error_at_the_host() -> None:
    """The frame that found the queue full closed the link, and the closing's own goodbye found it full again:
    `put` raised RecursionError into the host's publishing, for every seat at the table."""
    deaf = Deaf()
    link = Link(cast(ServerConnection, deaf))
    for _ in range(MAX_WAITING + 10):
        link.put("{}")
    assert link.closing
    link._writer.cancel()
