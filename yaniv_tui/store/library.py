"""The saved games together: listed newest first, found by an id prefix, and finished ones recorded.

listing = scan_saves()          # games in progress, finished ones waiting for the history, problems
saved = find_save(listing, "3f2a")   # SaveError (one line): unknown, ambiguous or finished
for line in record_pending():   # at each start: finished games the history missed, recorded now
    print(line)
claimed = claim_newest([g.game_id for g in listing.games])  # None: every one open in another yaniv
delete_game(saved.game_id)      # the player's choice, under its lock; SaveError (one line) when it cannot be
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from yaniv_tui.engine.names import quoted

from .files import clear_stale_temps, move_aside, private_folder
from .locks import CLAIM_WAIT, GameLock, GameOpenElsewhere, is_open_elsewhere, lock_game, pause_a_step, take_lock
from .paths import in_the_way, legacy_save_path, lock_path, save_path, saves_dir, written_folders
from .saves import GAME_ID, SavedGame, SaveError, load_save, read_save

if TYPE_CHECKING:
    from .history import History

#: The fewest characters of an id shown; more when needed to tell two games apart.
SHORT_ID = 6


@dataclass(frozen=True, slots=True)
class Listing:
    """What the saves folder holds."""

    games: tuple[SavedGame, ...]  # in progress, newest first
    pending: tuple[SavedGame, ...]  # finished, kept until the history holds them
    problems: tuple[str, ...]  # one line each: a damaged save moved aside

    @property
    def newest(self) -> SavedGame | None:
        return self.games[0] if self.games else None


class Claimed(NamedTuple):
    """A saved game claimed by this process (`claim_game`): the save as read once the game was locked, and that
    lock, which whoever plays the game takes over and releases (where no lock can be made, one never held, played
    unlocked, whose `unprotected` is the line to say: `locks.unlocked`)."""

    saved: SavedGame
    lock: GameLock | None


def _adopt_legacy(problems: list[str]) -> None:
    """Move the single save of an older yaniv-tui into the saves folder, under its game's id."""
    old = legacy_save_path()
    if not os.path.lexists(old):
        return
    try:
        saved = load_save(old)
    except SaveError as error:
        problems.append(str(error))
        return
    if saved is None:
        return
    target = save_path(saved.game_id)
    with contextlib.suppress(FileNotFoundError):  # another process may have moved it a moment ago
        if os.path.lexists(target):  # already moved once: keep this copy too, beside it
            aside = move_aside(old)
            problems.append(f"an older copy of the saved game {saved.game_id[:8]} was moved to {aside}")
            return
        private_folder(target.parent)
        os.replace(old, target)


def _newest_first(saved: SavedGame) -> tuple[str, int]:
    try:
        stamp = saved.path.stat().st_mtime_ns
    except OSError:
        stamp = 0
    return (saved.saved_at, stamp)


def scan_saves() -> Listing:
    """Every save in the saves folder (an older single save is moved in first). Damaged saves are moved
    aside, never deleted, each told in one line; finished games are kept apart as pending."""
    problems: list[str] = []
    with contextlib.suppress(OSError):
        _adopt_legacy(problems)
    folder = saves_dir()
    blocker = in_the_way(folder)
    if blocker is not None:  # no game can be saved there, so none is: say why rather than list nothing
        problems.append(f"the saves folder {folder} cannot be made: {blocker} is not a folder")
    clear_stale_temps(written_folders())  # a killed write's hidden files, wherever yaniv writes so
    games: list[SavedGame] = []
    pending: list[SavedGame] = []
    try:
        paths = sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
    except OSError:
        paths = []
    for path in paths:
        try:
            saved = _read_named(path)
        except SaveError as error:
            problems.append(str(error))
            continue
        if saved is not None:
            (pending if saved.pending else games).append(saved)
            if saved.record_damage is not None:  # the game goes on: said once, as the moved saves are
                problems.append(saved.record_damage)
    games.sort(key=_newest_first, reverse=True)
    pending.sort(key=_newest_first)
    return Listing(tuple(games), tuple(pending), tuple(problems))


