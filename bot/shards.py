"""Which of Discord's shards this process runs, and so which servers it works for.

Discord splits a bot's servers into shards, ``(guild_id >> 22) % shard_count``; a process connects some of
them (``python -m bot --shards 0-1 --shard-count 4``) and works only on the servers those shards own: start-up
recovery, the outbox, the timers, the AI's turns. Without a setting the process runs every shard of the
count Discord recommends, as a single bot process always has.
"""

from __future__ import annotations

from dataclasses import dataclass


class ShardSpecError(ValueError):
    """A shard setting that cannot be right (said in words fit for the person starting the bot)."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's sharding formula: the shard that hears about a server."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """``ids`` None: every shard; ``count`` None: the count Discord recommends (known once connected)."""

    ids: tuple[int, ...] | None = None
    count: int | None = None

    @classmethod
    def parse(cls, spec: str | None, count: int | None) -> Shards:
        """``"0-1"``, ``"0,2"``, ``"3"`` or empty (every shard)."""
        if count is not None and count < 1:
            raise ShardSpecError(f"the shard count must be at least 1, not {count}")
        text = (spec or "").replace(" ", "")
        if not text:
            return cls(None, count)
        if count is None:
            raise ShardSpecError(
                "choosing shards needs the shard count too (--shard-count / DECKHAND_SHARD_COUNT)"
            )
        ids: set[int] = set()
        for part in text.split(","):
            low, _, high = part.partition("-")
            try:
                first, last = int(low), int(high or low)
            except ValueError:
                raise ShardSpecError(
                    f"not a shard or range of shards: {part!r} (write e.g. 0-1 or 0,2)"
                ) from None
            if first > last:
                raise ShardSpecError(f"the range {part!r} runs backwards")
            ids.update(range(first, last + 1))
        wrong = sorted(i for i in ids if not 0 <= i < count)
        if wrong:
            raise ShardSpecError(f"shard(s) {wrong} do not exist with {count} shards (0 to {count - 1})")
        return cls(tuple(sorted(ids)), count)

    @property
    def everything(self) -> bool:
        return self.ids is None or (self.count is not None and len(self.ids) == self.count)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process works for ``guild_id`` (a DM, None, belongs to shard 0 as on Discord)."""
        if self.everything or self.count is None or self.ids is None:
            return True
        return shard_of(guild_id or 0, self.count) in self.ids

    def describe(self) -> str:
        if self.ids is None:
            return "every shard" + (f" of {self.count}" if self.count else "")
        return f"shards {', '.join(map(str, self.ids))} of {self.count}"
