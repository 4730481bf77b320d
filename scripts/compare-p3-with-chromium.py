#!/usr/bin/env python3
"""Checks gamut=display-p3 against headless Chromium and littleCMS.

(a) In-sRGB colours: for each case, Chromium draws our sRGB PNG onto a `display-p3` canvas and reads it back with
    getImageData(..., {colorSpace: "display-p3"}): it must equal our P3 PNG of the same query within MAX_CHANNEL
    per channel. Chromium also draws our P3 PNG (tagged with cICP and iCCP) onto an sRGB canvas: it must equal our
    sRGB PNG within a mean of MAX_MEAN, so the file says what its pixels are. That direction is held by its mean:
    an sRGB primary's zero channels sit where the sRGB curve is steepest, so the half-level rounding of its 8-bit
    P3 value comes back as up to ten levels there (measured: max 10 on the radial of primaries, mean 0.64).
(b) Colours sRGB cannot hold: Chromium's createLinearGradient on a `display-p3` canvas from color(display-p3 1 0 0)
    to color(display-p3 0 1 0), read back as P3, against our gamut=display-p3 image of the same gradient. Chromium
    interpolates a canvas gradient of non-legacy colours in oklab, as CSS does, so ours is
    `linear-gradient(to right, color(display-p3 1 0 0), color(display-p3 0 1 0))` (oklab by default): mean absolute
    error at most MAX_MEAN. Our sRGB image of the same query, drawn onto the same canvas, must be visibly apart
    (mean at least MIN_SRGB_DISTANCE): its colours were clipped. A legacy `red` to `blue` canvas gradient on a P3
    canvas is held to the same mean against ours.
(c) The ICC profile of our PNG (iCCP) and WebP (ICCP), read by Pillow's ImageCms (littleCMS): primaries and white
    point, brought back from the D50 connection space through the profile's `chad`, within 1e-4 of Display P3's
    (R 0.680 0.320, G 0.265 0.690, B 0.150 0.060, D65 0.3127 0.3290).

Exits 1 when a check fails. Usage: python3 scripts/compare-p3-with-chromium.py [--gradient PATH]   (chromedriver: Tests/browser/headless_chromium.py)
"""
import argparse
import base64
import io
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageCms

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "browser"))
from headless_chromium import make_driver  # noqa: E402

WIDTH, HEIGHT = 64, 32
MAX_CHANNEL = 1
MAX_MEAN = 1.0
MIN_SRGB_DISTANCE = 8.0
PRIMARIES = {"red": (0.680, 0.320), "green": (0.265, 0.690), "blue": (0.150, 0.060), "white": (0.3127, 0.3290)}

IN_SRGB_CASES = [
    "colors=ff7e5f,feb47b&angle=135",
    "colors=12c2e9,c471ed,f64f59&dir=horizontal",
    "type=radial&colors=ff0000,00ff00,0000ff",
    "css=linear-gradient(in oklab, %23e96443, %23904e95)",
    "type=conic&colors=red,yellow,lime,cyan,blue,magenta,red",
    "colors=000000,ffffff&dir=horizontal",
]
WIDE_CSS = "linear-gradient(to right, color(display-p3 1 0 0), color(display-p3 0 1 0))"


def render(gradient, query, output):
    subprocess.run([gradient, "render", query, "-o", output], check=True)
    with open(output, "rb") as file:
        return file.read()


def data_url(png):
    return "data:image/png;base64," + base64.b64encode(png).decode()


def rgb(png):
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int32)


PAGE = """<!doctype html><html><body><script>
const W = %(width)d, H = %(height)d;
const images = %(images)s;
function read(source, space) {
  const canvas = document.createElement('canvas'); canvas.width = W; canvas.height = H;
  const context = canvas.getContext('2d', {colorSpace: space});
  if (typeof source === 'string') {
    const gradient = context.createLinearGradient(0, 0, W, 0);
    const stops = source.split('|');
    gradient.addColorStop(0, stops[0]); gradient.addColorStop(1, stops[1]);
    context.fillStyle = gradient; context.fillRect(0, 0, W, H);
  } else {
    context.drawImage(source, 0, 0);
  }
  return Array.from(context.getImageData(0, 0, W, H, {colorSpace: space}).data);
}
async function collect() {
  const results = {};
  for (const [name, url, space] of images) {
    const image = new Image(); image.src = url; await image.decode();
    results[name] = read(image, space);
  }
  results['canvas-p3'] = read('color(display-p3 1 0 0)|color(display-p3 0 1 0)', 'display-p3');
  results['canvas-legacy'] = read('red|blue', 'display-p3');
  return results;
}
</script></body></html>"""


def chromium_pixels(work, images):
    """Each image drawn onto a canvas of its colour space and the two canvas gradients, read back by Chromium
    (through chromedriver, Tests/browser/headless_chromium.py), as arrays of RGB."""
    page = os.path.join(work, "page.html")
    with open(page, "w") as file:
        file.write(PAGE % {"width": WIDTH, "height": HEIGHT, "images": json.dumps(images)})
    driver = make_driver(120)
    try:
        driver.get("file://" + page)
        results = driver.execute_async_script("collect().then(arguments[0], e => arguments[0]({error: String(e)}))")
    finally:
        driver.quit()
    if "error" in results:
        sys.exit("the page failed: " + results["error"])
    return {name: np.array(values, dtype=np.int32).reshape(HEIGHT, WIDTH, 4)[:, :, :3]
            for name, values in results.items()}


