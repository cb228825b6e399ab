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
