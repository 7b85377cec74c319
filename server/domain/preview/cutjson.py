"""Reading a JSON preview, whole or cut: parse_json_preview and its definition.

close_truncated_json defines what a cut document means (close what is open);
parse_cut_json_reference applies that definition literally. parse_json_preview
computes the same value faster: from the document's tail (cuttail.py) when it
is a valid JSON prefix, else with _CutParser, which walks only the containers
that hold the cut.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any, Optional

from evidence_trace.server.domain.preview.cuttail import close_from_tail
from evidence_trace.server.domain.preview.jsonscan import (
    _DECODER,
    _JSON_SPACE,
    _MEMBER,
    _OTHER_SPACE,
    _SCAN_STRING,
    _SCAN_VALUE,
    _SEPARATOR,
    _STRING_TOKEN,
    MAX_JSON_DEPTH,
    TRUNCATION_MARK,
    _drop_partial_escape,
    _first_non_space,
)

# One JSON token, after optional whitespace. The string alternative is the
# unrolled form "[^"\\]*(?:\\.[^"\\]*)*", linear on any input; its closing
# quote is optional so that a string cut by the preview is still one token.
_JSON_TOKEN = re.compile(
    r'\s*(?:(?P<str>"[^"\\]*(?:\\.[^"\\]*)*(?P<close>")?)'
    r"|(?P<punct>[{}\[\]:,])"
    r'|(?P<atom>[^\s{}\[\]:,"]+))',
    re.S,
)


@dataclasses.dataclass(frozen=True)
class JsonPreview:
    """A JSON value read from a preview.

    value: the decoded value; for a cut preview, the visible part with every
        open string, array and object closed (cut strings end in
        TRUNCATION_MARK, a dangling key or number is dropped).
    complete: False when the preview was cut and had to be closed.
    """

    value: Any
    complete: bool


def parse_json_preview(text: str) -> Optional[JsonPreview]:
    """Read a JSON object or array from a preview, whole or cut.

    Returns None when the preview does not start with "{" or "[" (after
    whitespace) or cannot be read even after closing it. Text after a complete
    top-level value (a "...[truncated]" marker, a second JSON line) is ignored.
    """
    start = _first_non_space(text)
    if start < 0 or text[start] not in "{[":
        return None
    # A preview that does not end with a closer was most likely cut: close it
    # from its tail first, and try the decoder on it whole only when that fails.
    failed_at: Optional[int] = None
    if text.rstrip()[-1] in "}]":
        value, failed_at = _decode(text, start)
        if failed_at is None:
            return JsonPreview(value, True)
    closed = close_from_tail(text[start:], None if failed_at is None else failed_at - start)
    read = _closed_value(closed)
    if read is not None:
        return read
    if failed_at is None:
        value, failed_at = _decode(text, start)
        if failed_at is None:
            return JsonPreview(value, True)  # whole, with text after it
        if closed is None and failed_at >= 0:  # escaped quotes: the decoder's stop finds the cut string
            read = _closed_value(close_from_tail(text[start:], failed_at - start))
            if read is not None:
                return read
    if _OTHER_SPACE.search(text, start):
        # Whitespace JSON does not allow (a no-break or ideographic space) is
        # tolerated where the cut drops it: read such rare previews the slow,
        # defining way.
        value = parse_cut_json_reference(text)
        return None if value is None else JsonPreview(value, False)
    try:
        value = _CutParser(text).container(start, 1)
    except (_NotJson, ValueError, RecursionError):
        return None
    return JsonPreview(value, False)


def _closed_value(closed: Optional[str]) -> Optional[JsonPreview]:
    """The value of a document close_from_tail closed; None when it did not, or the kept part has a syntax error."""
    if closed is None:
        return None
    try:
        return JsonPreview(json.loads(closed), False)
    except (ValueError, RecursionError):
        return None  # a syntax error before the cut, or text after a whole value


def _decode(text: str, start: int) -> tuple[Any, Optional[int]]:
    """(the whole value at start, None), or (None, where the decoder stopped); -1 for a stop with no place."""
    try:
        return _DECODER.raw_decode(text, start)[0], None
    except json.JSONDecodeError as error:
        return None, error.pos
    except (ValueError, RecursionError):
        return None, -1


def parse_cut_json_reference(text: str) -> Optional[Any]:
    """The value of a cut preview by definition: close_truncated_json, then json.loads.

    parse_json_preview computes the same value faster (_CutParser); a test
    checks the two agree on every prefix of many documents.
    """
    start = _first_non_space(text)
    if start < 0 or text[start] not in "{[":
        return None
    closed = close_truncated_json(text[start:])
    if closed is None:
        return None
    try:
        return json.loads(closed)
    except (ValueError, RecursionError):
        return None


class _NotJson(Exception):
    """The preview has a syntax error before its cut: it cannot be read."""


_ATOM_TOKEN = re.compile(r'[^\s{}\[\]:,"]+')
_DROP = object()  # a value the cut leaves incomplete: dropped with its key


class _CutParser:
    """Reads a JSON document cut at its end, with the meaning close_truncated_json defines.

    Complete values are decoded by the json module's C scanner; only the
    containers that hold the cut are walked element by element, so the work
    in Python is proportional to their sizes, not to the preview's tokens.
    """

    def __init__(self, text: str):
        self.text = text
        self.end = len(text)

    def _skip(self, pos: int) -> int:
        """pos after JSON whitespace."""
        space = _JSON_SPACE.match(self.text, pos)
        assert space is not None  # the pattern matches the empty string
        return space.end()

    def container(self, pos: int, depth: int) -> Any:
        """The object or array opening at pos, which the cut leaves open."""
        if depth > MAX_JSON_DEPTH:
            raise _NotJson
        text = self.text
        is_object = text[pos] == "{"
        closer = "}" if is_object else "]"
        result: Any = {} if is_object else []
        pos = self._skip(pos + 1)
        first = True
        while pos < self.end:
            if first and text[pos] == closer:
                raise _NotJson  # complete, yet the scanner failed on it
            if is_object:
                member = _MEMBER.match(text, pos)  # "key" : in one step
                if member is not None:
                    key_at, pos = pos + 1, member.end()
                else:
                    token = _STRING_TOKEN.match(text, pos)
                    if token is None:
                        raise _NotJson
                    if token.group(1) is None:  # a cut key is dropped
                        return result
                    pos = self._skip(token.end())
                    if pos >= self.end:
                        return result
                    raise _NotJson  # a complete key without its colon
                if pos >= self.end:
                    return result
            value, pos = self.value(pos, depth)
            if value is _DROP:
                return result
            if is_object:
                # The key is decoded only once its value is kept, as the reference does.
                result[_SCAN_STRING(text, key_at)[0]] = value
            else:
                result.append(value)
            separator = _SEPARATOR.match(text, pos)  # , in one step
            if separator is not None:
                pos = separator.end()
                first = False
                continue
            pos = self._skip(pos)
            if pos >= self.end:  # the cut fell inside or right after that value
                return result
            raise _NotJson  # a closer (complete, yet the scanner failed on it) or junk
        return result

    def value(self, pos: int, depth: int) -> tuple[Any, int]:
        """The value at pos and the position after it (end when the cut fell inside it)."""
        text = self.text
        char = text[pos]
        if char == '"':
            token = _STRING_TOKEN.match(text, pos)
            assert token is not None  # text[pos] is a quote, which always starts a token
            if token.group(1) is not None:
                return _SCAN_STRING(text, pos + 1)
            body = _drop_partial_escape(token.group())
            return _SCAN_STRING(body + TRUNCATION_MARK + '"', 1)[0], self.end
        if char in "{[":
            try:
                return _SCAN_VALUE(text, pos)
            except (ValueError, StopIteration, RecursionError):
                return self.container(pos, depth + 1), self.end
        atom = _ATOM_TOKEN.match(text, pos)
        if atom is None:
            raise _NotJson
        if atom.end() >= self.end:  # a number or literal running into the cut
            return _DROP, self.end
        try:
            value, after = _SCAN_VALUE(text, pos)
        except StopIteration:
            raise _NotJson from None
        if after != atom.end():
            raise _NotJson
        return value, after


# Grammar states of close_truncated_json: what may come next.
_VALUE, _VALUE_OR_END, _KEY, _KEY_OR_END, _COLON, _AFTER_VALUE = range(6)


def close_truncated_json(text: str) -> Optional[str]:
    """Turn a cut JSON document into valid JSON by closing what is open.

    A string value cut in the middle keeps its visible part, marked with
    TRUNCATION_MARK; a cut key, a dangling ":" or "," and a number or literal
    that runs into the end are dropped. Returns None when the text is not the
    start of a JSON object or array (a syntax error before the cut, or nesting
    deeper than MAX_JSON_DEPTH).

    One pass over the tokens with the grammar state in locals: this runs on
    the write path for every cut preview, so it is kept tight (see
    docs/performance.md).
    """
    closers: list[str] = []
    expect = _VALUE
    safe_end, safe_depth = -1, 0  # the last point where closing gives valid JSON
    pos, end = 0, len(text)
    match_token = _JSON_TOKEN.match
    while pos < end:
        match = match_token(text, pos)
        if match is None:  # only whitespace remains
            break
        pos = match.end()
        kind = match.lastgroup
        if kind == "str":
            if match.group("close") is None:  # the preview cut this string
                if expect == _KEY or expect == _KEY_OR_END:
                    return _close_at(text[: match.start("str")], safe_end, closers[:safe_depth])
                if expect > _VALUE_OR_END:
                    return None
                body = _drop_partial_escape(match.group("str"))
                return text[: match.start("str")] + body + TRUNCATION_MARK + '"' + "".join(reversed(closers))
            if expect == _KEY or expect == _KEY_OR_END:
                expect = _COLON
                continue  # not a safe point
            if expect > _VALUE_OR_END:
                return None
            expect = _AFTER_VALUE
        elif kind == "punct":
            char = text[pos - 1]
            if char == "{" or char == "[":
                if expect > _VALUE_OR_END or len(closers) >= MAX_JSON_DEPTH:
                    return None
                closers.append("}" if char == "{" else "]")
                expect = _KEY_OR_END if char == "{" else _VALUE_OR_END
            elif char == "}" or char == "]":
                closable = _KEY_OR_END if char == "}" else _VALUE_OR_END
                if not closers or closers[-1] != char or (expect != closable and expect != _AFTER_VALUE):
                    return None
                closers.pop()
                expect = _AFTER_VALUE
                if not closers:
                    return text[:pos]  # the top-level value is complete
            elif char == ":":
                if expect != _COLON:
                    return None
                expect = _VALUE
                continue
            else:  # ","
                if expect != _AFTER_VALUE or not closers:
                    return None
                expect = _KEY if closers[-1] == "}" else _VALUE
                continue
        elif pos >= end:  # a number or literal running into the end may be cut
            return _close_at(text, safe_end, closers[:safe_depth]) if expect <= _VALUE_OR_END else None
        else:
            if expect > _VALUE_OR_END:
                return None
            expect = _AFTER_VALUE
        safe_end, safe_depth = pos, len(closers)
    return _close_at(text, safe_end, closers[:safe_depth])


def _close_at(text: str, safe_end: int, closers: list[str]) -> Optional[str]:
    """The text up to the last safe point, with the containers open there closed."""
    if safe_end < 0:
        return None
    return text[:safe_end] + "".join(reversed(closers))
