#!/usr/bin/env python3
"""Real-browser test of gradientd's images used from another origin.

Against a running gradientd whose base URL is in GRADIENTD_URL, starts two small static servers on free loopback
ports, both other origins than gradientd's:
- the page origin serves test pages, one of them with `Cross-Origin-Embedder-Policy: require-corp` and
  `Cross-Origin-Opener-Policy: same-origin`;
- the control origin serves the very same PNG bytes without any cross-origin header, so that every check has a
  negative control showing that the browser enforces the rule and that the check passes because of gradientd's
  headers.
Then drives Debian's headless Chromium (Selenium) through the pages: an `<img crossorigin="anonymous">` drawn into a
canvas and read back with `getImageData` (exact pixel values), an `<img>` without `crossorigin` on the COEP page,
and `fetch()` reading the body, `ETag`, `Cache-Status` and a conditional request that needs a preflight.

Every wait is bounded, and so is the whole run (CROSS_ORIGIN_TEST_SECONDS, default 90). Prints one line per check
and a closing `N passed, M failed`; exits 1 on any failure.

Environment: GRADIENTD_URL (required), CHROMIUM, CHROMEDRIVER (see headless_chromium.py),
CROSS_ORIGIN_TEST_SECONDS.
"""

import html
import io
import os
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from headless_chromium import CheckRun, make_driver
from PIL import Image
from selenium.webdriver.support.ui import WebDriverWait

BASE = os.environ.get("GRADIENTD_URL", "").rstrip("/")
TOTAL_SECONDS = int(os.environ.get("CROSS_ORIGIN_TEST_SECONDS", "90"))
WAIT_SECONDS = 15
HTTP_TIMEOUT = 10
# A hard stop half way along a 64 px wide image: pixel centres never fall on the stop, so columns 0–31 are exactly
# red and 32–63 exactly blue, dithered or not.
CANVAS_QUERY = "colors=ff0000@0.5,0000ff@0.5&dir=horizontal&width=64&height=8"
# Other queries for the other checks, so that no check is answered from the browser's cache of an earlier one.
COEP_QUERY = "colors=00ff00@0.5,ff00ff@0.5&dir=horizontal&width=64&height=8"
FETCH_QUERY = "colors=ffff00@0.5,00ffff@0.5&dir=horizontal&width=64&height=8"
RED, BLUE = (255, 0, 0, 255), (0, 0, 255, 255)

driver = None


def http_get(url):
    with urllib.request.urlopen(url, timeout=HTTP_TIMEOUT) as response:
        return response.status, response.headers, response.read()


class StaticOrigin:
    """A static server on a free loopback port: `/canvas.html`, `/coep.html` (with COEP and COOP) and
    `/plain.png` (the given PNG bytes, without any cross-origin header)."""

    def __init__(self, pages, png):
        handler = self._handler(pages, png)
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    @staticmethod
    def _handler(pages, png):
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                path = self.path.split("?", 1)[0]
                if path == "/plain.png":
                    self._send(200, "image/png", png, [("Cache-Control", "no-store")])
                elif path in pages:
                    body, extra = pages[path]
                    self._send(200, "text/html; charset=utf-8", body.encode(), extra)
                else:
                    self._send(404, "text/plain", b"not found\n", [])

            def _send(self, status, content_type, body, extra):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                for name, value in extra:
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        return Handler


# Records each <img>'s outcome in `window.outcome` (load or error) for the test to poll.
OUTCOME_SCRIPT = """
<script>
window.outcome = {};
function settled(img, result) { window.outcome[img.id] = result; }
</script>
"""


def image_tag(element_id, src, cross_origin):
    attribute = ' crossorigin="anonymous"' if cross_origin else ""
    return (
        f'<img id="{element_id}"{attribute} src="{html.escape(src)}" '
        "onload=\"settled(this, 'load')\" onerror=\"settled(this, 'error')\">\n"
    )


def page_with_images(title, images):
    """A page whose `images` are (id, src, crossorigin) triples."""
    tags = "".join(image_tag(*image) for image in images)
    return f"<!doctype html><title>{title}</title>\n{OUTCOME_SCRIPT}{tags}"


def canvas_page(gradient_url, control_url):
    return page_with_images(
        "canvas",
        [("gradient", gradient_url, True), ("control", control_url, True), ("plain", control_url + "?no-cors", False)],
    )


