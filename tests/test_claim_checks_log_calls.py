"""A claim that cites logs ("the Job's logs show", "日志显示") rests on log calls, and a general tool's call that
reads logs is one: `kubectl logs`, `journalctl`, `tail … /var/log/…`; `kubectl get pods` is not. Domain
only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

JOB_LOG = (
    "2026-09-14 02:00:03 INFO starting nightly export\n"
    'psycopg2.OperationalError: connection to server at "pg-exports.data.svc" (10.100.4.9), port 5432 failed: '
    'FATAL:  password authentication failed for user "export_ro"\n'
)
PODS = (
    "NAME                            READY   STATUS             RESTARTS   AGE\n"
    "nightly-export-28741200-q8w2z   0/1     CrashLoopBackOff   4          9m\n"
)


def rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow("k-logs", "kubectl", Outcome.DIRECT_SUPPORT, JOB_LOG, {"args": "logs job/nightly-export -n data"}),
        EvidenceRow("k-pods", "kubectl", Outcome.DIRECT_SUPPORT, PODS, {"args": "get pods -n data"}),
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The Job's logs show FATAL: password authentication failed for user export_ro.", True),
        ("Job 日志显示 export_ro 用户密码认证失败（FATAL）。", True),
        # a citation of logs never rests on what only a non-log call shows
        ("The logs show nightly-export-28741200-q8w2z in CrashLoopBackOff.", False),
        ("日志显示 nightly-export-28741200-q8w2z 处于 CrashLoopBackOff。", False),
    ],
)
def test_a_general_tools_call_that_reads_logs_is_a_log_call(draft: str, grounded: bool) -> None:
    found = statuses(draft)
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded
