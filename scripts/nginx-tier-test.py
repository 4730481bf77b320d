"""Proves the nginx cache tier of deploy/nginx/nginx.conf on loopback.

Starts two gradientd instances and nginx in front of them (the deploy configuration with loopback ports), then
checks: a first request is a MISS and a second a HIT with the same bytes; both instances return identical bytes
and ETag for the same query; SIGTERM to one instance during a stream of requests through nginx loses none of them,
and that instance exits 0. Every wait is bounded; only the processes started here are stopped, by PID.

Usage: python3 scripts/nginx-tier-test.py --gradientd PATH [--nginx /usr/sbin/nginx]
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url, timeout=10):
    request = urllib.request.Request(url)
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return response.status, dict(response.headers), response.read()


def wait_for(url, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if get(url, timeout=1)[0] == 200:
                return
        except (OSError, urllib.error.URLError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up within {seconds}s")


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"PASS {name}")
        else:
            self.failed += 1
            print(f"FAIL {name} {detail}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gradientd", required=True)
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="gradientd-tier-")
    os.chmod(work, 0o777)
    for sub in ("cache", "tmp"):
        os.makedirs(os.path.join(work, sub), mode=0o777)
        os.chmod(os.path.join(work, sub), 0o777)
    ports = [free_port(), free_port()]
    front = free_port()
    processes = []
    checks = Checks()
    try:
        instances = []
        for port in ports:
            log = open(os.path.join(work, f"gradientd-{port}.log"), "w")
            process = subprocess.Popen([args.gradientd, "--host", "127.0.0.1", "--port", str(port)], stdout=log,
                                       stderr=subprocess.STDOUT)
            processes.append(process)
            instances.append(process)
        for port in ports:
            wait_for(f"http://127.0.0.1:{port}/healthz")

        config = open(os.path.join(ROOT, "deploy", "nginx", "nginx.conf")).read()
        config = config.replace("127.0.0.1:8081", f"127.0.0.1:{ports[0]}").replace(
            "127.0.0.1:8082", f"127.0.0.1:{ports[1]}")
        config = re.sub(r"listen 127\.0\.0\.1:8080;", f"listen 127.0.0.1:{front};", config)
        config = config.replace("worker_processes auto;", "worker_processes 1;")
        config_path = os.path.join(work, "nginx.conf")
        open(config_path, "w").write(config)
        nginx = subprocess.Popen([args.nginx, "-p", work + "/", "-c", config_path, "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "nginx.log"), "w"))
        processes.append(nginx)
        wait_for(f"http://127.0.0.1:{front}/healthz")
        base = f"http://127.0.0.1:{front}"

        query = "/gradient?colors=ff7e5f,feb47b&dir=horizontal&width=120&height=63"
        status1, headers1, body1 = get(base + query)
        status2, headers2, body2 = get(base + query)
        checks.check("first request through nginx is a MISS", status1 == 200 and headers1.get("X-Cache-Status") == "MISS",
                     f"{status1} {headers1.get('X-Cache-Status')}")
        checks.check("second request is a HIT with the same bytes",
                     status2 == 200 and headers2.get("X-Cache-Status") == "HIT" and body1 == body2,
                     f"{status2} {headers2.get('X-Cache-Status')}")
        checks.check("nginx passes the PNG and its validators", body1[:8] == b"\x89PNG\r\n\x1a\n"
                     and headers1.get("ETag", "").startswith('"') and "immutable" in headers1.get("Cache-Control", ""))

        direct = [get(f"http://127.0.0.1:{port}{query}&scale=2") for port in ports]
        checks.check("both instances return identical bytes for the same query", direct[0][2] == direct[1][2])
        checks.check("both instances return the same ETag", direct[0][1].get("ETag") == direct[1][1].get("ETag")
                     and direct[0][1].get("ETag") is not None)

        total = 240
        stop_after = 60
        results = []

        def fetch(index):
            url = f"{base}/gradient?colors=red,{index:06x}&width=96&height=64&angle={index % 360}"
            try:
                status, _, body = get(url, timeout=15)
                return status == 200 and body[:8] == b"\x89PNG\r\n\x1a\n", status
            except urllib.error.HTTPError as error:
                return False, error.code
            except OSError as error:
                return False, str(error)

        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            futures = [pool.submit(fetch, index) for index in range(total)]
            for index, future in enumerate(futures):
                if index == stop_after:
                    instances[0].send_signal(signal.SIGTERM)
                results.append(future.result(timeout=60))
        lost = [status for ok, status in results if not ok]
        checks.check(f"SIGTERM to one instance during {total} requests loses none of them", not lost,
                     f"{len(lost)} failed: {lost[:5]}")
        try:
            code = instances[0].wait(timeout=20)
        except subprocess.TimeoutExpired:
            code = None
        checks.check("the stopped instance drains and exits 0", code == 0, f"exit {code}")
        status, _, _ = get(base + query.replace("width=120", "width=121"))
        checks.check("the tier keeps rendering on the other instance", status == 200)
    finally:
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
        shutil.rmtree(work, ignore_errors=True)
    print(f"{checks.passed} passed, {checks.failed} failed")
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
