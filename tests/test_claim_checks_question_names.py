"""A name the writer joined from the user's own words (standard_names.named_by_the_question).

Asked "Is the billing GraphQL API up?", an answer calls it "billing-api": each part of the name is a word of the
question, so it names what was asked about and invents nothing, though no call's parameters spell it (the probe hit
an endpoint URL). A name with a part the question does not say ("billing-gateway", "orders-db") still invents.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

PROBE = EvidenceRow(
    "h-1",
    "http_check",
    Outcome.INDIRECT_SUPPORT,
    'HTTP/2 200\ncontent-type: application/json\n\n{"data":{"__typename":"Query"}}\n---\ntime_total: 0.090s',
    {"url": "https://q7x2k9.appsync-api.eu-west-1.amazonaws.com/graphql", "method": "POST"},
)


def statuses(draft: str, question: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [PROBE], question=question) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("question", "draft"),
    [
        ("Is the billing GraphQL API up right now?", "billing-api answered HTTP 200 in about 90 ms."),
        ("billing 的 API 现在正常吗？", "billing-api 返回 HTTP 200，耗时约 90 ms。"),
        ("Is the orders DB reachable from the probe?", "The probe to orders_db's endpoint returned HTTP 200."),
    ],
)
def test_a_name_joined_from_the_questions_words_invents_nothing(question: str, draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft, question)


@pytest.mark.parametrize(
    ("question", "draft"),
    [
        ("Is the billing GraphQL API up right now?", "billing-gateway answered HTTP 200 in about 90 ms."),
        ("billing 的 API 现在正常吗？", "orders-api 返回 HTTP 200，耗时约 90 ms。"),
    ],
)
def test_a_name_with_a_part_the_question_does_not_say_still_invents(question: str, draft: str) -> None:
    assert ClaimStatus.INVENTED in statuses(draft, question)
