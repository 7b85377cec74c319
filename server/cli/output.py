"""How the ops commands print: aligned text tables for people, JSON for scripts.

Pure functions of protobuf messages to text; no I/O and no gRPC calls here.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Optional, Sequence

from google.protobuf import json_format, timestamp_pb2
from google.protobuf.message import Message

from evidence_trace.v1 import evidence_trace_pb2 as pb

#: Longest text shown in a free-text cell before it is cut with "…".
CELL_CHARS = 72
#: Column widths of a live (watch) timeline line, which cannot be measured in advance.
TIMELINE_WIDTHS = (23, 7, 20, 9, 16)
TIMELINE_HEADERS = ("START (UTC)", "KIND", "NAME", "DURATION", "OUTCOME", "NOTES")


def to_json(message: Message) -> str:
    """A message as JSON with the proto field names, defaults included."""
    return json.dumps(as_dict(message), ensure_ascii=False)


def as_dict(message: Message) -> dict:
    return json_format.MessageToDict(
        message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
    )


def cut(text: str, limit: Optional[int] = CELL_CHARS) -> str:
    """One line of at most limit characters, cut at a word with "…"; limit None keeps it whole (--wide)."""
    line = " ".join(text.split())
    if limit is None or len(line) <= limit:
        return line
    head = line[: limit - 1]
    space = head.rfind(" ")
    if space >= limit // 2:  # a word boundary not too far back; else a very long word is cut inside
        head = head[:space]
    return head.rstrip() + "…"


def _width(limit: int, wide: bool) -> Optional[int]:
    return None if wide else limit


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Columns aligned to their widest cell; the last column is left ragged."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    lines = [_line(headers, widths)] + [_line(r, widths) for r in rows]
    return "\n".join(lines)


def _line(cells: Sequence[str], widths: Sequence[int]) -> str:
    padded = [c.ljust(w) for c, w in zip(cells[:-1], widths)] + [cells[-1]]
    return "  ".join(padded).rstrip()


def fixed_line(cells: Sequence[str], widths: Sequence[int] = TIMELINE_WIDTHS) -> str:
    """A timeline line with fixed column widths, for streaming output."""
    return _line(cells, list(widths) + [0])


def when(ts: timestamp_pb2.Timestamp, set_: bool = True) -> str:
    """A UTC timestamp to the millisecond, or "-" when unset."""
    if not set_:
        return "-"
    return ts.ToDatetime(tzinfo=dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]


def duration(ms: float) -> str:
    if ms < 1000:
        return f"{ms:.0f} ms"
    return f"{ms / 1000:.1f} s"


def _enum_name(enum, value: int, prefix: str) -> str:
    try:
        name = enum.Name(value)
    except ValueError:
        return str(value)
    return name[len(prefix) :] if name.startswith(prefix) else name


def status(value: int) -> str:
    return _enum_name(pb.SessionStatus, value, "SESSION_STATUS_")


def decision(value: int) -> str:
    return _enum_name(pb.Decision, value, "DECISION_")


def fallback(value: int) -> str:
    return _enum_name(pb.FallbackReason, value, "FALLBACK_REASON_")


# -- sessions --------------------------------------------------------------------

SESSION_HEADERS = ("SESSION", "STATUS", "UPDATED (UTC)", "STEPS", "TOOLS", "HELPERS", "EVALS", "LAST DECISION")


def sessions_table(response: pb.ListSessionsResponse) -> str:
    if not response.sessions:
        return "no sessions"
    rows = []
    for o in response.sessions:
        s = o.session
        last = "-"
        if o.HasField("last_decision"):
            last = decision(o.last_decision.decision)
            if o.last_decision.fallback_reason not in (pb.FALLBACK_REASON_UNSPECIFIED, pb.FALLBACK_REASON_NONE):
                last += f" ({fallback(o.last_decision.fallback_reason).lower()})"
        rows.append(
            [
                s.session_id,
                status(s.status),
                when(s.update_time),
                str(s.step_count),
                str(s.tool_call_count),
                str(s.helper_call_count),
                str(s.evaluation_count),
                last,
            ]
        )
    return table(SESSION_HEADERS, rows)


def session_header(s: pb.DiagnosisSession) -> str:
    return (
        f"session {s.session_id}  {status(s.status)}  steps {s.step_count}  tools {s.tool_call_count}  "
        f"helpers {s.helper_call_count}  evaluations {s.evaluation_count}  "
        f"created {when(s.create_time)}  updated {when(s.update_time)}"
    )


# -- timeline ----------------------------------------------------------------------


def _invocation_notes(inv: pb.ToolInvocation, wide: bool = False) -> str:
    marks = []
    if inv.output_truncated:
        marks.append("[truncated]")
    if inv.output_state == pb.OUTPUT_STATE_EMPTY:
        marks.append("[no output]")
    elif inv.output_state == pb.OUTPUT_STATE_NOT_CAPTURED:
        marks.append("[not captured]")
    if inv.error_kind:
        marks.append(
            f"[{_enum_name(pb.ErrorKind, inv.error_kind, 'ERROR_KIND_').lower()}] {cut(inv.error_message, _width(48, wide))}"
        )
    if inv.topic_domain:
        marks.append(f"topic={inv.topic_domain}")
    return " ".join(marks)


def timeline_cells(event: pb.WatchSessionResponse, wide: bool = False) -> Optional[list[str]]:
    """The cells of one timeline line; None for the initial session snapshot. wide: texts uncut."""
    kind = event.WhichOneof("event")
    if kind == "step":
        s = event.step
        outcome = "-" if not s.HasField("success") else ("ok" if s.success else "failed")
        notes = cut(s.detail, _width(60, wide)) + (" [truncated]" if s.detail_truncated else "")
        if s.error_message:
            notes = f"{notes} error: {cut(s.error_message, _width(48, wide))}".strip()
        label = "model" if s.kind == pb.AGENT_STEP_KIND_MODEL_STEP else "helper"
        return [when(s.start_time), label, s.name, duration(s.duration_ms), outcome, notes]
    if kind == "invocation":
        i = event.invocation
        return [
            when(i.start_time),
            "tool",
            i.tool_name,
            duration(i.duration_ms),
            _enum_name(pb.InvocationOutcome, i.outcome, "INVOCATION_OUTCOME_").lower(),
            _invocation_notes(i, wide),
        ]
    if kind == "evaluation":
        e = event.evaluation
        notes = f"question: {cut(e.question, _width(48, wide))}"
        if e.decision.fallback_reason not in (pb.FALLBACK_REASON_UNSPECIFIED, pb.FALLBACK_REASON_NONE):
            notes = f"fallback {fallback(e.decision.fallback_reason).lower()}; {notes}"
        return [
            when(e.create_time),
            "chat",
            e.decision.verifier,
            duration(e.latency_ms),
            decision(e.decision.decision).lower(),
            notes,
        ]
    if kind == "session" and not event.replayed:
        session = event.session
        return [
            when(session.update_time),
            "session",
            status(session.status).lower(),
            "-",
            "-",
            f"steps {session.step_count}, tools {session.tool_call_count}, evaluations {session.evaluation_count}",
        ]
    return None


def _started_us(event: pb.WatchSessionResponse) -> int:
    """When an event's step, call or evaluation started (an evaluation: when it was made)."""
    kind = event.WhichOneof("event")
    if kind == "step":
        return event.step.start_time.ToMicroseconds()
    if kind == "invocation":
        return event.invocation.start_time.ToMicroseconds()
    if kind == "evaluation":
        return event.evaluation.create_time.ToMicroseconds()
    return event.session.update_time.ToMicroseconds()


