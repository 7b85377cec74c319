"""The Chat use case: judge a draft against the session's evidence, record it.

Reads the session's classified rows in one query, merges them into summary
entries, asks the gate (domain/verifier/gate.py, which never raises) and
persists exactly one verifier evaluation before answering.
"""
from __future__ import annotations

import dataclasses
import time
import uuid
from typing import Optional

from evidence_trace.server.domain.deadline import Deadline
from evidence_trace.server.domain.errors import InvalidArgument, SessionNotFound, Violation
from evidence_trace.server.domain.model import SummaryEntry, Verdict
from evidence_trace.server.domain.summary import summarize
from evidence_trace.server.domain.validation import Limits, check_id
from evidence_trace.server.domain.verifier.gate import Gate
from evidence_trace.server.store.reads import Reader
from evidence_trace.server.usecases.compute import ComputeSlots
from evidence_trace.server.usecases.recording import Recorder


@dataclasses.dataclass(frozen=True)
class ChatResult:
    verdict: Verdict
    evaluation_id: str
    entries: list[SummaryEntry]


class ChatService:
    def __init__(self, reader: Reader, recorder: Recorder, gate: Gate, limits: Limits,
                 compute: Optional[ComputeSlots] = None):
        self._reader = reader
        self._compute = compute or ComputeSlots()
        self._recorder = recorder
        self._gate = gate
        self._limits = limits

    def _validate(self, session_id: str, question: str, draft: str) -> None:
        violations = check_id("session_id", session_id)
        for field, value, limit in (("question", question, self._limits.question_chars),
                                    ("draft_answer", draft, self._limits.draft_chars)):
            if not value.strip():
                violations.append(Violation(field, "required"))
            elif len(value) > limit:
                violations.append(Violation(field, f"must be at most {limit} characters (got {len(value)})"))
        if violations:
            raise InvalidArgument(violations)

    def chat(self, tenant: str, session_id: str, question: str, draft: str,
             caller_output: Optional[str], timeout: Optional[float],
             deadline: Optional[Deadline] = None) -> ChatResult:
        """Judge the draft and record the evaluation; `deadline` bounds the verifier's call."""
        self._validate(session_id, question, draft)
        with self._compute.held():  # CPU-bound: reading, classifying and merging every row
            session, rows, evidence = self._reader.session_for_chat(tenant, session_id)
            if session is None:
                raise SessionNotFound(session_id)
            entries = summarize(rows)
        redact = self._recorder.redactor  # no verifier, row or log sees a secret the caller sent
        question, draft = redact.text(question), redact.text(draft)
        caller_output = None if caller_output is None else redact.text(caller_output)
        started = time.perf_counter()
        verdict = redact.verdict(self._gate.judge(question, draft, tuple(entries), tuple(evidence), caller_output,
                                                    deadline))
        latency_ms = (time.perf_counter() - started) * 1000
        evaluation_id = str(uuid.uuid4())
        self._recorder.record_evaluation(tenant, session_id, evaluation_id, question, draft, verdict,
                                         [r.invocation_id for r in rows], latency_ms, timeout)
        return ChatResult(verdict, evaluation_id, entries)
