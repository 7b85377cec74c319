"""Plain log lines ("2024-05-01T10:00:00Z ERROR payment-service msg") and the error levels."""

from __future__ import annotations

import dataclasses
import re
from typing import Optional

from evidence_trace.server.domain.formats.fields import ERROR_LEVELS as ERROR_LEVELS
from evidence_trace.server.domain.formats.fields import level_word, may_be_cut

_LEVEL_SEARCH_TOKENS = 4  # a plain log line names its level within its first 4 words (separators not counted)
_SEPARATORS = frozenset({"-", "|", ":", "--", "—"})
# a source location in braces is no word either: Airflow's "[2026-10-02, 03:10:31 UTC] {taskinstance.py:3311} ERROR - …"
_LOCATION = re.compile(r"\{[^{}\s]+\}")

_WORD = re.compile(r"\S+")
# "[2026-06-29T14:03:37,552][WARN ][disco-event-worker-#58][GridDiscoveryManager] Node FAILED: …": the time and the
# level in brackets glued together, then the thread and the logger (Elasticsearch's: the logger, then the node)
_BRACKETED = re.compile(r"[ \t]*\[([0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9:.,]+[^\]\[]*)\]\[[ \t]*([A-Za-z]+)[ \t]*\]")
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
    word (domain/formats/fields.py's LEVEL_WORDS, so "err" and "WARNING" are
    ERROR and WARN; "[ERROR]", "ERROR:", "ERROR:root:msg" and "level=error"
    count, and so does Celery's "ERROR/ForkPoolWorker-2]"; a lone "-" or "|" between fields is not a word, nor is a
    source location in braces, Airflow's "{taskinstance.py:3311}"). Words
    before it are the timestamp; the word after it is the service when it looks
    like one (bracketed, ending in ":" or containing "-", "_" or "."); the rest
    is the message.
    """
    bracketed = _BRACKETED.match(line)  # log4j's "[%d][%-5p][%t][%c]": Elasticsearch's and Ignite's own logs
    if bracketed is not None and (level := level_word(bracketed.group(2))):
        return LogLine(bracketed.group(1), level, message=line[bracketed.end() :].strip(), raw=line.strip())
    words = []
    counted = 0
    for match in _WORD.finditer(line):
        words.append(match)
        counted += match.group() not in _SEPARATORS and not _LOCATION.fullmatch(match.group())
        if counted > _LEVEL_SEARCH_TOKENS:
            break
    if not words:
        return None
    counted = 0
    for index, word in enumerate(words):
        text = word.group()
        if text in _SEPARATORS or _LOCATION.fullmatch(text):
            continue
        counted += 1
        if counted > _LEVEL_SEARCH_TOKENS:
            break
        level = level_word(text)
        if level and not (index == len(words) - 1 and text.upper() != level and may_be_cut(text)):
            return _split_line(line, words, index, level)
        worker, slash, _ = text.partition("/")
        if slash and level_word(worker.strip("[")):  # Celery's "[2026-05-02 07:00:04,002: ERROR/ForkPoolWorker-2]"
            return dataclasses.replace(_split_line(line, words, index, level_word(worker.strip("["))), service="")
        head, colon, _ = text.partition(":")
        if colon and text.count(":") >= 2 and level_word(head):  # Python logging's "ERROR:root:message"
            entry = _split_line(line, words, index, level_word(head))
            rest = line[word.start() + len(head) + 1 :].strip()
            return dataclasses.replace(entry, service="", message=rest)
    return LogLine(message=line.strip(), raw=line.strip())


def _split_line(line: str, words: list[re.Match[str]], index: int, level: str) -> LogLine:
    """Split a plain log line around its level word."""
    timestamp = line[words[0].start() : words[index - 1].end()].strip("[] ") if index else ""
    rest_start = words[index].end()
    service = ""
    if index + 1 < len(words):
        candidate = words[index + 1].group()
        if candidate not in _SEPARATORS and _looks_like_service(candidate):
            service = candidate.strip("[]:")
            rest_start = words[index + 1].end()
    message = line[rest_start:].strip().lstrip(":-").strip()
    return LogLine(timestamp=timestamp, level=level, service=service, message=message, raw=line.strip())


def _looks_like_service(word: str) -> bool:
    """Whether the word after a level names a service rather than starting the message."""
    if not _SERVICE_TOKEN.fullmatch(word):
        return False
    return word.startswith("[") or word.endswith(":") or any(c in word for c in "-_.")
