"""Levels a claim joins ("warn/error lines", "WARN 或 ERROR 日志", "errors and warnings"): one level fact
that either shows, so a WARN entry is no contradiction of "the latest warn/error lines"."""

from __future__ import annotations

import re
from typing import Iterator

from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind, Scope

_LEVEL = r"(warn(?:ing)?s?|errors?|fatal|critical|info|debug)"
_JOINED = re.compile(rf"\b{_LEVEL}[ \t]*(?:/|\bor\b|\band\b|或|和|及|、)[ \t]*{_LEVEL}\b", re.I)
_NAMES = {
    "warn": "WARN",
    "warning": "WARN",
    "error": "ERROR",
    "fatal": "FATAL",
    "critical": "FATAL",
    "info": "INFO",
    "debug": "DEBUG",
}


def _name(word: str) -> str:
    lowered = word.lower()  # "warnings", "errors": the level the plural names
    return _NAMES.get(lowered) or _NAMES[lowered.rstrip("s")]


def joined_levels(text: str) -> Iterator[tuple[int, int, Fact]]:
    """(start, end, fact) of each pair of joined levels: a LEVEL fact of the second, the first its alternative."""
    for m in _JOINED.finditer(text):
        first, second = _name(m.group(1)), _name(m.group(2))
        if first != second:
            other = Fact(FactKind.LEVEL, m.group(1), first, Scope.RESULT)
            yield m.start(), m.end(), Fact(FactKind.LEVEL, m.group(0), second, Scope.RESULT, alternatives=(other,))
