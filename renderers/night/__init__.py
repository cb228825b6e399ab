"""A game night's standings as a picture (issue 26, GN-9 to GN-12): after each set and at the night's end."""

from renderers.night.model import Line, Standings
from renderers.night.standings import MIN_TEXT_PX, WIDTH, draw_standings, render_standings, t

__all__ = ["MIN_TEXT_PX", "WIDTH", "Line", "Standings", "draw_standings", "render_standings", "t"]
