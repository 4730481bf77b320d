"""Renders the gradient-bench workloads with pycairo in-process (render + write_to_png into memory).

Prints one JSON line per workload: {"workload", "median_ms", "png_bytes"}. Usage: python3 pycairo_workloads.py [N]
"""
import io
import json
import math
import statistics
import sys
import time

import cairo


def linear(width, height, angle_degrees, colors):
    a = math.radians(angle_degrees)
    length = abs(width * math.sin(a)) + abs(height * math.cos(a))
    cx, cy = width / 2, height / 2
    dx, dy = math.sin(a) * length / 2, -math.cos(a) * length / 2
    pattern = cairo.LinearGradient(cx - dx, cy - dy, cx + dx, cy + dy)
    for i, c in enumerate(colors):
        pattern.add_color_stop_rgb(i / (len(colors) - 1), *c)
    return pattern


def radial(width, height, colors):
    cx, cy = width / 2, height / 2
    r = math.hypot(cx, cy)
    pattern = cairo.RadialGradient(cx, cy, 0, cx, cy, r)
    for i, c in enumerate(colors):
        pattern.add_color_stop_rgb(i / (len(colors) - 1), *c)
    return pattern


RED, GREEN, BLUE = (1, 0, 0), (0, 1, 0), (0, 0, 1)
WORKLOADS = {
    "v2_1080": (1920, 1080, lambda w, h: linear(w, h, 180, [RED, BLUE])),
    "h2_1080": (1920, 1080, lambda w, h: linear(w, h, 90, [RED, BLUE])),
    "d3_1080": (1920, 1080, lambda w, h: linear(w, h, 45, [RED, GREEN, BLUE])),
    "r2_1080": (1920, 1080, lambda w, h: radial(w, h, [RED, BLUE])),
    "v2_4096": (4096, 4096, lambda w, h: linear(w, h, 180, [RED, BLUE])),
    "v2_256": (256, 256, lambda w, h: linear(w, h, 180, [RED, BLUE])),
}


def render(width, height, make_pattern):
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    context = cairo.Context(surface)
    context.set_source(make_pattern(width, height))
    context.paint()
    out = io.BytesIO()
    surface.write_to_png(out)
    return out.getbuffer().nbytes


def main():
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    names = sys.argv[2:] or list(WORKLOADS)
    for name in names:
        width, height, make = WORKLOADS[name]
        render(width, height, make)
        times = []
        size = 0
        for _ in range(iterations):
            start = time.perf_counter()
            size = render(width, height, make)
            times.append((time.perf_counter() - start) * 1000)
        print(json.dumps({"workload": name, "median_ms": round(statistics.median(times), 3), "png_bytes": size}))


if __name__ == "__main__":
    main()
