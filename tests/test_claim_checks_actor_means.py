"""An actor named before the means and the verb ("由 tqian 通过 workflow_dispatch 手动触发") is an actor the records
must show for that record (fact_vocabulary._ACTOR), as "由 tqian 手动触发" and "triggered by tqian via
workflow_dispatch" already were; the means had hidden it, and a run credited to the wrong person grounded.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

RUNS = EvidenceRow(
    "gh-1",
    "github_api",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "workflow_runs": [
                {
                    "run_number": 287,
                    "event": "workflow_dispatch",
                    "conclusion": "success",
                    "actor": {"login": "mli-sre"},
                },
                {
                    "run_number": 286,
                    "event": "workflow_dispatch",
                    "conclusion": "cancelled",
                    "actor": {"login": "tqian"},
                },
            ]
        }
    ),
    {"path": "/repos/shopline/checkout-web/actions/workflows/deploy-prod.yml/runs"},
)


@pytest.mark.parametrize(
    "text",
    [
        "run #287 由 tqian 通过 workflow_dispatch 手动触发。",
        "这次发布由 tqian 用 helm 部署。",
        "由 tqian 借助 Argo CD 回滚。",
    ],
)
def test_the_actor_before_the_means_is_a_fact(text: str) -> None:
    assert [f.key for f in extract_facts(text) if f.kind == FactKind.ACTOR] == ["tqian"]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("触发方式：run #287 由 mli-sre 通过 workflow_dispatch 手动触发。", True),
        ("触发方式：run #287 由 tqian 通过 workflow_dispatch 手动触发。", False),
        ("Run #287 was triggered by mli-sre via workflow_dispatch.", True),
        ("Run #287 was triggered by tqian via workflow_dispatch.", False),
    ],
)
def test_the_actor_is_read_in_the_runs_record(draft: str, grounded: bool) -> None:
    status = next(c.status for c in check_draft(draft, [RUNS]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL))
    assert (status == ClaimStatus.GROUNDED) == grounded
