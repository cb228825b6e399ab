"""What every worker process of the bot does when it starts (the picture processes, the analysis processes):
host the same games as the bot, run at a lower CPU priority than the bot's event loop, and end with the bot.

A worker holds both ends of its own task pipe, so a bot killed outright (SIGKILL, a crash) would leave it
waiting forever: a thread watches the parent and ends the worker when the bot is gone.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path

from bot.games import add_games_folder, games_folders


def setup_args(niceness: int) -> tuple[list[str], int, int]:
    """The arguments :func:`setup` is started with, from the bot's process."""
    return [str(f) for f in games_folders()], os.getpid(), niceness


def setup(folders: list[str], bot_pid: int, niceness: int) -> None:
    """In a new worker process (``ProcessPoolExecutor(initializer=setup, initargs=setup_args(...))``)."""
    for folder in folders:
        add_games_folder(Path(folder))
    with contextlib.suppress(OSError):  # not allowed here: the work still gets done, at the same priority
        os.nice(niceness)
    threading.Thread(
        target=_end_with, args=(bot_pid,), name="deckhand: end with the bot", daemon=True
    ).start()


def _end_with(bot_pid: int) -> None:
    while os.getppid() == bot_pid:
        time.sleep(1.0)
    os._exit(0)
