#!/usr/bin/env python3
"""Real-browser test of the playground page that gradientd serves at `/`.

Drives Debian's headless Chromium through chromedriver (Selenium) against a running gradientd whose base URL is
in GRADIENTD_URL (for example http://127.0.0.1:8080). Every wait is bounded, and so is the whole run
(PLAYGROUND_TEST_SECONDS, default 200). Prints one line per check and a closing `N passed, M failed`; exits 1 on
any failure.

Environment: GRADIENTD_URL (required), CHROMIUM (default /usr/bin/chromium), CHROMEDRIVER (default
/usr/bin/chromedriver), PLAYGROUND_TEST_SECONDS.
"""

import base64
import importlib.util
import io
import json
import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

from headless_chromium import CheckRun, make_driver
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "Sources/GradientService/Playground/playground.html"
BASE = os.environ.get("GRADIENTD_URL", "").rstrip("/")
TOTAL_SECONDS = int(os.environ.get("PLAYGROUND_TEST_SECONDS", "200"))
WAIT_SECONDS = 15
HTTP_TIMEOUT = 10
START_QUERY = "colors=ff7e5f,feb47b&dir=horizontal&width=1200&height=630"
SEED_QUERIES = [
    "colors=ffffff00,white",
    "colors=transparent@0,4a4a4a@0.25",
    "colors=e96443,904e95,2f80ed&dir=horizontal",
    "colors=eeeeee,bbbbbb",
    "base=00d293&percentage=0.06",
    "type=radial&colors=ffffff,3366ff",
    "colors=ff7e5f,feb47b&dir=to-bottom-right",
]

driver = None


def http_get(url):
    """(status, headers, body) of a GET, 4xx/5xx included."""
    request = urllib.request.Request(url, headers={"Accept": "*/*"})
    try:
        with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def expected_csp():
    spec = importlib.util.spec_from_file_location("playground_csp", ROOT / "scripts/playground-csp.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.policy(PAGE.read_text(encoding="utf-8"))


def js(script, *args):
    return driver.execute_script(script, *args)


def by_id(element_id):
    return driver.find_element(By.ID, element_id)


def shown_url():
    return by_id("out-url").get_attribute("value")


def wait_until(condition, what, seconds=WAIT_SECONDS):
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda _: condition())
    except Exception as error:
        raise AssertionError(f"timed out after {seconds}s waiting for {what}") from error


def wait_preview(expected_state="ready"):
    """Waits until the preview shows the URL the page shows, in the expected state; returns that URL."""

    def settled():
        return js(
            """
            const figure = document.getElementById('png-figure');
            const img = document.getElementById('preview');
            const url = document.getElementById('out-url').value;
            if (figure.dataset.state !== arguments[0] || figure.dataset.url !== url) return null;
            if (arguments[0] === 'ready' && (img.src !== url || !img.complete || img.naturalWidth === 0)) return null;
            return url;
            """,
            expected_state,
        )

    return wait_until(settled, f"the preview to be {expected_state} for the URL shown")


def fill(element, text):
    element.send_keys(Keys.CONTROL, "a")
    element.send_keys(text)


def stop_field(index, kind):
    return driver.find_elements(By.CSS_SELECTOR, f"#stops .{kind}")[index]


def console_errors(allow_http_400=False, allow_http_422=False):
    entries = driver.get_log("browser")
    errors = [e for e in entries if e.get("level") == "SEVERE"]
    if allow_http_400:
        errors = [e for e in errors if "status of 400" not in e.get("message", "")]
    if allow_http_422:
        errors = [e for e in errors if "status of 422" not in e.get("message", "")]
    return errors


def assert_no_console_errors(allow_http_400=False, allow_http_422=False):
    errors = console_errors(allow_http_400, allow_http_422)
    assert not errors, "console errors: " + json.dumps([e["message"] for e in errors])[:800]


def page_pixels():
    """The preview image drawn to a canvas in the page: (width, height, RGBA bytes)."""
    width, height, data = js(
        """
        const img = document.getElementById('preview');
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        context.drawImage(img, 0, 0);
        const bytes = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) {
          binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
        }
        return [canvas.width, canvas.height, btoa(binary)];
        """
    )
    return width, height, base64.b64decode(data)


def service_pixels(url):
    status, headers, body = http_get(url)
    assert status == 200, f"service answered {status} for {url}"
    assert headers.get("Content-Type", "").startswith("image/png"), headers.get("Content-Type")
    image = Image.open(io.BytesIO(body))
    return image.width, image.height, image.convert("RGBA").tobytes()


