"""One player's architecture after an AWS game as a picture (issue 27 item 5, "What you built")."""

from renderers.architecture.draw import (
    MIN_TEXT_PX,
    WIDTH,
    combo_text,
    draw_architecture,
    render_architecture,
    w,
)
from renderers.architecture.model import Sheet

__all__ = ["MIN_TEXT_PX", "WIDTH", "Sheet", "combo_text", "draw_architecture", "render_architecture", "w"]
