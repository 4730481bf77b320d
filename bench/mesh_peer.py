"""The m4x4 corpus shape (a 4x4 smooth mesh gradient at 1920x1080) rendered by gradientd and by numpy in one run.

The numpy peer implements the formulas of docs/usage.md's "Mesh gradients" section, vectorised over the pixels, on
one thread: position and colour patches are bicubic Hermite patches with Catmull-Rom tangents (one-sided at the
border) and zero twist; each pixel centre is inverted by Newton's method in the mesh's parameter space, from the
even-grid guess, stepping across patches; colours are 8-bit sRGB mixed in sRGB, alpha clamped; Skia's 8x8 ordered
dither; Pillow writes the PNG (its default zlib level). gradientd's side is `gradient-bench --corpus --shape m4x4`
(render + PNG encode in-process, one thread, the same query as printed). Case by case, interleaved: for each
preset, gradientd, then numpy. The peer's pixels must match ours (mean difference below 0.5/255, max below
3/255) on the checked presets, or the run fails; it also fails when our median speed-up over numpy is below the
target.

    python3 bench/mesh_peer.py [--limit N] [--iterations N] [--check-presets N] [--bin DIR] [--corpus PATH]
"""
import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np
from PIL import Image

SPEED_UP_TARGET = 2.0  # numpy's median render + encode ms / ours, dither on
MEAN_DIFFERENCE_LIMIT = 0.5  # mean |numpy - ours| per channel, in 1/255, on the checked presets
MAX_DIFFERENCE_LIMIT = 3  # largest |numpy - ours| of any channel, in 1/255
WIDTH, HEIGHT, COLUMNS, ROWS = 1920, 1080, 4, 4
# Mirrors BenchmarkQuery.meshPoints in Sources/gradient-bench.
POINTS = "0,0;0.3,0;0.7,0;1,0;0,0.35;0.4,0.25;0.75,0.4;1,0.3;0,0.7;0.25,0.6;0.6,0.75;1,0.65;0,1;0.35,1;0.65,1;1,1"
CHUNK = 1 << 18  # pixels per vectorised block (bounds the temporaries to tens of MB)
TOLERANCE = 1e-4  # device pixels, as MeshShader.tolerance
ITERATIONS = 32

# Power-basis coefficients (1, t, t^2, t^3) of the Hermite basis h0 = 1-3t^2+2t^3, h1 = 3t^2-2t^3,
# h2 = t-2t^2+t^3, h3 = -t^2+t^3.
HERMITE = np.array([[1, 0, -3, 2], [0, 0, 3, -2], [0, 1, -2, 1], [0, 0, -1, 1]], dtype=np.float64)