def assert_preview_pixels_match(url):
    """The decoded preview equals the service's PNG for the same URL: exactly where opaque; where not, the
    canvas stores premultiplied colour, so the premultiplied values may differ by one unit."""
    pw, ph, page = page_pixels()
    sw, sh, service = service_pixels(url)
    assert (pw, ph) == (sw, sh), f"preview is {pw}x{ph}, service PNG is {sw}x{sh}"
    mismatches = 0
    for i in range(0, len(service), 4):
        a = service[i + 3]
        if page[i + 3] != a:
            mismatches += 1
        elif a == 255:
            if page[i : i + 3] != service[i : i + 3]:
                mismatches += 1
        elif a > 0 and any(abs(page[i + c] * a - service[i + c] * a) > 255 for c in range(3)):
            mismatches += 1
    assert mismatches == 0, f"{mismatches} of {sw * sh} preview pixels differ from the service's PNG"


def query_of(url):
    prefix = BASE + "/gradient?"
    assert url.startswith(prefix), f"{url!r} does not start with {prefix!r}"
    return url[len(prefix) :]


def params(query):
    return sorted(urllib.parse.parse_qsl(query, keep_blank_values=True))


# The checks, in order: each builds on the page state the previous one left.


def test_served_with_csp():
    status, headers, body = http_get(BASE + "/")
    assert status == 200, status
    assert headers.get("Content-Type", "").startswith("text/html"), headers.get("Content-Type")
    assert body == PAGE.read_bytes(), "GET / does not serve Sources/GradientService/Playground/playground.html"
    csp = headers.get("Content-Security-Policy")
    assert csp == expected_csp(), f"Content-Security-Policy is {csp!r}, scripts/playground-csp.py says {expected_csp()!r}"


def test_page_loads_without_errors():
    driver.get(BASE + "/")
    url = wait_preview()
    assert url == BASE + "/gradient?" + START_QUERY, url
    assert js("return location.hash") == "#" + START_QUERY
    assert driver.title == "gradientd playground", driver.title
    foreign = js(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => !n.startsWith(location.origin + '/'))"
    )
    assert not foreign, f"requests to other origins: {foreign}"
    assert_no_console_errors()


def test_size_controls():
    fill(by_id("f-width"), "240")
    fill(by_id("f-height"), "160")
    url = wait_preview()
    assert query_of(url) == "colors=ff7e5f,feb47b&dir=horizontal&width=240&height=160", url
    assert_preview_pixels_match(url)


def test_colour_text_field():
    fill(stop_field(0, "color-text"), "3366ff")
    url = wait_preview()
    assert query_of(url) == "colors=3366ff,feb47b&dir=horizontal&width=240&height=160", url
    assert stop_field(0, "picker").get_attribute("value") == "#3366ff"
    assert_preview_pixels_match(url)


def test_colour_picker():
    picker = stop_field(1, "picker")
    picker.send_keys(Keys.NULL)
    js(
        """
        const picker = arguments[0];
        picker.value = '#00aa55';
        picker.dispatchEvent(new Event('input', { bubbles: true }));
        picker.dispatchEvent(new Event('change', { bubbles: true }));
        """,
        picker,
    )
    url = wait_preview()
    assert query_of(url) == "colors=3366ff,00aa55&dir=horizontal&width=240&height=160", url
    assert stop_field(1, "color-text").get_attribute("value") == "00aa55"
    assert_preview_pixels_match(url)


def test_angle():
    Select(by_id("f-lin")).select_by_value("angle")
    fill(by_id("f-angle"), "30")
    url = wait_preview()
    assert query_of(url) == "colors=3366ff,00aa55&angle=30&width=240&height=160", url
    assert_preview_pixels_match(url)
    assert by_id("css-text").text == "linear-gradient(30deg, #3366ff, #00aa55)", by_id("css-text").text
    slider = by_id("f-angle-range")
    assert slider.get_attribute("value") == "30"
    slider.send_keys(Keys.ARROW_RIGHT)
    url = wait_preview()
    assert query_of(url) == "colors=3366ff,00aa55&angle=31&width=240&height=160", url
    assert by_id("f-angle").get_attribute("value") == "31"
    assert_preview_pixels_match(url)


def test_type():
    Select(by_id("f-type")).select_by_value("radial")
    url = wait_preview()
    assert query_of(url) == "colors=3366ff,00aa55&type=radial&width=240&height=160", url
    assert_preview_pixels_match(url)
    assert by_id("css-text").text == "radial-gradient(#3366ff, #00aa55)", by_id("css-text").text
    Select(by_id("f-type")).select_by_value("conic")
    fill(by_id("f-from"), "45")
    url = wait_preview()
    assert query_of(url) == "colors=3366ff,00aa55&type=conic&from=45&width=240&height=160", url
    assert_preview_pixels_match(url)
    assert by_id("css-text").text == "conic-gradient(from 45deg, #3366ff, #00aa55)", by_id("css-text").text


def test_not_expressible_in_css():
    Select(by_id("f-spread")).select_by_value("reflect")
    url = wait_preview()
    assert "spread=reflect" in url, url
    assert by_id("css-note").is_displayed() and "Not expressible in CSS" in by_id("css-note").text
    assert js("return document.getElementById('css-figure').dataset.expressible") == "false"
    Select(by_id("f-spread")).select_by_value("pad")
    wait_preview()
    assert js("return document.getElementById('css-figure').dataset.expressible") == "true"


