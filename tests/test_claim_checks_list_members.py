"""A list's members share what the list says of them (unit_search.ground_parts, claim_parts.shared_said).

"Two pods are Running: A and B", "Running 的 Pod：A、B": the members after the clause that opens the list are
each said to be Running, so each must be shown Running; a member shown in another state leaves the claim
ungrounded. A member part with a figure of its own ("and B twice", "the other 6 from B") says its own thing.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

BROKERS = EvidenceRow(
    "sts-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME       READY   STATUS             RESTARTS      AGE\n"
    "kafka-0    1/1     Running            0             12d\n"
    "kafka-1    1/1     Running            0             12d\n"
    "kafka-2    0/1     CrashLoopBackOff   9 (40s ago)   12d\n",
    {"args": "get pods -n streaming -l app=kafka"},
)
BUCKETS = EvidenceRow(
    "es-1",
    "es_search",
    Outcome.INDIRECT_SUPPORT,
    '{"hits": {"total": {"value": 44}}, "aggregations": {"by_client": {"buckets": '
    '[{"key": "203.0.113.9", "doc_count": 40}, {"key": "198.51.100.23", "doc_count": 4}]}}}',
    {"index": "gateway-access-*", "query": "status:429", "aggs": "terms client_ip"},
)


def grounded(draft: str, *rows: EvidenceRow) -> bool:
    checked = [c for c in check_draft(draft, list(rows)) if c.status != ClaimStatus.UNCHECKABLE]
    return bool(checked) and all(c.status == ClaimStatus.GROUNDED for c in checked)


@pytest.mark.parametrize(
    ("draft", "shown"),
    [
        ("Two brokers are Running: kafka-0 and kafka-1.", True),
        ("Brokers in Running state: kafka-0, kafka-1.", True),
        ("两个 broker 是 Running：kafka-0、kafka-1。", True),
        ("Two brokers are Running: kafka-0 and kafka-2.", False),
        ("Brokers in Running state: kafka-1, kafka-2.", False),
        ("两个 broker 是 Running：kafka-0、kafka-2。", False),
        ("处于 Running 的 broker 有：kafka-2、kafka-1。", False),
    ],
)
def test_each_member_after_the_list_clause_must_show_what_it_says(draft: str, shown: bool) -> None:
    assert grounded(draft, BROKERS) is shown


@pytest.mark.parametrize(
    "draft",
    [
        "40 of them came from 203.0.113.9 and the other 4 from 198.51.100.23.",
        "其中 40 条来自 203.0.113.9，另外 4 条来自 198.51.100.23。",
    ],
)
def test_a_member_with_a_figure_of_its_own_says_its_own_thing(draft: str) -> None:
    assert grounded(draft, BUCKETS)


SINK = EvidenceRow(
    "cfg-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "sinks:\n  loki_app:\n    type: loki\n    buffer:\n      type: memory\n      max_events: 20000\n"
    "      when_full: drop_newest\n",
    {"host": "vec-agg-1", "command": "cat /etc/vector/vector.yaml"},
)


@pytest.mark.parametrize(
    "draft",
    [
        "The sink uses a memory buffer, max_events: 20000, when_full: drop_newest.",
        "sink 配置：使用 memory buffer，max_events: 20000，when_full: drop_newest。",
    ],
)
def test_a_key_with_its_value_after_a_list_is_no_bare_member(draft: str) -> None:
    assert grounded(draft, SINK)


@pytest.mark.parametrize(
    ("draft", "shown"),
    [
        ("Two brokers (kafka-0, kafka-1) are Running and kafka-2 is in CrashLoopBackOff.", True),
        ("2 个 broker（kafka-0、kafka-1）是 Running，kafka-2 在 CrashLoopBackOff。", True),
        ("Four brokers (kafka-0, kafka-1) are Running and kafka-2 is in CrashLoopBackOff.", False),
        ("4 个 broker（kafka-0、kafka-1）是 Running，kafka-2 在 CrashLoopBackOff。", False),
        ("Two brokers (kafka-0, kafka-2) are Running and kafka-1 is in CrashLoopBackOff.", False),
    ],
)
def test_a_count_of_the_members_listed_right_after_it_is_their_number(draft: str, shown: bool) -> None:
    """ "2 个 broker（a、b）": the count is the list's size, the writer's own; the members are checked themselves."""
    assert grounded(draft, BROKERS) is shown