def mesh_colors(preset):
    """Vertex (c, r) takes the preset's colour (c + r) mod n (CorpusPreset.meshColorsParameter)."""
    hexes = [c.lstrip("#") for c in preset["colors"]]
    return [hexes[(i % COLUMNS + i // COLUMNS) % len(hexes)] for i in range(COLUMNS * ROWS)]


def rgb(hex_color):
    if len(hex_color) == 3:
        hex_color = "".join(c * 2 for c in hex_color)
    value = int(hex_color, 16)
    return np.array([value >> 16 & 255, value >> 8 & 255, value & 255, 255], dtype=np.float64) / 255


def tangent(grid, c, r, dc, dr):
    """Catmull-Rom tangent at (c, r) along (dc, dr): half the neighbours' difference, one-sided at the border."""
    columns, rows = grid.shape[1], grid.shape[0]
    has_previous = 0 <= c - dc < columns and 0 <= r - dr < rows
    has_next = 0 <= c + dc < columns and 0 <= r + dr < rows
    here = grid[r, c]
    if has_previous and has_next:
        return (grid[r + dr, c + dc] - grid[r - dr, c - dc]) / 2
    if has_next:
        return grid[r + dr, c + dc] - here
    if has_previous:
        return here - grid[r - dr, c - dc]
    return np.zeros_like(here)


def patch_coefficients(grid):
    """Per patch (row-major), A[i][j] with S(u, v) = sum A[i][j] u^i v^j, from M = [[P00, P01, Tv00, Tv01],
    [P10, P11, Tv10, Tv11], [Tu00, Tu01, 0, 0], [Tu10, Tu11, 0, 0]] as A = H^T M H (first index along u)."""
    rows, columns = grid.shape[0], grid.shape[1]
    patches = []
    for r in range(rows - 1):
        for c in range(columns - 1):
            def corner(dc, dr):
                return (grid[r + dr, c + dc], tangent(grid, c + dc, r + dr, 1, 0), tangent(grid, c + dc, r + dr, 0, 1))
            (p00, tu00, tv00), (p10, tu10, tv10) = corner(0, 0), corner(1, 0)
            (p01, tu01, tv01), (p11, tu11, tv11) = corner(0, 1), corner(1, 1)
            zero = np.zeros_like(p00)
            m = np.array([[p00, p01, tv00, tv01], [p10, p11, tv10, tv11], [tu00, tu01, zero, zero],
                          [tu10, tu11, zero, zero]])
            patches.append(np.einsum("ai,abk,bj->ijk", HERMITE, m, HERMITE))
    return np.array(patches)  # (patches, 4, 4, channels)


def evaluate(a, u, v, derivatives):
    """S (and dS/du, dS/dv) of one patch's coefficients a (4, 4, k) at arrays u, v: Horner in v, then in u."""
    u1, v1 = u[:, None], v[:, None]
    p = [((a[i, 3] * v1 + a[i, 2]) * v1 + a[i, 1]) * v1 + a[i, 0] for i in range(4)]
    value = ((p[3] * u1 + p[2]) * u1 + p[1]) * u1 + p[0]
    if not derivatives:
        return value
    du = (p[3] * (3 * u1) + p[2] * 2) * u1 + p[1]
    q = [(a[i, 3] * (3 * v1) + a[i, 2] * 2) * v1 + a[i, 1] for i in range(4)]
    dv = ((q[3] * u1 + q[2]) * u1 + q[1]) * u1 + q[0]
    return value, du, dv


def by_patch(patches, column, row, u, v, derivatives):
    """evaluate() for pixels in any patch: one vectorised evaluation per patch over the pixels in it."""
    patch = row * (COLUMNS - 1) + column
    channels = patches.shape[-1]
    value = np.empty((u.size, channels))
    du, dv = (np.empty((u.size, channels)), np.empty((u.size, channels))) if derivatives else (None, None)
    for index in range(patches.shape[0]):
        selected = np.nonzero(patch == index)[0]
        if selected.size == 0:
            continue
        result = evaluate(patches[index], u[selected], v[selected], derivatives)
        if derivatives:
            value[selected], du[selected], dv[selected] = result
        else:
            value[selected] = result
    return (value, du, dv) if derivatives else value


def dither_offsets(width, height):
    """Skia's 8x8 ordered dither offset per pixel, in 0..1 units."""
    y, x = np.mgrid[0:height, 0:width]
    m = y ^ x
    pattern = ((m & 1) << 5 | (x & 1) << 4 | (m & 2) << 2 | (x & 2) << 1 | (m & 4) >> 1 | (x & 4) >> 2)
    return ((pattern * 2 / 128 - 63 / 128) / 255).astype(np.float32)


def render(colors, dither):
    """The mesh as an (H, W, 3) uint8 array."""
    vertices = np.array([[float(p) for p in item.split(",")] for item in POINTS.split(";")])
    positions = vertices.reshape(ROWS, COLUMNS, 2) * np.array([WIDTH, HEIGHT])
    position_patches = patch_coefficients(positions)
    color_grid = np.array([rgb(c) for c in colors]).reshape(ROWS, COLUMNS, 4)
    color_patches = patch_coefficients(color_grid)
    ys, xs = np.divmod(np.arange(WIDTH * HEIGHT, dtype=np.int64), WIDTH)
    out = np.empty((WIDTH * HEIGHT, 3), dtype=np.float32)
    for start in range(0, WIDTH * HEIGHT, CHUNK):
        px = xs[start:start + CHUNK] + 0.5
        py = ys[start:start + CHUNK] + 0.5
        grid_u = px * (COLUMNS - 1) / WIDTH
        grid_v = py * (ROWS - 1) / HEIGHT
        column = np.minimum(grid_u.astype(np.int64), COLUMNS - 2)
        row = np.minimum(grid_v.astype(np.int64), ROWS - 2)
        u, v = grid_u - column, grid_v - row
        active = np.ones(px.shape, dtype=bool)
        for _ in range(ITERATIONS):
            index = np.nonzero(active)[0]
            if index.size == 0:
                break
            value, du, dv = by_patch(position_patches, column[index], row[index], u[index], v[index], True)
            ex, ey = value[:, 0] - px[index], value[:, 1] - py[index]
            done = (np.abs(ex) <= TOLERANCE) & (np.abs(ey) <= TOLERANCE)
            active[index[done]] = False
            keep = ~done
            index, ex, ey, du, dv = index[keep], ex[keep], ey[keep], du[keep], dv[keep]
            determinant = du[:, 0] * dv[:, 1] - du[:, 1] * dv[:, 0]
            nu = u[index] + np.clip((dv[:, 0] * ey - dv[:, 1] * ex) / determinant, -1, 1)
            nv = v[index] + np.clip((du[:, 1] * ex - du[:, 0] * ey) / determinant, -1, 1)
            c, r = column[index], row[index]
            # Step into the neighbouring patch when u or v leaves 0..1 (at most one patch per step: |step| <= 1).
            left, right = (nu < 0) & (c > 0), (nu > 1) & (c < COLUMNS - 2)
            c, nu = c - left + right, nu + left - right
            up, down = (nv < 0) & (r > 0), (nv > 1) & (r < ROWS - 2)
            r, nv = r - up + down, nv + up - down
            column[index], row[index] = c, r
            u[index], v[index] = np.clip(nu, 0, 1), np.clip(nv, 0, 1)
        color = by_patch(color_patches, column, row, u, v, False)
        out[start:start + CHUNK] = color[:, :3]
    image = out.reshape(HEIGHT, WIDTH, 3)
    if dither:
        image = image + dither_offsets(WIDTH, HEIGHT)[:, :, None]
    return np.rint(np.clip(image, 0, 1) * 255).astype(np.uint8)


def numpy_png(colors):
    buffer = io.BytesIO()
    Image.fromarray(render(colors, True), "RGB").save(buffer, format="PNG")
    return buffer.getvalue()


def our_case(args, index, directory):
    command = [os.path.join(args.bin, "gradient-bench"), "--corpus", args.corpus, "--json", "--shape", "m4x4",
               "--preset", str(index), "--iterations", str(args.iterations), "--dither", "on"]
    if directory:
        command += ["--write-dir", directory]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stderr}")
    return json.loads(result.stdout.splitlines()[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default="bench/data/uigradients.json")
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("--limit", type=int, default=20, help="presets to run (default 20)")
    parser.add_argument("--iterations", type=int, default=3, help="timed runs per case on each side (median)")
    parser.add_argument("--check-presets", type=int, default=3, help="presets whose pixels must match ours")
    args = parser.parse_args()
    with open(args.corpus) as handle:
        presets = json.load(handle)[:args.limit]
    directory = "/tmp/gradientd-mesh-peer"
    os.makedirs(directory, exist_ok=True)
    numpy_png(mesh_colors(presets[0]))  # warm-up
    ours, theirs, misses = [], [], []
    for index, preset in enumerate(presets):
        check = index < args.check_presets
        row = our_case(args, index, directory if check else None)
        colors = mesh_colors(preset)
        times = []
        for _ in range(args.iterations):
            start = time.perf_counter()
            png = numpy_png(colors)
            times.append((time.perf_counter() - start) * 1000)
        ours.append(row["ms"])
        theirs.append(statistics.median(times))
        line = f"{index:3d} {preset['name'][:24]:24s} gradientd {row['ms']:8.1f} ms (raster {row['raster_ms']:7.1f})" \
               f"   numpy {theirs[-1]:8.1f} ms   ratio {theirs[-1] / row['ms']:5.2f}"
        if check:
            a = np.asarray(Image.open(row["file"]).convert("RGB"), dtype=np.int16)
            b = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int16)
            difference = np.abs(a - b)
            line += f"   pixels: mean {difference.mean():.3f}/255, max {difference.max()}/255"
            if difference.mean() > MEAN_DIFFERENCE_LIMIT or difference.max() > MAX_DIFFERENCE_LIMIT:
                misses.append(f"peer check: {preset['name']!r}: numpy's pixels differ from ours "
                              f"(mean {difference.mean():.3f}, max {difference.max()})")
        print(line, flush=True)
    speed_up = statistics.median(theirs) / statistics.median(ours)
    print(f"m4x4 {WIDTH}x{HEIGHT}, {len(presets)} presets, dither on: gradientd median {statistics.median(ours):.1f} ms"
          f" (worst {max(ours):.1f}), numpy median {statistics.median(theirs):.1f} ms (worst {max(theirs):.1f}):"
          f" speed-up {speed_up:.2f}x (target >= {SPEED_UP_TARGET}x)")
    if speed_up < SPEED_UP_TARGET:
        misses.append(f"speed-up {speed_up:.2f}x below the target {SPEED_UP_TARGET}x")
    for miss in misses:
        print("MISSED: " + miss)
    sys.exit(1 if misses else 0)


if __name__ == "__main__":
    main()
