"""Filling in a modal the way a person does in the Discord client, producing the MODAL_SUBMIT components.

Fields are named by custom id or label; a required field left empty, a value outside min/max length or a
field the modal does not have fail with ``NotPossible``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .interactions import NotPossible

TEXT_INPUT, STRING_SELECT, ACTION_ROW, LABEL = 4, 3, 1, 18


def fill_in(modal: dict[str, Any], given: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The submitted components for ``modal`` with the values in ``given``."""
    used: set[str] = set()

    def answer(component: dict[str, Any], label: str | None) -> dict[str, Any]:
        result: dict[str, Any] = {"type": component["type"], "id": component.get("id", 0)}
        if component["type"] == TEXT_INPUT:
            key = next(
                (k for k in (component["custom_id"], label, component.get("label")) if k in given), None
            )
            value = given[key] if key else component.get("value") or ""
            if key:
                used.add(key)
            if component.get("required", True) and not value:
                raise NotPossible(f"modal field {label or component['custom_id']!r} is required")
            if len(value) < int(component.get("min_length") or 0):
                raise NotPossible(f"modal field {component['custom_id']!r} is too short")
            if len(value) > int(component.get("max_length") or 4000):
                raise NotPossible(f"modal field {component['custom_id']!r} is too long")
            result.update({"custom_id": component["custom_id"], "value": value})
        elif component["type"] == STRING_SELECT:
            key = next((k for k in (component["custom_id"], label) if k in given), None)
            chosen = given[key] if key else []
            if key:
                used.add(key)
            result.update({"custom_id": component["custom_id"], "values": list(chosen)})
        return result

    submitted = []
    for top in modal.get("components") or []:
        if top["type"] == ACTION_ROW:
            submitted.append(
                {
                    "type": ACTION_ROW,
                    "id": top.get("id", 0),
                    "components": [answer(c, None) for c in top.get("components") or []],
                }
            )
        elif top["type"] == LABEL:
            inner = answer(top["component"], top.get("label"))
            submitted.append({"type": LABEL, "id": top.get("id", 0), "component": inner})
        else:
            submitted.append({"type": top["type"], "id": top.get("id", 0)})
    unknown = set(given) - used
    if unknown:
        raise NotPossible(f"the modal has no field(s) {sorted(unknown)}")
    return submitted
