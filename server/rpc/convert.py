"""Translation between protobuf messages and domain objects. Nothing else."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any, Optional

from google.protobuf import struct_pb2, timestamp_pb2

from evidence_trace.server.domain import model
from evidence_trace.server.domain.errors import InvalidArgument, Violation
from evidence_trace.server.domain.model import RecordOutcome
from evidence_trace.server.domain.timeline import (
    SessionFilter,
    SessionOverview,
    StoredEvaluation,
    StoredInvocation,
    StoredStep,
)
from evidence_trace.server.usecases.recording import Recorded
from evidence_trace.server.usecases.watching import TimelineEvent
from evidence_trace.v1 import evidence_trace_pb2 as pb

_UTC = dt.timezone.utc


def wire(value: int) -> Any:
    """A domain enum (or number) for a protobuf enum field.

    Domain enums carry the protobuf numbers, which protobuf accepts; the
    generated stubs type enum fields by their enum class, hence this bridge.
    """
    return value


def _struct_to_dict(message: struct_pb2.Struct, path: str, violations: list[Violation]) -> dict:
    """A Struct as a JSON object (as json_format.MessageToDict gives it).

    NaN and ±Infinity have no JSON form: each is a violation naming its path
    (`input_params.latency`, `retrieval.details.scores[2]`) instead of the
    exception MessageToDict raises. Paths are spelled only for a violation or
    a nested value: this runs for every value on the write path.
    """
    out: dict[str, Any] = {}
    for key, value in message.fields.items():
        kind = value.WhichOneof("kind")
        if kind == "string_value":
            out[key] = value.string_value
        elif kind == "number_value" and math.isfinite(number := value.number_value):
            out[key] = number
        elif kind == "bool_value":
            out[key] = value.bool_value
        else:  # nested values and a number with no JSON form (a violation naming its path)
            out[key] = _value_to_json(value, f"{path}.{key}", violations)
    return out


def _value_to_json(value: struct_pb2.Value, path: str, violations: list[Violation]) -> Any:
    kind = value.WhichOneof("kind")
    if kind == "number_value":
        number = value.number_value
        if not math.isfinite(number):
            violations.append(Violation(path, "must be a finite number: NaN and Infinity have no JSON form"))
        return number
    if kind == "string_value":
        return value.string_value
    if kind == "bool_value":
        return value.bool_value
    if kind == "struct_value":
        return _struct_to_dict(value.struct_value, path, violations)
    if kind == "list_value":
        return [_value_to_json(item, f"{path}[{i}]", violations) for i, item in enumerate(value.list_value.values)]
    return None  # null_value, or no kind set


def _time(message, field: str, violations: list[Violation], path: str) -> Optional[dt.datetime]:
    if not message.HasField(field):
        return None
    ts: timestamp_pb2.Timestamp = getattr(message, field)
    try:
        return ts.ToDatetime(tzinfo=_UTC)
    except (ValueError, OverflowError):
        violations.append(Violation(path, "must be a valid timestamp"))
        return None


#: Each domain enum's members by number: a dict lookup, not an Enum call, per field.
_MEMBERS: dict[type, dict[int, Any]] = {}


def _enum(cls, value: int, path: str, violations: list[Violation]):
    members = _MEMBERS.get(cls)
    if members is None:
        members = _MEMBERS[cls] = {int(m): m for m in cls}
    member = members.get(value)
    if member is None:
        violations.append(Violation(path, f"unknown enum value {value}"))
        return cls(0)
    return member


def invocation_from_pb(m: pb.ToolInvocation) -> tuple[model.Invocation, list[Violation]]:
    """The domain invocation, and the violations found while converting it."""
    violations: list[Violation] = []
    retrieval = None
    if m.HasField("retrieval"):
        r = m.retrieval
        retrieval = model.Retrieval(
            layer=r.retrieval_layer,
            l0_count=r.l0_count if r.HasField("l0_count") else None,
            l1_count=r.l1_count if r.HasField("l1_count") else None,
            relevance=_enum(model.RelevanceLevel, r.relevance_level, "retrieval.relevance_level", violations),
            dedup_reason=r.dedup_reason,
            details=_struct_to_dict(r.details, "retrieval.details", violations) if r.HasField("details") else None,
        )
    inv = model.Invocation(
        invocation_id=m.invocation_id,
        session_id=m.session_id,
        tool_name=m.tool_name,
        input_params=_struct_to_dict(m.input_params, "input_params", violations) if m.HasField("input_params") else {},
        start_time=_time(m, "start_time", violations, "start_time"),
        duration_ms=m.duration_ms,
        success=m.success if m.HasField("success") else None,
        output_state=_enum(model.OutputState, m.output_state, "output_state", violations),
        output_preview=m.output_preview,
        output_truncated=m.output_truncated,
        error_message=m.error_message,
        error_kind=_enum(model.ErrorKind, m.error_kind, "error_kind", violations),
        retrieval=retrieval,
        topic_domain=m.topic_domain,
        evidence_hint=_enum(model.EvidenceHint, m.evidence_hint, "evidence_hint", violations),
    )
    return inv, violations


def session_status(value: int) -> model.SessionStatus:
    """The domain status; UNSPECIFIED for numbers this server does not know."""
    return _enum(model.SessionStatus, value, "status", [])


def _set_time(target: timestamp_pb2.Timestamp, value: Optional[dt.datetime]) -> None:
    if value is not None:
        target.FromDatetime(value)


def _set_us(target: timestamp_pb2.Timestamp, us: int) -> None:
    target.FromMicroseconds(us)


def invocation_to_pb(recorded: Recorded) -> pb.ToolInvocation:
    inv = recorded.invocation
    assert inv is not None and recorded.classification is not None
    m = pb.ToolInvocation(
        invocation_id=inv.invocation_id,
        session_id=inv.session_id,
        tool_name=inv.tool_name,
        duration_ms=inv.duration_ms,
        success=bool(inv.success),
        output_state=wire(inv.output_state),
        output_preview=inv.output_preview,
        output_truncated=inv.output_truncated,
        error_message=inv.error_message,
        error_kind=wire(inv.error_kind),
        topic_domain=inv.topic_domain,
        evidence_hint=wire(inv.evidence_hint),
        outcome=wire(recorded.classification.outcome),
    )
    if inv.input_params:
        m.input_params.update(inv.input_params)
    _set_time(m.start_time, inv.start_time)
    _set_us(m.record_time, recorded.record_us)
    if inv.retrieval is not None:
        r = inv.retrieval
        m.retrieval.retrieval_layer = r.layer
        if r.l0_count is not None:
            m.retrieval.l0_count = r.l0_count
        if r.l1_count is not None:
            m.retrieval.l1_count = r.l1_count
        m.retrieval.relevance_level = wire(r.relevance)
        m.retrieval.dedup_reason = r.dedup_reason
        if r.details:
            m.retrieval.details.update(r.details)
    return m


def step_from_pb(m: pb.AgentStep) -> tuple[model.AgentStep, list[Violation]]:
    violations: list[Violation] = []
    step = model.AgentStep(
        step_id=m.step_id,
        session_id=m.session_id,
        kind=_enum(model.StepKind, m.kind, "kind", violations),
        name=m.name,
        start_time=_time(m, "start_time", violations, "start_time"),
        duration_ms=m.duration_ms,
        detail=m.detail,
        detail_truncated=m.detail_truncated,
        success=m.success if m.HasField("success") else None,
        error_message=m.error_message,
    )
    return step, violations


def step_to_pb(recorded: Recorded) -> pb.AgentStep:
    s = recorded.step
    assert s is not None
    m = pb.AgentStep(
        step_id=s.step_id,
        session_id=s.session_id,
        kind=wire(s.kind),
        name=s.name,
        duration_ms=s.duration_ms,
        detail=s.detail,
        detail_truncated=s.detail_truncated,
        error_message=s.error_message,
    )
    if s.success is not None:
        m.success = s.success
    _set_time(m.start_time, s.start_time)
    _set_us(m.record_time, recorded.record_us)
    return m


def session_to_pb(s: model.Session) -> pb.DiagnosisSession:
    m = pb.DiagnosisSession(
        session_id=s.session_id,
        status=wire(s.status),
        step_count=s.step_count,
        tool_call_count=s.tool_call_count,
        helper_call_count=s.helper_call_count,
        evaluation_count=s.evaluation_count,
    )
    _set_time(m.create_time, s.create_time)
    _set_time(m.update_time, s.update_time)
    _set_time(m.complete_time, s.complete_time)
    return m


def entry_to_pb(e: model.SummaryEntry) -> pb.EvidenceSummaryEntry:
    return pb.EvidenceSummaryEntry(
        tool_name=e.tool_name,
        topic_domain=e.topic_domain,
        level=wire(e.level),
        call_count=e.call_count,
        success_count=e.success_count,
        failure_count=e.failure_count,
        no_hit_count=e.no_hit_count,
        dedup_count=e.dedup_count,
        repeated_call_count=e.repeated_call_count,
        source_invocation_ids=list(e.source_invocation_ids),
        direct_hit_excerpt=e.direct_hit_excerpt,
        direct_hit_invocation_id=e.direct_hit_invocation_id,
        output_summary=e.output_summary,
    )


def verdict_to_pb(v: model.Verdict, stored: bool = False) -> pb.VerifierDecision:
    """The verdict as sent: a Chat response (stored=False) leaves the claim texts out, and for a
    REJECT also their facts and reasons; a stored evaluation (stored=True) keeps them."""
    m = pb.VerifierDecision(
        decision=wire(v.decision),
        reasons=list(v.reasons),
        fallback_reason=wire(v.fallback_reason),
        verifier=v.verifier,
        verifier_decision=wire(v.backend_decision),
    )
    if v.confidence is not None:
        m.confidence = v.confidence
    withhold = not stored and v.decision == model.Decision.REJECT
    m.claims.extend(claim_to_pb(c, text=stored, details=not withhold) for c in v.claims)
    return m


def claim_to_pb(c: model.ClaimCheck, text: bool, details: bool) -> pb.ClaimCheck:
    m = pb.ClaimCheck(
        start=c.start,
        end=c.end,
        kind=wire(c.kind),
        status=wire(c.status),
        direct=c.direct,
        inference=c.inference,
        settled=c.settled,
    )
    m.groundings.extend(
        pb.ClaimGrounding(invocation_id=g.invocation_id, unit=g.unit, excerpt=g.excerpt) for g in c.groundings
    )
    if details:
        m.facts.extend(c.facts)
        m.reason = c.reason
    if text:
        m.text = c.text
    return m


def violations_to_pb(violations: list[Violation]) -> list[pb.FieldViolation]:
    return [pb.FieldViolation(field=v.field, description=v.description) for v in violations]


# -- listing and timeline (ListSessions, WatchSession) ------------------------


def session_filter_from_pb(m: pb.ListSessionsRequest) -> SessionFilter:
    """The listing filter; an unknown status number or an out-of-range time is bad input."""
    violations: list[Violation] = []
    status = _enum(model.SessionStatus, m.status, "status", violations) if m.status else None
    bounds = [_time(m, name, violations, name) for name in ("min_update_time", "max_update_time")]
    if violations:  # bad input, not an INTERNAL error nor an empty page
        raise InvalidArgument(violations)
    return SessionFilter(
        status=status,
        min_update_us=m.min_update_time.ToMicroseconds() if bounds[0] is not None else None,
        max_update_us=m.max_update_time.ToMicroseconds() if bounds[1] is not None else None,
    )


def overview_to_pb(o: SessionOverview) -> pb.SessionOverview:
    m = pb.SessionOverview(session=session_to_pb(o.session))
    if o.last_verdict is not None:
        m.last_decision.CopyFrom(verdict_to_pb(o.last_verdict))
    _set_time(m.last_decision_time, o.last_decision_time)
    return m


def timeline_event_to_pb(event: TimelineEvent) -> pb.WatchSessionResponse:
    """One watch event: a session snapshot, a step, an invocation or an evaluation."""
    item = event.item
    m = pb.WatchSessionResponse(replayed=event.replayed)
    if isinstance(item, StoredStep):
        m.step.CopyFrom(step_to_pb(Recorded(RecordOutcome.UNSPECIFIED, item.record_us, step=item.step)))
    elif isinstance(item, StoredInvocation):
        m.invocation.CopyFrom(
            invocation_to_pb(
                Recorded(
                    RecordOutcome.UNSPECIFIED,
                    item.record_us,
                    invocation=item.invocation,
                    classification=item.classification,
                )
            )
        )
    elif isinstance(item, StoredEvaluation):
        m.evaluation.CopyFrom(
            pb.VerifierEvaluation(
                evaluation_id=item.evaluation_id,
                session_id=item.session_id,
                question=item.question,
                decision=verdict_to_pb(item.verdict, stored=True),
                latency_ms=item.latency_ms,
            )
        )
        _set_us(m.evaluation.create_time, item.create_us)
    else:
        m.session.CopyFrom(session_to_pb(item))
    return m
