"""Hooks scripts/schemathesis.sh loads through SCHEMATHESIS_HOOKS: the exact pixel budget of /gradient and the
filter of openapi.yaml's documented approximations (schemathesis_pixel_budget.py). Values are generated from
openapi.yaml alone, as any client generated from it would send them."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import schemathesis_pixel_budget  # noqa: E402,F401  (registers the check and the failure filter)
