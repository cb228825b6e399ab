"""Picture speed and size: per game and picture kind, the render time (median and p95, CPU time of one thread,
so one core) beside the encode-only floor of the same finished image, and the bytes, each beside its goal.

Goals (the phone-and-speed issue): a table picture <= 50 ms at p95, a hand <= 30 ms, every picture <= 300 KiB.
The final standings have no goal of their own; they are held to the table's. Positions are the seeded
mid-game tables, seat hands and finished games of ``tests.renderers.positions`` in both languages, drawn once
to warm the caches (as a running bot has them) and then timed over several rounds.

A second table compares encoders on the same finished images: Pillow's PNG at compression levels 1 and 6
(adaptive row filters) and lossless WebP, beside our own encoder's "enc" columns above (PNG, rows
unfiltered, deflate level 1), so the choice of ``renderers.common.IMAGE_FORMAT`` rests on figures.
"""

from __future__ import annotations

import importlib
import io
import statistics
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

import renderers.common as common
from tests.renderers.positions import GAMES, KINDS, MODULES, position, view_of

GOAL_MS = {"table": 50.0, "hand": 30.0, "final": 50.0}
GOAL_BYTES = 300 * 1024
SEEDS = range(4)
ROUNDS = 3
LANGS = ("en", "ja")
NAMES = {"p1": "alice", "p2": "たろう", "p3": "Bob the Builder", "p4": "さくら", "p5": "eve"}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def cpu_ms(func: Callable[[], Any]) -> tuple[float, Any]:
    started = time.thread_time()
    result = func()
    return (time.thread_time() - started) * 1000, result


def _encoder() -> Callable[[Image.Image], bytes]:
    # The pictures' own encoder (``encode`` once the format is a setting; ``to_png`` before).
    encode: Callable[[Image.Image], bytes] = getattr(common, "encode", common.to_png)
    return encode


def _encoders() -> dict[str, Callable[[Image.Image], bytes]]:
    def png(level: int) -> Callable[[Image.Image], bytes]:
        def run(img: Image.Image) -> bytes:
            out = io.BytesIO()
            img.save(out, format="PNG", compress_level=level)
            return out.getvalue()

        return run

    def webp(img: Image.Image) -> bytes:
        out = io.BytesIO()
        img.save(out, format="WEBP", lossless=True, method=0, quality=0)
        return out.getvalue()

    return {"pillow-png-1": png(1), "pillow-png-6": png(6), "webp-lossless-0": webp}


def measure() -> list[dict[str, Any]]:
    encode = _encoder()
    rows: list[dict[str, Any]] = []
    for game in GAMES:
        renderer = importlib.import_module(MODULES[game]).RENDERER
        positions = [position(game, seed) for seed in SEEDS]
        for kind in KINDS:
            render = getattr(renderer, f"render_{kind}")
            cases = [(view_of(pos, kind), lang) for pos in positions for lang in LANGS]
            images = [render(view, lang, names=NAMES) for view, lang in cases]  # warm the caches
            decoded = [Image.open(io.BytesIO(data)).convert("RGB") for data in images]
            render_ms: list[float] = []
            encode_ms: list[float] = []
            for _ in range(ROUNDS):
                for (view, lang), img in zip(cases, decoded, strict=True):
                    render_ms.append(cpu_ms(lambda v=view, lg=lang, r=render: r(v, lg, names=NAMES))[0])
                    encode_ms.append(cpu_ms(lambda img=img: encode(img))[0])
            others = {
                name: statistics.median(cpu_ms(lambda img=img, enc=enc: enc(img))[0] for img in decoded)
                for name, enc in _encoders().items()
            }
            sizes = {name: max(len(enc(img)) for img in decoded) for name, enc in _encoders().items()}
            rows.append(
                {
                    "game": game,
                    "kind": kind,
                    "width": max(img.width for img in decoded),
                    "height": max(img.height for img in decoded),
                    "median": statistics.median(render_ms),
                    "p95": percentile(render_ms, 0.95),
                    "enc_median": statistics.median(encode_ms),
                    "enc_p95": percentile(encode_ms, 0.95),
                    "bytes": max(len(data) for data in images),
                    "encoders": others,
                    "encoder_bytes": sizes,
                }
            )
    return rows


def main() -> None:
    rows = measure()
    fmt = getattr(common, "IMAGE_FORMAT", "PNG")
    print(
        f"pictures ({fmt}; CPU ms of one thread over {len(SEEDS)} positions x {len(LANGS)} languages x "
        f"{ROUNDS} rounds, caches warm)"
    )
    header = (
        f"{'game':18} {'kind':6} {'size (max)':>11} {'median':>7} {'p95':>7} {'goal':>5} "
        f"{'enc med':>8} {'enc p95':>8} {'KiB max':>8} {'goal':>5}"
    )
    print(header)
    failures = 0
    for r in rows:
        goal = GOAL_MS[r["kind"]]
        ok = r["p95"] <= goal and r["bytes"] <= GOAL_BYTES
        failures += not ok
        print(
            f"{r['game']:18} {r['kind']:6} {r['width']:>5}x{r['height']:<5} "
            f"{r['median']:7.1f} {r['p95']:7.1f} {goal:5.0f} {r['enc_median']:8.1f} {r['enc_p95']:8.1f} "
            f"{r['bytes'] / 1024:8.1f} "
            f"{GOAL_BYTES / 1024:5.0f}{'' if ok else '  <-- over goal'}"
        )
    print("other encoders on the same images (median CPU ms / max KiB; ours is 'enc' above):")
    names = list(rows[0]["encoders"])
    print(f"{'game':18} {'kind':6} " + " ".join(f"{n:>20}" for n in names))
    for r in rows:
        cells = " ".join(f"{r['encoders'][n]:9.1f} / {r['encoder_bytes'][n] / 1024:7.1f}" for n in names)
        print(f"{r['game']:18} {r['kind']:6} {cells}")
    print(f"{len(rows) - failures}/{len(rows)} picture kinds within their goals")


if __name__ == "__main__":
    main()