def test_state_in_page_url():
    url = wait_preview()
    query = query_of(url)
    assert js("return location.hash") == "#" + query
    driver.get("about:blank")
    driver.get(BASE + "/#" + query)
    assert wait_preview() == url
    assert Select(by_id("f-type")).first_selected_option.get_attribute("value") == "conic"
    assert by_id("f-from").get_attribute("value") == "45"
    assert_no_console_errors()


def test_bad_colour_shows_problem():
    fill(stop_field(0, "color-text"), "notacolor")
    url = wait_preview("error")
    status, headers, body = http_get(url)
    assert status == 400, status
    problem = json.loads(body)
    assert by_id("problem").is_displayed(), "problem box hidden"
    assert by_id("problem").get_attribute("role") == "alert"
    assert by_id("problem-detail").text == problem["detail"], (by_id("problem-detail").text, problem["detail"])
    assert by_id("problem-parameter").text == problem["parameter"] == "colors"
    assert not by_id("png-frame").is_displayed(), "stale image still shown beside the problem"
    fill(stop_field(0, "color-text"), "3366ff")
    wait_preview()
    assert not by_id("problem").is_displayed()
    assert_no_console_errors(allow_http_400=True)


def service_renders_css():
    return http_get(BASE + "/gradient?css=linear-gradient(red,blue)&width=8&height=8")[0] == 200


def test_css_text_box_drives_css_parameter():
    Select(by_id("f-source")).select_by_value("css")
    textarea = by_id("f-css")
    assert textarea.get_attribute("value") == "conic-gradient(from 45deg, #3366ff, #00aa55)"
    fill(textarea, "linear-gradient(in oklch 90deg, #3366ff, #00aa55 80%)")
    expected = "css=linear-gradient(in+oklch+90deg,+%233366ff,+%2300aa55+80%25)&width=240&height=160"
    assert not by_id("geometry").is_displayed() and not by_id("interpolation").is_displayed()
    if service_renders_css():
        url = wait_preview()
        assert query_of(url) == expected, url
        assert_preview_pixels_match(url)
    else:
        url = wait_preview("error")
        assert query_of(url) == expected, url
        assert by_id("problem-parameter").text == "css"
        assert by_id("problem-detail").text == json.loads(http_get(url)[2])["detail"]
    assert by_id("css-text").text == "linear-gradient(in oklch 90deg, #3366ff, #00aa55 80%)"
    assert_no_console_errors(allow_http_400=True)
    Select(by_id("f-source")).select_by_value("stops")
    url = wait_preview()
    assert query_of(url) == "colors=3366ff,00aa55&type=conic&from=45&width=240&height=160", url


def test_copy_buttons():
    driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": BASE, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    url = wait_preview()
    width, height = by_id("f-width").get_attribute("value"), by_id("f-height").get_attribute("value")
    expected = {
        "out-url": url,
        "out-img": f'<img src="{url.replace("&", "&amp;")}" width="{width}" height="{height}" alt="">',
        "out-css": f'background-image: url("{url}");',
        "out-curl": f"curl -fsS -o gradient.png '{url}'",
    }
    read_clipboard = """
        const done = arguments[arguments.length - 1];
        navigator.clipboard.readText().then(done, (e) => done('READ FAILED: ' + e));
    """
    for field, text in expected.items():
        driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.clipboard.writeText('sentinel').then(() => done(true), (e) => done(String(e)));"
        )
        button = driver.find_element(By.CSS_SELECTOR, f'button[data-copy="{field}"]')
        button.click()
        wait_until(lambda: by_id("copy-status").text.startswith("Copied"), f"the copy status after {field}")
        copied = driver.execute_async_script(read_clipboard)
        assert copied == text, f"{field}: clipboard has {copied!r}, expected {text!r}"
        assert by_id(field).get_attribute("value") == text
        js("document.getElementById('copy-status').textContent = ''")
    if shutil.which("curl"):
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run(shlex.split(expected["out-curl"]), cwd=folder, check=True, timeout=HTTP_TIMEOUT)
            assert (pathlib.Path(folder) / "gradient.png").read_bytes() == http_get(url)[2]
    assert_no_console_errors()


