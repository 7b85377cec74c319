"""Values in a parenthesis after a bound ("both under 850Mi (842Mi and 815Mi)", "都在 1 秒以内（0.82 秒和
0.64 秒）") are the members' own values, within it, not the bound said again: each stays a fact, and the
claim is never contradicted for a member not showing the other's value. A value restated after a value
("3,990 MiB (~3.9 GiB)") is still one fact. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

TOP = (
    "NAME                           CPU(cores)   MEMORY(bytes)\n"
    "ledger-api-5d8f7c9b4-k2q7x     410m         3990Mi\n"
    "ledger-web-7b6c5d4f9-p8m2d     120m         842Mi\n"
    "ledger-web-7b6c5d4f9-t4v9n     115m         815Mi\n"
)


def quantities(text: str) -> list[str]:
    return [f.text for f in extract_facts(text) if f.kind == FactKind.QUANTITY]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Both ledger-web pods are under 850Mi (842Mi and 815Mi).", ["850Mi", "842Mi", "815Mi"]),
        ("两个 ledger-web pod 都在 850Mi 以下（842Mi 和 815Mi）。", ["850Mi", "842Mi", "815Mi"]),
        ("ledger-api uses 3,990 MiB (~3.9 GiB).", ["3,990 MiB"]),
        ("ledger-api 用了 3,990 MiB（约 3.9 GiB）。", ["3,990 MiB"]),
    ],
)
def test_values_after_a_bound_are_members_not_a_restatement(text: str, expected: list[str]) -> None:
    assert quantities(text) == expected


@pytest.mark.parametrize(
    "draft",
    [
        "Both ledger-web pods are under 850Mi (842Mi and 815Mi).",
        "两个 ledger-web pod 都在 850Mi 以下（842Mi 和 815Mi）。",
    ],
)
def test_a_member_not_showing_the_other_s_value_contradicts_nothing(draft: str) -> None:
    row = EvidenceRow("t-1", "kubectl", Outcome.DIRECT_SUPPORT, TOP, {"args": "top pods -n ledger"})
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found and ClaimStatus.CONTRADICTED not in found
