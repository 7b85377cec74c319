"""A value said to hold now that only a runbook or wiki shows ("upload-api's body limit is currently 100m"),
while a live record of the subject shows another value of that kind (the Ingress annotation says 25m), is
contradicted: the document's example is no live setting. What the live record shows holds; what the document
says, told as the document's, is not contradicted. Domain only, offline; phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome, RelevanceLevel
from evidence_trace.server.domain.verifier.grounding import check_draft

WIKI = "Upload limits (platform wiki)\n- upload-api raises its body limit with the annotation proxy-body-size: 100m.\n"
LIVE = '{"kubernetes.io/ingress.class":"nginx","nginx.ingress.kubernetes.io/proxy-body-size":"25m"}'


def rows() -> list[EvidenceRow]:
    wiki = EvidenceRow(
        "kb-1",
        "lookup_knowledge",
        Outcome.INDIRECT_SUPPORT,
        WIKI,
        {"query": "upload limit"},
        relevance=RelevanceLevel.HIGH,
    )
    args = "get ingress upload-api -n media -o jsonpath='{.metadata.annotations}'"
    live = EvidenceRow("k-1", "kubectl", Outcome.DIRECT_SUPPORT, LIVE, {"args": args})
    return [wiki, live]


def statuses(draft: str) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    "draft", ["upload-api's body limit is currently set to 100m.", "upload-api 的请求体上限当前配置为 100m。"]
)
def test_a_documented_value_told_as_live_is_contradicted_by_the_live_record(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "upload-api's body limit is currently set to 25m.",
        "upload-api 的请求体上限当前配置为 25m。",
        "The platform wiki says upload-api raises its body limit to 100m.",
        "平台 wiki 里写的是 upload-api 把上限放开到 100m。",
    ],
)
def test_the_live_value_or_the_documents_told_as_such_is_not(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft)
