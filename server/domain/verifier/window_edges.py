"""A start the evidence cannot show: the edge of the window its call asked for.

A search over "the last 15 minutes" (`"gte": "now-15m"`, `--since=15m`, `"start": "2026-10-14T06:02:09Z"`)
shows nothing before its window. When the earliest hit sits at that edge, "the errors started at 06:02:09",
"began about 15 minutes ago" or "从 06:02 开始" states a start the search could not see: the errors may have
begun before it. Such a claim is not grounded by the hits that show the time; "the earliest hit is at
06:02:09" (no start said) still is.
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import Grounding
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind
from evidence_trace.server.domain.verifier.intervals import seconds_of

# the claim dates a start at a time: "started at 06:02:09", "began around 06:02" (the verb before the time), "从 06:02
# 起", "06:02:09 UTC 开始报错" (the time before 起 or 开始); never "一起", "发起", "引起", "起来", nor "从 21:30 开始看"
# (where the writer began to look) or "at least since" ("至少从 02:55 起"), which says the start may be earlier
_STARTED_BEFORE = re.compile(
    r"\b(?:start(?:ed|s)?|began|begun|beginning|onset|kicked[ \t]+off)\b[^.;:,，。；：\n]{0,24}$", re.I
)
_STARTED_AFTER = re.compile(r"[ \t]*(?:UTC|GMT|Z)?[)）*\s]*(?:起(?![来因到])|开始(?![看查算统计]))", re.I)
# "started about 15 minutes ago", "15 分钟前开始": a start counted back from the call
_AGO = re.compile(
    r"\b(?:start(?:ed|s)?|began|begun)\b[^.;:,\n]{0,16}?([0-9]+(?:\.[0-9]+)?)[ \t]*"
    r"(s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)[ \t]+ago\b"
    r"|([0-9]+(?:\.[0-9]+)?)[ \t]*(秒|分钟|小时|天)(?:前|之前)[^，。；,;\n]{0,6}?(?:开始|起(?![来因到]))",
    re.I,
)
_AT_LEAST = re.compile(r"\bat[ \t]+least\b|至少|最晚|不晚于", re.I)
# a unit that itself states the start ("Export starts", "starting scan", "开始导出") shows it
_STATES_START = re.compile(r"\bstart|\bbegin|\bbegan|\blaunch|开始|启动", re.I)
# a window counted back from the call: "now-15m" (Elasticsearch, Grafana), "--since=15m" / "--since 2h" (kubectl,
# journalctl), "since": "30m" (Loki, CLI tools), "last 15m"
_RELATIVE = re.compile(
    r"now[ \t]*-[ \t]*([0-9]+)[ \t]*([smhd])\b|--since[= ]\"?([0-9]+)([smhd])\b"
    r"|\"(?:since|last|lookback|window)\"[ \t]*:[ \t]*\"-?([0-9]+)[ \t]*([smhd])\"",
    re.I,
)
_ABSOLUTE_KEYS = ("gte", "gt", "from", "start", "starttime", "start_time", "since", "after")
_STAMP = re.compile(
    r"(20[0-9]{2}-[01][0-9]-[0-3][0-9])[T ]([0-2][0-9]:[0-5][0-9](?::[0-5][0-9])?)(?:\.[0-9]+)?(?:Z|[+]00:?00)$"
)
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_ZH_UNITS = {"秒": "s", "分钟": "m", "小时": "h", "天": "d"}
_DAY = 86400
_SLACK = 60  # a window's edge and a time of it within a minute


def edge_start(text: str, facts: Sequence[Fact], evidence: Evidence, groundings: Sequence[Grounding]) -> Optional[str]:
    """Why a claim that dates a start at the edge of the window of a call that grounds it shows no start; None
    when it does not (`groundings`: the units that ground the claim)."""
    starts = [(f.text, seconds_of(f)[0], False) for f in facts if f.kind == FactKind.TIME and _dates_a_start(text, f)]
    starts += [(m.group(0), _ago(m), True) for m in _AGO.finditer(text)]
    if not starts or _AT_LEAST.search(text) or any(_STATES_START.search(g.excerpt) for g in groundings):
        return None
    grounded_by = {g.invocation_id for g in groundings}
    for invocation, edge, called in _edges(evidence):
        for written, start, ago in starts if invocation in grounded_by else ():
            at = (called - start if called is not None else None) if ago else start
            if at is None:
                continue
            apart = abs(at - edge) % _DAY
            if min(apart, _DAY - apart) <= _SLACK:
                return (
                    f"the start it dates ({written}) is the edge of the window {invocation} searched: "
                    "an earlier start would not show"
                )
    return None


def _ago(m: re.Match[str]) -> float:
    """The seconds a start counted back from the call is ago."""
    number, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return float(number) * _SECONDS[_ZH_UNITS.get(unit, unit[:1].lower())]


def _dates_a_start(text: str, time: Fact) -> bool:
    at = text.find(time.text)
    return at >= 0 and (
        _STARTED_BEFORE.search(text, max(0, at - 40), at) is not None
        or _STARTED_AFTER.match(text, at + len(time.text)) is not None
    )


def _edges(evidence: Evidence) -> tuple[tuple[str, float, Optional[float]], ...]:
    """Each call's window start, as UTC seconds of the day, with the call's id and when it ran (seconds of the day,
    None when unknown; read once per check)."""
    return evidence.remember(("window edges",), lambda: tuple(_read_edges(evidence)))


def _read_edges(evidence: Evidence) -> list[tuple[str, float, Optional[float]]]:
    found = []
    for index in evidence.rows():
        row = evidence.row(index)
        params = row.params if isinstance(row.params, dict) else {}
        if not params:
            continue
        written = json.dumps(params, ensure_ascii=False)
        called = row.start_us / 1e6 % _DAY if row.start_us else None
        if row.start_us:
            for m in _RELATIVE.finditer(written):
                number, unit = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i))
                found.append(
                    (row.invocation_id, (row.start_us / 1e6 - int(number) * _SECONDS[unit.lower()]) % _DAY, called)
                )
        for value in _absolute_values(params):
            stamp = _STAMP.match(value.strip())
            if stamp is not None:
                moment = datetime.datetime.fromisoformat(f"{stamp.group(1)}T{stamp.group(2)}")
                found.append(
                    (row.invocation_id, float(moment.hour * 3600 + moment.minute * 60 + moment.second), called)
                )
    return found


def _absolute_values(value: object, depth: int = 0) -> list[str]:
    """The string values of window-start keys anywhere in the parameters ("range": {"@timestamp": {"gte": …}})."""
    if depth > 8:
        return []
    if isinstance(value, dict):
        out = []
        for key, inner in value.items():
            if str(key).lower() in _ABSOLUTE_KEYS and isinstance(inner, str):
                out.append(inner)
            else:
                out.extend(_absolute_values(inner, depth + 1))
        return out
    if isinstance(value, list):
        return [s for inner in value for s in _absolute_values(inner, depth + 1)]
    return []
