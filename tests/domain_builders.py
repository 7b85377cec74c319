"""Domain values for tests of the pure layers (no protobuf): one builder each."""

from __future__ import annotations

from evidence_trace.server.domain.model import EvidenceLevel, SummaryEntry


def summary_entry(
    level: EvidenceLevel = EvidenceLevel.DIRECT, topic: str = "payment-service", excerpt: str = "", **fields
) -> SummaryEntry:
    """One merged entry of one successful query_logs call ("inv-1"); `fields` override any other field."""
    values = dict(
        tool_name="query_logs",
        topic_domain=topic,
        level=level,
        call_count=1,
        success_count=1,
        failure_count=0,
        no_hit_count=0,
        dedup_count=0,
        repeated_call_count=0,
        source_invocation_ids=("inv-1",),
        direct_hit_excerpt=excerpt,
        direct_hit_invocation_id="inv-1" if excerpt else "",
        output_summary="",
    )
    values.update(fields)
    return SummaryEntry(**values)
