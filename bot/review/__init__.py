"""The review in Discord (issue 27 items 2 and 3): each player's review of a finished game, privately,
with Share and "Try it again" (``controls``, ``retry``); computed once in an analysis process and kept
(``service``, ``jobs``); worded by ``bot.presenters.review``. See docs/analysis.md, "The review in
Discord"."""
