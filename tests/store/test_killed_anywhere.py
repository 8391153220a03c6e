"""A yaniv killed (SIGKILL) at seeded random moments while it saves a game after every move, ends it (the history
created by the first game's end, the game recorded, its save removed), changes the settings, writes a user's ruleset
(as the house rules editor does: `save_user_ruleset`) and exports a record (`killed_child.py`). After each kill the
next start finds every game it began either saved as it was at one of its moves, or finished and in the history with
its record; no file cut short under its own name; and the hidden temporary files a killed write left cleared once
they are old enough to be no write of now."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playing import snapshot

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import main as yaniv
from yaniv_tui.codec.record import read_record_file, replay
from yaniv_tui.engine import load_ruleset_file
from yaniv_tui.store import History, read_save, record_pending, scan_saves
from yaniv_tui.store.paths import written_folders
from yaniv_tui.store.settings import read_settings, settings_path

from . import killed_child

pytestmark = pytest.mark.slow

#: The games each killed process plays (the first one's end creates the history).
SEEDS = (11, 12)
#: Where each trial's kill falls: that many seconds after the child names a step of a game (the first or the second),
#: in turn; a save is any moment of a game, the other steps take a few milliseconds each.
KILLS = (("game", 0.3), ("ending", 0.03), ("settings", 0.02), ("ruleset", 0.02), ("export", 0.05))
TRIALS = 15
#: The children killed at once: a child spends its time saving, so a few at once keep both cores of a small machine
#: busy, and each is still killed at its own moment.
AT_ONCE = 4


def moments(seed: int) -> list[dict[str, object]]:
    """Every state the seed's game is in after each of its moves, as the child plays it."""
    game, bot = killed_child.new_game(seed), MediumBot()
    states = [snapshot(game)]
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current)))
        states.append(snapshot(game))
    return states


def start_child(folder: Path, *args: str) -> subprocess.Popen[str]:
    """`killed_child.py` started with `args` on the data and config folders of `folder`, its output read by line."""
    env = {
        **os.environ,
        "YANIV_DATA_DIR": str(folder / "data"),
        "YANIV_CONFIG_DIR": str(folder / "config"),
        "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.Popen(
        [sys.executable, str(Path(killed_child.__file__)), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def run_and_kill(folder: Path, step: str, nth: int, after: float) -> list[str]:
    """The child started on fresh folders and killed `after` seconds after it names `step` the `nth` time (from 0), or
    once it is done: the games it began."""
    child = start_child(folder, ",".join(map(str, SEEDS)), str(folder / "exports"))
    assert child.stdout is not None
    try:
        said: list[str] = []
        while line := child.stdout.readline():  # bounded: the child ends by itself in a few seconds
            said.append(line.strip())
            if [each.split()[0] for each in said].count(step) > nth:
                break
        time.sleep(after)
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=30)
        out = "\n".join([*said, out])
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=30)
    return [line.split()[1] for line in out.splitlines() if line.startswith("game ")]


def age_temporaries(folders: list[Path]) -> list[Path]:
    """The hidden temporary files in `folders`, each made two minutes old: a killed write's, not one of now."""
    found = [temp for folder in folders if folder.is_dir() for temp in folder.glob(".*.tmp")]
    for temp in found:
        old = time.time() - 120
        os.utime(temp, (old, old))
    return found


