"""`python -m yaniv_tui` runs the `yaniv` command."""

from yaniv_tui.cli import main

raise SystemExit(main())
