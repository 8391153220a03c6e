"""The app's screens: setup, the table, pass-and-play, round and game end, help and scores."""
