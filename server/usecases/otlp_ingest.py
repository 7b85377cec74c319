"""OTLP trace export: GenAI spans recorded as invocations and agent steps (docs/otlp.md).

Each span is mapped by the pure rules of `domain/otlp_mapping.py`, then stored
through the one recorder path (`Recorder.record_invocations`,
`Recorder.record_steps`): the same validation, redaction, classification and
idempotency as the SDK's calls. A span that cannot be recorded is counted as
rejected with the first problem named, never failing the export (OTLP's
partial success); storage failures are raised, and concern the whole export.
"""

from __future__ import annotations

import dataclasses
from typing import Optional, Sequence

from evidence_trace.server.domain.errors import EvidenceTraceError, InvalidArgument, Violation
from evidence_trace.server.domain.model import AgentStep, Invocation, RecordOutcome
from evidence_trace.server.domain.otlp_mapping import Ignored, Span, Unmappable, map_span, trace_sessions
from evidence_trace.server.usecases.recording import Recorded, Recorder, Result


@dataclasses.dataclass(frozen=True)
class ExportResult:
    """What became of one export's spans."""

    created: dict[str, int]  # "invocation" / "step" -> rows written
    duplicates: dict[str, int]  # "invocation" / "step" -> resends acknowledged without a new row
    ignored: int  # spans that are neither tool, model nor agent calls
    rejected: int  # spans that could not be recorded
    error_message: str = ""  # names the first rejected span and its first problem
    reasons: tuple[str, ...] = ()  # the UPPER_SNAKE reason of each rejection


def _problem(exc: Exception) -> str:
    if isinstance(exc, InvalidArgument) and exc.violations:
        v = exc.violations[0]
        return f"{v.field}: {v.description}"
    return str(exc) or type(exc).__name__


def _first_violation(violations: Sequence[Violation]) -> str:
    v = violations[0]
    return f"{v.field}: {v.description}"


class OtlpIngest:
    """Records the GenAI spans of OTLP exports."""

    def __init__(self, recorder: Recorder, session_attribute: str = ""):
        self._recorder = recorder
        self._session_attribute = session_attribute

    def export(self, tenant: str, spans: Sequence[Span], timeout: Optional[float]) -> ExportResult:
        with self._recorder.turn(len(spans), timeout):  # mapping spans is CPU work too: in the bulk turn
            return self._export(tenant, spans, timeout)

    def _export(self, tenant: str, spans: Sequence[Span], timeout: Optional[float]) -> ExportResult:
        invocations: list[tuple[int, Invocation]] = []
        steps: list[tuple[int, AgentStep]] = []
        problems: list[tuple[int, str, str]] = []  # (span index, problem, reason)
        ignored = 0
        sessions = trace_sessions(spans, self._session_attribute)
        for i, span in enumerate(spans):
            mapped = map_span(span, self._session_attribute, sessions.get(span.trace_id, ""))
            if isinstance(mapped, Invocation):
                invocations.append((i, mapped))
            elif isinstance(mapped, AgentStep):
                steps.append((i, mapped))
            elif isinstance(mapped, Unmappable):
                problems.append((i, _first_violation(mapped.violations), InvalidArgument.reason))
            elif isinstance(mapped, Ignored):
                ignored += 1
        created = {"invocation": 0, "step": 0}
        duplicates = {"invocation": 0, "step": 0}
        results: list[tuple[str, int, Result]] = []
        if invocations:
            recorded = self._recorder.record_invocations(tenant, [inv for _, inv in invocations], timeout)
            results += [("invocation", i, r) for (i, _), r in zip(invocations, recorded)]
        if steps:
            recorded = self._recorder.record_steps(tenant, [step for _, step in steps], timeout)
            results += [("step", i, r) for (i, _), r in zip(steps, recorded)]
        for kind, i, result in results:
            if isinstance(result, Recorded):
                counts = created if result.outcome == RecordOutcome.CREATED else duplicates
                counts[kind] += 1
            elif isinstance(result, EvidenceTraceError):
                problems.append((i, _problem(result), result.reason))
            else:
                raise result
        message = ""
        problems.sort(key=lambda p: p[0])  # the first problem is the first rejected span's
        if problems:
            index, problem, _ = problems[0]
            span = spans[index]
            message = (
                f"{len(problems)} of {len(spans)} spans rejected; first: span {span.span_id} "
                f"({span.name or 'unnamed'}): {problem}"
            )
        return ExportResult(created, duplicates, ignored, len(problems), message, tuple(r for _, _, r in problems))
