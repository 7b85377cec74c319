"""What a universal ranges over and what each member must show: a record's "Name:" line of no number says
nothing of a value (it is no counter-example), and a clause of another subject ("…, and the ingress answers
503") is not what every member must show. A member showing another value still contradicts.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def memory(third: str = "64Gi") -> EvidenceRow:
    """describe nodes | grep: each node's name, then its capacity, allocatable and allocated memory on lines of
    their own."""
    lines = []
    for name, size in (("gpu-t4-pool-alpha", "64Gi"), ("gpu-t4-pool-bravo", "64Gi"), ("gpu-t4-pool-delta", third)):
        lines += [f"Name:               {name}", f"  memory:             {size}", f"  memory:             {size}"]
        lines.append("  memory             18Gi (28%)   24Gi (37%)")  # the "Allocated resources" row: requests, limits
    command = "kubectl describe nodes -l pool=gpu-t4 | grep -E '^Name:|memory:'"
    return EvidenceRow("n-1", "ssh_exec", Outcome.DIRECT_SUPPORT, "\n".join(lines) + "\n", {"command": command})


def ingress(second_status: str = "503") -> EvidenceRow:
    text = (
        'W1103 09:12:01.118230  7 controller.go:1214] Service "shop/basket-svc" does not have any active Endpoint.\n'
        f'10.0.9.4 - - [03/Nov/2026:09:12:04 +0000] "GET /api/basket HTTP/2.0" {second_status} 190 "-" "curl/8.5" '
        "41 0.000 [shop-basket-svc-8080] [] - - - - 7c1e\n"
        '10.0.9.5 - - [03/Nov/2026:09:12:06 +0000] "GET /api/basket HTTP/2.0" 503 190 "-" "curl/8.5" '
        "41 0.000 [shop-basket-svc-8080] [] - - - - 8d2f\n"
    )
    return EvidenceRow(
        "i-1", "loki_query_range", Outcome.DIRECT_SUPPORT, text, {"query": '{app="ingress"} |= "basket-svc"'}
    )


def statuses(draft: str, row: EvidenceRow) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    ("draft", "third"),
    [
        ("Every gpu-t4 node has 64Gi of memory.", "64Gi"),
        ("每个 gpu-t4 节点的内存都是 64Gi。", "64Gi"),
        ("Every gpu-t4 node has 64Gi of memory.", "32Gi"),
        ("每个 gpu-t4 节点的内存都是 64Gi。", "32Gi"),
    ],
)
def test_records_whose_values_are_on_lines_that_do_not_name_them_leave_each_unchecked(draft: str, third: str) -> None:
    # a "Name:" line of no number is no counter-example (it was read as one, and a correct answer REJECTed),
    # nor is one line's "64Gi" each node's: which node a value line belongs to is not read, so neither way holds
    assert statuses(draft, memory(third)) == {ClaimStatus.UNCHECKED}


@pytest.mark.parametrize(
    "draft",
    [
        "So every basket-svc pod fails readiness, the Service loses its endpoints, and the ingress answers 503.",
        "所以每个 basket-svc pod 都过不了就绪检查，而 ingress 对请求返回 503。",
    ],
)
def test_another_subjects_clause_is_not_what_every_member_shows(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, ingress())


@pytest.mark.parametrize(
    "draft",
    ["Every basket-svc request through the ingress got a 503.", "经过 ingress 的每个 basket-svc 请求都返回了 503。"],
)
def test_a_member_showing_another_value_still_contradicts(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, ingress(second_status="200"))


def timeouts(last: str = "dur=1.501s") -> EvidenceRow:
    lines = (
        '2026-11-06T07:02:11Z level=error caller=quote-api msg="upstream failed" upstream=tax-engine dur=1.500s\n'
        '2026-11-06T07:02:19Z level=error caller=quote-api msg="upstream failed" upstream=tax-engine dur=1.501s\n'
        f'2026-11-06T07:02:30Z level=error caller=quote-api msg="upstream failed" upstream=tax-engine {last}\n'
    )
    return EvidenceRow(
        "l-2", "loki_query_range", Outcome.DIRECT_SUPPORT, lines, {"query": '{app="quote-api"} |= "tax-engine"'}
    )


@pytest.mark.parametrize(
    "draft",
    [
        "Every tax-engine failure in the sample took `dur=1.500s` or `dur=1.501s`.",
        "样本里每一条 tax-engine 失败的耗时都是 `dur=1.500s` 或 `dur=1.501s`。",
    ],
)
def test_values_joined_by_or_are_alternatives_each_member_shows_one_of(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, timeouts())
    assert ClaimStatus.CONTRADICTED in statuses(draft, timeouts(last="dur=0.212s"))
