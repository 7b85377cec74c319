"""Levels a claim joins ("warn/error lines", "WARN 或 ERROR 日志", "errors and warnings"): one level fact
that either shows, so a WARN entry is no contradiction of "the latest warn/error lines". A level the claim
gives to what it compares with ("比最早的 ERROR 早约 53 秒", "a minute before the first ERROR") is that
record's, not its subject's (without_reference_levels)."""

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


# "比样本中最早的 ERROR 早约 53 秒", "53 s before the first ERROR", "earlier than the first ERROR line"
_REFERENCE_BEFORE = re.compile(
    r"(?:比[^，。；,;]{0,16}|\b(?:before|after|than)[ \t]+(?:the[ \t]+)?(?:first|earliest|last|latest|next|previous)?[ \t]*)$",
    re.I,
)


def without_reference_levels(text: str, facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    """The facts less a level the claim gives to the record it compares with (module docstring); kept when
    it is all the claim says of that record besides times ("告警比第一条 ERROR 早约 15 秒")."""
    kept = tuple(
        f
        for f in facts
        if not (
            f.kind == FactKind.LEVEL
            and (at := text.find(f.text)) >= 0
            and _REFERENCE_BEFORE.search(text, max(0, at - 24), at) is not None
        )
    )
    return kept if any(f.kind not in (FactKind.TIME, FactKind.LEVEL) for f in kept) else facts


# The log levels a claim names, each by its words: upper-case as logs write them, or named as a level ("error
# logs", "错误日志").
LEVEL_PATTERNS = (
    (
        "ERROR",
        # ("the error log", "mgr-2 error log", "MySQL's error log": the server's log file, no level of an entry)
        re.compile(
            r"\bERROR\b(?![-_])|(?i:\berror[- ](?:level|logs|entries|entry|lines?)\b)|错误日志|错误级别"
            r"|(?i:(?<!the )(?<!its )(?<!'s )(?<![0-9] )(?<!mysql )(?<!mysqld )(?<!nginx )(?<!apache )(?<!httpd )"
            r"\berror[- ]log\b(?!s))"
        ),
    ),
    (
        "WARN",
        re.compile(r"\bWARN(?:ING)?\b(?![-_])|(?i:\bwarn(?:ing)?[- ](?:level|logs?|entries|entry|lines?)\b)|警告日志"),
    ),
    ("FATAL", re.compile(r"\bFATAL\b(?![-_])|(?i:\bfatal[- ](?:level|logs?|entries)\b)")),
    # ("CLUSTER INFO", "redis-cli INFO", "INFO memory", "INFO replication": a command and its section)
    (
        "INFO",
        re.compile(
            r"(?<!CLUSTER )(?<!SENTINEL )(?<!redis-cli )\bINFO\b(?![-_])"
            r"(?![ \t]+(?:server|clients|memory|persistence|stats|replication|cpu|commandstats|latencystats|cluster|"
            r"keyspace|modules|errorstats|all|everything|default)\b)|(?i:\binfo[- ](?:level|logs?|entries)\b)"
        ),
    ),
    ("DEBUG", re.compile(r"\bDEBUG\b(?![-_])")),
)
