"""Finding values in a JSON preview: where one is written (value_span) and the dicts of a list."""

from __future__ import annotations

from typing import Any, Iterator, Optional, Union

from evidence_trace.server.domain.preview.jsonscan import (
    _JSON_SPACE,
    _MEMBER,
    _SCAN_STRING,
    _SCAN_VALUE,
    _SEPARATOR,
    MAX_JSON_DEPTH,
    _first_non_space,
)


def iter_dicts(value: Any) -> Iterator[dict[str, Any]]:
    """The dict items of a JSON list (other items and non-lists yield nothing)."""
    if isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                yield item


JsonPath = tuple[Union[str, int], ...]
"""A value's place in a JSON document: object keys and array indexes."""


def value_span(text: str, path: JsonPath) -> Optional[tuple[int, int]]:
    """Where the value at path is written in a JSON preview: (start, end) in text.

    end is len(text) when the preview's cut fell inside the value. None when
    the path is not visible (or the text is not JSON there). Only the
    containers on the path are walked member by member; the values before the
    one wanted are skipped by the json module's C scanner.
    """
    start = _first_non_space(text)
    if start < 0 or text[start] not in "{[":
        return None
    return _span_at(text, start, path, 0)


def _span_at(text: str, pos: int, path: JsonPath, depth: int) -> Optional[tuple[int, int]]:
    if depth == len(path):
        try:
            return pos, _SCAN_VALUE(text, pos)[1]
        except (ValueError, StopIteration, RecursionError):
            return pos, len(text)  # cut inside the value
    wanted, opener = path[depth], text[pos]
    if (opener == "{") != isinstance(wanted, str) or opener not in "{[" or depth >= MAX_JSON_DEPTH:
        return None
    space = _JSON_SPACE.match(text, pos + 1)
    assert space is not None  # the pattern matches the empty string
    pos, index = space.end(), 0
    while pos < len(text):
        if opener == "{":
            member = _MEMBER.match(text, pos)
            if member is None:
                return None
            key = _SCAN_STRING(text, pos + 1)[0]
            pos = member.end()
            if pos >= len(text):
                return None
            if key == wanted:
                return _span_at(text, pos, path, depth + 1)
        elif index == wanted:
            return _span_at(text, pos, path, depth + 1)
        try:
            pos = _SCAN_VALUE(text, pos)[1]
        except (ValueError, StopIteration, RecursionError):
            return None  # cut (or unreadable) before the value wanted
        separator = _SEPARATOR.match(text, pos)
        if separator is None:
            return None
        pos, index = separator.end(), index + 1
    return None
