"""Proves the nginx cache tier of deploy/nginx/nginx.conf on loopback.

Starts three gradientd instances and nginx in front of them (the deploy configuration templated to free loopback
ports and a temporary prefix), then checks:
- a first request is a MISS and a second a HIT with the same bytes and validators;
- every instance returns identical bytes and ETag for the same query, for each format (png, webp, avif, and auto
  with Accept asking for each), with the right Content-Type, a decodable image, distinct ETags per format and
  `Vary: Accept` exactly on format=auto;
- through nginx, format=auto with an AVIF, a WebP and a `*/*` Accept gets AVIF, WebP and PNG, each cached under
  its own key (the second request of each is a HIT with that format's type, ETag and bytes), a browser's longer
  Accept shares the AVIF entry, `Vary: Accept` reaches the client on auto responses and never on explicit ones;
- the consistent hash: distinct URLs spread over all three instances, each reaching exactly one of them (counted
  from each instance's /metrics), and the Accept variants of one format=auto URL all reach the same instance;
- SIGTERM to one instance during a stream of requests from several concurrent clients loses none of them (each
  answer is a 200 with a decodable image), that instance exits 0, and its share of URLs is served by the others.
Every loop and wait is bounded; only the processes started here are stopped, by PID.

The format checks need gradientd's format= support; `--no-formats` runs the PNG, sharding and failover checks
alone (for a gradientd without it). CI runs the default, formats on.

Usage: python3 scripts/nginx-tier-test.py --gradientd PATH [--nginx /usr/sbin/nginx] [--no-formats]
"""
import argparse
import concurrent.futures
import io
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

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INSTANCES = 3
# The ports deploy/nginx/nginx.conf is written for; the test replaces them with free ones.
DEPLOY_FRONT_PORT = 8090
DEPLOY_INSTANCE_PORTS = [8091, 8092, 8093]
CONTENT_TYPES = {"png": "image/png", "webp": "image/webp", "avif": "image/avif"}
PILLOW_FORMATS = {"png": "PNG", "webp": "WEBP", "avif": "AVIF"}
# Accept values and the format the contract negotiates for each with format=auto.
AVIF_ACCEPT = "image/avif,image/webp,*/*"
WEBP_ACCEPT = "image/webp,*/*"
ANY_ACCEPT = "*/*"
BROWSER_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
NEGOTIATED = [(AVIF_ACCEPT, "avif"), (WEBP_ACCEPT, "webp"), (ANY_ACCEPT, "png")]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url, accept=None, timeout=10):
    """GET url; returns (status, headers as an email.message.Message, body). Raises on non-2xx."""
    request = urllib.request.Request(url)
    if accept is not None:
        request.add_header("Accept", accept)
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return response.status, response.headers, response.read()


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


def decoded_format(body):
    """The Pillow format name of body and its size, or None when it does not decode."""
    try:
        with Image.open(io.BytesIO(body)) as image:
            image.load()
            return image.format, image.size
    except Exception:  # noqa: BLE001 - any decoding failure means "not a valid image"
        return None


def image_is(body, headers, fmt, size=None):
    """Whether a response carries a decodable fmt image (of size, when given) under fmt's Content-Type."""
    if headers.get("Content-Type") != CONTENT_TYPES[fmt]:
        return False
    decoded = decoded_format(body)
    return decoded is not None and decoded[0] == PILLOW_FORMATS[fmt] and (size is None or decoded[1] == size)


def gradient_requests(port):
    """Requests the instance on port has answered on /gradient, from its /metrics."""
    _, _, body = get(f"http://127.0.0.1:{port}/metrics", timeout=5)
    pattern = re.compile(r'^gradientd_requests_total\{route="/gradient",status="\d+"\} (\d+)', re.MULTILINE)
    return sum(int(value) for value in pattern.findall(body.decode()))


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


def render_config(ports, front):
    config = open(os.path.join(ROOT, "deploy", "nginx", "nginx.conf")).read()
    for deploy_port, port in zip(DEPLOY_INSTANCE_PORTS, ports):
        placeholder = f"server 127.0.0.1:{deploy_port} "
        if placeholder not in config:
            raise RuntimeError(f"deploy/nginx/nginx.conf has no '{placeholder}'")
        config = config.replace(placeholder, f"server 127.0.0.1:{port} ")
    listen = f"listen 127.0.0.1:{DEPLOY_FRONT_PORT};"
    if listen not in config:
        raise RuntimeError(f"deploy/nginx/nginx.conf has no '{listen}'")
    config = config.replace(listen, f"listen 127.0.0.1:{front};")
    return config.replace("worker_processes auto;", "worker_processes 1;")


