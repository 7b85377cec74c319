"""A statement of what was not checked that names no call ("Not checked: other callers hitting the same 401",
"未检查：其他服务是否也遇到 401") says how the subject may fail, not how a call of the agent failed: a failed call
of another mode (a log search that timed out) does not contradict it. A gap that names the call ("the log search
failed with a 403", "日志查询返回 403") is an account of that call's failure and is still read against it. Domain
only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

TIMED_OUT = EvidenceRow(
    "logs-1",
    "query_logs",
    Outcome.FAILED,
    "",
    {"service": "cart-service", "level": "WARN,ERROR"},
    error_message="Elasticsearch query timed out after 30000ms",
    error_kind=ErrorKind.TIMEOUT,
    duration_ms=30000,
)


def last_status(draft: str) -> ClaimStatus:
    return check_draft(draft, [TIMED_OUT])[-1].status


@pytest.mark.parametrize(
    "draft",
    [
        "## Not checked\n- Other callers hitting the same 401.\n",
        "## Not checked\n- Whether the mobile clients also get 403 from the gateway.\n",
        "## 未检查\n- 其他调用方是否也遇到同样的 401。\n",
        "## 没有查的\n- 移动端是否也收到网关的 403。\n",
    ],
)
def test_a_gap_naming_no_call_is_not_contradicted_by_a_call_that_failed_otherwise(draft: str) -> None:
    assert last_status(draft) != ClaimStatus.CONTRADICTED


@pytest.mark.parametrize(
    "draft",
    [
        "## Not checked\n- The log search failed with a 403, so cart-service's errors are unknown.\n",
        "## 未检查\n- 日志查询返回 403 失败了，所以 cart-service 的报错情况未知。\n",
    ],
)
def test_a_gap_naming_the_call_is_read_against_how_it_failed(draft: str) -> None:
    assert last_status(draft) == ClaimStatus.CONTRADICTED
