"""An SSH session's `yaniv join` reads the character set of the player's own terminal, as sshd's `AcceptEnv LANG
LC_*` does: the locale the client sends (OpenSSH's `SendEnv LANG LC_*`) decides whether its cards are drawn with
suit symbols, not the server's; a client that sends none gets the server's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from yaniv_tui.cli.play import TERMINAL_UTF8_ENV, locale_is_utf8
from yaniv_tui.cli.serve_ssh import session_locale

SERVER = {"LANG": "C.UTF-8", "LC_ALL": "en_GB.UTF-8", "HOME": "/srv", "PATH": "/usr/bin"}


def test_the_clients_locale_replaces_the_servers_whole() -> None:
    environment = session_locale(SERVER, {"LANG": "C"})
    assert environment == {"HOME": "/srv", "PATH": "/usr/bin", "LANG": "C", TERMINAL_UTF8_ENV: "0"}
    assert not locale_is_utf8(environment, python_chose_utf8=False)


def test_a_client_on_a_utf8_terminal_gets_suits_under_a_c_server() -> None:
    environment = session_locale({"LANG": "C", "HOME": "/srv"}, {"LANG": "he_IL.UTF-8", "LC_CTYPE": "he_IL.UTF-8"})
    assert environment == {"HOME": "/srv", "LANG": "he_IL.UTF-8", "LC_CTYPE": "he_IL.UTF-8", TERMINAL_UTF8_ENV: "1"}
    assert locale_is_utf8(environment, python_chose_utf8=False)


def test_a_client_that_sends_no_locale_keeps_the_servers() -> None:
    assert session_locale(SERVER, {}) == SERVER
    assert session_locale(SERVER, {"TERM": "xterm", "PATH": "/tmp/evil", "LD_PRELOAD": "x.so"}) == SERVER


@pytest.mark.parametrize("value", ["C\n", "x" * 65, "en_US.UTF-8; rm -rf /", "", "fr_FR.\x00UTF-8", "é.UTF-8"])
def test_a_locale_that_is_no_locale_name_is_not_taken(value: str) -> None:
    assert session_locale(SERVER, {"LANG": value}) == SERVER


def test_only_the_locales_variables_are_taken_from_the_client() -> None:
    taken = session_locale({}, {"LC_ALL": "C.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANGUAGE": "de", "HOME": "/x"})
    assert taken == {"LC_ALL": "C.UTF-8", TERMINAL_UTF8_ENV: "1"}


@pytest.mark.parametrize(("sent", "suits"), [("xx_YY.UTF-8", True), ("xx_YY.ISO-8859-8", False), ("C", False)])
def test_a_session_reads_the_clients_locale_even_where_the_server_has_none_of_that_name(sent: str, suits: bool) -> None:
    """A server has few locales (Debian's minimal: C.UTF-8 alone), a player's terminal whichever it has. Before: the
    session's `yaniv join` started in a locale the server does not have, Python fell back to C (and its UTF-8 mode),
    and a player whose terminal is UTF-8 (LANG=he_IL.UTF-8 sent) got S H D C. `xx_YY` is installed nowhere."""
    environment = session_locale({"LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")}, {"LANG": sent})
    environment["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])  # this tree's yaniv_tui, installed or not
    shown = subprocess.run(
        [sys.executable, "-c", "from yaniv_tui.cli.play import utf8_terminal; print(utf8_terminal())"],
        env=environment, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert shown.stdout.strip() == str(suits), shown
