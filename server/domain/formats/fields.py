"""The field maps and vocabularies every evidence format reads through.

A record's level, subject, time, message and problem are read from the
first of these field names that it holds (a dotted name is also looked up as a
path: "log.level" is `{"log": {"level": ...}}`), and a level word means the same
in every format: `levelname: ERROR`, `severity: error`, `log.level: err`,
`level=error` and `[ERROR]` are all ERROR.

Vocabulary is data: a new word is one entry in one of these tables.
"""

from __future__ import annotations

import types
from typing import Any, Mapping, Optional

ERROR_LEVELS = frozenset({"ERROR", "FATAL", "CRITICAL", "PANIC"})
"""Canonical levels that make a record a concrete hit."""

LEVEL_WORDS: Mapping[str, str] = types.MappingProxyType(
    {
        "trace": "TRACE",
        "debug": "DEBUG",
        "dbug": "DEBUG",
        "info": "INFO",
        "information": "INFO",
        "informational": "INFO",
        "notice": "NOTICE",
        "warn": "WARN",
        "warning": "WARN",
        "error": "ERROR",
        "err": "ERROR",
        "severe": "ERROR",
        "fatal": "FATAL",
        "crit": "CRITICAL",
        "critical": "CRITICAL",
        "emerg": "FATAL",
        "emergency": "FATAL",
        "panic": "PANIC",
        "调试": "DEBUG",
        "信息": "INFO",
        "警告": "WARN",
        "错误": "ERROR",
        "严重": "CRITICAL",
        "致命": "FATAL",
    }
)
"""Level words (lower-case) and the canonical level each one means."""

SYSLOG_SEVERITIES = ("FATAL", "FATAL", "CRITICAL", "ERROR", "WARN", "NOTICE", "INFO", "DEBUG")
"""A syslog severity number (0 emerg .. 7 debug) as a canonical level."""

LEVEL_FIELDS = (
    "level",
    "severity",
    "levelname",
    "log_level",
    "loglevel",
    "lvl",
    "log.level",
    "severity_text",
    "severityText",
    "SeverityText",
    "detected_level",
    "Level",
    "LEVEL",
    "Severity",
)
TIME_FIELDS = ("timestamp", "@timestamp", "time", "ts", "datetime", "date", "eventTime", "lastTimestamp", "startsAt")
MESSAGE_FIELDS = ("message", "msg", "log", "line", "text", "body", "event.original", "error.message", "description")
SUBJECT_FIELDS = (
    "service",
    "service.name",
    "service_name",
    "serviceName",
    "app",
    "application",
    "kubernetes.pod.name",
    "kubernetes.pod_name",
    "k8s.pod.name",
    "pod",
    "pod_name",
    "podName",
    "instance",
    "host.name",
    "hostname",
    "host",
    "container",
    "container_name",
    "job",
    "name",
    "NAME",
)
STATUS_FIELDS = ("status", "status_code", "statusCode", "http.status_code", "http.response.status_code", "code")

PROBLEM_STATES: Mapping[str, str] = types.MappingProxyType(
    {
        word.lower(): word
        for word in (
            "CrashLoopBackOff",
            "OOMKilled",
            "OOMKilling",
            "Error",
            "ImagePullBackOff",
            "ErrImagePull",
            "InvalidImageName",
            "CreateContainerConfigError",
            "CreateContainerError",
            "ContainerCannotRun",
            "RunContainerError",
            "Evicted",
            "Failed",
            "FailedScheduling",
            "FailedMount",
            "FailedCreatePodSandBox",
            "BackOff",
            "BackoffLimitExceeded",
            "DeadlineExceeded",
            "Unhealthy",
            "NotReady",
            "NodeNotReady",
            "Unknown",
            "red",
            "down",
            "unhealthy",
            "failing",
        )
    }
)
"""Words a status, reason or state cell holds when something is wrong (matched whole, any case)."""

PENDING_TOO_LONG_S = 300
"""A pod Pending at least this long (its AGE) is a problem."""

ALERT_STATES: Mapping[str, str] = types.MappingProxyType(
    {
        "firing": "firing",
        "active": "firing",
        "pending": "pending",
        "inactive": "inactive",
        "resolved": "resolved",
        "ok": "resolved",
        "suppressed": "suppressed",
    }
)
"""Alert state words and the state each means (Alertmanager's `active` is Prometheus's `firing`)."""

