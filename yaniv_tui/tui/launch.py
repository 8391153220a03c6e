"""Open the game: the Textual app for the game or saved game the command line chose, and how it ended."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

# The least terminal the app draws in and the most it is given, for the command line (`yaniv serve`'s page sizes its
# font to the least; its servers give the app the size a page or an SSH client asks for, within both).
from .least_size import MAX_HEIGHT as MAX_HEIGHT
from .least_size import MAX_WIDTH as MAX_WIDTH
from .least_size import MIN_HEIGHT as MIN_HEIGHT
from .least_size import MIN_WIDTH as MIN_WIDTH
from .least_size import given_size as given_size

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord
    from yaniv_tui.store import Claimed
    from yaniv_tui.table.launch_options import LaunchOptions
    from yaniv_tui.table.options import GameOptions
    from yaniv_tui.table.remote import HostFactory, JoinRequest

#: An unexpected error stopped the app (Textual's own code for it, too).
EXIT_CRASH = 1
#: How the app's last line is shown once it has gone: on the terminal, or on a page (page_driver.py).
LAST_LINE = "yaniv: {}"


def run_app(
    options: GameOptions | None,
    launch: LaunchOptions,
    claimed: Claimed | None = None,
    *,
    hosting: HostFactory | None = None,
    joining: JoinRequest | None = None,
    replay: tuple[GameRecord, str] | None = None,
) -> int:
    """Run the app on this terminal until it quits; the exit status. A crash is reported in one line on stderr.

    `options` starts that game at once, `claimed` resumes that saved game (its session takes the lock), neither
    opens the setup screen (filled in from `launch`, which holds the run's own settings too); `hosting` opens each
    game's remote seats to other machines, `joining` sits at a table on another machine instead, `replay` shows
    only the replay of a finished game's record (and what names it).
    """
    # Textual is imported only now, so `yaniv rulesets` and a bad flag stay fast.
    from .app import YanivApp

    saved, lock = claimed or (None, None)
    app = YanivApp(options, launch, saved=saved, lock=lock, hosting=hosting, joining=joining, replay=replay)
    if sys.platform != "win32":  # a terminal hung up quits the app as ctrl+q does (terminal_driver.py)
        from .terminal_driver import in_a_terminal

        app.driver_class = in_a_terminal(app.driver_class, app)
    try:
        app.run()
    except Exception as error:  # one outside Textual's own handling (its start, its end): reported all the same
        app.crash_line = app.crash_line or app.report_crash(error)
    if app.exit_line is not None:
        print(LAST_LINE.format(app.exit_line), file=sys.stderr)
    if app.crash_line is not None:
        print(LAST_LINE.format(app.crash_line), file=sys.stderr)
        return app.return_code or EXIT_CRASH
    return app.return_code or 0
