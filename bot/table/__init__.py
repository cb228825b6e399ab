"""The table: the one path from a player's click to a state change, and what the channel then shows."""
