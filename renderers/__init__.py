"""Renderers: turn an engine view (plain pydantic data) into PNG bytes with Pillow.

``renderers.common`` is the shared drawing kit (fonts, text, palette, primitives, canvas); each game draws its
table with it. What a game's renderer package provides is ``renderers.contract.GameRenderer``; each game's
manifest (``bot/games/<game>/__init__.py``) names its renderer.
Nothing here imports discord, the bot or storage: a renderer is a pure function of a view.
"""
