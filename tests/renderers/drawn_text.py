"""Every run of text a picture draws, at the size it ends up in the picture that is sent.

A renderer may draw text into a sprite (a card face, a tile, a frame) and then paste, crop, copy, convert or
resize that sprite into the picture, and :func:`renderers.common.encode` may scale the picture down to fit its
byte limit. The size a run was drawn at says nothing about any of that, so :class:`DrawnText` records each
run on the image it was drawn on, and follows it through every Pillow operation that carries pixels from one
image into another (scaling its size by every resize), up to the bytes the renderer returns.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

import renderers.common.canvas as canvas_module
import renderers.common.text as text_module

PHONE_WIDTH = 400


@dataclass(frozen=True)
class Run:
    """One run of text: what it says and its size in pixels on the image it is recorded for."""

    text: str
    px: float

    def scaled(self, factor: float) -> Run:
        return Run(self.text, round(self.px * factor, 3))


# Methods that return a new image holding the receiver's pixels at the same scale.
_DERIVED = ("copy", "crop", "convert", "quantize", "rotate", "transpose", "filter", "point", "getchannel")


class DrawnText:
    """Install with :meth:`watch`; :meth:`encoded` then gives the runs of the picture last encoded."""

    def __init__(self) -> None:
        # A set per image: a picture that crops part of itself and pastes it back (``supersampled``) would
        # otherwise double its runs each time.
        self._runs: dict[int, set[Run]] = {}
        # Every image that carries runs is kept alive until :meth:`reset`, so its id is never reused.
        self._alive: dict[int, Image.Image] = {}
        self._encoded: list[tuple[Image.Image, list[Run]]] = []

    def reset(self) -> None:
        self._runs.clear()
        self._alive.clear()
        self._encoded.clear()

    def runs_on(self, img: Image.Image) -> list[Run]:
        return list(self._runs.get(id(img), ()))

    def _add(self, img: Image.Image, runs: list[Run]) -> None:
        if not runs:
            return
        self._runs.setdefault(id(img), set()).update(runs)
        self._alive[id(img)] = img

    def _carry(self, source: object, target: Image.Image, factor: float = 1.0) -> None:
        if isinstance(source, Image.Image) and source is not target:
            self._add(target, [run.scaled(factor) for run in self._runs.get(id(source), ())])

    def watch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original_draw_run = text_module._draw_run

        def draw_run(draw: Any, xy: Any, part: str, part_font: Any, fill: Any, shadow: Any) -> None:
            if part.strip():
                self._add(draw._image, [Run(part, float(part_font.size))])
            original_draw_run(draw, xy, part, part_font, fill, shadow)

        monkeypatch.setattr(text_module, "_draw_run", draw_run)
        for name in _DERIVED:
            monkeypatch.setattr(Image.Image, name, self._derived(getattr(Image.Image, name)))
        monkeypatch.setattr(Image.Image, "resize", self._resize(Image.Image.resize))
        monkeypatch.setattr(Image.Image, "reduce", self._reduce(Image.Image.reduce))
        monkeypatch.setattr(Image.Image, "thumbnail", self._thumbnail(Image.Image.thumbnail))
        monkeypatch.setattr(Image.Image, "paste", self._paste(Image.Image.paste))
        monkeypatch.setattr(Image.Image, "putalpha", self._into(Image.Image.putalpha))
        monkeypatch.setattr(Image.Image, "alpha_composite", self._into(Image.Image.alpha_composite))
        monkeypatch.setattr(Image, "alpha_composite", self._blend(Image.alpha_composite))
        monkeypatch.setattr(Image, "composite", self._blend(Image.composite))
        monkeypatch.setattr(Image, "blend", self._blend(Image.blend))

        original_shrink = canvas_module._shrink_to_fit

        def shrink_to_fit(rgb: Image.Image, fmt: str, max_bytes: int) -> bytes:
            data = original_shrink(rgb, fmt, max_bytes)
            self._encoded.append((rgb, self.runs_on(rgb)))
            return data

        monkeypatch.setattr(canvas_module, "_shrink_to_fit", shrink_to_fit)

    def _derived(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(img: Image.Image, *args: Any, **kwargs: Any) -> Any:
            out = method(img, *args, **kwargs)
            self._carry(img, out)
            return out

        return wrapper

    def _resize(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(img: Image.Image, size: tuple[int, int], *args: Any, **kwargs: Any) -> Any:
            out = method(img, size, *args, **kwargs)
            box = kwargs.get("box", args[1] if len(args) > 1 else None)
            width, height = (box[2] - box[0], box[3] - box[1]) if box is not None else img.size
            self._carry(img, out, min(out.width / max(1, width), out.height / max(1, height)))
            return out

        return wrapper

    def _reduce(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(img: Image.Image, *args: Any, **kwargs: Any) -> Any:
            out = method(img, *args, **kwargs)
            self._carry(img, out, min(out.width / img.width, out.height / img.height))
            return out

        return wrapper

    def _thumbnail(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(img: Image.Image, *args: Any, **kwargs: Any) -> Any:
            before = img.size
            out = method(img, *args, **kwargs)
            factor = min(img.width / before[0], img.height / before[1])
            self._runs[id(img)] = {run.scaled(factor) for run in self._runs.get(id(img), ())}
            return out

        return wrapper

    def _paste(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(img: Image.Image, im: Any, *args: Any, **kwargs: Any) -> Any:
            out = method(img, im, *args, **kwargs)
            self._carry(im, img)
            self._carry(kwargs.get("mask", args[1] if len(args) > 1 else None), img)
            return out

        return wrapper

    def _into(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(img: Image.Image, im: Any, *args: Any, **kwargs: Any) -> Any:
            out = method(img, im, *args, **kwargs)
            self._carry(im, img)
            return out

        return wrapper

    def _blend(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            out = function(*args, **kwargs)
            for source in (*args, *kwargs.values()):
                self._carry(source, out)
            return out

        return wrapper

    def drawn(self) -> list[Run]:
        """The runs of the picture encoded last, at its own scale (as drawn, before the encoder)."""
        assert self._encoded, "nothing was encoded"
        return self._encoded[-1][1]

    def shown(self, img: Image.Image, data: bytes) -> list[Run]:
        """The runs of ``img`` as a phone shows the picture ``data`` encoded from it: at most
        :data:`PHONE_WIDTH` px wide (a narrower picture at its own size), after whatever scaling the encoder
        did to fit its byte limit."""
        width = Image.open(io.BytesIO(data)).width
        factor = width / img.width * min(1.0, PHONE_WIDTH / width)
        return [run.scaled(factor) for run in self.runs_on(img)]

    def encoded(self, data: bytes) -> list[Run]:
        """The runs of the picture encoded last, at the size a phone shows them: a picture is shown at most
        :data:`PHONE_WIDTH` px wide (a narrower one at its own size), and the encoder may have scaled the
        drawing down to ``data``'s width."""
        assert self._encoded, "nothing was encoded"
        drawn, runs = self._encoded[-1]
        width = Image.open(io.BytesIO(data)).width
        factor = width / drawn.width * min(1.0, PHONE_WIDTH / width)
        return [run.scaled(factor) for run in runs]
