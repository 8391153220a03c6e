"""The `yaniv` command: parse the arguments, then start the game, the simulator or a listing."""

from __future__ import annotations

import sys
from collections.abc import Sequence

EXIT_USAGE = 2


def _fail(message: str) -> int:
    print(f"yaniv: {message}", file=sys.stderr)
    return EXIT_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `yaniv` command; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] in (["rulesets"], ["stats"], ["saves"]):
        if len(args) > 1:
            return _fail(f"'yaniv {args[0]}' takes no arguments, got {' '.join(args[1:])}")
        from yaniv_tui import store

        if args[0] == "rulesets":
            return store.print_rulesets()
        if args[0] == "saves":
            return store.print_saves()  # records finished games the history missed first
        for line in store.record_pending():
            print(f"yaniv: {line}", file=sys.stderr)
        return store.print_stats()
    if args[:1] == ["sim"]:
        from yaniv_tui.sim import main as sim_main

        return sim_main(args[1:])
    from yaniv_tui.tui import gc_pause

    gc_pause.pause()  # until the first screen is shown: see gc_pause
    from yaniv_tui.tui.launch import main as play_main

    return play_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
