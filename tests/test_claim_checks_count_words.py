"""A count whose words no key names (counted_numbers.counted): "3 cluster tasks are pending" of Elasticsearch's
`number_of_pending_tasks`.

A count's noun picks the record's keys that name it. Other words of the count ("cluster", "extra", "baseline")
that no key names leave the one key that names the noun; of several such keys ("currentSlots", "maxSlots",
"slotCapacity") the words would have to say which, so none is taken. Before, any word no key named left the
count to numbers of no key at all.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

HEALTH = EvidenceRow(
    "es-1",
    "es_cluster_health",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "cluster_name": "logs-prod",
            "status": "yellow",
            "number_of_nodes": 8,
            "active_shards": 810,
            "unassigned_shards": 14,
            "number_of_pending_tasks": 3,
        }
    ),
    {"path": "/_cluster/health"},
)
RESERVATION = EvidenceRow(
    "bq-1",
    "bq",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"autoscale": {"currentSlots": "0", "maxSlots": "400"}, "slotCapacity": "100", "edition": "ENTERPRISE"}),
    {"args": "show --reservation --format=prettyjson adhoc"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [HEALTH, RESERVATION]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "On logs-prod, 3 cluster tasks are pending.",
        "logs-prod has 3 queued cluster tasks.",
        "logs-prod 有 3 个待处理的集群任务。",
    ],
)
def test_the_one_key_that_names_the_noun_counts_it(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        "On logs-prod, 5 cluster tasks are pending.",
        "logs-prod has 8 queued cluster tasks.",
        "logs-prod 有 5 个待处理的集群任务。",
        # several keys name slots: the words must say which, and "baseline" names none of them
        "The adhoc reservation has 400 baseline slots.",
        "The adhoc reservation has 0 baseline slots.",
        "adhoc 预留有 400 个基线 slot。",
    ],
)
def test_another_figure_or_an_unnamed_key_does_not_count_it(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found