def timeline_table(events: Sequence[pb.WatchSessionResponse], wide: bool = False) -> str:
    """A session's header line and its timeline as a table, in start order (commit order breaks ties)."""
    header = next((session_header(e.session) for e in events if e.WhichOneof("event") == "session"), "")
    in_order = sorted(events, key=_started_us)  # sorted() is stable: equal starts keep commit order
    rows = [c for c in (timeline_cells(e, wide) for e in in_order) if c is not None]
    body = table(TIMELINE_HEADERS, rows) if rows else "no steps, tool calls or evaluations yet"
    evaluations = [
        e.evaluation for e in events if e.WhichOneof("event") == "evaluation" and e.evaluation.decision.claims
    ]
    sections = [
        f"evaluation {e.evaluation_id}: {decision(e.decision.decision)}\n{claims_table(e.decision.claims)}"
        for e in evaluations
    ]
    return "\n\n".join([header, body, *sections])


# -- summary and chat ----------------------------------------------------------------

SUMMARY_HEADERS = ("TOOL", "TOPIC", "LEVEL", "CALLS", "OK", "FAILED", "NO HIT", "DEDUP", "SUMMARY")


def summary_table(response: pb.SummarizeSessionResponse, wide: bool = False) -> str:
    """The evidence entries; each summary cut at a word to fit a terminal, or whole when wide."""
    rows = [
        [
            e.tool_name,
            e.topic_domain or "-",
            _enum_name(pb.EvidenceLevel, e.level, "EVIDENCE_LEVEL_").lower(),
            str(e.call_count),
            str(e.success_count),
            str(e.failure_count),
            str(e.no_hit_count),
            str(e.dedup_count),
            cut(e.output_summary, _width(60, wide)),
        ]
        for e in response.entries
    ]
    body = table(SUMMARY_HEADERS, rows) if rows else "no evidence entries"
    return f"{session_header(response.session)}\n\n{body}"


