"""A runbook's figure said to hold now of the things a claim counts, with no name ("the workers are already at
the autoscaler's maximum of 12", "worker 副本已经达到上限 12 个"), is no live value: when a live record that names
those things (`kube_deployment_status_replicas_available` … 5) shows another, the claim is contradicted; when
the live record shows that figure, it stands. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome, RelevanceLevel
from evidence_trace.server.domain.verifier.grounding import check_draft

RUNBOOK = (
    "[runbook] ThumbnailQueueDepth\n- render-worker scales on queue depth between 3 and 12 replicas.\n"
    "- If replicas are at 12 and the queue still grows, raise the node pool's max size."
)


def rows(available: str) -> list[EvidenceRow]:
    result = [{"metric": {"deployment": "render-worker"}, "value": [1791707400, available]}]
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    query = 'kube_deployment_status_replicas_available{deployment="render-worker"}'
    return [
        EvidenceRow(
            "kb-1",
            "lookup_knowledge",
            Outcome.DIRECT_SUPPORT,
            RUNBOOK,
            {"query": "ThumbnailQueueDepth"},
            RelevanceLevel.HIGH,
        ),
        EvidenceRow("m-1", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": query}),
    ]


DRAFTS = ["The replicas are already at the autoscaler's maximum of 12.", "副本已经达到扩容上限 12 个。"]


@pytest.mark.parametrize("draft", DRAFTS)
def test_a_documented_figure_said_to_hold_now_is_contradicted_by_the_live_one(draft: str) -> None:
    assert [c.status for c in check_draft(draft, rows("5")) if c.kind == ClaimKind.FACT] == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize("draft", DRAFTS)
def test_it_stands_when_the_live_record_shows_it(draft: str) -> None:
    found = [c.status for c in check_draft(draft, rows("12")) if c.kind == ClaimKind.FACT]
    assert found and ClaimStatus.CONTRADICTED not in found
