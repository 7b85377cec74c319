"""A state said to hold now ("thanos-store-1 is still failing with DeadlineExceeded", "目前仍然报 …") of a subject a
call was asked about again later (the same tool, the same parameters: a second `/api/v1/stores`, a second
`_cluster/health`): the latest answer decides. When an earlier answer shows the claim and the latest one shows
the subject without it (its `lastError` now null), the claim tells a stale record.

A claim that dates itself (a time of day) speaks of the record at that time, and is not judged here.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.units import Strength, Unit

NOW = re.compile(
    r"\b(?:still|currently|now|right now|at the moment|as of now|remains?)\b|目前|仍然|仍|现在|当前|还在|依然|依旧",
    re.I,
)


def superseded(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """The latest answer's record of the claim's subject, when the claim says its state holds now, an earlier
    answer to the same question shows every fact of the claim and the latest shows the subject without them."""
    names = [f for f in facts if f.kind in (FactKind.SERVICE, FactKind.INSTANCE)]  # whom it is said of
    said = [f for f in facts if f not in names]
    if not names or not said or NOW.search(text) is None or any(f.kind == FactKind.TIME for f in facts):
        return None
    for calls in asked_again(evidence):
        last = evidence.question(calls[-1])
        of_subject = [u for u in _records(evidence, calls[-1]) if all(matches(f, u) for f in names)]
        if not of_subject or any(matches_all(facts, u, last) is True for u in of_subject):
            continue
        earlier = [(u, evidence.question(index)) for index in calls[:-1] for u in _records(evidence, index)]
        if any(matches_all(facts, u, question) is True for u, question in earlier):
            return of_subject[0]
    return None


def asked_again(evidence: Evidence) -> list[list[int]]:
    """The calls of each question asked twice or more (the same tool, the same parameters), in call order."""
    asked: dict[str, list[int]] = {}
    for index in evidence.rows():  # the rows are in call order
        question = evidence.question(index)
        if question is not None:
            asked.setdefault(f"{evidence.row(index).tool_name} {question.text}", []).append(index)
    return [calls for calls in asked.values() if len(calls) >= 2]


def _records(evidence: Evidence, index: int) -> list[Unit]:
    return [u for u in evidence.units(index) if u.strength >= Strength.INDIRECT and u.kind not in ("input", "header")]
