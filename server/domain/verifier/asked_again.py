"""A state said to hold now ("thanos-store-1 is still failing with DeadlineExceeded", "目前仍然报 …") of a subject a
call was asked about again later (the same tool, the same parameters: a second `/api/v1/stores`, a second
`_cluster/health`): the latest answer decides. When an earlier answer shows the claim and the latest one shows
the subject without it (its `lastError` now null), the claim tells a stale record.

A claim that dates itself (a time of day) speaks of the record at that time, and is not judged here.

A run said to be going now ("#745 is still running", "流水线仍在运行", "还没跑完") whose latest record (of any
later call: the same question again, or the run's own endpoint after a listing) shows it finished (a terminal
state, an end time) after an earlier call's record showed it going is told from the stale record (still_going).
A time the latest record gives too (the run's start) does not date the claim.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.field_words import STATE_WORDS
from evidence_trace.server.domain.verifier.subject_binding import names_subject
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


# the run is said to be going now: "is still running", "currently in progress", "hasn't finished", "仍在运行", "还没跑完"
_GOING_NOW = re.compile(
    r"\b(?:still|currently|now)\b[^.;:,]{0,24}?\b(?:running|in[ _]progress|executing|building|deploying|queued|pending)\b"
    r"|\b(?:running|in[ _]progress|executing)\b[^.;:,]{0,12}?\b(?:still|right now)\b"
    r"|\b(?:has[ \t]+not|hasn't|have[ \t]+not|haven't|is[ \t]+not|isn't)[ \t]+(?:yet[ \t]+)?(?:finished|completed|done)\b"
    r"|(?:仍|还|依然|目前|当前|现在)(?:在|正在|处于)?(?:运行|执行|进行|构建|部署|跑)(?:中)?"
    r"|(?:还|仍)(?:没|未)(?:有)?(?:跑完|完成|结束|执行完)|尚未(?:完成|结束|执行完)",
    re.I,
)
_STATE_KEY = r"[\"']?(?:state|status|phase|conclusion|result)[\"']?[ \t]*[:=][ \t]*"
# a state field whose value, or nested object's name, is the word: `"state": {"name": "in_progress"}`, `status=running`
_NESTED = r"(?:\{[^{}]{0,200}?[\"'](?:name|value|state|status)[\"'][ \t]*:[ \t]*)?[\"']?"
_GOING_STATE = re.compile(rf"{_STATE_KEY}{_NESTED}(?:running|pending|queued|in[_ ]?progress|waiting)\b")
_ENDED = re.compile(
    rf"{_STATE_KEY}{_NESTED}(?:completed?|finished|failed|failure|succeeded|successful|success|aborted|"
    r"cancell?ed|stopped|errored|timed[_ ]?out)\b"
    r"|[\"']?(?:completed_on|completed_at|finished_at|finished_on|finish_?time|completion_?time|end_?time|ended_at)"
    r"[\"']?[ \t]*[:=][ \t]*[\"']?[0-9]",
    re.I,
)


def still_going(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """The latest record of the run the claim says is going now, when it shows the run ended and an earlier call's
    record of it showed it going; None otherwise."""
    going = _GOING_NOW.search(text)
    if going is None:
        return None
    # what it is said of: its names and the id said last before "still running" (the runs it compares it with
    # are others), never the state words it quotes ("state IN_PROGRESS")
    ids = sorted((text.find(f.text), i) for i, f in enumerate(facts) if f.kind == FactKind.ID and f.text in text)
    said = [i for at, i in ids if at < going.start()][-1:] or [i for _, i in ids][:1]
    subject = [f for f in facts if f.is_entity and f.key not in STATE_WORDS] + [facts[i] for i in said]
    if not subject:
        return None
    times = [f for f in facts if f.kind == FactKind.TIME]
    latest, was_going = None, False
    for index in evidence.rows():  # in call order: the last call that gives the run a state decides
        question = evidence.question(index)
        states = [
            (u, state)
            for u in _records(evidence, index)
            if names_subject(subject, u, question) and (state := _state(u))
        ]
        if states:
            was_going = was_going or (latest is not None and latest[1] == "going")
            latest = states[-1]
    if latest is None or latest[1] != "ended" or not was_going:
        return None
    return latest[0] if all(matches(f, latest[0]) for f in times) else None  # a time of the earlier record dates it


def _state(unit: Unit) -> str:
    """ "going" or "ended" as the record's state field or end time says, or ""."""
    if _GOING_STATE.search(unit.lowered):
        return "going"
    return "ended" if _ENDED.search(unit.lowered) else ""
