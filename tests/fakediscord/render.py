"""Messages as plain text, for the sandbox, failure messages and ``repr`` of what a member sees."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .state import Channel, Message, Store

THREAD_CREATED = 18
BUTTON_STYLES = {1: "", 2: "", 3: "+", 4: "!", 5: "->", 6: "$"}


def walk_components(components: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for c in components:
        yield c
        yield from walk_components(c.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                yield from walk_components([c[key]])


def button_text(c: dict[str, Any]) -> str:
    label = c.get("label") or (c.get("emoji") or {}).get("name") or c.get("custom_id") or "?"
    mark = BUTTON_STYLES.get(int(c.get("style") or 1), "")
    off = " (disabled)" if c.get("disabled") else ""
    return f"[{mark}{label}{off}]"


def select_text(c: dict[str, Any]) -> str:
    name = c.get("placeholder") or c.get("custom_id")
    options = c.get("options") or []
    shown = " | ".join(
        f"{o.get('label')}" + (f"={o.get('value')}" if o.get("value") != o.get("label") else "")
        for o in options
    )
    counts = f" pick {c.get('min_values', 1)}-{c.get('max_values', 1)}" if c.get("max_values", 1) != 1 else ""
    off = " (disabled)" if c.get("disabled") else ""
    kind = {3: "", 5: " users", 6: " roles", 7: " mentionables", 8: " channels"}.get(int(c["type"]), "")
    return f"<select{kind} {name!r}{counts}{off}: {shown}>" if options else f"<select{kind} {name!r}{off}>"


def component_lines(components: list[dict[str, Any]], indent: str = "  ") -> list[str]:
    lines: list[str] = []
    for top in components:
        if top.get("type") == 1:
            parts = []
            for c in top.get("components") or []:
                parts.append(button_text(c) if c.get("type") == 2 else select_text(c))
            lines.append(indent + " ".join(parts))
        elif top.get("type") == 10:
            lines.append(indent + str(top.get("content", "")))
        else:
            for c in walk_components([top]):
                if c.get("type") == 10:
                    lines.append(indent + str(c.get("content", "")))
                elif c.get("type") == 2:
                    lines.append(indent + button_text(c))
                elif c.get("type") in (3, 5, 6, 7, 8):
                    lines.append(indent + select_text(c))
    return lines


def embed_lines(embed: dict[str, Any], indent: str = "  ") -> list[str]:
    lines = []
    if embed.get("author", {}).get("name"):
        lines.append(f"{indent}| {embed['author']['name']}")
    if embed.get("title"):
        lines.append(f"{indent}| ** {embed['title']} **")
    for text in str(embed.get("description") or "").splitlines():
        lines.append(f"{indent}| {text}")
    for f in embed.get("fields") or []:
        value_lines = str(f.get("value") or "").splitlines() or [""]
        lines.append(f"{indent}| {f.get('name')}: {value_lines[0]}")
        lines += [f"{indent}|   {more}" for more in value_lines[1:]]
    if embed.get("image"):
        lines.append(f"{indent}| (image {embed['image'].get('url', '').rsplit('/', 1)[-1]})")
    if embed.get("footer", {}).get("text"):
        lines.append(f"{indent}| -- {embed['footer']['text']}")
    return lines


def place_name(channel: Channel, store: Store) -> str:
    """ "#general", or "#general/Game 1" for a thread."""
    parent = store.channels.get(channel.parent_id or 0) if channel.is_thread else None
    return f"#{parent.name}/{channel.name}" if parent else f"#{channel.name}"


def message_text(message: Message, store: Store, *, header: bool = True) -> str:
    lines: list[str] = []
    if header:
        channel = store.channels.get(message.channel_id)
        where = place_name(channel, store) if channel else str(message.channel_id)
        who = message.author.global_name or message.author.username
        notes = []
        if message.ephemeral and message.ephemeral_to:
            notes.append(f"only {store.users[message.ephemeral_to].username} can see this")
        if message.loading:
            notes.append("thinking…")
        if message.edited_at:
            notes.append("edited")
        note = f" ({', '.join(notes)})" if notes else ""
        lines.append(f"[{where}] {who}{note}:")
    if message.type == THREAD_CREATED:
        lines.append(f"  (started a thread: {message.content})")
    else:
        lines += [f"  {text}" for text in message.content.splitlines()]
    if message.thread_id is not None and message.thread_id in store.channels:
        lines.append(f"  (thread: {store.channels[message.thread_id].name})")
    for embed in message.embeds:
        lines += embed_lines(embed)
    lines += component_lines(message.components)
    for a in message.attachments:
        size = f"{a.width}x{a.height}, " if a.width else ""
        lines.append(f"  [file] {a.filename} ({size}{max(1, a.size // 1024)} KiB)")
    for emoji, users in message.reactions.items():
        if users:
            lines.append(f"  {emoji} {len(users)}")
    return _names_for_mentions("\n".join(lines), store)


def _names_for_mentions(text: str, store: Store) -> str:
    # Show "<@123>" as "@alice" and "<#456>" as "#general", as the Discord client does.
    def name(match: re.Match[str]) -> str:
        user = store.users.get(int(match[1]))
        return f"@{user.username}" if user else match[0]

    def channel(match: re.Match[str]) -> str:
        found = store.channels.get(int(match[1]))
        return place_name(found, store) if found else match[0]

    return re.sub(r"<#(\d+)>", channel, re.sub(r"<@!?(\d+)>", name, text))
