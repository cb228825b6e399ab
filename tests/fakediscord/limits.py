"""Limits real Discord enforces on message-like bodies that the OpenAPI schema does not express.

Each check returns (JSON pointer into the body, message) pairs; the fake answers 400 "Invalid Form Body"
(code 50035) and records a violation for each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .records import Upload
from .state import IS_COMPONENTS_V2

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_ATTACHMENTS = 10
MAX_UPLOAD_BYTES = 10 * 1024 * 1024
MAX_V2_COMPONENTS = 40
MAX_CHOICES = 25

BUTTON = 2
SELECT_TYPES = {3, 5, 6, 7, 8}
LINK_STYLE = 5
PREMIUM_STYLE = 6

Problem = tuple[str, str]


def check_message(body: dict[str, Any], uploads: Sequence[Upload], *, at: str = "") -> list[Problem]:
    problems: list[Problem] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append((f"{at}/content", f"content is {len(content)} characters; at most {MAX_CONTENT}"))
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append((f"{at}/embeds", f"{len(embeds)} embeds; at most {MAX_EMBEDS}"))
    total = sum(_embed_length(e) for e in embeds if isinstance(e, dict))
    if total > MAX_EMBED_TOTAL:
        problems.append(
            (f"{at}/embeds", f"embeds hold {total} characters in total; at most {MAX_EMBED_TOTAL}")
        )
    flags = body.get("flags") or 0
    components = body.get("components") or []
    if flags & IS_COMPONENTS_V2:
        count = _count_components(components)
        if count > MAX_V2_COMPONENTS:
            problems.append((f"{at}/components", f"{count} components; at most {MAX_V2_COMPONENTS}"))
    else:
        problems += _check_rows(components, f"{at}/components")
    problems += _check_custom_ids_unique(components, f"{at}/components")
    attachments = body.get("attachments") or []
    if len(attachments) > MAX_ATTACHMENTS or len(uploads) > MAX_ATTACHMENTS:
        problems.append((f"{at}/attachments", f"more than {MAX_ATTACHMENTS} attachments"))
    for upload in uploads:
        if len(upload.data) > MAX_UPLOAD_BYTES:
            problems.append(
                (
                    f"{at}/{upload.field_name}",
                    f"{upload.filename} is {len(upload.data)} bytes; at most 10 MiB",
                )
            )
    return problems


def _embed_length(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for f in embed.get("fields") or []:
        total += len(f.get("name") or "") + len(f.get("value") or "")
    return total


def _count_components(components: list[dict[str, Any]]) -> int:
    count = 0
    for c in components:
        count += 1
        count += _count_components(c.get("components") or [])
        if isinstance(c.get("accessory"), dict):
            count += 1
    return count


def _check_rows(rows: list[dict[str, Any]], at: str) -> list[Problem]:
    problems: list[Problem] = []
    if len(rows) > MAX_ROWS:
        problems.append((at, f"{len(rows)} action rows; at most {MAX_ROWS}"))
    for r, row in enumerate(rows):
        here = f"{at}/{r}"
        if row.get("type") != 1:
            problems.append(
                (here, f"top-level component type {row.get('type')} needs the IS_COMPONENTS_V2 flag")
            )
            continue
        children = row.get("components") or []
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        buttons = [c for c in children if c.get("type") == BUTTON]
        if selects and len(children) > 1:
            problems.append((here, "a select menu must be alone in its action row"))
        if len(buttons) > MAX_BUTTONS_PER_ROW:
            problems.append((here, f"{len(buttons)} buttons in one row; at most {MAX_BUTTONS_PER_ROW}"))
        for i, child in enumerate(children):
            problems += _check_component(child, f"{here}/components/{i}")
    return problems


def _check_component(c: dict[str, Any], at: str) -> list[Problem]:
    problems: list[Problem] = []
    custom_id = c.get("custom_id")
    if isinstance(custom_id, str) and len(custom_id) > MAX_CUSTOM_ID:
        problems.append(
            (f"{at}/custom_id", f"custom_id is {len(custom_id)} characters; at most {MAX_CUSTOM_ID}")
        )
    if c.get("type") == BUTTON:
        label = c.get("label")
        if isinstance(label, str) and len(label) > MAX_LABEL:
            problems.append((f"{at}/label", f"label is {len(label)} characters; at most {MAX_LABEL}"))
        style = c.get("style")
        if style == LINK_STYLE and (not c.get("url") or custom_id):
            problems.append((at, "a link button needs a url and no custom_id"))
        if style not in (LINK_STYLE, PREMIUM_STYLE) and not custom_id:
            problems.append((at, "a button needs a custom_id"))
        if not label and not c.get("emoji") and style != PREMIUM_STYLE:
            problems.append((at, "a button needs a label or an emoji"))
    if c.get("type") == 3:
        options = c.get("options") or []
        if len(options) > MAX_SELECT_OPTIONS:
            problems.append((f"{at}/options", f"{len(options)} options; at most {MAX_SELECT_OPTIONS}"))
        if (c.get("max_values") or 1) > len(options):
            problems.append((f"{at}/max_values", "max_values is larger than the number of options"))
        values = [o.get("value") for o in options]
        if len(values) != len(set(values)):
            problems.append((f"{at}/options", "option values must be unique"))
        for i, option in enumerate(options):
            for key in ("label", "value", "description"):
                text = option.get(key)
                if isinstance(text, str) and len(text) > 100:
                    problems.append((f"{at}/options/{i}/{key}", f"{key} is longer than 100 characters"))
    return problems


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for c in components:
        found.append(c)
        found += _walk(c.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                found += _walk([c[key]])
    return found


def _check_custom_ids_unique(components: list[dict[str, Any]], at: str) -> list[Problem]:
    ids = [c["custom_id"] for c in _walk(components) if c.get("custom_id")]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    return [(at, f"custom_id {d!r} is used twice in one message") for d in duplicates]


def check_modal(data: dict[str, Any], *, at: str = "/data") -> list[Problem]:
    problems: list[Problem] = []
    title = data.get("title") or ""
    if len(title) > 45:
        problems.append((f"{at}/title", "modal title is longer than 45 characters"))
    custom_id = data.get("custom_id") or ""
    if len(custom_id) > MAX_CUSTOM_ID:
        problems.append((f"{at}/custom_id", f"custom_id is longer than {MAX_CUSTOM_ID} characters"))
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        problems.append((f"{at}/components", f"a modal holds 1 to 5 components, not {len(components)}"))
    for c in _walk(components):
        if c.get("type") == 4:
            if len(c.get("label") or "") > 45:
                problems.append((f"{at}/components", "text input label is longer than 45 characters"))
            if len(c.get("custom_id") or "") > MAX_CUSTOM_ID:
                problems.append((f"{at}/components", "text input custom_id is too long"))
    problems += _check_custom_ids_unique(components, f"{at}/components")
    return problems


def check_choices(data: dict[str, Any], *, at: str = "/data") -> list[Problem]:
    problems: list[Problem] = []
    choices = data.get("choices") or []
    if len(choices) > MAX_CHOICES:
        problems.append((f"{at}/choices", f"{len(choices)} choices; at most {MAX_CHOICES}"))
    for i, choice in enumerate(choices):
        name = choice.get("name") or ""
        if not 1 <= len(name) <= 100:
            problems.append((f"{at}/choices/{i}/name", "a choice name has 1 to 100 characters"))
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            problems.append((f"{at}/choices/{i}/value", "a choice value has at most 100 characters"))
    return problems