def test_stops_and_options():
    Select(by_id("f-type")).select_by_value("linear")
    Select(by_id("f-lin")).select_by_value("dir")
    Select(by_id("f-dir")).select_by_value("to-top-right")
    by_id("add-stop").click()
    assert driver.switch_to.active_element == stop_field(2, "color-text"), "focus did not move to the new stop"
    fill(stop_field(2, "color-text"), "rgb(255 200 0)")
    fill(stop_field(2, "pos"), "70% 90%")
    url = wait_preview()
    assert query_of(url) == "colors=3366ff,00aa55,rgb(255+200+0)@70%25@90%25&dir=to-top-right&width=240&height=160", url
    assert_preview_pixels_match(url)
    driver.find_element(By.CSS_SELECTOR, '#stops button[aria-label="Move stop 3 up"]').click()
    assert driver.switch_to.active_element.get_attribute("aria-label") == "Move stop 2 up"
    url = wait_preview()
    assert query_of(url) == "colors=3366ff,rgb(255+200+0)@70%25@90%25,00aa55&dir=to-top-right&width=240&height=160", url
    driver.find_element(By.CSS_SELECTOR, '#stops button[aria-label="Remove stop 1"]').click()
    url = wait_preview()
    assert query_of(url) == "colors=rgb(255+200+0)@70%25@90%25,00aa55&dir=to-top-right&width=240&height=160", url
    assert by_id("css-text").text == "linear-gradient(to top right, rgb(255 200 0) 70% 90%, #00aa55)"
    assert not by_id("f-hue").is_enabled(), "hue method enabled for srgb"
    Select(by_id("f-space")).select_by_value("oklch")
    Select(by_id("f-hue")).select_by_value("longer")
    Select(by_id("f-spread")).select_by_value("repeat")
    by_id("f-dither").click()
    url = wait_preview()
    assert query_of(url) == (
        "colors=rgb(255+200+0)@70%25@90%25,00aa55&dir=to-top-right&spread=repeat&space=oklch&hue=longer"
        "&dither=off&width=240&height=160"
    ), url
    assert by_id("css-text").text == (
        "repeating-linear-gradient(to top right in oklch longer hue, rgb(255 200 0) 70% 90%, #00aa55)"
    ), by_id("css-text").text
    assert_preview_pixels_match(url)
    fill(by_id("f-scale"), "2")
    Select(by_id("f-depth")).select_by_value("16")
    url = wait_preview()
    assert query_of(url).endswith("&dither=off&depth=16&width=240&height=160&scale=2"), url
    assert js("return [document.getElementById('preview').naturalWidth, document.getElementById('preview').naturalHeight]") == [480, 320]
    fill(by_id("f-scale"), "1")
    Select(by_id("f-depth")).select_by_value("8")
    by_id("f-dither").click()
    wait_preview()
    assert_no_console_errors()


def test_gallery_loads_examples():
    buttons = driver.find_elements(By.CSS_SELECTOR, "#gallery-list button.example")
    queries = [b.get_attribute("data-query") for b in buttons]
    for seed in SEED_QUERIES:
        assert seed in queries, f"gallery lacks {seed}"
    size = "&width=240&height=160"
    for index, query in enumerate(queries):
        button = driver.find_elements(By.CSS_SELECTOR, "#gallery-list button.example")[index]
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        url = wait_preview()
        assert params(query_of(url)) == params(query + size), f"example {query}: preview URL {url}"
        assert_preview_pixels_match(url)
    thumbnails = js(
        "return [...document.querySelectorAll('#gallery-list img')].filter(i => !i.complete || !i.naturalWidth)"
        ".map(i => i.src)"
    )
    assert not thumbnails, f"gallery thumbnails not loaded: {thumbnails}"
    assert_no_console_errors()


def info_line():
    return js(
        """
        const box = document.getElementById('info');
        return box.hidden ? null : {type: box.dataset.type, bytes: box.dataset.bytes, renderMs: box.dataset.renderMs,
            url: box.dataset.url, text: box.textContent};
        """
    )


def render_milliseconds(server_timing):
    for metric in (server_timing or "").split(","):
        name, _, rest = metric.strip().partition(";")
        if name == "render" and rest.startswith("dur="):
            return rest[len("dur=") :]
    return None


def load_design(query, state="ready"):
    driver.get("about:blank")
    driver.get(BASE + "/#" + query)
    return wait_preview(state)


def test_example_names_speak_web():
    titles = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#gallery-list .example .title")]
    for name in ["Social card", "Hero background", "Email banner", "Splash screen", "Button"]:
        assert name in titles, f"no example called {name!r}: {titles}"
    ios = [t for t in titles if "CAGradientLayer" in t or t.endswith("View") or "Slope" in t]
    assert not ios, f"examples still named after iOS classes: {ios}"