def coep_page(gradient_url, control_url):
    return page_with_images("coep", [("gradient", gradient_url, False), ("control", control_url, False)])


def wait_for_outcomes(ids):
    """Waits until every image in `ids` loaded or failed; returns their outcomes."""
    script = "return arguments[0].every(id => id in window.outcome) ? window.outcome : null;"
    try:
        return WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.05).until(lambda d: d.execute_script(script, ids))
    except Exception as error:
        raise AssertionError(f"timed out after {WAIT_SECONDS}s waiting for images {ids} to settle") from error


READ_PIXELS = """
const img = document.getElementById(arguments[0]);
const canvas = document.createElement('canvas');
canvas.width = img.naturalWidth;
canvas.height = img.naturalHeight;
const context = canvas.getContext('2d', { willReadFrequently: true });
context.drawImage(img, 0, 0);
try {
  return { width: canvas.width, height: canvas.height,
           data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
} catch (error) {
  return { error: error.name + ': ' + error.message };
}
"""


def pillow_pixels(png):
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    return image.width, image.height, list(image.tobytes())


# The checks.


def test_every_response_carries_the_headers():
    for url in [BASE + "/gradient?" + CANVAS_QUERY, BASE + "/healthz"]:
        _, headers, _ = http_get(url)
        for name, value in [
            ("Access-Control-Allow-Origin", "*"),
            ("Cross-Origin-Resource-Policy", "cross-origin"),
            ("Timing-Allow-Origin", "*"),
            ("X-Content-Type-Options", "nosniff"),
        ]:
            assert headers.get(name) == value, f"{url}: {name} is {headers.get(name)!r}"


def test_canvas_reads_the_exact_pixels(origins):
    page, _ = origins
    driver.get(page.base + "/canvas.html")
    outcomes = wait_for_outcomes(["gradient", "control", "plain"])
    assert outcomes["gradient"] == "load", f"the crossorigin image from gradientd did not load: {outcomes}"
    read = driver.execute_script(READ_PIXELS, "gradient")
    assert "error" not in read, f"getImageData on gradientd's image failed: {read.get('error')}"
    assert (read["width"], read["height"]) == (64, 8), (read["width"], read["height"])
    data = read["data"]
    wrong = [
        (x, y, tuple(data[(y * 64 + x) * 4 : (y * 64 + x) * 4 + 4]))
        for y in range(8)
        for x in range(64)
        if tuple(data[(y * 64 + x) * 4 : (y * 64 + x) * 4 + 4]) != (RED if x < 32 else BLUE)
    ]
    assert not wrong, f"{len(wrong)} of 512 pixels differ from red | blue, first {wrong[:4]}"
    _, _, png = http_get(BASE + "/gradient?" + CANVAS_QUERY)
    assert pillow_pixels(png) == (64, 8, data), "the canvas differs from the PNG decoded by Pillow"
    # Negative controls: the same bytes from an origin without Access-Control-Allow-Origin do not load in CORS
    # mode, and loaded without it they taint the canvas.
    assert outcomes["control"] == "error", f"a crossorigin image without CORS headers loaded: {outcomes}"
    assert outcomes["plain"] == "load", f"the no-cors control image did not load: {outcomes}"
    tainted = driver.execute_script(READ_PIXELS, "plain")
    assert tainted.get("error", "").startswith("SecurityError"), f"reading a tainted canvas did not fail: {tainted}"


def test_resource_timing_is_shared(origins):
    page, control = origins
    sizes = driver.execute_script(
        """
        const size = url => (performance.getEntriesByName(url)[0] || { encodedBodySize: -1 }).encodedBodySize;
        return [size(arguments[0]), size(arguments[1])];
        """,
        BASE + "/gradient?" + CANVAS_QUERY,
        control.base + "/plain.png?no-cors",
    )
    assert sizes[0] > 0, f"Resource Timing hides gradientd's body size: {sizes[0]}"
    assert sizes[1] == 0, f"the control without Timing-Allow-Origin shows its body size: {sizes[1]}"


