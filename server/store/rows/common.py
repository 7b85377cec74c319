"""What every table mapper shares: canonical JSON, content hashes, microsecond times, keyed rows."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from typing import Any, Callable, Optional

from evidence_trace.server.domain.canonical import canonical_json
from evidence_trace.server.domain.model import ErrorKind, Outcome, RelevanceLevel

__all__ = ["canonical_json"]  # re-exported: every mapper stores JSON in this form


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def content_digest(fields: tuple) -> str:
    """The content hash of a keyed row: SHA-256 over its fields joined by NUL.

    Unambiguous because every text the recorder stores is storable (no NUL,
    domain/redaction.py) and each position holds one type: other values are
    written as `str()` gives them (`None`, `True`, `42`), so the field count
    and every field can be read back from the joined text. Cheaper than
    canonical JSON of the same fields: the long texts are not escaped.
    """
    return hashlib.sha256("\x00".join([f if isinstance(f, str) else str(f) for f in fields]).encode()).hexdigest()


def to_us(value: Optional[dt.datetime]) -> Optional[int]:
    return None if value is None else int(value.timestamp() * 1_000_000)


def _time(us: int) -> dt.datetime:
    """A stored time (µs since the epoch) as an aware UTC datetime."""
    return dt.datetime.fromtimestamp(us / 1e6, tz=dt.timezone.utc)


def from_us(value: Optional[int]) -> Optional[dt.datetime]:
    """_time, for a column that may be NULL."""
    return None if value is None else _time(value)


def _json(text: Optional[str]) -> Any:
    return json.loads(text) if text else None


def _bool(value: Any) -> Optional[bool]:
    return None if value is None else bool(value)


_OUTCOMES = {int(o): o for o in Outcome}
_RELEVANCE = {int(r): r for r in RelevanceLevel}
_ERROR_KINDS = {int(k): k for k in ErrorKind}


@dataclasses.dataclass
class KeyedRow:
    """An invocation or step row, keyed for idempotency.

    values are the bound values of the mapper's `write_columns` but the last,
    the commit stamp (`record_us`), which the writer appends at commit time.
    """

    tenant: str
    session_id: str
    key: str
    content_hash: str
    values: tuple
    #: The hash an older server stored for this content, computed only when a
    #: stored row's hash differs from content_hash (None: no older form).
    legacy_hash: Optional[Callable[[], str]] = dataclasses.field(default=None, compare=False, repr=False)


class KeyedMapper:
    """A table whose rows are keyed by (tenant, client id) and carry a content hash."""

    table: str
    key_column: str
    write_columns: tuple[str, ...]
    #: Whether every text of this table's rows is storable when built (valid
    #: UTF-8 with no NUL), so the writer need not check each value again.
    storable_by_construction: bool = False

    @property
    def conflict_columns(self) -> tuple[str, str]:
        """The unique key: an INSERT's ON CONFLICT target and RETURNING list."""
        return ("tenant", self.key_column)

    @property
    def hash_columns(self) -> tuple[str, str, str]:
        """What a resend is compared with: (key, content hash, commit stamp)."""
        return (self.key_column, "content_hash", "record_us")
