"""Play over the network: a host holds the game and serves each remote seat its own view; clients join from afar.

    host = TableHost(game, seats, port=0)        # the one authority; `host.code`, `host.join_command()`
    await host.start()
    action = await host.action_for(seat)         # a remote seat's next legal action
    game.apply(action); host.publish(game)       # every connected seat gets its own view

    client = await TableClient.join("localhost:7777", "K7QF", name="Noa")
    await client.send(action)                    # ActionRefused if the host says no
    view = await client.changed()                # the host's next view of this seat (no game is kept here)

The messages are in `protocol`; a table with no screen is the table runner's (`table/headless.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yaniv_tui.engine.lazy import lazy_exports

if TYPE_CHECKING:
    from .client import ActionRefused, TableClient, TableClosed
    from .host import DEFAULT_PORT, TableHost
    from .joining import JoinError, parse_address
    from .protocol import VERSION, ProtocolError

#: Each name's module, imported when the name is first asked for: a table of one screen that needs the table
#: before a draw (before_draw.py) loads no network library (websockets) with it.
_HOME = {
    **dict.fromkeys(("ActionRefused", "TableClient", "TableClosed"), "client"),
    **dict.fromkeys(("JoinError", "parse_address"), "joining"),
    **dict.fromkeys(("DEFAULT_PORT", "TableHost"), "host"),
    **dict.fromkeys(("VERSION", "ProtocolError"), "protocol"),
}
__getattr__ = lazy_exports(__name__, _HOME, globals())

__all__ = [
    "DEFAULT_PORT",
    "VERSION",
    "ActionRefused",
    "JoinError",
    "ProtocolError",
    "TableClient",
    "TableClosed",
    "TableHost",
    "parse_address",
]