def test_coep_page_loads_the_image(origins):
    page, _ = origins
    driver.get(page.base + "/coep.html")
    assert driver.execute_script("return self.crossOriginIsolated") is True, "the COEP page is not isolated"
    outcomes = wait_for_outcomes(["gradient", "control"])
    assert outcomes["gradient"] == "load", f"gradientd's image was blocked on a require-corp page: {outcomes}"
    width = driver.execute_script("return document.getElementById('gradient').naturalWidth")
    assert width == 64, f"naturalWidth {width}"
    # Negative control: the same bytes without Cross-Origin-Resource-Policy are blocked.
    assert outcomes["control"] == "error", f"an image without CORP loaded on a require-corp page: {outcomes}"


def test_fetch_reads_body_and_headers(origins):
    page, control = origins
    driver.get(page.base + "/canvas.html")
    result = driver.execute_async_script(
        """
        const [url, controlUrl, done] = arguments;
        (async () => {
          const out = {};
          const response = await fetch(url);
          const body = new Uint8Array(await response.arrayBuffer());
          out.status = response.status;
          out.length = body.length;
          out.signature = Array.from(body.slice(0, 8));
          out.contentType = response.headers.get('Content-Type');
          out.etag = response.headers.get('ETag');
          out.cacheStatus = response.headers.get('Cache-Status');
          // If-None-Match is not CORS-safelisted: this request needs a preflight that grants it.
          try {
            out.revalidated = (await fetch(url, { headers: { 'If-None-Match': out.etag } })).status;
          } catch (error) { out.revalidated = error.name; }
          // A custom header is not granted, so its preflight fails.
          try {
            out.custom = (await fetch(url, { headers: { 'X-Custom': '1' } })).status;
          } catch (error) { out.custom = error.name; }
          try {
            out.control = (await fetch(controlUrl)).status;
          } catch (error) { out.control = error.name; }
          return out;
        })().then(done, error => done({ error: String(error) }));
        """,
        BASE + "/gradient?" + FETCH_QUERY,
        control.base + "/plain.png?fetch",
    )
    assert "error" not in result, result
    _, headers, png = http_get(BASE + "/gradient?" + FETCH_QUERY)
    assert result["status"] == 200 and result["length"] == len(png), result
    assert result["signature"] == list(png[:8]), result["signature"]
    assert result["contentType"] == "image/png", result["contentType"]
    assert result["etag"] == headers["ETag"], (result["etag"], headers["ETag"])
    assert result["cacheStatus"] and result["cacheStatus"].startswith("gradientd;"), result["cacheStatus"]
    assert result["revalidated"] == 304, f"the preflighted conditional fetch answered {result['revalidated']}"
    assert result["custom"] == "TypeError", f"a fetch with an ungranted header was not refused: {result['custom']}"
    assert result["control"] == "TypeError", f"a fetch without Access-Control-Allow-Origin was allowed: {result}"


TESTS = [
    test_every_response_carries_the_headers,
    test_canvas_reads_the_exact_pixels,
    test_resource_timing_is_shared,
    test_coep_page_loads_the_image,
    test_fetch_reads_body_and_headers,
]


def main():
    global driver
    if not BASE:
        print("GRADIENTD_URL is not set (e.g. http://127.0.0.1:8080)", file=sys.stderr)
        return 2
    run = CheckRun(TESTS, TOTAL_SECONDS)
    started = time.monotonic()
    _, _, png = http_get(BASE + "/gradient?" + CANVAS_QUERY)
    control = StaticOrigin({}, png)
    page = None
    try:
        pages = {
            "/canvas.html": (canvas_page(BASE + "/gradient?" + CANVAS_QUERY, control.base + "/plain.png"), []),
            "/coep.html": (
                coep_page(BASE + "/gradient?" + COEP_QUERY, control.base + "/plain.png?coep"),
                [("Cross-Origin-Embedder-Policy", "require-corp"), ("Cross-Origin-Opener-Policy", "same-origin")],
            ),
        }
        page = StaticOrigin(pages, png)
        driver = make_driver(WAIT_SECONDS)
        run.driver = driver
        run.run(lambda test: test((page, control)) if test.__code__.co_argcount else test())
    finally:
        if driver is not None:
            driver.quit()
        for origin in (page, control):
            if origin is not None:
                origin.stop()
    print(f"cross-origin browser test took {time.monotonic() - started:.1f}s", flush=True)
    return run.finish()


if __name__ == "__main__":
    sys.exit(main())
