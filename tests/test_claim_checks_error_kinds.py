"""A denial of errors of a kind ("no permission or schema-mismatch errors", "没有超时类错误") is refuted by an error
of that kind, not by an error of another kind; an error of another kind leaves the denial ungrounded, never
grounded, as the rules cannot tell every error's kind in every wording. A denial of any error is refuted by any.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def task_log(error: str) -> EvidenceRow:
    lines = [
        "[2026-10-02, 03:10:04 UTC] {taskinstance.py:2612} INFO - Executing <Task(LoadJob): load_events>",
        "[2026-10-02, 03:10:06 UTC] {bigquery.py:1613} INFO - Inserting job load_events_20261002",
        f"[2026-10-02, 03:10:31 UTC] {{taskinstance.py:3311}} ERROR - {error}",
    ]
    return EvidenceRow("log-1", "airflow_task_log", Outcome.INDIRECT_SUPPORT, "\n".join(lines), {"dag_id": "events"})


PARSE = task_log("BadRequest: 400 Error while reading data: CSV table encountered too many errors, giving up")
TIMEOUT = task_log("Task failed: DeadlineExceeded: 504 job load_events_20261002 timed out after 600 s (timeout)")
PERMISSION = task_log("Forbidden: 403 PermissionDenied: caller lacks bigquery.tables.updateData on events")


def status(draft: str, row: EvidenceRow) -> ClaimStatus:
    return [c.status for c in check_draft(draft, (row,)) if c.kind == ClaimKind.FACT][-1]


@pytest.mark.parametrize(
    "draft",
    [
        "The load failed on a parse error; there were no permission errors.",
        "The load failed on a parse error; the task log shows no timeout errors.",
        "加载因为解析错误失败；日志里没有超时类错误。",
    ],
)
def test_an_error_of_another_kind_neither_refutes_nor_grounds_a_denial_of_a_kind(draft: str) -> None:
    assert status(draft, PARSE) == ClaimStatus.UNGROUNDED


@pytest.mark.parametrize(
    ("draft", "row"),
    [
        ("The load failed; there were no permission errors.", PERMISSION),
        ("The load failed; the task log shows no timeout errors.", TIMEOUT),
        ("The load failed; the task log shows no errors.", PARSE),
        ("加载失败了，日志里没有任何错误。", PARSE),
    ],
)
def test_an_error_of_the_kind_denied_or_any_error_against_any_refutes_it(draft: str, row: EvidenceRow) -> None:
    assert status(draft, row) == ClaimStatus.CONTRADICTED


def test_a_kind_said_in_chinese_of_an_error_logged_in_english_is_never_grounded() -> None:
    # "权限" against PermissionDenied: the rules cannot match the kind across languages, so they do not ground it
    assert status("加载失败了，日志里没有权限类错误。", PERMISSION) != ClaimStatus.GROUNDED
