"""The Chat use case: judge a draft against the session's evidence, record it.

Reads the session's classified rows in one query, merges them into summary
entries, asks the gate (domain/verifier/gate.py, which never raises) and
persists exactly one verifier evaluation before answering.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
import uuid
from typing import Optional, Sequence

from evidence_trace.server.domain.deadline import Deadline
from evidence_trace.server.domain.errors import (
    Conflict,
    InvalidArgument,
    SessionNotFound,
    StorageUnavailable,
    Violation,
)
from evidence_trace.server.domain.model import ClassifiedRow, SummaryEntry, Verdict
from evidence_trace.server.domain.summary import summarize
from evidence_trace.server.domain.timeline import NewEvaluation, PriorChat
from evidence_trace.server.domain.validation import Limits, check_id
from evidence_trace.server.domain.verifier.gate import Gate
from evidence_trace.server.domain.verifier.protocol import render_output
from evidence_trace.server.store.reads import Reader
from evidence_trace.server.usecases.compute import ComputeSlots
from evidence_trace.server.usecases.recording import Recorder


@dataclasses.dataclass(frozen=True)
class ChatResult:
    verdict: Verdict
    evaluation_id: str
    entries: list[SummaryEntry]


class ChatService:
    def __init__(
        self, reader: Reader, recorder: Recorder, gate: Gate, limits: Limits, compute: Optional[ComputeSlots] = None
    ):
        self._reader = reader
        self._compute = compute or ComputeSlots()
        self._recorder = recorder
        self._gate = gate
        self._limits = limits

    def _validate(self, session_id: str, question: str, draft: str, request_id: str) -> str:
        """Refuse bad input; return the request id in canonical form ("" without one)."""
        violations = check_id("session_id", session_id)
        canonical = ""
        if request_id:
            try:
                canonical = str(uuid.UUID(request_id))
            except ValueError:
                violations.append(Violation("request_id", "must be a UUID, such as a fresh UUID4 (AIP-155)"))
        for field, value, limit in (
            ("question", question, self._limits.question_chars),
            ("draft_answer", draft, self._limits.draft_chars),
        ):
            if not value.strip():
                violations.append(Violation(field, "required"))
            elif len(value) > limit:
                violations.append(Violation(field, f"must be at most {limit} characters (got {len(value)})"))
        if violations:
            raise InvalidArgument(violations)
        return canonical

    def chat(
        self,
        tenant: str,
        session_id: str,
        question: str,
        draft: str,
        caller_output: Optional[str],
        timeout: Optional[float],
        deadline: Optional[Deadline] = None,
        request_id: str = "",
    ) -> ChatResult:
        """Judge the draft and record the evaluation; `deadline` bounds the verifier's call.

        With a `request_id` an earlier call in the session already stored, the
        draft is not judged again: the first call's evaluation is returned (or
        a Conflict when that call asked about something else).
        """
        request_id = self._validate(session_id, question, draft, request_id)
        with self._compute.held():  # CPU-bound: reading, classifying and merging every row
            session, rows, evidence = self._reader.session_for_chat(tenant, session_id)
            if session is None:
                raise SessionNotFound(session_id)
            entries = summarize(rows)
        redact = self._recorder.redactor  # no verifier, row or log sees a secret the caller sent
        question, draft = redact.text(question), redact.text(draft)
        caller_output = None if caller_output is None else redact.text(caller_output)
        digest = _request_digest(question, draft, caller_output) if request_id else ""
        if request_id and (prior := self._reader.prior_chat(tenant, session_id, request_id)) is not None:
            return _replayed(prior, digest, rows)
        started = time.perf_counter()
        verdict = redact.verdict(
            self._gate.judge(question, draft, tuple(entries), tuple(evidence), caller_output, deadline)
        )
        latency_ms = (time.perf_counter() - started) * 1000
        evaluation = NewEvaluation(
            tenant=tenant,
            session_id=session_id,
            evaluation_id=str(uuid.uuid4()),
            question=question,
            draft=draft,
            verdict=verdict,
            source_invocation_ids=tuple(r.invocation_id for r in rows),
            latency_ms=latency_ms,
            request_id=request_id,
            request_digest=digest,
        )
        stored = self._recorder.record_evaluation(evaluation, timeout)
        if not stored:  # a concurrent call with the same request id committed first
            prior = self._reader.prior_chat(tenant, session_id, request_id)
            if prior is None:
                raise StorageUnavailable("the evaluation that holds this request id could not be read back")
            return _replayed(prior, digest, rows)
        return ChatResult(verdict, evaluation.evaluation_id, entries)


def _request_digest(question: str, draft: str, caller_output: Optional[str]) -> str:
    """What a Chat asked to judge, as stored (redacted): a resend must ask the same."""
    return hashlib.sha256(json.dumps([question, draft, caller_output], ensure_ascii=False).encode()).hexdigest()


def _replayed(prior: PriorChat, digest: str, rows: Sequence[ClassifiedRow]) -> ChatResult:
    """The first call's answer again: its verdict, what the user saw, and the entries it judged."""
    if prior.request_digest != digest:
        raise Conflict(
            "REQUEST_ID_REUSED",
            "this request_id was used by a Chat with a different question, draft or verifier output",
            evaluation_id=prior.evaluation_id,
        )
    judged = set(prior.source_invocation_ids)
    verdict = dataclasses.replace(prior.verdict, output_text=render_output(prior.verdict.decision, prior.draft))
    return ChatResult(verdict, prior.evaluation_id, summarize([r for r in rows if r.invocation_id in judged]))
