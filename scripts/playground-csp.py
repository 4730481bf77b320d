#!/usr/bin/env python3
"""Prints the Content-Security-Policy header value for the playground page.

The page has exactly one inline <style> and one inline <script> block; the policy allows those two by their
SHA-256 hashes and nothing else but same-origin images (the preview and the gallery) and same-origin fetches
(the preview request, which reads the problem JSON of a 400 and the image's headers, the preset list and
/gradient.css). Preset swatches are drawn on canvases, and the page sets styles only through the CSSOM, which a
style-src hash allows.

Usage: playground-csp.py [PATH]   (default: Sources/GradientService/Playground/playground.html)
"""

import base64
import hashlib
import pathlib
import re
import sys

DEFAULT_PAGE = pathlib.Path(__file__).resolve().parent.parent / "Sources/GradientService/Playground/playground.html"


def block_hash(html: str, tag: str) -> str:
    blocks = re.findall(rf"<{tag}>(.*?)</{tag}>", html, flags=re.DOTALL)
    if len(blocks) != 1 or re.search(rf"<{tag}[\s>]", html.replace(f"<{tag}>", "", 1)):
        raise SystemExit(f"expected exactly one bare <{tag}> block, found {len(blocks)}")
    digest = hashlib.sha256(blocks[0].encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def policy(html: str) -> str:
    return "; ".join(
        [
            "default-src 'none'",
            "img-src 'self'",
            "connect-src 'self'",
            "style-src " + block_hash(html, "style"),
            "script-src " + block_hash(html, "script"),
            "require-trusted-types-for 'script'",
            "trusted-types 'none'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )


def main() -> None:
    path = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_PAGE
    print(policy(path.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
