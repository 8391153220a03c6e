"""A game at a table, with no Textual: the launch options, the seats' players, the words said about them, the
sessions (a table of this screen, a hosted one, a joined one) behind one protocol, the one loop that plays them
(runner.py) and the events it tells (events.py), and what a table needs of the network. The app, the command
line and `yaniv host --headless` build on it."""
