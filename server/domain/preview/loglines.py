"""Plain log lines ("2024-05-01T10:00:00Z ERROR payment-service msg") and the error levels."""

from __future__ import annotations

import dataclasses
import re
from typing import Optional

ERROR_LEVELS = frozenset({"ERROR", "FATAL", "CRITICAL", "PANIC"})
"""Log levels that make a log entry a concrete hit."""

_LINE_LEVELS = frozenset({"TRACE", "DEBUG", "INFO", "NOTICE", "WARN", "WARNING"} | ERROR_LEVELS)
_LEVEL_SEARCH_TOKENS = 4  # a plain log line names its level within its first 4 words

_WORD = re.compile(r"\S+")
_SERVICE_TOKEN = re.compile(r"\[?[A-Za-z0-9_.\-/@]+\]?:?")


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
        candidate = candidate[len("LEVEL=") :].strip("\"'")
    return candidate if candidate in _LINE_LEVELS else ""


def _split_line(line: str, words: list[re.Match[str]], index: int, level: str) -> LogLine:
    """Split a plain log line around its level word."""
    timestamp = line[words[0].start() : words[index - 1].end()].strip("[] ") if index else ""
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
