"""The bot's side of the engines' analyses (issue 27): where they run (``bot.analysis.pool``) and the
jobs they run there (``bot.analysis.jobs``)."""
