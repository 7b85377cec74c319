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
import json.decoder
import json.scanner
import re
from typing import Any, Iterator, Optional, Union

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

    level is upper-cased and empty when the entry names none. raw is the
    plain line as written (stripped); empty for an entry read from JSON.
    """

    timestamp: str = ""
    level: str = ""
    service: str = ""
    message: str = ""
    raw: str = ""

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


_SCAN_VALUE = json.scanner.make_scanner(_DECODER)  # type: ignore[arg-type]  # typeshed names the wrong type
_SCAN_STRING = json.decoder.scanstring  # type: ignore[attr-defined]  # the C scanstring, undeclared in typeshed
_JSON_SPACE = re.compile(r"[ \t\n\r]*")
_OTHER_SPACE = re.compile(r"[^\S \t\n\r]")
_MEMBER = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"[ \t\n\r]*:[ \t\n\r]*', re.S)
_SEPARATOR = re.compile(r"[ \t\n\r]*,[ \t\n\r]*")
_STRING_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(")?', re.S)
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
    return LogLine(message=line.strip(), raw=line.strip())


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
    return LogLine(timestamp=timestamp, level=level, service=service, message=message, raw=line.strip())


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