def profile_errors(icc):
    profile = ImageCms.ImageCmsProfile(io.BytesIO(icc)).profile
    back = np.linalg.inv(np.array(profile.chromatic_adaptation[0]))
    measured = {"red": profile.red_colorant, "green": profile.green_colorant, "blue": profile.blue_colorant,
                "white": profile.media_white_point}
    errors = {}
    for name, value in measured.items():
        xyz = back @ np.array(value[0])
        errors[name] = max(abs(xyz[0] / xyz.sum() - PRIMARIES[name][0]), abs(xyz[1] / xyz.sum() - PRIMARIES[name][1]))
    return profile.profile_description, errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gradient", default=".build/debug/gradient")
    arguments = parser.parse_args()
    failures = []
    size = f"&width={WIDTH}&height={HEIGHT}&dither=off"
    with tempfile.TemporaryDirectory() as work:
        renders = {}
        images = []
        for index, query in enumerate(IN_SRGB_CASES):
            srgb = render(arguments.gradient, query + size, os.path.join(work, f"{index}.png"))
            p3 = render(arguments.gradient, query + size + "&gamut=display-p3", os.path.join(work, f"{index}-p3.png"))
            renders[index] = (srgb, p3)
            images.append([f"{index}-on-p3", data_url(srgb), "display-p3"])
            images.append([f"{index}-p3-on-srgb", data_url(p3), "srgb"])
        wide_query = "css=" + WIDE_CSS.replace(" ", "%20") + size
        wide_srgb = render(arguments.gradient, wide_query, os.path.join(work, "wide.png"))
        wide_p3 = render(arguments.gradient, wide_query + "&gamut=display-p3", os.path.join(work, "wide-p3.png"))
        legacy_p3 = render(arguments.gradient, "colors=red,blue&dir=horizontal" + size + "&gamut=display-p3",
                           os.path.join(work, "legacy-p3.png"))
        images.append(["wide-srgb-on-p3", data_url(wide_srgb), "display-p3"])
        webp = render(arguments.gradient, wide_query + "&gamut=display-p3&format=webp",
                      os.path.join(work, "wide-p3.webp"))
        pixels = chromium_pixels(work, images)

        print("(a) in-sRGB colours: Chromium's conversion of our sRGB PNG against our P3 PNG (every channel within "
              f"{MAX_CHANNEL}), and of our P3 PNG against our sRGB PNG (mean within {MAX_MEAN}/255)")
        for index, query in enumerate(IN_SRGB_CASES):
            srgb, p3 = renders[index]
            for label, chromium, ours, by_mean in (
                    ("sRGB on a P3 canvas", pixels[f"{index}-on-p3"], rgb(p3), False),
                    ("P3 on an sRGB canvas", pixels[f"{index}-p3-on-srgb"], rgb(srgb), True)):
                difference = np.abs(chromium - ours)
                passes = difference.mean() <= MAX_MEAN if by_mean else difference.max() <= MAX_CHANNEL
                status = "ok" if passes else "FAIL"
                print(f"  {status:4} {label:21} max {difference.max()} mean {difference.mean():.3f}  {query}")
                if status != "ok":
                    failures.append(f"(a) {query}: {label}, max {difference.max()}, mean {difference.mean():.3f}")

        print("(b) colours beyond sRGB: Chromium's canvas gradients against ours (mean absolute error)")
        for label, chromium, ours, bound in (
                ("P3 stops, ours in display-p3", pixels["canvas-p3"], rgb(wide_p3), MAX_MEAN),
                ("legacy red to blue, ours in display-p3", pixels["canvas-legacy"], rgb(legacy_p3), MAX_MEAN)):
            mean = np.abs(chromium - ours).mean()
            status = "ok" if mean <= bound else "FAIL"
            print(f"  {status:4} {label:40} mean {mean:.3f}/255 (at most {bound})")
            if status != "ok":
                failures.append(f"(b) {label}: mean {mean:.3f}")
        distance = np.abs(pixels["canvas-p3"] - pixels["wide-srgb-on-p3"]).mean()
        status = "ok" if distance >= MIN_SRGB_DISTANCE else "FAIL"
        print(f"  {status:4} {'P3 stops, our sRGB image instead':40} mean {distance:.3f}/255 "
              f"(at least {MIN_SRGB_DISTANCE}: clipped to sRGB)")
        if status != "ok":
            failures.append(f"(b) our sRGB image is only {distance:.3f}/255 from Chromium's P3 gradient")

        print("(c) the ICC profile read by littleCMS: chromaticities against Display P3's")
        for label, icc in (("PNG iCCP", Image.open(io.BytesIO(wide_p3)).info.get("icc_profile")),
                           ("WebP ICCP", Image.open(io.BytesIO(webp)).info.get("icc_profile"))):
            if not icc:
                failures.append(f"(c) {label}: no profile")
                print(f"  FAIL {label}: no profile")
                continue
            description, errors = profile_errors(icc)
            worst = max(errors.values())
            status = "ok" if worst <= 1e-4 and description == "Display P3" else "FAIL"
            print(f"  {status:4} {label}: {description!r}, largest xy error {worst:.2e} "
                  + ", ".join(f"{name} {error:.1e}" for name, error in errors.items()))
            if status != "ok":
                failures.append(f"(c) {label}: {description!r}, xy error {worst:.2e}")

    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        return 1
    print("Display P3: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
