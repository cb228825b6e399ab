"""The store's own errors: every backend raises these and nothing of its driver (no ``sqlite3`` or
``asyncpg`` type reaches a caller), so the table service answers them the same on either."""


class StoreError(Exception):
    """Base of storage failures the table service answers to the user."""


class StaleVersion(StoreError):
    """Someone else changed the game first (two clicks at once): reload and tell the user."""

    def __init__(self, game_pk: int, expected: int) -> None:
        super().__init__(f"game {game_pk} is no longer at version {expected}")
        self.game_pk = game_pk
        self.expected = expected


class ChannelBusy(StoreError):
    """The channel already has a live game."""


class GameNotFound(StoreError):
    pass


class TimerDone(StoreError):
    """The timer fired, was skipped or was cancelled already: whatever would fire it again does nothing."""

    def __init__(self, timer_id: int) -> None:
        super().__init__(f"timer {timer_id} is done already")
        self.timer_id = timer_id


class ConstraintViolation(StoreError):
    """A write the schema refused (a duplicate key, a check): the whole transaction wrote nothing."""


class StoreUnavailable(StoreError):
    """The database could not be reached or stopped answering (a lost connection, a writer gone)."""


class WriterGone(StoreUnavailable):
    """SQLite's writer process stopped before it answered (whatever it had not committed was rolled back)."""
