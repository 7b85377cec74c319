"""Closing a cut JSON document from its tail, at the C scanner's speed.

close_truncated_json (cutjson.py) defines what a cut document means by walking
every token in Python. For a document that is a valid JSON prefix the answer
depends only on two things: the containers still open at the end, and the few
tokens after the last point where closing is valid (a dangling `,` or `:`, a
key, a cut string or number). `close_from_tail` finds the first with regular
expressions that run in C (strings removed, then brackets paired off) and the
second by looking back from the end, so the Python work does not grow with
the document.

It answers only when it is sure: for anything else (a syntax error, unusual
whitespace, deep nesting) it returns None and the caller asks the defining
walk. The caller also decodes the closed text with json.loads, which fails on
any syntax error left in the kept part, and then asks the defining walk too;
a property test checks the two agree on every prefix of many documents.
"""

from __future__ import annotations

import re
from typing import Optional

from evidence_trace.server.domain.preview.jsonscan import (
    _OTHER_SPACE,
    _STRING_TOKEN,
    MAX_JSON_DEPTH,
    TRUNCATION_MARK,
    _drop_partial_escape,
    _escapes_next,
)

_JSON_WS = " \t\n\r"
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
#: Deletes every ASCII character but brackets (JSON outside strings is ASCII).
_KEEP_BRACKETS = str.maketrans({chr(c): None for c in range(128) if chr(c) not in "[]{}"})
_ATOM_END = frozenset(_JSON_WS + '{}[]:,"')
_CLOSER = str.maketrans("{[", "}]")


def close_from_tail(text: str, failed_at: Optional[int] = None) -> Optional[str]:
    """close_truncated_json(text) for a cut document that is a valid JSON prefix; None when unsure.

    text starts with "{" or "[". failed_at: where the json module's decoder
    stopped on it (its error's `pos`), if it was tried. Without it a string
    the cut fell inside is found by counting quotes, which needs a text with
    no escaped quote: for one that has any, None until the decoder was tried.
    """
    open_string = None
    head = text
    if failed_at is None:
        if '\\"' in text:
            return None
        opened = text.count('"') % 2 == 1
        at = text.rfind('"') if opened else -1
    else:
        at = failed_at if failed_at < len(text) and text[failed_at] == '"' else -1
    if at >= 0:
        token = _STRING_TOKEN.match(text, at)
        assert token is not None  # a quote always starts a string token
        if token.group(1) is None:  # the cut fell inside this string
            open_string, head = token.group(), text[:at]
    brackets = _brackets(head)
    if brackets is None or brackets.count("{") + brackets.count("[") > MAX_JSON_DEPTH:
        return None  # a stray quote, or maybe deeper than the walk allows: let it decide
    while True:
        paired = brackets.replace("{}", "").replace("[]", "")
        if paired == brackets:
            break
        brackets = paired
    if not brackets or brackets.strip("{["):
        return None  # nothing open, or a closer that matches nothing: not a valid prefix
    closers = brackets[::-1].translate(_CLOSER)
    in_object = brackets[-1] == "{"
    if open_string is not None:
        before = head.rstrip(_JSON_WS)
        last = before[-1] if before else ""
        if (
            last == ":"
            or last == "["
            or (last == "," and not in_object and _follows_value(before[:-1].rstrip(_JSON_WS)))
        ):
            return head + _drop_partial_escape(open_string) + TRUNCATION_MARK + '"' + closers
        if last == "{" or (last == "," and in_object):
            return _kept(before, in_object, closers)  # a cut key is dropped
        return None
    if text[-1] not in _ATOM_END:  # a number or literal running into the cut is dropped
        start = len(text) - 1
        while start > 0 and text[start - 1] not in _ATOM_END:
            start -= 1
        before = text[:start].rstrip(_JSON_WS)
        last = before[-1] if before else ""
        if not (last == ":" or last == "[" or (last == "," and not in_object)):
            return None  # (a comma's own place is checked by _kept)
        return _kept(before, in_object, closers)
    return _kept(text.rstrip(_JSON_WS), in_object, closers)


def _brackets(text: str) -> Optional[str]:
    """The brackets of text outside its strings, in order; None when unsure.

    Unsure: text ends inside a string, or holds whitespace outside its strings
    that JSON does not allow (a no-break space, a vertical tab).

    With no escaped quote in text every quote opens or closes a string, so
    the pieces between quotes alternate outside, inside: a split and a join
    in C. Otherwise complete strings are removed by a regular expression.
    """
    if '\\"' in text:
        outside = _STRINGS.sub("", text)
        if '"' in outside:
            return None
    else:
        pieces = text.split('"')
        if len(pieces) % 2 == 0:
            return None
        outside = "".join(pieces[0::2])
    if _OTHER_SPACE.search(outside):
        return None  # whitespace JSON does not allow: the defining walk tolerates it where the cut drops it
    return outside.translate(_KEEP_BRACKETS)


def _kept(text: str, in_object: bool, closers: str) -> Optional[str]:
    """text back to its last point where closing is valid, then closed.

    text ends with a token (no trailing whitespace). What may follow that
    point: in an object `,` `"key"` `:`, in an array `,`.
    """
    last = text[-1] if text else ""
    if last == ":":
        text = text[:-1].rstrip(_JSON_WS)
        if not text.endswith('"'):
            return None
        start = _string_start(text)
        if start < 0:
            return None
        return _after_key(text[:start].rstrip(_JSON_WS), in_object, closers)
    if last == ",":
        text = text[:-1].rstrip(_JSON_WS)
        return text + closers if _follows_value(text) else None
    if last == '"':  # a complete string: a value is kept, a key without its colon is dropped
        start = _string_start(text)
        if start < 0:
            return None
        before = text[:start].rstrip(_JSON_WS)
        previous = before[-1] if before else ""
        if previous == "{" or (previous == "," and in_object):
            return _after_key(before, in_object, closers)
        return text + closers
    return text + closers  # a value or an opener


def _after_key(text: str, in_object: bool, closers: str) -> Optional[str]:
    """text before a dropped key: it ends with the object's `{` or a `,`."""
    if text.endswith("{"):
        return text + closers
    if text.endswith(",") and in_object:
        text = text[:-1].rstrip(_JSON_WS)
        return text + closers if _follows_value(text) else None
    return None


def _follows_value(text: str) -> bool:
    """Whether text (no trailing whitespace) ends with a value, so a comma may follow it."""
    return bool(text) and text[-1] not in "{[,:"


def _string_start(text: str) -> int:
    """Where the complete string that ends text opens: its first quote not escaped; -1 if none."""
    at = len(text) - 1
    while True:
        at = text.rfind('"', 0, at)
        if at < 0:
            return -1
        if not _escapes_next(text, at):
            return at
