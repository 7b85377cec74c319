"""The tool_invocation mapper."""

from __future__ import annotations

import functools
from typing import Any, Optional, Sequence

from evidence_trace.server.domain.model import (
    Classification,
    ClassifiedRow,
    ErrorKind,
    EvidenceHint,
    EvidenceRow,
    Invocation,
    Outcome,
    OutputState,
    RelevanceLevel,
    Retrieval,
    assemble,
)
from evidence_trace.server.domain.timeline import StoredInvocation
from evidence_trace.server.store import models
from evidence_trace.server.store.rows.common import (
    _ERROR_KINDS,
    _OUTCOMES,
    _RELEVANCE,
    KeyedMapper,
    KeyedRow,
    _digest,
    _json,
    _time,
    canonical_json,
    content_digest,
    to_us,
)


class InvocationMapper(KeyedMapper):
    """tool_invocation: evidence-bearing tool calls with their server-side classification."""

    table = models.ToolInvocation._meta.table_name
    key_column = "invocation_id"
    #: Ids and tool names are validated ASCII; every client text went through
    #: the redactor (domain/redaction.py: `storable`), JSON is canonical of those
    #: texts, and the classification is made storable by `classify`: a property
    #: test in tests/test_row_mappers.py holds the recorder to it.
    storable_by_construction = True
    #: The INSERT list: `keyed_row`'s values in order, then the commit stamp.
    write_columns = (
        "tenant",
        "session_id",
        "invocation_id",
        "tool_name",
        "input_params",
        "input_digest",
        "start_us",
        "duration_ms",
        "success",
        "output_state",
        "output_preview",
        "output_truncated",
        "error_message",
        "error_kind",
        "retrieval_layer",
        "l0_count",
        "l1_count",
        "relevance_level",
        "dedup_reason",
        "retrieval_details",
        "has_retrieval",
        "topic_domain",
        "evidence_hint",
        "outcome",
        "effective_topic",
        "excerpt",
        "note",
        "classifier_version",
        "format_id",
        "content_hash",
        "record_us",
    )
    #: The SELECT list `to_domain` reads, in order.
    columns = (
        "seq",
        "invocation_id",
        "session_id",
        "tool_name",
        "input_params",
        "start_us",
        "duration_ms",
        "success",
        "output_state",
        "output_preview",
        "output_truncated",
        "error_message",
        "error_kind",
        "has_retrieval",
        "retrieval_layer",
        "l0_count",
        "l1_count",
        "relevance_level",
        "dedup_reason",
        "retrieval_details",
        "topic_domain",
        "evidence_hint",
        "outcome",
        "effective_topic",
        "excerpt",
        "note",
        "record_us",
        "format_id",
    )
    #: The SELECT list `classified` reads: a row as the summary sees it.
    classified_columns = ("invocation_id", "tool_name", "effective_topic", "outcome", "input_digest", "excerpt", "note")
    #: The SELECT list `evidence` reads: the summary's row, then what the claim checks read.
    evidence_columns = classified_columns + (
        "output_preview",
        "input_params",
        "relevance_level",
        "error_message",
        "error_kind",
        "duration_ms",
        "format_id",
        "start_us",
    )
    #: The columns a reclassification rewrites, in `classification_row`'s order.
    classification_columns = ("outcome", "effective_topic", "excerpt", "note", "classifier_version", "format_id")

    def keyed_row(
        self,
        tenant: str,
        inv: Invocation,
        c: Classification,
        classifier_version: int,
        received_us: int,
        params_json: Optional[str] = None,
    ) -> KeyedRow:
        """The stored row of a validated, normalized invocation classified as `c`.

        A missing start time is stored as `received_us`; the content hash is of
        the invocation as sent, so a resend hashes the same. params_json:
        `inv.input_params` as canonical JSON, when the caller built it already.
        """
        params = params_json if params_json is not None else canonical_json(inv.input_params or {})
        r = inv.retrieval
        details = canonical_json(r.details) if r is not None and r.details else None
        start_us = to_us(inv.start_time)
        content = (
            inv.session_id,
            inv.tool_name,
            params,
            start_us,
            inv.duration_ms,
            inv.success,
            int(inv.output_state),
            inv.output_preview,
            inv.output_truncated,
            inv.error_message,
            int(inv.error_kind),
            *((None,) if r is None else (r.layer, r.l0_count, r.l1_count, int(r.relevance), r.dedup_reason, details)),
            inv.topic_domain,
            int(inv.evidence_hint),
        )
        content_hash = content_digest(content)
        values = (
            tenant,
            inv.session_id,
            inv.invocation_id,
            inv.tool_name,
            params,
            _digest(params)[:32],
            start_us if start_us is not None else received_us,
            inv.duration_ms,
            bool(inv.success),
            int(inv.output_state),
            inv.output_preview,
            inv.output_truncated,
            inv.error_message,
            int(inv.error_kind),
            r.layer if r else None,
            r.l0_count if r else None,
            r.l1_count if r else None,
            int(r.relevance) if r else None,
            r.dedup_reason if r else None,
            details,
            r is not None,
            inv.topic_domain,
            int(inv.evidence_hint),
            int(c.outcome),
            c.topic_domain,
            c.excerpt,
            c.note,
            classifier_version,
            c.format_id,
            content_hash,
        )
        return KeyedRow(
            tenant,
            inv.session_id,
            inv.invocation_id,
            content_hash,
            values,
            legacy_hash=functools.partial(_legacy_content_hash, content, r is not None),
        )

    def classification_row(self, c: Classification, classifier_version: int) -> tuple:
        return (int(c.outcome), c.topic_domain, c.excerpt, c.note, classifier_version, c.format_id)

    def to_domain(self, row: Sequence[Any]) -> StoredInvocation:
        (
            seq,
            invocation_id,
            session_id,
            tool_name,
            input_params,
            start_us,
            duration_ms,
            success,
            output_state,
            output_preview,
            output_truncated,
            error_message,
            error_kind,
            has_retrieval,
            layer,
            l0_count,
            l1_count,
            relevance,
            dedup_reason,
            details,
            topic_domain,
            evidence_hint,
            outcome,
            effective_topic,
            excerpt,
            note,
            record_us,
            format_id,
        ) = row
        retrieval = None
        if has_retrieval:
            retrieval = Retrieval(
                layer=layer or "",
                l0_count=l0_count,
                l1_count=l1_count,
                relevance=RelevanceLevel(relevance or 0),
                dedup_reason=dedup_reason or "",
                details=_json(details),
            )
        inv = Invocation(
            invocation_id=invocation_id,
            session_id=session_id,
            tool_name=tool_name,
            input_params=_json(input_params) or {},
            start_time=_time(start_us),
            duration_ms=duration_ms,
            success=bool(success),
            output_state=OutputState(output_state),
            output_preview=output_preview,
            output_truncated=bool(output_truncated),
            error_message=error_message,
            error_kind=ErrorKind(error_kind),
            retrieval=retrieval,
            topic_domain=topic_domain,
            evidence_hint=EvidenceHint(evidence_hint),
        )
        classification = Classification(
            outcome=Outcome(outcome),
            topic_domain=effective_topic,
            excerpt=excerpt,
            note=note,
            format_id=format_id or "",
        )
        return StoredInvocation(seq=seq, invocation=inv, classification=classification, record_us=record_us)

    def classified(self, row: Sequence[Any]) -> ClassifiedRow:
        return assemble(
            ClassifiedRow,
            {
                "invocation_id": row[0],
                "tool_name": row[1],
                "topic_domain": row[2],
                "outcome": _OUTCOMES[row[3]],
                "input_digest": row[4],
                "excerpt": row[5],
                "note": row[6],
            },
        )

    def evidence(self, row: Sequence[Any], preview_chars: int) -> tuple[ClassifiedRow, EvidenceRow]:
        """A row of `evidence_columns` as the summary and as the claim checks read it."""
        classified = self.classified(row)
        return classified, assemble(
            EvidenceRow,
            {
                "invocation_id": row[0],
                "tool_name": row[1],
                "outcome": classified.outcome,
                "preview": (row[7] or "")[:preview_chars],
                "input_params": {},
                "relevance": _RELEVANCE[row[9] or 0],
                "error_message": row[10] or "",
                "error_kind": _ERROR_KINDS[row[11] or 0],
                "duration_ms": row[12] or 0,
                "params_json": row[8] or "",
                "format_id": row[13] or "",
                "start_us": row[14],
            },
        )


def _legacy_content_hash(content: tuple, has_retrieval: bool) -> str:
    """The content hash earlier servers stored (canonical JSON of the same fields, retrieval as a list).

    A resend of such a row is compared with it when the current hash differs,
    so upgrading the server never turns a client's retry into a conflict.
    """
    head, tail = list(content[:11]), list(content[-2:])
    retrieval = list(content[11:-2]) if has_retrieval else None
    return _digest(canonical_json([*head, retrieval, *tail]))


INVOCATIONS = InvocationMapper()
