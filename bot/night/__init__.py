"""Game nights (issue 26, rules/game-night.md): sign-ups, tables seated for the members, timed sets whose
unfinished games are called, and standings across tables. The rules of seating and scoring are
``engines.night`` (pure); every change of a game goes through the table service (``bot.table.service``)."""
