"""The preset corpus through the peers of the corpus benchmark, in-process.

skia-python (Chromium's renderer) draws the same gradients as `gradient-bench --corpus` with `Dither=True` and
encodes them to PNG; Pillow re-encodes our decoded pixels with `optimize=True`. Every stop is opaque, so skia draws
on an opaque raster surface (the platform's 32-bit colour type, `kOpaque_AlphaType`), as a user drawing an opaque
image would: its PNG is then RGB (colour type 2), not RGBA, and the comparison is not one of 4-channel against
3-channel PNGs. `skia_raster` draws without encoding, for raster-only figures. Geometry follows the API: a linear
gradient's line runs through the centre with length |W sin A| + |H cos A|; a radial one is the farthest-corner
ellipse centred in the image (a circle of radius W/√2 scaled vertically by H/W through the shader's local matrix);
both in device pixels (scale=3 draws 1170×2532). Colours are evenly spaced stops, interpolated in sRGB.
"""
import io
import json
import math
import statistics
import time

import numpy as np
import skia
from PIL import Image

# name -> (kind, CSS width, CSS height, scale, CSS angle in degrees); mirrors BenchmarkQuery.corpusShapes in Sources/gradient-bench
SHAPES = {
    "h1200": ("linear", 1200, 630, 1, 90),
    "d135": ("linear", 1200, 630, 1, 135),
    "v390x3": ("linear", 390, 844, 3, 180),
    "r1920": ("radial", 1920, 1080, 1, None),
    "h600": ("linear", 600, 200, 1, 90),
}


def load_presets(path, limit=None):
    """The corpus presets ({"name", "colors"}), the first `limit` of them when given."""
    with open(path) as handle:
        presets = json.load(handle)
    return presets[:limit] if limit else presets


def argb(hex_color):
    """0xAARRGGBB of a `#rgb` or `#rrggbb` colour, opaque."""
    digits = hex_color.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return 0xFF000000 | int(digits, 16)


def device_size(shape):
    _, width, height, scale, _ = SHAPES[shape]
    return round(width * scale), round(height * scale)


def skia_shader(shape, colors):
    kind, _, _, _, angle = SHAPES[shape]
    width, height = device_size(shape)
    return skia_geometry_shader(kind, width, height, angle, colors)


def skia_geometry_shader(kind, width, height, angle, colors):
    """A linear gradient at CSS `angle` through the centre, a farthest-corner ellipse ("radial") or a farthest-corner
    circle ("circle") centred in a `width` × `height` device image, with `colors` as evenly spaced stops."""
    stops = [argb(c) for c in colors]
    if kind == "circle":
        return skia.GradientShader.MakeRadial(skia.Point(width / 2, height / 2), math.hypot(width / 2, height / 2), stops)
    if kind == "linear":
        a = math.radians(angle)
        length = abs(width * math.sin(a)) + abs(height * math.cos(a))
        dx, dy = math.sin(a) * length / 2, -math.cos(a) * length / 2
        cx, cy = width / 2, height / 2
        return skia.GradientShader.MakeLinear([skia.Point(cx - dx, cy - dy), skia.Point(cx + dx, cy + dy)], stops)
    rx, ry = width / math.sqrt(2), height / math.sqrt(2)
    matrix = skia.Matrix()
    matrix.setScaleTranslate(1, ry / rx, width / 2, height / 2)
    return skia.GradientShader.MakeRadial(skia.Point(0, 0), rx, stops, None, skia.TileMode.kClamp, 0, matrix)


def skia_png(shape, colors):
    """Renders the gradient with skia-python, dithered, and returns its PNG bytes (in memory)."""
    width, height = device_size(shape)
    return skia_shader_png(width, height, skia_shader(shape, colors))


def skia_opaque_surface(width, height):
    """A `width` × `height` raster surface of the platform's 32-bit colour type, opaque (`kOpaque_AlphaType`): skia
    encodes its snapshot as an RGB PNG. (A plain `skia.Surface(w, h)` is premultiplied RGBA and encodes RGBA.)"""
    return skia.Surface.MakeRaster(skia.ImageInfo.MakeN32(width, height, skia.AlphaType.kOpaque_AlphaType))


def skia_draw(surface, shader):
    """Fills `surface` with `shader`, dithered (the CPU backend draws at once: no flush needed)."""
    surface.getCanvas().drawPaint(skia.Paint(Shader=shader, Dither=True))


def skia_shader_png(width, height, shader):
    """Draws `shader` over a new opaque `width` × `height` raster surface, dithered, and returns its PNG bytes (in
    memory, RGB)."""
    surface = skia_opaque_surface(width, height)
    skia_draw(surface, shader)
    return bytes(surface.makeImageSnapshot().encodeToData(skia.EncodedImageFormat.kPNG, 100))


def skia_raster(surface, shader):
    """Raster only: draws `shader` over `surface` (made once by the caller with ``skia_opaque_surface``, so that the
    allocation is not timed) and encodes nothing."""
    skia_draw(surface, shader)


def skia_timed(shape, colors, iterations):
    """The median ms of render + PNG encode over `iterations` runs, and the PNG's size."""
    times = []
    size = 0
    for _ in range(iterations):
        start = time.perf_counter()
        size = len(skia_png(shape, colors))
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), size


PNG_COLOUR_TYPE_OFFSET = 25  # IHDR's colour type byte in a PNG file
PNG_COLOUR_TYPES = {0: "grey", 2: "RGB", 3: "indexed", 4: "grey + alpha", 6: "RGBA"}


def png_colour_type(png):
    """The colour type of PNG bytes, by name ("RGB", "RGBA", ...)."""
    return PNG_COLOUR_TYPES.get(png[PNG_COLOUR_TYPE_OFFSET], f"unknown ({png[PNG_COLOUR_TYPE_OFFSET]})")


def rgb_pixels(png):
    """Decoded RGB pixels of PNG bytes as an int array (height, width, 3)."""
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(np.int16)


def mean_difference(our_png, their_png):
    """Mean absolute difference per channel, in 1/255 units, and the share of identical pixels."""
    ours, theirs = rgb_pixels(our_png), rgb_pixels(their_png)
    if ours.shape != theirs.shape:
        return float("inf"), 0.0
    difference = np.abs(ours - theirs)
    return float(difference.mean()), float((difference.max(axis=2) == 0).mean())


def rgb_image(png):
    """Our PNG decoded by Pillow as RGB, or RGBA when it has transparency (indexed files included)."""
    with Image.open(io.BytesIO(png)) as source:
        has_alpha = source.mode == "RGBA" or "transparency" in source.info
        return source.convert("RGBA" if has_alpha else "RGB")


def pillow_optimized(png):
    """Decodes PNG bytes with Pillow to RGB (RGBA when not opaque), as a Pillow user draws a gradient, then times
    `save(format="PNG", optimize=True)` alone: (ms, bytes). Our indexed PNGs are expanded first, so Pillow writes
    the same pixels as RGB; it never sees our palette."""
    image = rgb_image(png)
    out = io.BytesIO()
    start = time.perf_counter()
    image.save(out, format="PNG", optimize=True)
    return (time.perf_counter() - start) * 1000, out.getbuffer().nbytes
