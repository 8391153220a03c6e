"""Open the game: the Textual app for the game or saved game the command line chose, and how it ended."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from yaniv_tui.store import SavedGame
    from yaniv_tui.table.options import GameOptions
    from yaniv_tui.table.remote import HostFactory, JoinRequest

#: An unexpected error stopped the app (Textual's own code for it, too).
EXIT_CRASH = 1


def run_app(
    options: GameOptions | None,
    prefill: dict[str, object],
    saved: SavedGame | None = None,
    *,
    hosting: HostFactory | None = None,
    joining: JoinRequest | None = None,
) -> int:
    """Run the app on this terminal until it quits; the exit status. A crash is reported in one line on stderr.

    `options` starts that game at once, `saved` resumes that game, neither opens the setup screen; `hosting`
    opens each game's remote seats to other machines, `joining` sits at a table on another machine instead.
    """
    # Textual is imported only now, so `yaniv rulesets` and a bad flag stay fast.
    from .app import YanivApp

    app = YanivApp(options, prefill, saved=saved, hosting=hosting, joining=joining)
    try:
        app.run()
    except Exception as error:  # one outside Textual's own handling (its start, its end): reported all the same
        app.crash_line = app.crash_line or app.report_crash(error)
    if app.exit_line is not None:
        print(f"yaniv: {app.exit_line}", file=sys.stderr)
    if app.crash_line is not None:
        print(f"yaniv: {app.crash_line}", file=sys.stderr)
        return app.return_code or EXIT_CRASH
    return app.return_code or 0