ECHOED_FIELDS = frozenset(
    {
        "region",
        "query",
        "logtopic",
        "log_topic",
        "topic",
        "limit",
        "from",
        "to",
        "start",
        "end",
        "step",
        "matchedquery",
        "matched_query",
    }
)
"""Top-level fields (lower-case) in which a tool echoes its question: not findings."""

_PARTS: Mapping[str, tuple[str, ...]] = types.MappingProxyType(
    {
        name: tuple(name.split("."))
        for names in (LEVEL_FIELDS, TIME_FIELDS, MESSAGE_FIELDS, SUBJECT_FIELDS, STATUS_FIELDS)
        for name in names
        if "." in name
    }
)


def _path(mapping: Mapping[str, Any], dotted: str) -> Any:
    value: Any = mapping
    for part in _PARTS[dotted]:
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _lookup(mapping: Mapping[str, Any], name: str) -> Any:
    """mapping[name], else the value at name's dotted path (only tried when its first part is there)."""
    value = mapping.get(name)
    if value is None and name in _PARTS and _PARTS[name][0] in mapping:
        value = _path(mapping, name)
    return value


def level_word(word: str) -> str:
    """The canonical level a word names ("err" and "[ERROR]" are ERROR), or ""."""
    candidate = word.strip("[]():<>,;\"'")
    if candidate[:6].lower() == "level=":
        candidate = candidate[6:].strip("\"'")
    return LEVEL_WORDS.get(candidate.lower(), "")


def may_be_cut(word: str) -> bool:
    """Whether a level word could be a longer one cut short ("ERR" of "ERROR"): at a preview's cut it is unread."""
    lowered = word.strip("[]():<>,;\"'").lower()
    return any(other != lowered and other.startswith(lowered) for other in LEVEL_WORDS)


def canonical_level(raw: Any) -> str:
    """A level field's value as a canonical level; an unknown word upper-cased; a syslog number by its severity."""
    if isinstance(raw, bool):
        return ""
    if isinstance(raw, int):
        return SYSLOG_SEVERITIES[raw] if 0 <= raw < len(SYSLOG_SEVERITIES) else ""
    if not isinstance(raw, str) or not raw.strip():
        return ""
    word = raw.strip()
    return LEVEL_WORDS.get(word.lower()) or word.upper()


def level_of(mapping: Mapping[str, Any]) -> str:
    """The canonical level of a record (LEVEL_FIELDS), or ""."""
    for name in LEVEL_FIELDS:
        level = canonical_level(_lookup(mapping, name))
        if level:
            return level
    return ""


def text_of(mapping: Mapping[str, Any], names: tuple[str, ...]) -> str:
    """The first of names whose value is a scalar, as text ("" when none)."""
    for name in names:
        value = _lookup(mapping, name)
        if value is None or value == "" or isinstance(value, (dict, list, bool)):
            continue
        return value if isinstance(value, str) else str(value)
    return ""


def subject_of(mapping: Mapping[str, Any]) -> str:
    """What a record is about: its service, pod, instance, host, container or job."""
    return text_of(mapping, SUBJECT_FIELDS)


def alert_state(raw: Any) -> str:
    """An alert state word (or Alertmanager's `{"state": ...}`) as firing/pending/inactive/resolved/suppressed."""
    if isinstance(raw, dict):
        raw = raw.get("state")
    return ALERT_STATES.get(raw.strip().lower(), "") if isinstance(raw, str) else ""


def problem_word(raw: Any) -> str:
    """The problem a status, reason or state value names (PROBLEM_STATES), or ""."""
    return PROBLEM_STATES.get(raw.strip().lower(), "") if isinstance(raw, str) else ""


def http_problem(raw: Any) -> str:
    """'HTTP 503' for an HTTP status of 400 or more (a number or a numeric string), else ""."""
    code: Optional[int] = None
    if isinstance(raw, int) and not isinstance(raw, bool):
        code = raw
    elif isinstance(raw, str) and len(raw) == 3 and raw.isdigit():
        code = int(raw)
    return f"HTTP {code}" if code is not None and 400 <= code <= 599 else ""


def problem_of(mapping: Mapping[str, Any]) -> str:
    """The problem a JSON record shows in its status fields, or ""."""
    for name in STATUS_FIELDS:
        raw = _lookup(mapping, name)
        found = problem_word(raw) or http_problem(raw)
        if found:
            return found
    for name in ("reason", "state", "health", "phase"):
        found = problem_word(mapping.get(name))
        if found:
            return found
    return ""
