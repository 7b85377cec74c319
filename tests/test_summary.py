"""Merging classified rows into verifier-facing entries (docs/evidence-rules.md)."""

from __future__ import annotations

import pathlib
from typing import Iterator

from evidence_trace.server.domain.evidence import EXCERPT_LIMIT, classify
from evidence_trace.server.domain.model import (
    ClassifiedRow,
    ErrorKind,
    EvidenceLevel,
    Invocation,
    Outcome,
    OutputState,
    Retrieval,
)
from evidence_trace.server.domain.summary import summarize

PAYLOADS = pathlib.Path(__file__).parent / "fixtures" / "payloads"


def row(
    invocation_id: str,
    outcome: Outcome,
    *,
    tool: str = "query_logs",
    topic: str = "payment-service-log",
    digest: str = "",
    excerpt: str = "",
    note: str = "",
) -> ClassifiedRow:
    """A classified row; each row has its own input digest unless one is given."""
    return ClassifiedRow(
        invocation_id=invocation_id,
        tool_name=tool,
        topic_domain=topic,
        outcome=outcome,
        input_digest=digest or f"digest-{invocation_id}",
        excerpt=excerpt,
        note=note,
    )


ERROR_EXCERPT = "2024-05-01T10:00:31.902Z ERROR payment-service: 支付服务调用超时"


def test_merged_log_calls_keep_the_direct_hit_and_every_source_id() -> None:
    rows = [
        row("inv-1", Outcome.NO_HIT, digest="d1", note='no log entries for query "level:ERROR"'),
        row("inv-2", Outcome.INDIRECT_SUPPORT, digest="d2", excerpt="2024-05-01T10:00:01Z INFO payment-service: ok"),
        row("inv-3", Outcome.DIRECT_SUPPORT, digest="d1", excerpt=ERROR_EXCERPT),
        row("inv-4", Outcome.DIRECT_SUPPORT, digest="d1", excerpt="a later direct hit"),
        row("inv-5", Outcome.FAILED, digest="d3", note="timeout: upstream did not answer in 30s"),
    ]
    [entry] = summarize(rows)
    assert entry.level == EvidenceLevel.DIRECT
    assert entry.source_invocation_ids == ("inv-1", "inv-2", "inv-3", "inv-4", "inv-5")
    assert (entry.direct_hit_excerpt, entry.direct_hit_invocation_id) == (ERROR_EXCERPT, "inv-3")
    assert (entry.call_count, entry.success_count, entry.failure_count) == (5, 4, 1)
    assert (entry.no_hit_count, entry.dedup_count, entry.repeated_call_count) == (1, 0, 2)
    assert entry.output_summary == (
        'query_logs on "payment-service-log": direct support from 2 of 5 calls: '
        f"{ERROR_EXCERPT}; also 1 failed, 1 found nothing."
    )


def test_mixed_success_failure_no_hit_and_deduped_rows() -> None:
    rows = [
        row(
            "k1", Outcome.DEDUPED, tool="lookup_knowledge", topic="payment timeout", note="same query already answered"
        ),
        row("l1", Outcome.FAILED, note="exception: SLS client closed"),
        row("k2", Outcome.INDIRECT_SUPPORT, tool="lookup_knowledge", topic="payment timeout", excerpt="[L1] 超时排查"),
        row("l2", Outcome.NO_HIT, note='no log entries for query "refund"'),
        row(
            "m1", Outcome.NO_HIT, tool="query_metrics", topic="up", note='returned no series for PromQL query "up == 0"'
        ),
        row("k3", Outcome.NO_HIT, tool="lookup_knowledge", topic="payment timeout", note="retrieval returned 0 hits"),
        row("l3", Outcome.FAILED, note="timeout: upstream did not answer in 30s"),
        row("m2", Outcome.FAILED, tool="query_metrics", topic="up", note="bad_data: parse error"),
    ]
    knowledge, logs, metrics = summarize(rows)

    assert (knowledge.tool_name, knowledge.topic_domain, knowledge.level) == (
        "lookup_knowledge",
        "payment timeout",
        EvidenceLevel.INDIRECT,
    )
    assert (knowledge.call_count, knowledge.success_count, knowledge.failure_count) == (3, 3, 0)
    assert (knowledge.no_hit_count, knowledge.dedup_count) == (1, 1)
    assert (knowledge.direct_hit_excerpt, knowledge.direct_hit_invocation_id) == ("", "")
    assert knowledge.output_summary == (
        'lookup_knowledge on "payment timeout": indirect support only (no concrete hit) from 1 of 3 calls: '
        "[L1] 超时排查; also 1 found nothing, 1 deduplicated."
    )

    assert logs.level == EvidenceLevel.NO_EVIDENCE
    assert (logs.call_count, logs.success_count, logs.failure_count, logs.no_hit_count) == (3, 1, 2, 1)
    assert logs.source_invocation_ids == ("l1", "l2", "l3")
    assert logs.output_summary == (
        'query_logs on "payment-service-log": no usable evidence from 3 calls: '
        '1 found nothing (no log entries for query "refund"); '
        "2 failed (last error: timeout: upstream did not answer in 30s)."
    )

    assert metrics.level == EvidenceLevel.NO_EVIDENCE
    assert (metrics.failure_count, metrics.no_hit_count, metrics.success_count) == (1, 1, 1)
    assert 'returned no series for PromQL query "up == 0"' in metrics.output_summary