def test_info_line_matches_response():
    url = load_design("colors=3366ff,00aa55&dir=horizontal&width=240&height=160")
    for format_name, media_type in [("png", "image/png"), ("svg", "image/svg+xml"), ("webp", "image/webp")]:
        Select(by_id("f-format")).select_by_value(format_name)
        url = wait_preview()
        if format_name != "png":
            assert query_of(url).endswith(f"&format={format_name}&width=240&height=160"), url
        wait_until(lambda: (info_line() or {}).get("url") == url, "the info line for the URL shown")
        info = info_line()
        status, headers, body = http_get(url)
        assert status == 200 and headers["Content-Type"] == media_type, (status, headers["Content-Type"])
        assert info["type"] == media_type, info
        assert info["bytes"] == str(len(body)), f"info says {info['bytes']} bytes, the response has {len(body)}"
        served = render_milliseconds(headers.get("Server-Timing"))
        assert served is not None, f"a cached image carries no render time: {headers.get('Server-Timing')!r}"
        assert info["renderMs"] == served, f"info says {info['renderMs']} ms, Server-Timing says {served}"
        assert f"{len(body):,} bytes" in info["text"] and f"rendered in {served} ms" in info["text"], info["text"]
        assert format_name.upper() in info["text"], info["text"]
        link = by_id("download")
        assert link.get_attribute("href") == url, link.get_attribute("href")
        assert link.get_attribute("download") == f"gradient-240x160.{format_name}", link.get_attribute("download")
    dithered = int(info_line()["bytes"])
    by_id("f-dither").click()
    url = wait_preview()
    wait_until(lambda: (info_line() or {}).get("url") == url, "the info line after turning dither off")
    assert int(info_line()["bytes"]) == len(http_get(url)[2]) != dithered
    by_id("f-dither").click()
    Select(by_id("f-format")).select_by_value("png")
    url = wait_preview()
    assert "format=" not in url, url
    assert_no_console_errors()


def test_download_button():
    url = load_design("colors=ff7e5f,feb47b&dir=to-bottom-right&width=120&height=80&scale=2")
    link = by_id("download")
    assert link.get_attribute("href") == url
    assert link.get_attribute("download") == "gradient-120x80@2x.png", link.get_attribute("download")
    with tempfile.TemporaryDirectory() as folder:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        link.click()
        target = pathlib.Path(folder) / "gradient-120x80@2x.png"
        wait_until(lambda: target.exists() and target.stat().st_size > 0, "the downloaded file")
        assert target.read_bytes() == http_get(url)[2], "the downloaded file differs from the image at the URL"
        assert Image.open(target).size == (240, 160)
    assert_no_console_errors()


def test_grain_slider_and_seed():
    url = load_design("colors=808080,909090&width=240&height=160")
    _, _, plain = page_pixels()
    slider = by_id("f-grain")
    assert slider.get_attribute("value") == "0"
    for _ in range(8):
        slider.send_keys(Keys.ARROW_RIGHT)
    url = wait_preview()
    assert query_of(url) == "colors=808080,909090&grain=0.4&width=240&height=160", url
    assert by_id("grain-value").text == "0.40"
    assert_preview_pixels_match(url)
    _, _, grainy = page_pixels()
    assert grainy != plain, "grain did not change the image"
    assert "grain" in by_id("css-note").text, by_id("css-note").text
    fill(by_id("f-seed"), "7")
    url = wait_preview()
    assert query_of(url) == "colors=808080,909090&grain=0.4&seed=7&width=240&height=160", url
    assert_preview_pixels_match(url)
    _, _, reseeded = page_pixels()
    assert reseeded != grainy, "another seed gave the same grain"
    assert_no_console_errors()


def test_display_p3_option():
    url = load_design("colors=ff0000,00ff00&dir=horizontal&width=240&height=160")
    assert by_id("gamut-hint").get_attribute("hidden") is not None
    Select(by_id("f-gamut")).select_by_value("display-p3")
    url = wait_preview()
    assert query_of(url) == "colors=ff0000,00ff00&dir=horizontal&gamut=display-p3&width=240&height=160", url
    wait_until(lambda: (info_line() or {}).get("url") == url, "the info line for the P3 image")
    info = info_line()
    status, headers, body = http_get(url)
    assert status == 200 and body[8:16] == b"\x00\x00\x00\x0dIHDR" and b"cICP" in body[:64], body[:64]
    assert info["bytes"] == str(len(body)) and "Display P3" in info["text"], info
    hint = by_id("gamut-hint")
    assert hint.get_attribute("hidden") is None and "screen shows" in hint.text, hint.text
    Select(by_id("f-format")).select_by_value("svg")
    url = wait_preview()
    assert "gamut" not in url and "no Display P3" in by_id("gamut-hint").text, (url, by_id("gamut-hint").text)
    Select(by_id("f-format")).select_by_value("png")
    Select(by_id("f-gamut")).select_by_value("srgb")
    url = wait_preview()
    assert "gamut" not in url, url
    assert_no_console_errors()


