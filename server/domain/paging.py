"""Page sizes and opaque page tokens for listings (AIP-158).

A token is URL-safe base64 of a small JSON object: the keyset position of the
last item returned and a fingerprint of the filters, so that a token replayed
with other filters is refused instead of returning a wrong page.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from typing import Optional

from evidence_trace.server.domain.errors import InvalidArgument, Violation
from evidence_trace.server.domain.timeline import SessionFilter, SessionKey

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 500


def page_size(requested: int) -> int:
    """The effective page size: 0 means the default, values above the maximum are capped."""
    if requested < 0:
        raise InvalidArgument([Violation("page_size", "must not be negative")])
    if requested == 0:
        return DEFAULT_PAGE_SIZE
    return min(requested, MAX_PAGE_SIZE)


def _fingerprint(flt: SessionFilter) -> str:
    status = None if flt.status is None else int(flt.status)
    bounds: list[object] = [status, flt.min_update_us, flt.max_update_us]
    text = json.dumps(bounds + [flt.id_contains] if flt.id_contains else bounds)  # tokens of unfiltered pages unchanged
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def encode_token(key: SessionKey, flt: SessionFilter) -> str:
    raw = json.dumps({"u": key.update_us, "i": key.row_id, "f": _fingerprint(flt)}, separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_token(token: str, flt: SessionFilter) -> Optional[SessionKey]:
    """The position a token resumes after; None for an empty token."""
    if not token:
        return None
    try:
        raw = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
        key = SessionKey(update_us=int(raw["u"]), row_id=int(raw["i"]))
        fingerprint = raw["f"]
    except (binascii.Error, ValueError, TypeError, KeyError):
        raise InvalidArgument([Violation("page_token", "is not a token this server issued")]) from None
    if fingerprint != _fingerprint(flt):
        raise InvalidArgument(
            [Violation("page_token", "was issued for other filters; send the same filters as the first page")]
        )
    return key
