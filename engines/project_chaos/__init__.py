"""Project Chaos (プロジェクト・カオス): a cooperative card game of software-project chaos. Rules:
``rules/project-chaos.md`` (PC-n ids); decisions the page leaves open are documented in ``effects.py`` and
``flow.py``.

Actions (``type`` discriminates):
- ``{"type": "play", "card": "pc-ci-all-green"}``: PC-7 A (also a revealed card during a die-3 resolution).
- ``{"type": "discard", "card": ...}``: PC-7 B, or the answer to the die-2 swap (pending ``chaos_discard``).
- ``{"type": "place", "card": ..., "workplace": "tech"|"user"|"mgmt"}``: PC-7 C (also a revealed card).
- ``{"type": "pay"}`` / ``{"type": "no_pay"}``: the push-out choice (pending ``push_out``).
- ``{"type": "pick", "workplace": ...}``: the workplace an effect acts on (pending ``target``).
- ``{"type": "vote", "yes": true}``: PC-12 all agree (pending ``vote``; every seat answers).
- ``{"type": "claim"}`` / ``{"type": "no_claim"}``: PC-12 someone has lived this (pending ``claim``)."""

from engines.project_chaos.engine import ENGINE, ProjectChaosEngine

__all__ = ["ENGINE", "ProjectChaosEngine"]
