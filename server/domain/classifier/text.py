"""Text bounds and helpers of the evidence rules: excerpt and note limits, cutting, collapsing, quoting."""

from __future__ import annotations

import re
from typing import Any

from evidence_trace.server.domain.payloads import TRUNCATION_MARK

EXCERPT_LIMIT = 512
"""Maximum length, in characters, of an excerpt."""

NOTE_LIMIT = 256
"""Maximum length, in characters, of a note."""

_QUOTED_LIMIT = 120  # a query or topic quoted inside a note
_SCAN_FACTOR = 4  # collapse at most this many times a limit of raw preview text
_SURROGATE = re.compile("[\ud800-\udfff]")


def bounded(text: str, limit: int) -> str:
    """text with whitespace runs collapsed, cut to at most limit characters.

    A cut text ends in "…" (counted in the limit). Lone surrogates, which a
    preview cut inside a JSON surrogate-pair escape can leave, become U+FFFD so
    the result always encodes as UTF-8.
    """
    flat = " ".join(text[: limit * _SCAN_FACTOR].split())
    if len(text) > limit * _SCAN_FACTOR and len(flat) <= limit:
        flat += TRUNCATION_MARK  # the scan window itself cut the text
    if len(flat) > limit:
        flat = flat[: limit - 1] + TRUNCATION_MARK
    return _SURROGATE.sub("\ufffd", flat[:limit])


def cut(text: str, limit: int) -> str:
    """text cut to at most limit characters, ending in "…" when cut; nothing else changes.

    Excerpts are verbatim: no character that is not in the evidence is added,
    except the "…" that marks where text was left out.
    """
    return text if len(text) <= limit else text[: limit - 1] + TRUNCATION_MARK


def first_line(text: str) -> str:
    """The first non-blank line of text, stripped."""
    for line in text[: NOTE_LIMIT * _SCAN_FACTOR].splitlines():
        if line.strip():
            return line.strip()
    return ""


def first_text(mapping: Any, *names: str) -> str:
    """The first non-blank string value of mapping among names, stripped."""
    if not isinstance(mapping, dict):
        return ""
    for name in names:
        value = mapping.get(name)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def _quoted(text: str) -> str:
    """text in double quotes, bounded for use inside a note."""
    return f'"{bounded(text, _QUOTED_LIMIT)}"'


def _as_text(value: Any) -> str:
    """A JSON scalar as text ("" for None, containers as compact repr)."""
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)