def check_miss_then_hit(checks, base):
    query = "/gradient?colors=ff7e5f,feb47b&dir=horizontal&width=120&height=63"
    status1, headers1, body1 = get(base + query)
    status2, headers2, body2 = get(base + query)
    checks.check("first request through nginx is a MISS", status1 == 200 and headers1.get("X-Cache-Status") == "MISS",
                 f"{status1} {headers1.get('X-Cache-Status')}")
    checks.check("second request is a HIT with the same bytes and ETag",
                 status2 == 200 and headers2.get("X-Cache-Status") == "HIT" and body1 == body2
                 and headers1.get("ETag") == headers2.get("ETag"), f"{status2} {headers2.get('X-Cache-Status')}")
    checks.check("nginx passes the PNG and its validators", image_is(body1, headers1, "png", (120, 63))
                 and headers1.get("ETag", "").startswith('"') and "immutable" in headers1.get("Cache-Control", ""))
    statuses = headers2.get_all("Cache-Status") or []
    checks.check("the HIT's Cache-Status lists gradientd's entry, then nginx's hit",
                 len(statuses) == 2 and statuses[0].startswith("gradientd") and statuses[1] == "nginx; hit",
                 f"{statuses}")
    checks.check("a request without format= has no Vary", headers1.get("Vary") is None and headers2.get("Vary") is None,
                 f"{headers1.get('Vary')} {headers2.get('Vary')}")
    return query


def check_instances_agree(checks, ports, formats):
    """Every instance answers each format of one query with the same bytes and ETag."""
    query = "/gradient?colors=0f2027,2c5364&type=radial&width=90&height=70&scale=2"
    variants = [("png", query, None), ("png (format=png)", query + "&format=png", None)]
    if formats:
        variants += [("webp", query + "&format=webp", None), ("avif", query + "&format=avif", None)]
        variants += [(f"auto with Accept {accept}", query + "&format=auto", accept) for accept, _ in NEGOTIATED]
    answers = {}
    for name, url, accept in variants:
        fmt = name.split(" ")[0]
        if fmt == "auto":
            fmt = dict(NEGOTIATED)[accept]
        replies = [get(f"http://127.0.0.1:{port}{url}", accept=accept) for port in ports]
        etags = {headers.get("ETag") for _, headers, _ in replies}
        bodies = {body for _, _, body in replies}
        checks.check(f"all {len(ports)} instances: identical ETag and bytes for {name}",
                     len(etags) == 1 and None not in etags and len(bodies) == 1,
                     f"{len(etags)} ETags, {len(bodies)} bodies")
        checks.check(f"{name}: Content-Type {CONTENT_TYPES[fmt]} and a decodable {fmt} of 180x140",
                     all(image_is(body, headers, fmt, (180, 140)) for _, headers, body in replies),
                     f"{replies[0][1].get('Content-Type')} {decoded_format(replies[0][2])}")
        wants_vary = name.startswith("auto")
        checks.check(f"{name}: {'Vary: Accept' if wants_vary else 'no Vary'}",
                     all((headers.get("Vary") == "Accept") == wants_vary and (wants_vary or headers.get("Vary") is None)
                         for _, headers, _ in replies), f"{replies[0][1].get('Vary')}")
        answers[name] = (etags.pop(), bodies.pop())
    if formats:
        explicit = {fmt: answers[fmt] for fmt in ("png", "webp", "avif")}
        checks.check("png, webp and avif have three distinct ETags", len({etag for etag, _ in explicit.values()}) == 3)
        for accept, fmt in NEGOTIATED:
            checks.check(f"auto with Accept {accept} gives the same ETag and bytes as format={fmt}",
                         answers[f"auto with Accept {accept}"] == explicit[fmt])
        return explicit
    return None


