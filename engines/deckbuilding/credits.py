"""A turn's credit pool: everything revealed or deployed adds to one pool; acquisitions spend from it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class NotEnoughCredits(ValueError):
    def __init__(self, cost: int, available: int) -> None:
        super().__init__(f"cost {cost} > available {available}")
        self.cost = cost
        self.available = available


class CreditPool(BaseModel):
    """``earned`` may grow during a turn (more cards deployed); ``spent`` only grows. ``left`` is never
    negative: ``pay`` refuses instead."""

    model_config = ConfigDict(extra="forbid")

    earned: int = 0
    spent: int = 0

    @property
    def left(self) -> int:
        return self.earned - self.spent

    def can_pay(self, cost: int) -> bool:
        return 0 <= cost <= self.left

    def pay(self, cost: int) -> None:
        if cost < 0:
            raise ValueError("negative cost")
        if cost > self.left:
            raise NotEnoughCredits(cost, self.left)
        self.spent += cost
