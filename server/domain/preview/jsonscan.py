"""The scanning primitives shared by the JSON preview readers.

The cut marker (TRUNCATION_MARK), the nesting bound, the json module's C
scanner and the whitespace, member and separator patterns that cutjson and
locate both step through a preview with.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re

TRUNCATION_MARK = "\u2026"
"""Appended to a string value that the preview cut off ("支付服务调…").

A cut string can never equal a level such as "ERROR", a state such as
"firing" or parse as a number, so a partial value is never taken for a hit.
"""

MAX_JSON_DEPTH = 256
"""Deeper previews are not repaired (they are not tool payloads)."""

_DECODER = json.JSONDecoder()

_WORD = re.compile(r"\S+")

_SCAN_VALUE = json.scanner.make_scanner(_DECODER)  # type: ignore[arg-type]  # typeshed names the wrong type
_SCAN_STRING = json.decoder.scanstring  # type: ignore[attr-defined]  # the C scanstring, undeclared in typeshed
_JSON_SPACE = re.compile(r"[ \t\n\r]*")
_MEMBER = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"[ \t\n\r]*:[ \t\n\r]*', re.S)
_SEPARATOR = re.compile(r"[ \t\n\r]*,[ \t\n\r]*")
#: One string token: complete (group 1 is its closing quote) or cut by the preview's end.
_STRING_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(")?', re.S)
#: Whitespace JSON does not allow (a no-break or ideographic space, a vertical tab).
_OTHER_SPACE = re.compile(r"[^\S \t\n\r]")


def _first_non_space(text: str) -> int:
    """Index of the first non-whitespace character, or -1."""
    match = _WORD.search(text)
    return match.start() if match else -1


def _drop_partial_escape(token: str) -> str:
    """Drop an escape sequence cut in half at the end of a string token.

    Checks only the token's tail (no regex search) so a long run of
    backslashes stays linear.
    """
    if _escapes_next(token, len(token)):
        return token[:-1]
    hex_tail = len(token) - len(token.rstrip("0123456789abcdefABCDEF"))
    if hex_tail <= 3:  # four hex digits would make a whole \uXXXX escape
        head = token[: len(token) - hex_tail]
        if head.endswith("u") and _escapes_next(head, len(head) - 1):
            return head[:-2]
    return token


def _escapes_next(text: str, end: int) -> bool:
    """Whether text[:end] ends in an odd run of backslashes (an open escape).

    Counts back from `end` without copying text: callers look at the end of
    long previews.
    """
    before = end - 1
    while before >= 0 and text[before] == "\\":
        before -= 1
    return (end - 1 - before) % 2 == 1