def _read_named(path: Path) -> SavedGame | None:
    """A save whose file is named by its game's id; anything else is moved aside (SaveError). The save of a
    game open in another process is that process's: it is only told, never moved."""
    try:
        saved = read_save(path)
    except SaveError as error:
        if not os.path.lexists(path):
            return None  # deleted or finished in another yaniv since the folder was listed: gone, nothing to tell
        if is_open_elsewhere(path.stem):
            raise SaveError(f"the saved game {path.name} cannot be read ({error}); another yaniv has it open") from None
        try:
            return load_save(path)  # moves it aside, and raises its one line
        finally:
            _let_lock_go(path.stem)
    if saved.game_id != path.stem:
        wrong = f"holds the game {saved.game_id[:20]}, not {path.stem[:20]}"
        try:
            aside = move_aside(path)
        except OSError:
            raise SaveError(f"the saved game {path.name} {wrong}") from None
        raise SaveError(f"the saved game {path.name} {wrong}; it was moved to {aside}", aside)
    if saved.record_damage is not None:
        return _without_its_record(saved)
    return saved


def _without_its_record(saved: SavedGame) -> SavedGame | None:
    """A sound game whose save's record is damaged, read again under its lock: a copy of the save kept aside and the
    save written without its record (`load_save`), its `record_damage` the line to say. A game another yaniv has open
    is that yaniv's: left as it is (its next save holds the record it started again)."""
    try:
        lock: GameLock | None = lock_game(saved.game_id)
    except GameOpenElsewhere:
        saved.record_damage = None
        return saved
    except OSError:
        lock = None
    try:
        return load_save(saved.path)
    finally:
        if lock is not None:
            lock.release(remove=True)  # as the listing found it: no lock file left for a game nobody plays


def _let_lock_go(game_id: str) -> None:
    """Remove the lock file of a game whose save was moved aside, unless someone holds it."""
    if not GAME_ID.fullmatch(game_id) or not lock_path(game_id).exists():
        return
    with contextlib.suppress(SaveError, OSError):
        lock_game(game_id).release(remove=True)


def short_ids(ids: Sequence[str]) -> dict[str, str]:
    """Each id cut to the fewest characters (at least SHORT_ID) that no other id starts with."""
    shown: dict[str, str] = {}
    for game_id in ids:
        others = [other for other in ids if other != game_id]
        size = min(len(game_id), SHORT_ID)
        while size < len(game_id) and any(other.startswith(game_id[:size]) for other in others):
            size += 1
        shown[game_id] = game_id[:size]
    return shown


def find_save(listing: Listing, prefix: str | None) -> SavedGame:
    """The game in progress whose id starts with `prefix` (None: the newest); SaveError in one line otherwise."""
    if prefix is not None and not GAME_ID.fullmatch(prefix):
        raise SaveError(f"{quoted(prefix)} is not a game id: ids are letters and digits (see 'yaniv saves')")
    if not listing.games and not listing.pending:
        _say_damaged(prefix)
        raise SaveError(f"there is no saved game to resume (none in {saves_dir()}); start one with 'yaniv'")
    if prefix is None:
        if listing.newest is None:
            raise SaveError("there is no game in progress to resume; start one with 'yaniv'")
        return listing.newest
    found = [s for s in listing.games if s.game_id.startswith(prefix)]
    if len(found) == 1:
        return found[0]
    shown = short_ids([s.game_id for s in listing.games])
    if found:
        names = ", ".join(sorted(shown[s.game_id] for s in found))
        raise SaveError(f"{prefix!r} matches {len(found)} saved games ({names}): give more of the id")
    if any(s.game_id.startswith(prefix) for s in listing.pending):
        raise SaveError(f"the game {prefix} is finished: it is recorded in the history, not resumed")
    _say_damaged(prefix)
    allowed = ", ".join(sorted(shown.values())) or "none in progress"
    raise SaveError(
        f"no saved game has an id starting with {prefix!r}; the saved games are: {allowed} (see 'yaniv saves')"
    )


