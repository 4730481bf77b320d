"""Starts Debian's headless Chromium through chromedriver (Selenium) the same way for every browser test.

Environment: CHROMIUM (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
"""

import os

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def make_driver(wait_seconds, window_size="1280,1000"):
    """A fresh headless Chromium (new temporary profile, sRGB output, no background traffic) whose page loads and
    scripts give up after `wait_seconds`."""
    os.environ.setdefault("SE_OFFLINE", "true")
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={window_size}",
        "--force-color-profile=srgb",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(wait_seconds)
    driver.set_script_timeout(wait_seconds)
    return driver
