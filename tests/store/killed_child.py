"""A yaniv as the kill tests run it (`test_killed_anywhere.py`), in a process of its own: each seed's game played by
plain bots and saved after every move, its end recorded in the history (created by the first), its save removed,
then the settings and a user's ruleset written again and its record exported; each step named on the output as it
starts (`ending`, `settings`, `ruleset`, `export`; `game <id>` once a game's first save is written)."""

from __future__ import annotations

import sys
from pathlib import Path

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import main as yaniv
from yaniv_tui.codec.record import GameRecord, after_action, start_record
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import History, remove_save, save_game, save_user_ruleset
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.settings import change_settings

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
THEMES = ("nord", "dracula", "gruvbox")
REPEATS = 2000


def game_id(seed: int) -> str:
    return f"killed{seed:06d}"


def new_game(seed: int) -> Game:
    return Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=seed)


def main(seeds: list[int], exports: Path) -> None:
    print("ready", flush=True)
    bot = MediumBot()
    for n, seed in enumerate(seeds):
        game = new_game(seed)
        meta = SaveMeta(SEATS, game_id=game_id(seed))
        record = start_record(game, SEATS)
        save_game(game, meta, record=record)
        print(f"game {meta.game_id}", flush=True)
        while not game.is_over:
            seat = game.current
            action = bot.choose(game.view(seat))
            game.apply(action)
            after_action(record, game, seat, action)
            save_game(game, meta, record=record)
        print(f"ending {meta.game_id}", flush=True)
        with History() as history:
            if history.record(game, meta, record):
                remove_save(meta.game_id)
        print("settings", flush=True)
        change_settings(theme=THEMES[n % len(THEMES)], bell=n % 2 == 0)
        print("ruleset", flush=True)
        save_user_ruleset("israeli" if n == 0 else "mine", {"slap_down": n % 2 == 0}, "mine")
        print("export", flush=True)
        yaniv(["export", meta.game_id, str(exports / f"{meta.game_id}.jsonl")])
    print("done", flush=True)


def finished_game(seed: int) -> tuple[Game, SaveMeta, GameRecord]:
    game = new_game(seed)
    record = start_record(game, SEATS)
    bot = MediumBot()
    while not game.is_over:
        seat = game.current
        action = bot.choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    return game, SaveMeta(SEATS, game_id=game_id(seed)), record


def repeat(step: str, folder: Path) -> None:
    """One step again and again (at most REPEATS times) until killed: a settings change, a user ruleset edited in
    place, a new history made (`folder/first<n>/`) with a game recorded, a record exported (`folder/<n>.jsonl`)."""
    game, meta, record = finished_game(1)
    if step == "export":
        with History() as history:
            assert history.record(game, meta, record)
    if step == "ruleset":
        save_user_ruleset("israeli", {"slap_down": True}, "mine")
    print("ready", flush=True)
    for n in range(REPEATS):
        if step == "settings":
            change_settings(theme=THEMES[n % len(THEMES)], bell=n % 2 == 0)
        elif step == "ruleset":
            save_user_ruleset("mine", {"slap_down": n % 2 == 0}, "mine")
        elif step == "history":
            with History(folder / f"first{n}" / "history.sqlite3") as history:
                history.record(game, meta, record)
        else:
            yaniv(["export", meta.game_id, str(folder / f"{n}.jsonl")])


if __name__ == "__main__":
    if sys.argv[1].isalpha():
        repeat(sys.argv[1], Path(sys.argv[2]))
    else:
        main([int(seed) for seed in sys.argv[1].split(",")], Path(sys.argv[2]))
