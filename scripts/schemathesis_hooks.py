"""Hooks scripts/schemathesis.sh loads through SCHEMATHESIS_HOOKS: the colour formats' value generators
(schemathesis_formats.py) and the exact pixel budget of /gradient (schemathesis_pixel_budget.py)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import schemathesis_formats  # noqa: E402,F401  (registers the formats)
import schemathesis_pixel_budget  # noqa: E402,F401  (registers the check and the failure filter)