def preset_names():
    return [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#preset-list button.preset")]


def test_preset_search_and_pick():
    load_design("colors=3366ff,00aa55&angle=30&width=240&height=160")
    status, _, body = http_get(BASE + "/presets")
    assert status == 200
    every = json.loads(body)
    wait_until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#preset-list button.preset")) > 0, "the presets")
    shown = driver.find_elements(By.CSS_SELECTOR, "#preset-list button.preset")
    assert len(shown) == min(24, len(every))
    assert f"of {len(every)} presets" in by_id("preset-count").text, by_id("preset-count").text
    fill(by_id("preset-search"), "omol")
    wait_until(lambda: preset_names() == ["Omolon"], "the search to find Omolon only")
    fill(by_id("preset-search"), "#2f80ed")
    expected = sorted(p["name"] for p in every if "#2f80ed" in [c.lower() for c in p["colors"]])
    wait_until(lambda: sorted(preset_names()) == expected, f"the colour search to find {expected}")
    fill(by_id("preset-search"), "no such gradient")
    wait_until(lambda: by_id("preset-count").text.startswith("No preset matches"), "the empty result")
    fill(by_id("preset-search"), "omolon")
    omolon = '#preset-list button[data-slug="omolon"]'
    button = wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, omolon), "Omolon")[0]
    swatch = js(
        "const c = arguments[0].querySelector('canvas'); return [...c.getContext('2d').getImageData(0, 14, 1, 1).data]",
        button,
    )
    assert all(abs(a - b) <= 2 for a, b in zip(swatch, [0x09, 0x1E, 0x3A])), f"the swatch starts {swatch}, not #091e3a"
    button.click()
    url = wait_preview()
    assert query_of(url) == "preset=omolon&angle=30&width=240&height=160", url
    assert button.get_attribute("aria-pressed") == "true"
    assert Select(by_id("f-source")).first_selected_option.get_attribute("value") == "preset"
    assert by_id("f-preset").get_attribute("value") == "omolon"
    assert_preview_pixels_match(url)
    assert by_id("css-text").text == "linear-gradient(30deg, #091e3a, #2f80ed, #2d9ee0)", by_id("css-text").text
    assert_no_console_errors()


def grant_clipboard():
    driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": BASE, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )


def read_clipboard():
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.readText().then(done, (e) => done('READ FAILED: ' + e));"
    )


def test_copy_css_from_service():
    url = load_design("colors=3366ff,00aa55&angle=30&width=240&height=160")
    grant_clipboard()
    query = query_of(url)
    status, headers, body = http_get(BASE + "/gradient.css?" + query)
    assert status == 200 and headers["Content-Type"].startswith("text/css"), (status, headers["Content-Type"])
    by_id("copy-gradient-css").click()
    wait_until(lambda: by_id("copy-status").text == "Copied the CSS gradient.", "the copy status")
    assert by_id("out-gradient-css").get_attribute("value") == body.decode().strip()
    assert read_clipboard() == body.decode().strip()
    url = load_design("colors=3366ff,00aa55&angle=30&grain=0.3&width=240&height=160")
    status, _, body = http_get(BASE + "/gradient.css?" + query_of(url))
    assert status == 422, status
    detail = json.loads(body)["detail"]
    by_id("copy-gradient-css").click()
    wait_until(lambda: by_id("copy-status").text.startswith("No CSS for this design"), "the 422 message")
    assert by_id("copy-status").text == "No CSS for this design: " + detail, by_id("copy-status").text
    assert by_id("out-gradient-css").get_attribute("value") == ""
    assert_no_console_errors(allow_http_422=True)


def test_layered_css_and_blend_render():
    load_design("css=linear-gradient(red,blue)&width=240&height=160")
    layered = "linear-gradient(45deg, #ff000080, transparent), radial-gradient(circle at 30% 40%, white, #3366ff 60%)"
    fill(by_id("f-css"), layered)
    wait_until(lambda: "radial" in shown_url(), "the layered css in the URL")
    assert query_of(shown_url()) == (
        "css=linear-gradient(45deg,+%23ff000080,+transparent),+radial-gradient(circle+at+30%25+40%25,+white,"
        "+%233366ff+60%25)&width=240&height=160"
    ), shown_url()
    assert "blend=" not in shown_url()
    fill(by_id("f-blend"), "multiply, screen")
    wait_until(lambda: "blend=" in shown_url(), "blend in the URL")
    assert query_of(shown_url()).endswith("&blend=multiply,+screen&width=240&height=160"), shown_url()
    decoded = dict(urllib.parse.parse_qsl(query_of(shown_url())))
    assert decoded["css"] == layered and decoded["blend"] == "multiply, screen", decoded
    assert js("return document.getElementById('css-preview').style.backgroundBlendMode") == "multiply, screen"
    blended = wait_preview()
    assert_preview_pixels_match(blended)
    fill(by_id("f-blend"), " ")
    wait_until(lambda: "blend=" not in shown_url(), "blend gone from the URL")
    unblended = wait_preview()
    assert_preview_pixels_match(unblended)
    assert service_pixels(blended)[2] != service_pixels(unblended)[2], "the blend mode did not change the image"
    assert_no_console_errors()


def handle(index):
    return driver.find_elements(By.CSS_SELECTOR, "#mesh-handles .handle")[index]


def handle_point(index):
    h = handle(index)
    return float(h.get_attribute("data-x")), float(h.get_attribute("data-y"))


def points_of(url):
    value = dict(urllib.parse.parse_qsl(query_of(url))).get("points")
    return [tuple(float(v) for v in pair.split(",")) for pair in value.split(";")] if value else None


def drag(element, dx, dy, steps=6):
    chain = ActionChains(driver, duration=20).click_and_hold(element)
    for _ in range(steps):
        chain.move_by_offset(dx / steps, dy / steps)
    chain.release().perform()


