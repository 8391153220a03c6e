"""The Textual game: the setup screen, the table, pass-and-play, round and game end."""