def _say_damaged(prefix: str | None) -> None:
    """SaveError saying a game of `prefix` (None: any) is no save but a damaged one's copy, where that is kept: what a
    later `--resume` meets once the first moved the save aside (told then, `scan_saves`), never "no saved game" as if
    there had been none."""
    try:
        copies = sorted(saves_dir().glob(f"{prefix or ''}*.json.damaged-*"), key=_aside_at, reverse=True)
    except OSError:
        return
    if copies:
        game = copies[0].name.partition(".json.damaged-")[0][:SHORT_ID]
        more = f" (and {len(copies) - 1} more damaged copies beside it)" if len(copies) > 1 else ""
        raise SaveError(
            f"the saved game {game} was damaged and cannot be resumed: it is kept as {copies[0]}{more}, for you to "
            "look at; start a new game with 'yaniv'"
        )


def _aside_at(copy: Path) -> tuple[str, int]:
    """When a damaged copy was moved aside (files.move_aside_name: its time, then its number that second)."""
    stamp, _, n = copy.name.partition(".damaged-")[2].partition("-")
    return stamp, int(n) if n.isdigit() else 0


#: What `yaniv --resume` and Continue say when every game saved is a table they cannot play (`resumable`).
ONLY_TABLES = "every saved game has a remote seat: 'yaniv host --resume' opens the newest table"


def resumable(games: Iterable[SavedGame], *, hosted: bool = False) -> list[SavedGame]:
    """The games (newest first) `yaniv --resume` and Continue may go back to: under `yaniv host` (`hosted`) its tables
    alone (a game with a seat played from another machine: `SavedGame.is_table`; one of a single screen is no table
    anyone could join), else every other game (a table is `yaniv host`'s: `claim_game` refuses it)."""
    return [saved for saved in games if saved.is_table == hosted]


def claim_game(game_id: str, *, hosted: bool = False, wait: float = CLAIM_WAIT) -> Claimed:
    """Lock the game to this process and read its save afresh, ready to play: the save and its lock side by side;
    SaveError in one line otherwise.

    Read again once locked: a listing is a moment's picture, and another yaniv may have played the game
    on, finished it or deleted it since (resuming the listed copy would undo its moves). GameOpenElsewhere
    (a SaveError) when another yaniv has it now, once the claim has waited a moment (`CLAIM_WAIT`: a delete holds the
    lock that long; `wait`: another time, `claim_newest` waiting once for several); a game deleted or finished meanwhile
    is a SaveError saying it is gone (GameGone), never that it is open there. Where no lock can be made at all (its
    file cannot be opened: one a `sudo yaniv` left), the game is played unlocked, and its lock's `unprotected` says so.
    A game with seats played from other machines is refused unless it is `hosted` (by `yaniv host`).
    """
    try:
        # A delete in another yaniv holds the lock a moment: waited out, and told as the game gone.
        lock: GameLock | None = take_lock(game_id, wait)  # None: no lock can be made here, played on, told so
    except GameOpenElsewhere:
        if not os.path.lexists(save_path(game_id)):
            raise _gone(game_id) from None  # its delete had not let go of the lock yet
        raise
    try:
        fresh = load_save(save_path(game_id))
        if fresh is None:
            if lock is not None:
                lock.release(remove=True)  # no lock file left for a game that is no more
            raise _gone(game_id)
        if fresh.pending:
            raise GameGone(f"the game {game_id[:8]} was finished in another yaniv: it goes to the history")
        if fresh.is_table and not hosted:
            raise SaveError(
                f"the game {game_id[:8]} has a seat played from another machine: 'yaniv host --resume {game_id[:8]}' "
                "opens its table again"
            )
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    return Claimed(fresh, lock)


