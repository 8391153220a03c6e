"""Start-up without garbage collection: `yaniv` pauses the cycle collector until the first screen is shown.

Importing Textual and building the first screen allocate some hundred thousand objects, and the
collector walks all of them again and again while they are made; none of them is garbage. So `yaniv`
pauses it from its first line, and once the first screen is on the terminal it moves everything made
so far out of the collector's sight (`gc.freeze`) and switches it back on: later collections, between
turns, then skip the start-up objects too.

What that costs: a frozen object is never collected. One that becomes garbage later is still freed by
reference counting, but not one held only by a reference cycle, as a widget and its parent hold each other:
the first screen's widgets, once that screen is closed (the setup screen when a game opens), stay in memory
until `yaniv` exits. The cost is bounded by what start-up made, once: about 84,000 objects, most of them
Textual's modules and the app, kept anyway. Nothing made after start-up is frozen (`resume` freezes once).
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """Switch the cycle collector off for start-up (does nothing if it was already off)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """After start-up: freeze what start-up made and switch the collector back on, if `pause` switched it off."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()


def paused() -> bool:
    return _paused
