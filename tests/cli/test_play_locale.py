"""ASCII cards switch on by themselves on a terminal whose locale is not UTF-8 (`LANG=C`, `LC_ALL=POSIX`, a
Latin-1 locale), though Python makes its own output UTF-8 there (PEP 538 and 540)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from yaniv_tui.cli.play import PAGE_ENV, locale_is_utf8

CODE = (
    "from yaniv_tui.cli.play import options_from_args, utf8_terminal; "
    "options, _ = options_from_args(['--players', 'A,bot']); "
    "print(utf8_terminal(), options is not None and options.ascii)"
)


def run_under(environment: dict[str, str]) -> str:
    """What a fresh `yaniv` process decides under `environment` (a locale, nothing else of ours)."""
    kept = ("LC_", "LANG", "PYTHONUTF8", "PYTHONCOERCE", PAGE_ENV)
    keep = {k: v for k, v in os.environ.items() if not k.startswith(kept)}
    done = subprocess.run(
        [sys.executable, "-c", CODE],
        env={**keep, **environment},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.strip()


@pytest.mark.parametrize(
    ("environment", "utf8"),
    [
        ({"LANG": "C"}, False),  # Python coerces LC_CTYPE to C.UTF-8 and turns UTF-8 mode on: still a C terminal
        ({"LC_ALL": "POSIX", "LANG": "en_US.UTF-8"}, False),
        ({}, False),  # no locale at all is the C locale
        ({"LANG": "C.UTF-8"}, True),
        ({"LC_CTYPE": "C.UTF-8", "LANG": "C"}, True),
        ({"LANG": "C", PAGE_ENV: "1"}, True),  # a browser's page (xterm.js) is UTF-8 whatever the server's locale
    ],
)
def test_a_fresh_process_reads_the_terminals_locale(environment: dict[str, str], utf8: bool) -> None:
    assert run_under(environment) == f"{utf8} {not utf8}"


@pytest.mark.parametrize(
    ("environment", "utf8"),
    [
        ({"LC_ALL": "C", "LC_CTYPE": "en_US.UTF-8", "LANG": "en_US.UTF-8"}, False),  # LC_ALL first
        ({"LC_ALL": "", "LC_CTYPE": "de_DE.ISO-8859-1", "LANG": "de_DE.UTF-8"}, False),  # then LC_CTYPE
        ({"LC_ALL": "", "LC_CTYPE": "", "LANG": "fr_FR.utf8"}, True),  # then LANG
        ({"LANG": "sr_RS.UTF-8@latin"}, True),
        ({"LC_CTYPE": "UTF-8"}, True),  # macOS's Terminal
        ({"LANG": "en_US"}, False),  # no codeset: the language's own, Latin-1
        ({"LANG": "POSIX"}, False),
        ({}, False),
    ],
)
def test_the_locale_is_read_as_a_terminal_program_reads_it(environment: dict[str, str], utf8: bool) -> None:
    assert locale_is_utf8(environment, python_chose_utf8=False) is utf8


def test_utf8_mode_python_turned_on_by_itself_means_a_c_locale() -> None:
    """Python coerced LC_CTYPE to C.UTF-8 and turned UTF-8 mode on: the terminal's locale was C."""
    assert not locale_is_utf8({"LC_CTYPE": "C.UTF-8"}, python_chose_utf8=True)
