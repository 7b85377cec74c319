"""Merging classified rows into verifier-facing evidence entries.

One entry per (tool_name, topic_domain), in order of each entry's first row.
An entry's level is the strongest support among its rows; failed, no-hit and
deduplicated rows never raise it but are always counted and explained in the
entry's one-sentence output_summary. One pass over the rows, constant work per
row: sessions run to 10,000 rows. The rules are in docs/evidence-rules.md.
"""

from __future__ import annotations

from typing import Iterable, Optional

from evidence_trace.server.domain.evidence import EXCERPT_LIMIT, bounded, cut
from evidence_trace.server.domain.model import ClassifiedRow, EvidenceLevel, Outcome, SummaryEntry

SENTENCE_PART_LIMIT = 160
"""Maximum length of an excerpt or note quoted inside an output_summary."""


def summarize(rows: Iterable[ClassifiedRow]) -> list[SummaryEntry]:
    """Merge rows (in call order) into one entry per tool and topic domain."""
    merged: dict[tuple[str, str], _Merge] = {}
    for row in rows:
        key = (row.tool_name, row.topic_domain)
        merge = merged.get(key)
        if merge is None:
            merge = merged[key] = _Merge(row.tool_name, row.topic_domain)
        merge.add(row)
    return [merge.entry() for merge in merged.values()]


class _Merge:
    """The running state of one entry: counts and the first/last notable rows."""

    def __init__(self, tool_name: str, topic_domain: str) -> None:
        self.tool_name = tool_name
        self.topic_domain = topic_domain
        self.ids: list[str] = []
        self.digests: set[str] = set()
        self.repeated = 0
        self.counts = {outcome: 0 for outcome in Outcome}
        self.first_direct: Optional[ClassifiedRow] = None
        self.first_indirect: Optional[ClassifiedRow] = None
        self.first_no_hit_note = ""
        self.first_dedup_note = ""
        self.first_error = ""
        self.last_error = ""

    def add(self, row: ClassifiedRow) -> None:
        """Count one row."""
        self.ids.append(row.invocation_id)
        if row.input_digest in self.digests:
            self.repeated += 1
        else:
            self.digests.add(row.input_digest)
        outcome = row.outcome if row.outcome in self.counts else Outcome.UNSPECIFIED
        self.counts[outcome] += 1
        if outcome == Outcome.DIRECT_SUPPORT and self.first_direct is None:
            self.first_direct = row
        elif outcome == Outcome.INDIRECT_SUPPORT and self.first_indirect is None:
            self.first_indirect = row
        elif outcome == Outcome.NO_HIT and not self.first_no_hit_note:
            self.first_no_hit_note = row.note
        elif outcome == Outcome.DEDUPED and not self.first_dedup_note:
            self.first_dedup_note = row.note
        elif outcome == Outcome.FAILED:
            self.first_error = self.first_error or row.note
            self.last_error = row.note

    @property
    def level(self) -> EvidenceLevel:
        """DIRECT > INDIRECT > NO_EVIDENCE; FAILED only when every row failed."""
        if self.counts[Outcome.DIRECT_SUPPORT]:
            return EvidenceLevel.DIRECT
        if self.counts[Outcome.INDIRECT_SUPPORT]:
            return EvidenceLevel.INDIRECT
        if self.counts[Outcome.FAILED] == len(self.ids):
            return EvidenceLevel.FAILED
        return EvidenceLevel.NO_EVIDENCE

    def entry(self) -> SummaryEntry:
        """The merged, immutable entry."""
        direct = self.first_direct
        failures = self.counts[Outcome.FAILED]
        return SummaryEntry(
            tool_name=self.tool_name,
            topic_domain=self.topic_domain,
            level=self.level,
            call_count=len(self.ids),
            success_count=len(self.ids) - failures,
            failure_count=failures,
            no_hit_count=self.counts[Outcome.NO_HIT],
            dedup_count=self.counts[Outcome.DEDUPED],
            repeated_call_count=self.repeated,
            source_invocation_ids=tuple(self.ids),
            direct_hit_excerpt=cut(direct.excerpt, EXCERPT_LIMIT) if direct else "",  # verbatim
            direct_hit_invocation_id=direct.invocation_id if direct else "",
            output_summary=_SENTENCES[self.level](self),
        )