def claim_newest(game_ids: Sequence[str], *, hosted: bool = False) -> Claimed | None:
    """The first of `game_ids` (newest first) that no other yaniv has open, claimed as `claim_game` claims one; None
    when every one still saved is open in another yaniv. A game gone meanwhile (deleted, or finished in another yaniv)
    is passed over without a word; GameGone (one line of them all) only when every one is gone. Those open elsewhere
    are waited for `CLAIM_WAIT` (a delete in another yaniv holds a lock that long) once in all, each tried again at
    every step, not that long for each game. SaveError (one line) as `claim_game` says, for any other reason a game
    met cannot be claimed."""
    waited = 0.0
    left = list(game_ids)
    while True:
        for game_id in list(left):
            try:
                return claim_game(game_id, hosted=hosted, wait=0.0)
            except GameOpenElsewhere:
                continue
            except GameGone:
                left.remove(game_id)
        if game_ids and not left:
            raise _all_gone(len(game_ids))
        if not left or waited >= CLAIM_WAIT:
            return None
        waited += pause_a_step()


class GameGone(SaveError):
    """A game claimed or deleted that has no save any more (finished or deleted in another yaniv); one line."""


def _gone(game_id: str) -> GameGone:
    """A game claimed or deleted that has no save any more: the one line saying so."""
    return GameGone(f"the game {game_id[:8]} is no longer saved: it was finished or deleted in another yaniv")


def _all_gone(count: int) -> GameGone:
    """Every game `claim_newest` was given gone meanwhile: the one line saying so, of them all."""
    went = "the saved game was" if count == 1 else f"the {count} saved games were"
    return GameGone(f"no saved game is left to resume: {went} finished or deleted in another yaniv")


def delete_game(game_id: str) -> None:
    """Delete a game's save, as its player chose: under the game's lock, so no other yaniv plays it meanwhile, its
    lock file removed with it. One line otherwise, the save left as it was: GameOpenElsewhere when another yaniv has
    it open, GameGone when it is no longer saved (finished or deleted in another yaniv, or being deleted there now),
    a SaveError naming what the system refused (the lock file or the save that could not be opened or removed)."""
    try:
        lock = lock_game(game_id)
    except GameOpenElsewhere:
        if not os.path.lexists(save_path(game_id)):
            raise _gone(game_id) from None  # another yaniv's delete had not let go of the lock yet
        raise
    except OSError as error:
        raise SaveError(str(error.strerror or error)) from None
    try:
        save_path(game_id).unlink()
    except FileNotFoundError:
        lock.release(remove=True)  # no lock file left for a game that is no more
        raise _gone(game_id) from None
    except OSError as error:
        lock.release()
        raise SaveError(str(error.strerror or error)) from None
    lock.release(remove=True)


# -- finished games the history missed ---------------------------------------------------


def record_pending(history: History | None = None, *, timeout: float = 0.5) -> list[str]:
    """Record in the history every finished game still saved (its save is removed once it is in);
    one line for each, and for each damaged save met. A game locked by another process is left to it."""
    from .history import History

    listing = scan_saves()
    lines = list(listing.problems)
    if not listing.pending:
        return lines
    own = history is None
    db = history if history is not None else History(timeout=timeout)
    try:
        for saved in listing.pending:
            line = _record_one(db, saved)
            if line:
                lines.append(line)
        if db.notice:
            lines.append(db.notice)
    finally:
        if own:
            db.close()
    return lines


def _record_one(history: History, saved: SavedGame) -> str | None:
    try:
        lock = lock_game(saved.game_id)
    except GameOpenElsewhere:
        return None  # its own process is recording it now
    except OSError:
        lock = None
    try:
        what = f"{saved.describe()} · {saved.when}"
        if not history.record(saved.game, saved.meta, saved.record):
            why = history.problem or "it could not be written"
            return f"a finished game ({what}) still waits for the history: {why}; it is kept in {saved.path}"
        with contextlib.suppress(OSError):
            saved.path.unlink()
        return f"a finished game the history had missed ({what}) is recorded in it now"
    finally:
        if lock is not None:
            lock.release(remove=True)
