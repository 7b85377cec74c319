"""Tolerant parsing of tool output previews.

A preview is the start of a tool's output, cut at a size bound by the agent
runtime or the server, so it may end anywhere: inside a string, right after an
opening brace, next to a multibyte character. Nothing here raises on such text;
the parsers recover what the visible part says and say when it is partial.

Work is linear in the preview's length: one regex-driven token scan at most,
no backtracking-prone patterns.
"""
from __future__ import annotations

import dataclasses
import json
import re
from typing import Any, Iterator, Optional

TRUNCATION_MARK = "\u2026"
"""Appended to a string value that the preview cut off ("支付服务调…").

A cut string can never equal a level such as "ERROR", a state such as
"firing" or parse as a number, so a partial value is never taken for a hit.
"""

MAX_JSON_DEPTH = 256
"""Deeper previews are not repaired (they are not tool payloads)."""

ERROR_LEVELS = frozenset({"ERROR", "FATAL", "CRITICAL", "PANIC"})
"""Log levels that make a log entry a concrete hit."""

_LINE_LEVELS = frozenset(
    {"TRACE", "DEBUG", "INFO", "NOTICE", "WARN", "WARNING"} | ERROR_LEVELS
)
_LEVEL_SEARCH_TOKENS = 4  # a plain log line names its level within its first 4 words

_DECODER = json.JSONDecoder()

# One JSON token, after optional whitespace. The string alternative is the
# unrolled form "[^"\\]*(?:\\.[^"\\]*)*", linear on any input; its closing
# quote is optional so that a string cut by the preview is still one token.
_JSON_TOKEN = re.compile(
    r'\s*(?:(?P<str>"[^"\\]*(?:\\.[^"\\]*)*(?P<close>")?)'
    r'|(?P<punct>[{}\[\]:,])'
    r'|(?P<atom>[^\s{}\[\]:,"]+))',
    re.S,
)
_WORD = re.compile(r"\S+")
_SERVICE_TOKEN = re.compile(r"\[?[A-Za-z0-9_.\-/@]+\]?:?")


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


@dataclasses.dataclass(frozen=True)
class LogLine:
    """One log entry, from a plain text line or a JSON log object.

    level is upper-cased and empty when the entry names none.
    """

    timestamp: str = ""
    level: str = ""
    service: str = ""
    message: str = ""

    @property
    def is_error(self) -> bool:
        """Whether the entry is at an error level (ERROR, FATAL, CRITICAL, PANIC)."""
        return self.level in ERROR_LEVELS

    def render(self) -> str:
        """The entry as one line: "timestamp LEVEL service: message"."""
        head = " ".join(part for part in (self.timestamp, self.level, self.service) if part)
        if head and self.message:
            return f"{head}: {self.message}"
        return head or self.message


def parse_json_preview(text: str) -> Optional[JsonPreview]:
    """Read a JSON object or array from a preview, whole or cut.

    Returns None when the preview does not start with "{" or "[" (after
    whitespace) or cannot be read even after closing it. Text after a complete
    top-level value (a "...[truncated]" marker, a second JSON line) is ignored.
    """
    start = _first_non_space(text)
    if start < 0 or text[start] not in "{[":
        return None
    try:
        value, _ = _DECODER.raw_decode(text, start)
        return JsonPreview(value, True)
    except (ValueError, RecursionError):
        pass
    closed = close_truncated_json(text[start:])
    if closed is None:
        return None
    try:
        return JsonPreview(json.loads(closed), False)
    except (ValueError, RecursionError):
        return None


def close_truncated_json(text: str) -> Optional[str]:
    """Turn a cut JSON document into valid JSON by closing what is open.

    A string value cut in the middle keeps its visible part, marked with
    TRUNCATION_MARK; a cut key, a dangling ":" or "," and a number or literal
    that runs into the end are dropped. Returns None when the text is not the
    start of a JSON object or array (a syntax error before the cut, or nesting
    deeper than MAX_JSON_DEPTH).
    """
    scan = _JsonScan()
    pos, end = 0, len(text)
    while pos < end:
        match = _JSON_TOKEN.match(text, pos)
        if match is None:  # only whitespace remains
            break
        pos = match.end()
        if match.group("str") is not None:
            if match.group("close") is None:
                return scan.close_cut_string(text[: match.start("str")], match.group("str"))
            valid = scan.string()
        elif match.group("punct") is not None:
            valid = scan.punct(match.group("punct"))
            if scan.done:
                return text[:pos]
        elif pos >= end:  # a number or literal running into the end may be cut
            return scan.close_at_safe_point(text) if scan.expects_value else None
        else:
            valid = scan.atom()
        if not valid:
            return None
        if scan.safe:
            scan.mark(pos)
    return scan.close_at_safe_point(text)


