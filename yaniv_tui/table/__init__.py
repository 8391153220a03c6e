"""A game at a table, with no Textual: the launch options, the seats' players, the words said about them, the
sessions (local, hosted, joined) and what a table needs of the network; the app, the command line and the
headless host build on it."""
