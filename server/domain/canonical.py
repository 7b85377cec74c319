"""Canonical JSON: the one deterministic text form of a JSON value, stored and hashed.

Keys sorted, no spaces, non-ASCII kept as is, NaN and Infinity refused (they
have no JSON form). Its UTF-8 length is the size every JSON limit is checked
against, so the recorder builds it once per value and both the validation and
the stored row use it.
"""

from __future__ import annotations

import json
from typing import Any


def canonical_json(value: Any) -> str:
    """Deterministic compact JSON: the stored and hashed form of JSON values.

    Raises ValueError for NaN or Infinity.
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