class _JsonScan:
    """The grammar state of close_truncated_json: what may come next."""

    def __init__(self) -> None:
        self.closers: list[str] = []
        self.expect = "value"  # value | value_or_end | key | key_or_end | colon | after_value
        self.safe = False  # whether the text so far closes into valid JSON
        self.done = False  # whether the top-level value is complete
        self.safe_end = -1
        self.safe_depth = 0

    def mark(self, pos: int) -> None:
        """Remember pos as the last point where closing gives valid JSON."""
        self.safe_end, self.safe_depth = pos, len(self.closers)

    @property
    def expects_value(self) -> bool:
        """Whether a value may come next."""
        return self.expect in ("value", "value_or_end")

    def string(self) -> bool:
        """A complete string token; False on a syntax error."""
        if self.expect in ("key", "key_or_end"):
            self.expect, self.safe = "colon", False
            return True
        return self.atom()

    def atom(self) -> bool:
        """A complete scalar value; False on a syntax error."""
        if not self.expects_value:
            return False
        self.expect, self.safe = "after_value", True
        return True

    def punct(self, char: str) -> bool:
        """A structural character; False on a syntax error."""
        if char in "{[":
            if not self.expects_value or len(self.closers) >= MAX_JSON_DEPTH:
                return False
            self.closers.append("}" if char == "{" else "]")
            self.expect, self.safe = ("key_or_end" if char == "{" else "value_or_end"), True
            return True
        if char in "}]":
            closable = "key_or_end" if char == "}" else "value_or_end"
            if not self.closers or self.closers[-1] != char or self.expect not in (closable, "after_value"):
                return False
            self.closers.pop()
            self.expect, self.safe, self.done = "after_value", True, not self.closers
            return True
        if char == ":":
            if self.expect != "colon":
                return False
            self.expect, self.safe = "value", False
            return True
        if self.expect != "after_value" or not self.closers:  # ","
            return False
        self.expect, self.safe = ("key" if self.closers[-1] == "}" else "value"), False
        return True

    def close_cut_string(self, before: str, token: str) -> Optional[str]:
        """Close a string the preview cut; a cut key falls back to the safe point."""
        if self.expect in ("key", "key_or_end"):
            return self.close_at_safe_point(before)
        if not self.expects_value:
            return None
        body = _drop_partial_escape(token)
        return before + body + TRUNCATION_MARK + '"' + "".join(reversed(self.closers))

    def close_at_safe_point(self, text: str) -> Optional[str]:
        """The text up to the last safe point, with its open containers closed."""
        if self.safe_end < 0:
            return None
        return text[: self.safe_end] + "".join(reversed(self.closers[: self.safe_depth]))


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
    """Whether text[:end] ends in an odd run of backslashes (an open escape)."""
    run = end - len(text[:end].rstrip("\\"))
    return run % 2 == 1


def _first_non_space(text: str) -> int:
    """Index of the first non-whitespace character, or -1."""
    match = _WORD.search(text)
    return match.start() if match else -1


def parse_log_lines(text: str) -> list[LogLine]:
    """Read plain log lines ("2024-05-01T10:00:00Z ERROR payment-service msg").

    Blank lines are skipped; a line without a recognizable level is kept as an
    entry with an empty level and the whole line as its message.
    """
    return [entry for entry in map(parse_log_line, text.splitlines()) if entry is not None]


def parse_log_line(line: str) -> Optional[LogLine]:
    """Read one plain log line; None for a blank line.

    The level is the first of the line's first four words that is a log level
    (case-insensitive; "[ERROR]", "ERROR:" and "level=error" count). Words
    before it are the timestamp; the word after it is the service when it looks
    like one (bracketed, ending in ":" or containing "-", "_" or "."); the rest
    is the message.
    """
    words = []
    for match in _WORD.finditer(line):
        words.append(match)
        if len(words) > _LEVEL_SEARCH_TOKENS:
            break
    if not words:
        return None
    for index, word in enumerate(words[:_LEVEL_SEARCH_TOKENS]):
        level = _level_word(word.group())
        if level:
            return _split_line(line, words, index, level)
    return LogLine(message=line.strip())


def _level_word(word: str) -> str:
    """The upper-cased level a word names, or ""."""
    candidate = word.strip("[]():<>").upper()
    if candidate.startswith("LEVEL="):
        candidate = candidate[len("LEVEL="):].strip("\"'")
    return candidate if candidate in _LINE_LEVELS else ""


def _split_line(line: str, words: list[re.Match[str]], index: int, level: str) -> LogLine:
    """Split a plain log line around its level word."""
    timestamp = line[words[0].start(): words[index - 1].end()].strip("[] ") if index else ""
    rest_start = words[index].end()
    service = ""
    if index + 1 < len(words):
        candidate = words[index + 1].group()
        if _looks_like_service(candidate):
            service = candidate.strip("[]:")
            rest_start = words[index + 1].end()
    message = line[rest_start:].strip().lstrip(":-").strip()
    return LogLine(timestamp=timestamp, level=level, service=service, message=message)


def _looks_like_service(word: str) -> bool:
    """Whether the word after a level names a service rather than starting the message."""
    if not _SERVICE_TOKEN.fullmatch(word):
        return False
    return word.startswith("[") or word.endswith(":") or any(c in word for c in "-_.")


def iter_dicts(value: Any) -> Iterator[dict[str, Any]]:
    """The dict items of a JSON list (other items and non-lists yield nothing)."""
    if isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                yield item
