"""What a player sees, built by pure functions: the lobby card, the table message, the final message, the
summary card, a notice and the hand's words. Each takes the record, the state, the feed and the language
(and other plain inputs: the outcome, ``now``, the builders of the bot's controls) and returns a
:class:`~bot.presenters.payload.Payload`. No store, no client, no pictures: the publisher reads, draws and
posts (``bot.table.publisher``); these only word and lay out.

The controls come in as builders (``ViewFor``): a control's class lives with its callback in ``bot.table``,
which reaches the table service; the presenters stay below it, outside the table's import circle."""
