"""The pictures of a player's review (issue 27): the game's course as an evaluation graph."""

from renderers.review.course import MIN_TEXT_PX, WIDTH, course_image, draw_course, t

__all__ = ["MIN_TEXT_PX", "WIDTH", "course_image", "draw_course", "t"]