def check_negotiation_through_nginx(checks, base, ports, explicit):
    """format=auto is cached per negotiated format, and explicit formats do not vary."""
    # format=auto in the middle of the query: the tier must find it anywhere.
    auto = "/gradient?colors=0f2027,2c5364&format=auto&type=radial&width=90&height=70&scale=2"
    counts_before = [gradient_requests(port) for port in ports]
    firsts = {accept: get(base + auto, accept=accept) for accept, _ in NEGOTIATED}
    counts_after = [gradient_requests(port) for port in ports]
    seconds = {accept: get(base + auto, accept=accept) for accept, _ in NEGOTIATED}
    for accept, fmt in NEGOTIATED:
        (_, headers1, body1), (_, headers2, body2) = firsts[accept], seconds[accept]
        checks.check(f"nginx, auto, Accept {accept}: first is a MISS with {CONTENT_TYPES[fmt]}",
                     headers1.get("X-Cache-Status") == "MISS" and image_is(body1, headers1, fmt),
                     f"{headers1.get('X-Cache-Status')} {headers1.get('Content-Type')}")
        checks.check(f"nginx, auto, Accept {accept}: second is a HIT with {CONTENT_TYPES[fmt]}, same ETag and bytes",
                     headers2.get("X-Cache-Status") == "HIT" and image_is(body2, headers2, fmt)
                     and headers2.get("ETag") == headers1.get("ETag") and body2 == body1,
                     f"{headers2.get('X-Cache-Status')} {headers2.get('Content-Type')}")
        checks.check(f"nginx, auto, Accept {accept}: the bytes and ETag of format={fmt}",
                     (headers2.get("ETag"), body2) == explicit[fmt])
        checks.check(f"nginx, auto, Accept {accept}: Vary: Accept on the MISS and the HIT",
                     headers1.get("Vary") == "Accept" and headers2.get("Vary") == "Accept",
                     f"{headers1.get('Vary')} {headers2.get('Vary')}")
    deltas = [after - before for before, after in zip(counts_before, counts_after)]
    checks.check("the three Accept variants of one auto URL all reach the same instance",
                 sorted(deltas) == [0] * (len(ports) - 1) + [len(NEGOTIATED)], f"per instance {deltas}")
    _, headers, body = get(base + auto, accept=BROWSER_ACCEPT)
    checks.check("a browser's Accept shares the AVIF entry (HIT, avif)",
                 headers.get("X-Cache-Status") == "HIT" and image_is(body, headers, "avif"),
                 f"{headers.get('X-Cache-Status')} {headers.get('Content-Type')}")

    explicit_query = "/gradient?colors=0f2027,2c5364&type=radial&width=90&height=70&scale=2&format="
    for fmt in ("png", "webp", "avif"):
        # An Accept that would negotiate another format must not change an explicit format's answer.
        other_accept = WEBP_ACCEPT if fmt == "avif" else AVIF_ACCEPT
        _, headers1, body1 = get(base + explicit_query + fmt, accept=other_accept)
        _, headers2, body2 = get(base + explicit_query + fmt, accept=ANY_ACCEPT)
        checks.check(f"nginx, format={fmt}: MISS then HIT across different Accepts, {CONTENT_TYPES[fmt]}, no Vary",
                     headers1.get("X-Cache-Status") == "MISS" and headers2.get("X-Cache-Status") == "HIT"
                     and image_is(body1, headers1, fmt) and body2 == body1
                     and headers1.get("Vary") is None and headers2.get("Vary") is None,
                     f"{headers1.get('X-Cache-Status')} {headers2.get('X-Cache-Status')} {headers1.get('Vary')}")
        checks.check(f"nginx, format={fmt}: the bytes and ETag every instance gave",
                     (headers2.get("ETag"), body2) == explicit[fmt])


