"""What games leave behind: their history in words, replays of any step (with an audit of the stored
state), the server's statistics and leaderboard, and end-of-game extras such as the Yggdrasil time-lapse.

Everything here reads; nothing changes a game. The log is replayed with the engine (``engines.core``), so
what these show is exactly what the rules made of the stored moves.
"""
