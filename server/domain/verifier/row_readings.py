"""What the claim checks read of a stored row, kept across checks while the row is unchanged.

A stored row never changes, and a session is checked again and again (each Chat
reads all its rows): cutting a row into units (units.py) and reading their
numbers, times and lower-cased text cost far more than the search that uses
them. reading_of() returns the row's Reading, keyed by the row's whole content
(every field of EvidenceRow), from a bounded LRU cache: the same content gives
the same units, so a cache hit is exactly what building them again would give.

clear() empties the cache (and the text caches the verifier keeps), so a
benchmark can measure a cold check.
"""

from __future__ import annotations

import collections
import dataclasses
import json
import re
import threading
from typing import Any, Optional

from evidence_trace.server.domain.model import EvidenceRow
from evidence_trace.server.domain.verifier.fact_model import normalize
from evidence_trace.server.domain.verifier.unit_model import Unit, raw_numbers
from evidence_trace.server.domain.verifier.units import units_of

MAX_ROWS = 4096
MAX_CHARS = 8_000_000  # of previews held: the units, their numbers and texts are a few times this
_FIELDS = tuple(f.name for f in dataclasses.fields(EvidenceRow))


class Reading:
    """One row's units (per zone offset of its naive timestamps), raw text and raw numbers, each built
    on first use."""

    __slots__ = ("row", "_units", "_raw", "_values", "__weakref__")

    def __init__(self, row: EvidenceRow) -> None:
        self.row = row
        self._units: dict[Optional[int], list[Unit]] = {}
        self._raw: Optional[str] = None
        self._values: Optional[list[float]] = None

    def units(self, naive_offset: Optional[int]) -> list[Unit]:
        found = self._units.get(naive_offset)
        if found is None:
            found = units_of(self.row, naive_offset)
            self._units[naive_offset] = found
        return found

    def raw(self) -> str:
        """The row's output, parameters and error as one lower-cased text (the candidates filter's)."""
        if self._raw is None:
            row = self.row
            params = row.params_json or json.dumps(row.input_params, ensure_ascii=False, default=str)
            preview = row.preview
            if "\\u" in preview:  # JSON escapes (Gson writes "=" as \u003d): the text as the tool meant it
                preview += " " + _unescaped(preview)
            # the parameters as the caller wrote them: JSON doubles a backslash (a Windows path, D:\\sites\\www)
            params = params.replace("\\\\", "\\")
            self._raw = normalize(preview + " " + params + " " + row.error_message).lower()
        return self._raw

    def values(self) -> list[float]:
        """Every number in the raw text, sorted."""
        if self._values is None:
            self._values = raw_numbers(self.raw())
        return self._values


_cache: collections.OrderedDict[tuple, Reading] = collections.OrderedDict()
_chars = 0
_lock = threading.Lock()


def reading_of(row: EvidenceRow) -> Reading:
    """The row's Reading: the cached one when a row of the same content was read before."""
    global _chars
    key = _key(row)
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    reading = Reading(row)
    size = len(row.preview) + len(row.params_json) + len(row.error_message)
    with _lock:
        found = _cache.get(key)
        if found is not None:
            return found
        _cache[key] = reading
        _chars += size
        while _cache and (len(_cache) > MAX_ROWS or _chars > MAX_CHARS):
            _, old = _cache.popitem(last=False)
            _chars -= len(old.row.preview) + len(old.row.params_json) + len(old.row.error_message)
    return reading


def clear() -> None:
    """Forget every reading, and the facts and numbers read from texts: the next check is cold."""
    global _chars
    from evidence_trace.server.domain.verifier.facts import extract_facts
    from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

    with _lock:
        _cache.clear()
        _chars = 0
    extract_facts.cache_clear()
    _numbers_in_text.cache_clear()


def _key(row: EvidenceRow) -> tuple:
    """Every field of the row, a dict as its repr (order and types kept: JSON values only)."""
    return tuple(_hashable(getattr(row, name)) for name in _FIELDS)


def _hashable(value: Any) -> Any:
    return repr(value) if isinstance(value, (dict, list)) else value


_JSON_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


def _unescaped(text: str) -> str:
    """`text` with its JSON \\uXXXX escapes decoded (surrogate escapes dropped)."""
    return _JSON_ESCAPE.sub(lambda m: "" if 0xD800 <= int(m.group(1), 16) <= 0xDFFF else chr(int(m.group(1), 16)), text)
