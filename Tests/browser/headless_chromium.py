"""What every browser test shares: Debian's headless Chromium started through chromedriver (Selenium) the same
way, and the run of the checks in order, one line each, bounded in total time.

Environment: CHROMIUM (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
"""

import os
import signal
import sys
import time
import traceback

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


class CheckRun:
    """Runs checks in order, printing `PASS name (s)` or `FAIL name (s): why` for each and a closing
    `N passed, M failed`. The whole run is bounded: past `total_seconds` (SIGALRM) the remaining checks count as
    failed, the browser is killed and the process exits 1."""

    def __init__(self, checks, total_seconds):
        self.checks = checks
        self.total_seconds = total_seconds
        self.results = []
        self.driver = None
        signal.signal(signal.SIGALRM, self._on_timeout)
        signal.alarm(total_seconds)

    def run(self, call=lambda check: check(), after_failure=lambda: None):
        """Runs every check through `call`; `after_failure` runs after each failure (to drain a browser log)."""
        for check in self.checks:
            begin = time.monotonic()
            try:
                call(check)
                self.results.append((check.__name__, True))
                print(f"PASS {check.__name__} ({time.monotonic() - begin:.1f}s)", flush=True)
            except Exception as error:
                self.results.append((check.__name__, False))
                print(f"FAIL {check.__name__} ({time.monotonic() - begin:.1f}s): {error}", flush=True)
                traceback.print_exc(limit=2, file=sys.stdout)
                after_failure()

    def finish(self):
        """Stops the time bound, prints the summary and returns the exit status: 1 when a check failed."""
        signal.alarm(0)
        return 1 if self._summary() else 0

    def _summary(self):
        passed = sum(1 for _, ok in self.results if ok)
        failed = len(self.results) - passed
        print(f"{passed} passed, {failed} failed", flush=True)
        return failed

    def _on_timeout(self, signum, frame):
        print(f"FAIL the run took longer than {self.total_seconds}s; stopping", flush=True)
        self.results.extend((check.__name__, False) for check in self.checks[len(self.results) :])
        self._summary()
        if self.driver is not None:
            try:
                self.driver.service.process.kill()
            except Exception:
                pass
        os._exit(1)