def test_a_kill_at_any_moment_loses_no_game_and_cuts_no_file_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = {seed: moments(seed) for seed in SEEDS}
    chance = random.Random(13)
    kills = []
    for trial in range(TRIALS):
        (tmp_path / f"trial{trial}" / "exports").mkdir(parents=True)
        step, most = KILLS[trial % len(KILLS)]
        kills.append((tmp_path / f"trial{trial}", step, chance.randrange(len(SEEDS)), chance.uniform(0.0, most)))
    # The trials' children run a few at once, each on its own folders (most of this test's time is theirs); what
    # each left is then read one trial after the other.
    with ThreadPoolExecutor(AT_ONCE) as pool:
        begun = list(pool.map(lambda kill: run_and_kill(*kill), kills))
    for trial, began in enumerate(begun):
        folder = tmp_path / f"trial{trial}"
        monkeypatch.setenv("YANIV_DATA_DIR", str(folder / "data"))
        monkeypatch.setenv("YANIV_CONFIG_DIR", str(folder / "config"))
        where = f"trial {trial}"

        # No file cut short under its own name: each reads whole.
        if settings_path().exists():
            assert read_settings()[1] is None, where
        mine = folder / "config" / "rulesets" / "mine.toml"
        if mine.exists():
            load_ruleset_file(mine, "mine")
        for exported in (folder / "exports").glob("*.jsonl"):
            replay(read_record_file(exported), finished=True)
        saved = {path.stem: read_save(path) for path in (folder / "data" / "saves").glob("*.json")}

        # The next start: the finished games its saves still hold recorded, no damage met.
        lines = record_pending()
        assert not any("damaged" in line or "waits" in line for line in lines), (where, lines)
        with History() as history:
            assert history.notice is None and history.problem is None, where
            for game_id in began:
                seed = int(game_id.removeprefix("killed"))
                kept = saved.get(game_id)
                if kept is not None and not kept.game.is_over:  # in progress: as it was at one of its moves
                    assert snapshot(kept.game) in states[seed], (where, game_id)
                    assert kept.record is not None and kept.record.rounds == len(kept.game.history)
                    continue
                found = history.find_record(game_id)  # finished: in the history, with its record
                ended = replay(history.finished_record(found, "export"), finished=True)
                assert (ended.scores, ended.history) == (states[seed][-1]["scores"], states[seed][-1]["history"])
        assert not list((folder / "data" / "saves").glob("*.json")) or all(
            not read_save(path).game.is_over for path in (folder / "data" / "saves").glob("*.json")
        ), where

        # The hidden temporary files a kill left: cleared at the next start, and an export's at the next export.
        left = age_temporaries([*written_folders(), folder / "exports"])
        scan_saves()
        for temp in left:
            if temp.parent == folder / "exports":
                name = temp.name[1 : -len(".12345678.tmp")]
                yaniv(["export", name.removesuffix(".jsonl"), str(folder / "exports" / name)])
        assert not [temp for temp in left if temp.exists()], where


#: The steps a child repeats until killed, each a few milliseconds: a kill falls inside one nearly every time.
REPEATED = ("settings", "ruleset", "history", "export")


def repeat_and_kill(step: str, folder: Path, after: float) -> str:
    """The child started on fresh folders repeating `step`, killed `after` seconds after it says it is ready: what it
    said first."""
    child = start_child(folder, step, str(folder / "out"))
    assert child.stdout is not None
    try:
        ready = child.stdout.readline().strip()
        if ready == "ready":
            time.sleep(after)
    finally:
        child.kill()
        child.communicate(timeout=30)
    return ready


@pytest.mark.parametrize("step", REPEATED)
def test_a_kill_while_a_step_is_done_again_and_again_cuts_no_file_short(
    step: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chance = random.Random(REPEATED.index(step))
    kills = []
    for trial in range(4):
        (tmp_path / f"trial{trial}" / "out").mkdir(parents=True)
        kills.append((tmp_path / f"trial{trial}", chance.uniform(0.05, 0.4)))
    with ThreadPoolExecutor(AT_ONCE) as pool:
        readied = list(pool.map(lambda kill: repeat_and_kill(step, *kill), kills))
    for trial, ready in enumerate(readied):
        assert ready == "ready", trial
        folder = tmp_path / f"trial{trial}"
        monkeypatch.setenv("YANIV_DATA_DIR", str(folder / "data"))
        monkeypatch.setenv("YANIV_CONFIG_DIR", str(folder / "config"))
        settings, problem = read_settings()
        assert problem is None and settings.theme in (None, *killed_child.THEMES), trial
        if step == "ruleset":
            load_ruleset_file(folder / "config" / "rulesets" / "mine.toml", "mine")
        for made in (folder / "out").glob("first*/history.sqlite3"):
            with History(made) as history:
                assert history.games_played() in (0, 1) and (history.notice, history.problem) == (None, None)
        for exported in (folder / "out").glob("*.jsonl"):
            replay(read_record_file(exported), finished=True)
        left = age_temporaries([*written_folders(), folder / "out"])
        scan_saves()
        assert not [temp for temp in left if temp.exists() and temp.parent != folder / "out"], trial
