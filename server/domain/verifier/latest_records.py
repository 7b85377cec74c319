"""A record said to be the latest of its kind ("the most recent change in the audit log is X turning it off",
"最近一次部署是 …", "the latest run was …") is the latest of its listing: when another record of the same call,
about the same subject, is later (by the instant each states: `2026-09-09T09:41:00Z`, an epoch in a
`date`/`timestamp` field), the claim tells a record that is no longer the latest.

The subject is what the claim names that the call's records share or that the call asked (the flag, the
release), not what only the claimed record shows (its actor, its value). A listing whose records give no
instant is not judged here.
"""

from __future__ import annotations

import datetime
import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.subject_binding import names_subject
from evidence_trace.server.domain.verifier.units import Strength, Unit

# one record: "the most recent change", "最近一次部署" ("last" is left out: "the last [6.4s]", "last known-good",
# "last error: …" tell no record as the latest; and several are no one: "6 most recent requests", "latest lines")
_LATEST = re.compile(
    r"(?<![0-9][ \t])\b(?:most\s+recent|latest|newest)\b(?!(?:\s+[\w/-]+){0,2}?\s+[a-z]+[^su\W]s\b)"
    r"|最近一次|最新的?一次|最新一条|最近一条",
    re.I,
)
# the latest of those with an outcome ("the most recent passing build", "最近一次通过的是 #48300", "最近一次成功的
# 部署"), and what a later record must show to be one of them: a later record of another outcome is not
_LATEST_OF = r"(?:(?:latest|most\s+recent|newest|last)\s+"
_OUTCOME_TOLD = (
    (
        re.compile(
            _LATEST_OF
            + r"(?:passing|passed|successful|succeeded|green)\b|(?:最近一次|最新的?一次|最后一次)(?:构建|部署|运行|执行)?(?:通过|成功))",
            re.I,
        ),
        re.compile(r"pass|succe|\bgreen\b|\bok\b|通过|成功"),
    ),
    (
        re.compile(_LATEST_OF + r"(?:failing|failed|unsuccessful|red)\b|(?:最近一次|最新的?一次|最后一次)失败)", re.I),
        re.compile(r"fail|error|\bred\b|失败|错误"),
    ),
)


def _told_outcome(text: str) -> Optional[re.Pattern[str]]:
    """What a later record must show to be of the claim's kind when the claim tells the latest of an outcome."""
    return next((shown for told, shown in _OUTCOME_TOLD if told.search(text)), None)


_KIND_OF_RECORD = (
    FactKind.LEVEL,
    FactKind.EVENT,
    FactKind.STATE,
    FactKind.WORKLOAD_STATE,
    FactKind.ERROR_CODE,
    FactKind.HTTP_STATUS,
)
_ISO = re.compile(r"(20[0-9]{2})-([01][0-9])-([0-3][0-9])[T ]([0-2][0-9]):([0-5][0-9])(?::([0-5][0-9]))?")
_EPOCH = re.compile(
    r"\"(?:date|time|timestamp|ts|created(?:_at|At)?|updated(?:_at|At)?|at)\"[ \t]*:[ \t]*\"?(1[5-9][0-9]{8}(?:[0-9]{3})?)\b"
)


def instant(unit: Unit) -> Optional[float]:
    """The latest instant a record states, in seconds since the epoch (UTC as written), or None."""
    found = []
    for m in _ISO.finditer(unit.text[:4000]):
        year, month, day, hour, minute, second = (int(g or 0) for g in m.groups())
        try:
            stamp = datetime.datetime(year, month, day, hour, minute, second, tzinfo=datetime.timezone.utc)
        except ValueError:
            continue
        found.append(stamp.timestamp())
    for m in _EPOCH.finditer(unit.text[:4000]):
        value = int(m.group(1))
        found.append(value / 1000 if value > 10**11 else float(value))
    return max(found) if found else None


def later_record(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A later record of the same call and subject than the one the claim tells as the latest; or None."""
    outcome = _told_outcome(text)
    if _LATEST.search(text) is None and outcome is None:
        return None
    entities = [f for f in facts if f.is_entity]
    # what kind of record the claim tells ("the latest ERROR", "the most recent OOM kill"): a later one of it
    kind = [f for f in facts if f.kind in _KIND_OF_RECORD]
    for index in evidence.rows():
        question = evidence.question(index)
        timed = [
            (u, instant(u))
            for u in evidence.units(index)
            if u.strength >= Strength.INDIRECT and u.kind not in ("input", "header")
        ]
        # the record the claim tells: the latest of those that show it
        shown = [(at, u) for u, at in timed if at and matches_all(facts, u, question) is True]
        if not shown:
            continue
        at, told = max(shown, key=lambda pair: pair[0])
        # the subject: the claim's names the call asked, or that another of its records names too
        subject = [
            f
            for f in entities
            if (question is not None and matches(f, question)) or any(matches(f, u) for u, _ in timed if u is not told)
        ]
        for unit, later in timed:
            if unit is told or unit.kind != told.kind or later is None or later <= at:
                continue
            if outcome is not None and not outcome.search(unit.lowered):
                continue  # "the latest passing build": a later failed one is not of its kind
            if all(matches(f, unit) for f in kind) and names_subject(subject, unit, question):
                return unit
    return None