def chat_text(response: pb.ChatResponse, draft: str = "") -> str:
    d = response.decision
    confidence = f", confidence {d.confidence:.2f}" if d.HasField("confidence") else ""
    lines = [f"decision: {decision(d.decision)} (verifier {d.verifier or '-'}{confidence})"]
    if d.verifier_decision != pb.DECISION_UNSPECIFIED:
        lines.append(f"verifier's own decision: {decision(d.verifier_decision)} (lowered by the claim checks)")
    lines += (
        [f"fallback: {fallback(d.fallback_reason).lower()}", "reasons:"]
        + [f"  - {r}" for r in d.reasons]
        + [f"evaluation: {response.evaluation_id}"]
    )
    if d.claims:
        lines += ["", claims_table(d.claims, draft)]
    lines += ["", response.output_text]
    return "\n".join(lines)


CLAIM_HEADERS = ("STATUS", "KIND", "CLAIM", "FACTS", "GROUNDED IN")
CLAIM_CHARS = 72


def claim_status(value: int) -> str:
    return _enum_name(pb.ClaimStatus, value, "CLAIM_STATUS_").lower()


def claims_table(claims: Sequence[pb.ClaimCheck], draft: str = "") -> str:
    """One row per claim: its status (with "inference" for an unsupported cause), kind, text, facts and
    the units grounding it. The text is the stored claim's, or the draft's span when given."""
    rows = []
    for c in claims:
        text = c.text or (" ".join(draft[c.start : c.end].split()) if draft else f"[{c.start}:{c.end}]")
        status_text = claim_status(c.status) + (" (inference)" if c.inference else "") + (" direct" if c.direct else "")
        grounded = ", ".join(f"{g.invocation_id} {g.unit}" for g in c.groundings[:3])
        if c.reason and c.status != pb.CLAIM_STATUS_GROUNDED:
            grounded = f"{grounded}; {c.reason}" if grounded else c.reason
        rows.append(
            [
                status_text,
                _enum_name(pb.ClaimKind, c.kind, "CLAIM_KIND_").lower(),
                cut(text, CLAIM_CHARS),
                cut("; ".join(c.facts), 48),
                cut(grounded, 80),
            ]
        )
    return "claims:\n" + table(CLAIM_HEADERS, rows)
