"""The record's door imports the replay (replaying.py) only when one is first asked for (`codec/record.py`'s
`__getattr__`), so its own functions that replay must import it too: a process that has not yet asked for `replay`
(a joined seat at its game's end reading its host's record, a long game's end cutting its record to the limit)
stopped on `NameError: name 'replay' is not defined`. In a process of its own, so no other test's import hides it."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import sys
    from yaniv_tui.bots import MediumBot
    from yaniv_tui.codec import record
    from yaniv_tui.engine import Game, Seat, load_ruleset

    assert "yaniv_tui.codec.replaying" not in sys.modules
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    kept = record.start_record(game, [Seat.person("Ann"), Seat.bot("medium", "Bea")])
    bot = MediumBot()
    while not game.is_over:
        seat = game.current
        action = bot.choose(game.view(seat))
        game.apply(action)
        record.after_action(kept, game, seat, action)
    text = record.record_text(kept)
    if sys.argv[1] == "read":
        _, replayed = record.read_record_text(text, "the host's record", finished=True)
        print(replayed.scores == game.scores)
    else:
        record.MAX_RECORD_BYTES = len(text.encode()) * 6 // 10
        print(record.within_limit(kept, game).partial)
    """
)


def run(step: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, step], capture_output=True, text=True, timeout=120, check=False
    )


def test_a_record_is_read_and_replayed_in_a_process_that_never_asked_for_the_replay() -> None:
    done = run("read")
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr


def test_a_record_is_cut_to_the_limit_in_a_process_that_never_asked_for_the_replay() -> None:
    done = run("cut")
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr
