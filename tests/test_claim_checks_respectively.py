"""Values said "respectively" (分别) of as many subjects pair up in order, or with the name beside each: each
pair must be one record's. Swapped values, a wrong value, or a value no record of its subject shows leave
the claim ungrounded.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def fsync() -> EvidenceRow:
    result = [
        {"metric": {"instance": "raft-0:2379"}, "value": [1767000000, "0.041"]},
        {"metric": {"instance": "raft-1:2379"}, "value": [1767000000, "0.007"]},
        {"metric": {"instance": "raft-2:2379"}, "value": [1767000000, "0.039"]},
    ]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    query = "histogram_quantile(0.99, rate(etcd_disk_wal_fsync_duration_seconds_bucket[5m]))"
    return EvidenceRow("pm-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query})


HISTORY = (
    "REVISION  UPDATED                   STATUS      CHART          APP VERSION  DESCRIPTION\n"
    "7         Mon Oct 12 09:02:11 2026  superseded  quote-1.22.2   1.22.2       Upgrade complete\n"
    "8         Thu Oct 15 14:40:03 2026  superseded  quote-1.22.3   1.22.3       Upgrade complete\n"
    "9         Tue Oct 20 10:05:47 2026  deployed    quote-1.23.0   1.23.0       Upgrade complete\n"
)


def history() -> EvidenceRow:
    return EvidenceRow("h-1", "helm", Outcome.DIRECT_SUPPORT, HISTORY, {"args": "history quote -n quote"})


def grounded(draft: str, row: EvidenceRow) -> bool:
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found, draft
    return set(found) == {ClaimStatus.GROUNDED}


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("raft-0 和 raft-2 的 WAL fsync p99 分别约 41 ms 和 39 ms。", True),
        ("raft-0、raft-2 的 fsync p99 分别是 41 ms、39 ms。", True),
        ("WAL fsync p99 on raft-0 and raft-2 is about 41 ms and 39 ms respectively.", True),
        ("raft-0 和 raft-2 的 WAL fsync p99 分别约 39 ms 和 41 ms。", False),  # swapped
        ("WAL fsync p99 on raft-0 and raft-2 is about 41 ms and 7 ms respectively.", False),  # raft-1's value
        ("raft-0、raft-2 的 fsync p99 分别是 41 ms、52 ms。", False),
    ],
)
def test_values_said_respectively_pair_with_their_subjects_in_order(draft: str, expected: bool) -> None:
    assert grounded(draft, fsync()) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("前两个版本分别是 1.22.3（revision 8）和 1.22.2（revision 7）。", True),
        ("The two releases before it were 1.22.3 (revision 8) and 1.22.2 (revision 7), respectively.", True),
        ("前两个版本分别是 1.22.3（revision 7）和 1.22.2（revision 8）。", False),
        ("The two releases before it were 1.22.2 (revision 8) and 1.22.3 (revision 7), respectively.", False),
    ],
)
def test_a_value_with_its_name_beside_it_pairs_with_that_name(draft: str, expected: bool) -> None:
    assert grounded(draft, history()) is expected


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        # a record's id in parentheses after a release names that release's record, never another row
        ("The release before it was 1.22.3 (revision 8).", True),
        ("上一个版本是 1.22.3（revision 8）。", True),
        ("The release before it was 1.22.3 (revision 7).", False),
        ("上一个版本是 1.22.2（revision 8）。", False),
    ],
)
def test_a_record_id_in_parentheses_is_the_record_of_the_release_before_it(draft: str, expected: bool) -> None:
    assert grounded(draft, history()) is expected
