"""The words of the host's changes to a remote seat, the same at the table and in the replay."""

from __future__ import annotations

from yaniv_tui.table.words import seat_line


def test_the_hosts_seat_changes_in_words() -> None:
    assert seat_line("Noa", "handed", "hard") == "The host hands Noa's seat to a bot (hard) until Noa acts again."
    assert seat_line("Noa", "given") == "The host gives Noa's seat back: its turns wait for Noa again."
    assert seat_line("Noa", "opened") == "The host opens Noa's seat for someone else: it waits for a new player."
    assert seat_line("You", "handed", "easy") == "The host hands your seat to a bot (easy) until you act again."


def test_the_replay_says_the_hosts_seat_changes_as_the_table_does() -> None:
    from yaniv_tui.tui.screens.replay_steps import event_words

    names = ("Ann", "Noa")
    handed = {"event": "seat", "seat": 1, "status": "handed", "level": "medium"}
    assert event_words(handed, names) == seat_line("Noa", "handed", "medium")
    for change in ("given", "opened"):
        assert event_words({"event": "seat", "seat": 1, "status": change}, names) == seat_line("Noa", change)
