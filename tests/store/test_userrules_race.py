"""Two house-rules editors (two terminals) saving a new ruleset under one id at the same moment: one is written, the
other is refused in one line as a file already there is, and the file holds the first's rules whole. Before, each
looked for the file before either wrote it, both wrote, and the second's replaced the first's without a word (here,
in most trials), though writing over another user file is refused."""

from __future__ import annotations

from multiprocessing.synchronize import Barrier
from pathlib import Path

from yaniv_tui.engine import RulesetError, load_ruleset_file
from yaniv_tui.store.userrules import save_user_ruleset

from .helpers import in_two

TRIALS = 6


def save_mine(which: int, barrier: Barrier, folder: Path) -> str | None:
    """Editor `which` saves a new ruleset "mine", named for it, once both are ready: the refusal told, or None."""
    barrier.wait(timeout=30)
    try:
        save_user_ruleset("israeli", {"name": f"Mine {which}"}, "mine", folder=folder)
    except RulesetError as error:
        return str(error)
    return None


def test_two_new_rulesets_saved_under_one_id_at_once_keep_one_and_tell_the_other(tmp_path: Path) -> None:
    for trial in range(TRIALS):
        folder = tmp_path / str(trial)
        got = dict(enumerate(in_two(save_mine, folder)))
        written = [which for which, error in got.items() if error is None]
        refused = [error for error in got.values() if error is not None]
        assert len(written) == 1, (trial, got)
        assert len(refused) == 1 and "already exists" in refused[0] and "\n" not in refused[0], (trial, got)
        assert load_ruleset_file(folder / "mine.toml", "mine").name == f"Mine {written[0]}"
        assert [p.name for p in folder.iterdir()] == ["mine.toml"]


ROUNDS = 10


def edit_mine(which: int, barrier: Barrier, folder: Path) -> int:
    """One editor changes the name again and again, the other the slap-down rule, of one user ruleset in place."""
    barrier.wait(timeout=30)
    for n in range(ROUNDS):
        change = {"name": f"Mine {n}"} if which == 0 else {"slap_down": n % 2 == 1}
        save_user_ruleset("mine", change, "mine", folder=folder)
    return which


def test_two_editors_changing_one_ruleset_in_place_at_once_keep_both_changes(tmp_path: Path) -> None:
    for trial in range(3):
        folder = tmp_path / str(trial)
        save_user_ruleset("israeli", {"end_limit": 150, "end_limit_choices": (150, 200)}, "mine", folder=folder)
        assert in_two(edit_mine, folder) == [0, 1]
        rules = load_ruleset_file(folder / "mine.toml", "mine")
        assert (rules.name, rules.slap_down, rules.end_limit) == (f"Mine {ROUNDS - 1}", True, 150), trial
