"""What outlives a game: saves to resume, the history database, and the user's own rulesets."""
