"""Renderers: turn an engine view (plain pydantic data) into PNG bytes with Pillow.

``renderers.common`` is the shared drawing kit (fonts, text, palette, primitives, canvas); each game draws its
table with it. The registry that maps a game id to its renderer lives in ``renderers.registry``.
Nothing here imports discord, the bot or storage: a renderer is a pure function of a view.
"""
