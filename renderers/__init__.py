"""Renderers: turn an engine view (plain pydantic data) into PNG bytes with Pillow.

``renderers.common`` is the shared drawing kit (fonts, text, palette, primitives, canvas); each game draws its
table with it. Each game's package subclasses ``renderers.base.Renderer`` (which does the view checking,
defaults and encoding once) and exposes the instance as ``RENDERER``, which its manifest
(``bot/games/<game>/__init__.py``) names; the bot sees it as ``renderers.contract.GameRenderer``.
Nothing here imports discord, the bot or storage: a renderer is a pure function of a view.
"""