def test_no_hit_and_deduped_rows_never_raise_the_level() -> None:
    rows = [
        row("a", Outcome.NO_HIT, note='no log entries for query "x"'),
        row("b", Outcome.DEDUPED, note="same query already answered in this session"),
        row("c", Outcome.NO_HIT, note='no log entries for query "y"'),
    ]
    [entry] = summarize(rows)
    assert entry.level == EvidenceLevel.NO_EVIDENCE
    assert (entry.call_count, entry.success_count, entry.failure_count) == (3, 3, 0)
    assert (entry.no_hit_count, entry.dedup_count) == (2, 1)
    assert (entry.direct_hit_excerpt, entry.direct_hit_invocation_id) == ("", "")
    assert entry.output_summary == (
        'query_logs on "payment-service-log": no usable evidence from 3 calls: '
        '2 found nothing (no log entries for query "x"); '
        "1 deduplicated (same query already answered in this session)."
    )


def test_only_failures_give_a_failed_entry_that_names_first_and_last_error() -> None:
    rows = [
        row("a", Outcome.FAILED, note="timeout: upstream did not answer in 30s"),
        row("b", Outcome.FAILED, note="exception: connection refused"),
        row("c", Outcome.FAILED, note="execution error: 403 Forbidden"),
    ]
    [entry] = summarize(rows)
    assert entry.level == EvidenceLevel.FAILED
    assert (entry.call_count, entry.success_count, entry.failure_count) == (3, 0, 3)
    assert entry.output_summary == (
        'query_logs on "payment-service-log": all 3 calls failed, so evidence is missing '
        "(first error: timeout: upstream did not answer in 30s; last error: execution error: 403 Forbidden)."
    )


def test_single_failure_sentence() -> None:
    [entry] = summarize([row("a", Outcome.FAILED, note="timeout: upstream did not answer in 30s")])
    assert entry.output_summary == (
        'query_logs on "payment-service-log": the only call failed, so evidence is missing '
        "(error: timeout: upstream did not answer in 30s)."
    )


def test_entries_group_by_tool_and_topic_in_order_of_first_appearance() -> None:
    rows = [
        row("1", Outcome.NO_HIT, tool="query_metrics", topic="up"),
        row("2", Outcome.INDIRECT_SUPPORT, topic="a"),
        row("3", Outcome.DIRECT_SUPPORT, tool="query_metrics", topic="up", excerpt="x"),
        row("4", Outcome.INDIRECT_SUPPORT, topic="b"),
        row("5", Outcome.INDIRECT_SUPPORT, tool="query_metrics", topic="a"),
        row("6", Outcome.INDIRECT_SUPPORT, topic="a"),
    ]
    entries = summarize(rows)
    assert [(e.tool_name, e.topic_domain, e.source_invocation_ids) for e in entries] == [
        ("query_metrics", "up", ("1", "3")),
        ("query_logs", "a", ("2", "6")),
        ("query_logs", "b", ("4",)),
        ("query_metrics", "a", ("5",)),
    ]
    assert [e.level for e in entries] == [
        EvidenceLevel.DIRECT,
        EvidenceLevel.INDIRECT,
        EvidenceLevel.INDIRECT,
        EvidenceLevel.INDIRECT,
    ]


def test_repeated_calls_count_digests_seen_earlier_in_the_same_entry_only() -> None:
    rows = [
        row("1", Outcome.NO_HIT, digest="same"),
        row("2", Outcome.NO_HIT, digest="same", topic="other"),
        row("3", Outcome.FAILED, digest="same"),
        row("4", Outcome.NO_HIT, digest="same"),
        row("5", Outcome.NO_HIT, digest="new"),
    ]
    first, other = summarize(rows)
    assert (first.call_count, first.repeated_call_count) == (4, 2)
    assert (other.call_count, other.repeated_call_count) == (1, 0)


def test_direct_excerpt_is_bounded() -> None:
    [entry] = summarize([row("1", Outcome.DIRECT_SUPPORT, excerpt="支" * 2000)])
    assert len(entry.direct_hit_excerpt) == EXCERPT_LIMIT
    assert entry.direct_hit_excerpt.endswith("\u2026")
    assert len(entry.output_summary) < 300


