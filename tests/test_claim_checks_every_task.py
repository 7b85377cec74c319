""" "Every <task> failed" over a worker's log where some runs of the task succeeded: Celery's levels are read
("[…: ERROR/ForkPoolWorker-2]"), a snake_case task is no tool call that failed, an error's own number ("[Errno
28]") is what each run must show rather than a member of the range, and a negation in a clause before the
quantifier's is not its. Domain only, offline; phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.preview.loglines import parse_log_line
from evidence_trace.server.domain.verifier.grounding import check_draft

MIXED = """[2026-05-02 07:00:03,118: INFO/MainProcess] Task billing.render_statement[a1] received
[2026-05-02 07:00:04,002: ERROR/ForkPoolWorker-2] Task billing.render_statement[a1] raised unexpected: OSError(28, 'No space left on device')
[2026-05-02 07:00:09,310: INFO/ForkPoolWorker-1] Task billing.render_statement[b2] succeeded in 1.2s: 'uploaded'
[2026-05-02 07:00:15,441: ERROR/ForkPoolWorker-2] Task billing.render_statement[c3] raised unexpected: OSError(28, 'No space left on device')"""

FAILING = """[2026-05-02 07:00:04,002: ERROR/ForkPoolWorker-2] Task billing.render_statement[a1] raised unexpected: OSError(28, 'No space left on device')
[2026-05-02 07:00:15,441: ERROR/ForkPoolWorker-2] Task billing.render_statement[c3] raised unexpected: OSError(28, 'No space left on device')"""


def worker_log(text: str) -> EvidenceRow:
    return EvidenceRow(
        "celery-1", "read_worker_log", Outcome.DIRECT_SUPPORT, text, {"path": "/var/log/celery/worker.log"}
    )


def test_celery_lines_have_their_level() -> None:
    entry = parse_log_line("[2026-05-02 07:00:04,002: ERROR/ForkPoolWorker-2] Task x[a1] raised unexpected")
    assert entry is not None and entry.level == "ERROR"
    entry = parse_log_line("[2026-05-02 07:00:09,310: INFO/ForkPoolWorker-1] Task x[b2] succeeded in 1.2s")
    assert entry is not None and entry.level == "INFO"


DRAFTS = [
    "Every render_statement task since 07:00 has failed.",
    "Disk is running out: every `render_statement` task since 07:00 has failed with OSError [Errno 28] No space left.",
    "All render_statement tasks failed with No space left on device.",
    "07:00 以来所有 render_statement 任务都失败了。",
    "磁盘快满了：07:00 以来每个 render_statement 任务都因 [Errno 28] No space left on device 失败。",
]


@pytest.mark.parametrize("draft", DRAFTS)
def test_every_run_failing_is_contradicted_by_a_run_that_succeeded(draft: str) -> None:
    found = [c for c in check_draft(draft, [worker_log(MIXED)]) if c.kind in (ClaimKind.FACT, ClaimKind.GAP)]
    assert [c.status for c in found] == [ClaimStatus.CONTRADICTED], [(c.kind, c.status, c.reason) for c in found]


@pytest.mark.parametrize("draft", DRAFTS)
def test_every_run_failing_stands_where_every_run_failed(draft: str) -> None:
    found = [c for c in check_draft(draft, [worker_log(FAILING)]) if c.kind in (ClaimKind.FACT, ClaimKind.GAP)]
    assert ClaimStatus.CONTRADICTED not in [c.status for c in found], [(c.status, c.reason) for c in found]


def test_a_tool_call_that_failed_is_still_a_gap() -> None:
    """The snake_case name of a session's tool ("query_logs failed") keeps the claim a statement of a gap."""
    failed = EvidenceRow(
        "q-1", "query_logs", Outcome.FAILED, "", {"query": "render_statement"}, error_message="timeout"
    )
    (claim,) = [c for c in check_draft("query_logs failed with a timeout.", [failed]) if c.kind != ClaimKind.CONTEXT]
    assert claim.kind == ClaimKind.GAP


def quota_log() -> EvidenceRow:
    import json

    entries = [
        {
            "timestamp": f"2026-08-01 03:27:4{i}",
            "level": "WARN",
            "service": "open-api",
            "message": "ERR_QUOTA_EXCEEDED tenant=t-7710",
        }
        for i in range(3)
    ]
    body = {"success": True, "logs": entries, "total": 2950, "message": "成功查询到 2950 条日志"}
    return EvidenceRow("logs-q", "query_logs", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"query": "t-7710"})


@pytest.mark.parametrize(
    ("draft", "unchecked"),
    [
        ("open-api 日志里有 2950 条相关记录，样例都是 ERR_QUOTA_EXCEEDED。", False),
        ("The search matched 2950 open-api records; the samples are all ERR_QUOTA_EXCEEDED.", False),
        # every one of the 2,950: three shown cannot tell
        ("open-api 的 2950 条记录都是 ERR_QUOTA_EXCEEDED。", True),
        ("All 2950 open-api records are ERR_QUOTA_EXCEEDED.", True),
    ],
)
def test_what_the_samples_all_show_is_not_what_every_match_shows(draft: str, unchecked: bool) -> None:
    found = [c.status for c in check_draft(draft, [quota_log()]) if c.kind == ClaimKind.FACT]
    assert (ClaimStatus.UNCHECKED in found) is unchecked, found