def check_sharding(checks, base, ports):
    """Distinct URLs spread over all instances, each reaching exactly one."""
    total = 90
    before = [gradient_requests(port) for port in ports]
    failures = 0
    for index in range(total):
        try:
            status, _, _ = get(f"{base}/gradient?colors=navy,{index:06x}&width=40&height=30")
            failures += status != 200
        except (OSError, urllib.error.URLError):
            failures += 1
    after = [gradient_requests(port) for port in ports]
    deltas = [b - a for a, b in zip(before, after)]
    checks.check(f"{total} distinct URLs through nginx: all 200", failures == 0, f"{failures} failed")
    checks.check(f"{total} distinct URLs reach the instances exactly once in all", sum(deltas) == total,
                 f"per instance {deltas}")
    # A consistent-hash ring with nginx's 160 points per server gives each of three a share near a third.
    checks.check(f"{total} distinct URLs spread over all {len(ports)} instances (each at least {total // 10})",
                 min(deltas) >= total // 10, f"per instance {deltas}")


def check_failover(checks, base, instances, ports, formats):
    """SIGTERM to one instance during a stream of requests loses none of them."""
    total = 360
    stop_after = 90
    clients = 8
    kinds = ["png", "webp", "avif", "auto"] if formats else ["png"]

    def fetch(index):
        kind = kinds[index % len(kinds)]
        url = f"{base}/gradient?colors=red,{index:06x}&width=96&height=64&angle={index % 360}"
        if kind != "png":
            url += f"&format={kind}"
        fmt = "avif" if kind == "auto" else kind
        try:
            _, headers, body = get(url, accept=AVIF_ACCEPT, timeout=20)
            return image_is(body, headers, fmt, (96, 64)), f"{kind}: {headers.get('Content-Type')}"
        except urllib.error.HTTPError as error:
            return False, error.code
        except OSError as error:
            return False, str(error)

    victim = instances[1]
    victim_share = gradient_requests(ports[1])
    results = []
    signalled_at = None
    deadline = time.monotonic() + 120
    with concurrent.futures.ThreadPoolExecutor(max_workers=clients) as pool:
        futures = [pool.submit(fetch, index) for index in range(total)]
        for index, future in enumerate(futures):
            if index == stop_after:
                victim.send_signal(signal.SIGTERM)
                signalled_at = time.monotonic()
            remaining = max(1.0, deadline - time.monotonic())
            try:
                results.append(future.result(timeout=remaining) + (time.monotonic(),))
            except concurrent.futures.TimeoutError:
                results.append((False, "no answer within the time bound", time.monotonic()))
    lost = [detail for ok, detail, _ in results if not ok]
    after_signal = sum(1 for _, _, finished in results if finished > signalled_at)
    checks.check("the stopped instance had served its share before the stop, and the stream went on after it",
                 victim_share > 0 and after_signal >= (total - stop_after) // 2,
                 f"{victim_share} served before, {after_signal} answers after the signal")
    checks.check(f"SIGTERM to one of {len(instances)} instances during {total} requests from {clients} clients loses "
                 f"none of them", not lost, f"{len(lost)} failed: {lost[:5]}")
    try:
        code = victim.wait(timeout=20)
    except subprocess.TimeoutExpired:
        code = None
    checks.check("the stopped instance drains and exits 0", code == 0, f"exit {code}")
    failures = 0
    for index in range(30):
        try:
            status, headers, body = get(f"{base}/gradient?colors=teal,{index:06x}&width=33&height=22", timeout=20)
            failures += not (status == 200 and image_is(body, headers, "png", (33, 22)))
        except (OSError, urllib.error.URLError):
            failures += 1
    checks.check("30 new URLs after the stop, some hashed to the stopped instance, are all served", failures == 0,
                 f"{failures} failed")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gradientd", required=True)
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    parser.add_argument("--formats", action=argparse.BooleanOptionalAction, default=True,
                        help="check format=webp|avif|auto (default); --no-formats checks PNG, sharding and failover")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="gradientd-tier-")
    os.chmod(work, 0o755)
    os.makedirs(os.path.join(work, "tmp"), mode=0o755)
    ports = [free_port() for _ in range(INSTANCES)]
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

        config_path = os.path.join(work, "nginx.conf")
        open(config_path, "w").write(render_config(ports, front))
        nginx = subprocess.Popen([args.nginx, "-p", work + "/", "-c", config_path, "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "nginx.log"), "w"))
        processes.append(nginx)
        wait_for(f"http://127.0.0.1:{front}/healthz")
        base = f"http://127.0.0.1:{front}"

        def stage(name, function, *arguments):
            """Runs one group of checks; an unexpected error answer fails the group, and the next ones still run."""
            try:
                return function(checks, *arguments)
            except (urllib.error.URLError, OSError) as error:
                checks.check(name, False, f"stopped by {error!r}")
                return None

        stage("MISS then HIT", check_miss_then_hit, base)
        explicit = stage("instances agree", check_instances_agree, ports, args.formats)
        if not args.formats:
            print("SKIP format=webp|avif|auto checks (--no-formats)")
        elif explicit is not None:
            stage("format=auto through nginx", check_negotiation_through_nginx, base, ports, explicit)
        stage("sharding", check_sharding, base, ports)
        stage("failover", check_failover, base, instances, ports, args.formats)
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
        if checks.failed:
            for name in sorted(os.listdir(work)):
                if name.endswith(".log"):
                    print(f"--- {name} (last lines)")
                    print("".join(open(os.path.join(work, name), errors="replace").readlines()[-8:]), end="")
        shutil.rmtree(work, ignore_errors=True)
    print(f"{checks.passed} passed, {checks.failed} failed")
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