def test_mesh_editor():
    load_design("colors=3366ff,00aa55&width=240&height=160")
    Select(by_id("f-type")).select_by_value("mesh")
    url = wait_preview()
    params_now = dict(urllib.parse.parse_qsl(query_of(url)))
    assert params_now["type"] == "mesh" and params_now["mesh"] == "3x3", url
    assert len(params_now["colors"].split(",")) == 9 and "points" not in params_now, url
    assert len(driver.find_elements(By.CSS_SELECTOR, "#mesh-handles .handle")) == 9
    assert len(driver.find_elements(By.CSS_SELECTOR, "#mesh-colors .vertex-color")) == 9
    assert not by_id("f-spread").is_displayed() and not by_id("f-source").is_displayed()
    assert "mesh" in by_id("css-note").text
    assert_preview_pixels_match(url)
    Select(by_id("f-mesh-cols")).select_by_value("4")
    url = wait_preview()
    assert dict(urllib.parse.parse_qsl(query_of(url)))["mesh"] == "4x3", url
    assert len(driver.find_elements(By.CSS_SELECTOR, "#mesh-handles .handle")) == 12
    Select(by_id("f-mesh-rows")).select_by_value("4")
    url = wait_preview()
    assert dict(urllib.parse.parse_qsl(query_of(url)))["mesh"] == "4x4", url
    assert_preview_pixels_match(url)
    Select(by_id("f-mesh-cols")).select_by_value("3")
    Select(by_id("f-mesh-rows")).select_by_value("3")
    before = wait_preview()
    _, _, before_pixels = page_pixels()
    # The centre vertex moves freely.
    centre = handle(4)
    assert handle_point(4) == (0.5, 0.5)
    drag(centre, 36, 24)
    url = wait_preview()
    assert url != before, "dragging the centre vertex left the URL as it was"
    points = points_of(url)
    assert points is not None and len(points) == 9, url
    x, y = points[4]
    assert abs(x - (0.5 + 36 / 240)) < 0.03 and abs(y - (0.5 + 24 / 160)) < 0.03, points[4]
    assert points[4] == handle_point(4)
    assert all(len(f"{v}") <= 5 for p in points for v in p), f"points not rounded: {points}"
    _, _, after_pixels = page_pixels()
    assert after_pixels != before_pixels, "the image did not change after the drag"
    assert_preview_pixels_match(url)
    # An edge vertex stays on its edge; corners stay put.
    drag(handle(1), 30, 40)
    url = wait_preview()
    points = points_of(url)
    assert points[1][1] == 0 and abs(points[1][0] - (0.5 + 30 / 240)) < 0.03, points[1]
    drag(handle(3), 25, -20)
    url = wait_preview()
    points = points_of(url)
    assert points[3][0] == 0 and abs(points[3][1] - (0.5 - 20 / 160)) < 0.03, points[3]
    drag(handle(8), -50, -50)
    url = wait_preview()
    assert points_of(url)[8] == (1, 1)
    assert_preview_pixels_match(url)
    # The arrow keys move a focused vertex.
    handle(4).send_keys(Keys.ARROW_LEFT)
    url = wait_preview()
    assert abs(points_of(url)[4][0] - (points[4][0] - 0.01)) < 1e-9, (points_of(url)[4], points[4])
    # A vertex colour and smooth=off.
    picker = driver.find_elements(By.CSS_SELECTOR, "#mesh-colors .vertex-color")[4]
    js(
        """
        arguments[0].value = '#00ff88';
        arguments[0].dispatchEvent(new Event('input', { bubbles: true }));
        """,
        picker,
    )
    by_id("f-smooth").click()
    url = wait_preview()
    decoded = dict(urllib.parse.parse_qsl(query_of(url)))
    assert decoded["colors"].split(",")[4] == "00ff88" and decoded["smooth"] == "off", decoded
    assert_preview_pixels_match(url)
    # The design survives a reload from the page URL.
    driver.get("about:blank")
    driver.get(BASE + "/#" + query_of(url))
    assert wait_preview() == url
    assert handle_point(4) == points_of(url)[4]
    by_id("mesh-reset").click()
    url = wait_preview()
    assert points_of(url) is None, url
    assert_no_console_errors()