def _part(text: str) -> str:
    """An excerpt or note bounded for quoting inside a sentence."""
    return bounded(text, SENTENCE_PART_LIMIT)


def _calls(count: int) -> str:
    """'1 call' or 'N calls'."""
    return f"{count} call" if count == 1 else f"{count} calls"


def _subject(merge: _Merge) -> str:
    """'query_logs on "payment-service"'."""
    return f'{merge.tool_name} on "{merge.topic_domain}"'


def _gap_counts(merge: _Merge) -> str:
    """'; also 1 failed, 2 found nothing, 1 deduplicated' (non-zero counts only)."""
    parts = [
        f"{count} {label}"
        for count, label in (
            (merge.counts[Outcome.FAILED], "failed"),
            (merge.counts[Outcome.NO_HIT], "found nothing"),
            (merge.counts[Outcome.DEDUPED], "deduplicated"),
        )
        if count
    ]
    return "; also " + ", ".join(parts) if parts else ""


def _with_excerpt(text: str, excerpt: str) -> str:
    """text followed by ': <excerpt>' when there is one."""
    return f"{text}: {_part(excerpt)}" if excerpt.strip() else text


def _reading(row: Optional[ClassifiedRow]) -> str:
    """What a supporting row shows, for a sentence: the rule's reading of the hit (its note), else its excerpt."""
    if row is None:
        return ""
    return row.note if row.note.strip() else row.excerpt


def _direct_sentence(merge: _Merge) -> str:
    """'<tool> on "<topic>": direct support from D of N calls: <excerpt>; also ...'."""
    excerpt = _reading(merge.first_direct)
    head = f"{_subject(merge)}: direct support from {merge.counts[Outcome.DIRECT_SUPPORT]} of {_calls(len(merge.ids))}"
    return _with_excerpt(head, excerpt) + _gap_counts(merge) + "."


def _indirect_sentence(merge: _Merge) -> str:
    """'<tool> on "<topic>": indirect support only (no concrete hit) from I of N calls: ...'."""
    excerpt = _reading(merge.first_indirect)
    count = merge.counts[Outcome.INDIRECT_SUPPORT]
    head = f"{_subject(merge)}: indirect support only (no concrete hit) from {count} of {_calls(len(merge.ids))}"
    return _with_excerpt(head, excerpt) + _gap_counts(merge) + "."


def _no_evidence_sentence(merge: _Merge) -> str:
    """'<tool> on "<topic>": no usable evidence from N calls: H found nothing (<note>); ...'."""
    parts = []
    if merge.counts[Outcome.NO_HIT]:
        parts.append(_noted(f"{merge.counts[Outcome.NO_HIT]} found nothing", merge.first_no_hit_note))
    if merge.counts[Outcome.DEDUPED]:
        parts.append(_noted(f"{merge.counts[Outcome.DEDUPED]} deduplicated", merge.first_dedup_note))
    if merge.counts[Outcome.FAILED]:
        parts.append(_noted(f"{merge.counts[Outcome.FAILED]} failed", merge.last_error, "last error: "))
    if merge.counts[Outcome.UNSPECIFIED]:
        parts.append(f"{merge.counts[Outcome.UNSPECIFIED]} unclassified")
    return f"{_subject(merge)}: no usable evidence from {_calls(len(merge.ids))}: " + "; ".join(parts) + "."


def _failed_sentence(merge: _Merge) -> str:
    """'<tool> on "<topic>": all N calls failed, so evidence is missing (first error: ...; last error: ...)'."""
    count = len(merge.ids)
    head = "the only call failed" if count == 1 else f"all {count} calls failed"
    if merge.first_error == merge.last_error:
        errors = f"error: {_part(merge.last_error) or 'none given'}"
    else:
        errors = f"first error: {_part(merge.first_error)}; last error: {_part(merge.last_error)}"
    return f"{_subject(merge)}: {head}, so evidence is missing ({errors})."


def _noted(text: str, note: str, label: str = "") -> str:
    """text followed by ' (<label><note>)' when there is a note."""
    return f"{text} ({label}{_part(note)})" if note.strip() else text


_SENTENCES = {
    EvidenceLevel.DIRECT: _direct_sentence,
    EvidenceLevel.INDIRECT: _indirect_sentence,
    EvidenceLevel.NO_EVIDENCE: _no_evidence_sentence,
    EvidenceLevel.FAILED: _failed_sentence,
}