def test_empty_input_gives_no_entries() -> None:
    assert summarize([]) == []


def test_summary_is_deterministic() -> None:
    rows = [row(str(i), list(Outcome)[1 + i % 5], note=f"n{i}", excerpt=f"e{i}") for i in range(50)]
    assert summarize(rows) == summarize(list(rows))


def test_ten_thousand_rows_in_one_pass() -> None:
    consumed = []

    def rows() -> Iterator[ClassifiedRow]:
        for i in range(10_000):
            consumed.append(i)
            outcome = (Outcome.FAILED, Outcome.NO_HIT, Outcome.DEDUPED, Outcome.INDIRECT_SUPPORT)[i % 4]
            if i == 7_777:
                outcome = Outcome.DIRECT_SUPPORT
            yield row(f"inv-{i}", outcome, topic=f"t{i % 3}", digest=f"d{i % 50}", excerpt=f"hit {i}", note=f"n{i}")

    entries = summarize(
        rows()
    )  # a one-shot generator: a second pass would see nothing (bench/pathological.py times it)
    assert len(consumed) == 10_000
    assert [e.topic_domain for e in entries] == ["t0", "t1", "t2"]
    assert sum(e.call_count for e in entries) == 10_000
    assert sum(e.repeated_call_count for e in entries) == 10_000 - 150
    direct = [e for e in entries if e.level == EvidenceLevel.DIRECT]
    assert [(e.topic_domain, e.direct_hit_invocation_id, e.direct_hit_excerpt) for e in direct] == [
        ("t1", "inv-7777", "hit 7777")
    ]


def _invocation(invocation_id: str, preview: str, **fields: object) -> Invocation:
    fields.setdefault("success", True)
    fields.setdefault("output_state", OutputState.CAPTURED if preview else OutputState.EMPTY)
    return Invocation(
        invocation_id=invocation_id,
        session_id="s",
        tool_name="query_logs",
        input_params={"logTopic": "payment-service-log", "query": "service:payment-service"},
        output_preview=preview,
        **fields,  # type: ignore[arg-type]
    )


def _classified(invocation: Invocation) -> ClassifiedRow:
    result = classify(invocation)
    return ClassifiedRow(
        invocation_id=invocation.invocation_id,
        tool_name=invocation.tool_name,
        topic_domain=result.topic_domain,
        outcome=result.outcome,
        input_digest=repr(sorted(invocation.input_params.items())),
        excerpt=result.excerpt,
        note=result.note,
    )


def test_truncated_preview_with_a_direct_hit_makes_the_entry_direct() -> None:
    full = (PAYLOADS / "query_logs_java_error.json").read_text(encoding="utf-8")
    truncated = full[: full.index("支付服务调用超时") + 4]
    empty = (PAYLOADS / "query_logs_java_empty.json").read_text(encoding="utf-8")
    invocations = [
        _invocation("a", empty),
        _invocation("b", "", success=False, error_kind=ErrorKind.TIMEOUT, error_message="SLS timed out after 30s"),
        _invocation("c", truncated, output_truncated=True),
        _invocation("d", "", retrieval=Retrieval(dedup_reason="same query already answered")),
    ]
    [entry] = summarize(map(_classified, invocations))
    assert entry.level == EvidenceLevel.DIRECT
    assert entry.direct_hit_invocation_id == "c"
    # Verbatim: the entry as the cut preview shows it, "…" where the cut fell; nothing added.
    assert entry.direct_hit_excerpt == truncated[truncated.rindex('{\n    "timestamp"') :] + "\u2026"
    assert "2024-05-01T10:00:31.902Z ERROR payment-service: 支付服务\u2026" in entry.output_summary
    assert entry.source_invocation_ids == ("a", "b", "c", "d")
    assert (entry.failure_count, entry.no_hit_count, entry.dedup_count, entry.repeated_call_count) == (1, 1, 1, 3)


def test_truncated_preview_without_a_hit_is_not_promoted() -> None:
    full = (PAYLOADS / "query_logs_java_error.json").read_text(encoding="utf-8")
    before_error = full[: full.index('"level" : "ERR') + len('"level" : "ERR')]
    before_entries = full[: full.index('"logs" : [') + len('"logs" : [')]
    entries = summarize(map(_classified, [_invocation("a", before_entries, output_truncated=True)]))
    assert [(e.level, e.no_hit_count) for e in entries] == [(EvidenceLevel.NO_EVIDENCE, 1)]
    assert "preview cut before any log entry" in entries[0].output_summary
    [entry] = summarize(map(_classified, [_invocation("b", before_error, output_truncated=True)]))
    assert entry.level == EvidenceLevel.INDIRECT
    assert (entry.direct_hit_excerpt, entry.direct_hit_invocation_id) == ("", "")