def test_one_request_in_flight():
    driver.find_elements(By.CSS_SELECTOR, "#gallery-list button.example")[2].click()
    wait_preview()
    Select(by_id("f-lin")).select_by_value("angle")
    wait_preview()
    js("performance.clearResourceTimings()")
    angle = by_id("f-angle")
    angle.send_keys(Keys.CONTROL, "a")
    keystrokes = 0
    for text in ["1", "2", "3", "4", "5", "6", "7"]:
        angle.send_keys(text)
        keystrokes += 1
        time.sleep(0.03)
    for text in ["0", "1", "2", "3"]:
        angle.send_keys(Keys.BACKSPACE, text)
        keystrokes += 1
        time.sleep(0.3)
    url = wait_preview()
    assert query_of(url) == "colors=e96443,904e95,2f80ed&angle=1234563&width=240&height=160", url
    fetches = js(
        "return performance.getEntriesByType('resource')"
        ".filter(e => e.initiatorType === 'fetch' && e.name.includes('/gradient?'))"
        ".map(e => [e.startTime, e.responseEnd, e.name, e.encodedBodySize])"
    )
    images = [f for f in fetches if f[3] > 0]
    assert 1 <= len(images) < keystrokes, f"{len(images)} image requests for {keystrokes} keystrokes"
    fetches.sort()
    for previous, current in zip(fetches, fetches[1:]):
        assert current[0] >= previous[1], f"two preview requests in flight at once: {previous[2]} and {current[2]}"
    assert fetches[-1][2] == url, "the last request is not the latest state"


def test_keyboard_reaches_every_control():
    for setup in ["radial-explicit", "conic", "base", "css", "mesh"]:
        driver.get(BASE + "/#" + {
            "radial-explicit": "colors=red,blue&type=radial&shape=circle&size=40px&space=oklch&width=240&height=160",
            "conic": "colors=red,blue&type=conic&from=10&width=240&height=160",
            "base": "base=00d293&percentage=0.06&angle=20&width=240&height=160",
            "css": "css=linear-gradient(red,blue)&width=240&height=160",
            "mesh": "colors=red,lime,blue,white&type=mesh&mesh=2x2&smooth=off&width=240&height=160",
        }[setup])
        wait_preview("ready" if setup != "css" or service_renders_css() else "error")
        js("document.activeElement.blur(); window.scrollTo(0, 0)")
        driver.find_element(By.TAG_NAME, "h1").click()
        seen = []
        for _ in range(200):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            info = js(
                """
                const el = document.activeElement;
                if (!el || el === document.body) return null;
                const style = getComputedStyle(el);
                const first = el.dataset.tabbed === '1';
                el.dataset.tabbed = '1';
                return [first, el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40),
                        style.outlineStyle, parseFloat(style.outlineWidth)];
                """
            )
            if info is None:
                continue
            if info[0]:
                break
            seen.append(info)
        missed = js(
            """
            const controls = [...document.querySelectorAll('input, select, textarea, button, a[href]')];
            const missed = controls.filter(el => !el.disabled && el.getClientRects().length > 0 && el.dataset.tabbed !== '1')
              .map(el => el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40));
            controls.forEach(el => delete el.dataset.tabbed);
            return missed;
            """
        )
        assert not missed, f"{setup}: Tab never reaches {missed}"
        invisible = [name for _, name, style, width in seen if style == "none" or not width or width < 2]
        assert not invisible, f"{setup}: no visible focus on {invisible}"
        assert len(seen) > 20, f"{setup}: only {len(seen)} controls reached"
        unlabelled = js(
            """
            return [...document.querySelectorAll('input, select, textarea, button')]
              .filter(el => el.getClientRects().length > 0)
              .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.textContent.trim())
              .map(el => el.outerHTML.slice(0, 80));
            """
        )
        assert not unlabelled, f"{setup}: controls without a label: {unlabelled}"
    assert_no_console_errors(allow_http_400=not service_renders_css())


def test_narrow_screen():
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 360, "height": 800, "deviceScaleFactor": 1, "mobile": True}
    )
    try:
        driver.get(BASE + "/")
        wait_preview()
        widths = js("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1] <= 360, f"the page scrolls sideways at 360 px: {widths}"
        assert_no_console_errors()
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


TESTS = [
    test_served_with_csp,
    test_page_loads_without_errors,
    test_size_controls,
    test_colour_text_field,
    test_colour_picker,
    test_angle,
    test_type,
    test_not_expressible_in_css,
    test_state_in_page_url,
    test_bad_colour_shows_problem,
    test_css_text_box_drives_css_parameter,
    test_copy_buttons,
    test_stops_and_options,
    test_gallery_loads_examples,
    test_example_names_speak_web,
    test_info_line_matches_response,
    test_download_button,
    test_grain_slider_and_seed,
    test_display_p3_option,
    test_preset_search_and_pick,
    test_copy_css_from_service,
    test_layered_css_and_blend_render,
    test_mesh_editor,
    test_one_request_in_flight,
    test_keyboard_reaches_every_control,
    test_narrow_screen,
]


def main():
    global driver
    if not BASE:
        print("GRADIENTD_URL is not set (e.g. http://127.0.0.1:8080)", file=sys.stderr)
        return 2
    run = CheckRun(TESTS, TOTAL_SECONDS)
    started = time.monotonic()
    driver = make_driver(WAIT_SECONDS)
    run.driver = driver
    try:
        run.run(after_failure=console_errors)
    finally:
        driver.quit()
    print(f"browser test took {time.monotonic() - started:.1f}s", flush=True)
    return run.finish()


if __name__ == "__main__":
    sys.exit(main())
