"""A mailbox written as its local part in a code span ("`noreply@` 912", "发件人 `alerts@`") names the mailbox a row writes whole
(`noreply@shop.example.net`): it is neither invented nor ungrounded, and it binds the figure that row gives it.
A local part no row writes is still a name nobody saw. So is a URL's query written alone ("`?status=SHIPPED`"): it
names the URL a row writes with it, bound to that row's time.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def senders() -> EvidenceRow:
    text = "  18244 news@lists.shop.example.net\n    912 noreply@shop.example.net\n    301 alerts@shop.example.net\n"
    return EvidenceRow(
        "m-1",
        "ssh_exec",
        Outcome.INDIRECT_SUPPORT,
        text,
        {
            "host": "mx-2",
            "command": "exigrep '<=' /var/log/exim4/mainlog | awk '{print $5}' | sort | uniq -c | sort -rn",
        },
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [senders()]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "After the newsletter list, `noreply@` sent 912 messages and `alerts@` 301.",
        "除了 news 列表之外，发件最多的是 `noreply@`（912 封），其次是 `alerts@`（301 封）。",
    ],
)
def test_a_local_part_names_the_mailbox_a_row_writes(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("`billing@` sent 912 messages.", ClaimStatus.INVENTED),
        ("`billing@` 发了 912 封。", ClaimStatus.INVENTED),
        ("`alerts@` sent 912 messages.", None),
        ("`alerts@` 发了 912 封。", None),
    ],
)
def test_another_mailbox_or_figure_is_not_grounded(draft: str, status: ClaimStatus) -> None:
    found = statuses(draft)
    assert ClaimStatus.GROUNDED not in found and (status is None or found == [status])


def requests() -> EvidenceRow:
    text = (
        "13:05:44Z ERROR GET /v1/customers/c_10442/orders?status=PENDING 500\n"
        "13:41:07Z ERROR GET /v1/customers/c_20981/orders?status=SHIPPED 500\n"
    )
    return EvidenceRow("r-1", "query_logs", Outcome.DIRECT_SUPPORT, text, {"query": "order-history-api 500"})


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The latest failing request was at 13:41:07Z (`?status=SHIPPED`).", True),
        ("最近一次失败的请求在 13:41:07Z（`?status=SHIPPED`）。", True),
        ("The latest failing request was at 13:41:07Z (`?status=CANCELLED`).", False),
        ("最近一次失败的请求在 13:41:07Z（`?status=PENDING`）。", False),
    ],
)
def test_a_query_string_names_the_url_a_row_writes(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, [requests()]) if c.kind == ClaimKind.FACT]
    assert (found == [ClaimStatus.GROUNDED]) is grounded
