"""Claim checks on what a draft tells the reader to do and the names it uses to say it: advice after its purpose
("To unblock today: …"), a verb that starts advice only when English follows it ("cancel it with …", never
"cancel 和 healthz 都是 0"), a SQL function called by name, a status excluded ("non-504"), a view named by the
start of its qualified name, and a Windows path the call was asked about. None is an invented entity of the
incident. Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.grounding import check_draft

WAREHOUSE = EvidenceRow(
    "sql-1",
    "run_sql",
    Outcome.INDIRECT_SUPPORT,
    "QUERY_ID                             | WAREHOUSE | STATUS  | ELAPSED_S\n"
    "01c2d3e4-0000-7a1b-0000-00a1b2c3d4e5 | ETL_WH    | RUNNING | 5410\n",
    {"sql": "SELECT query_id, warehouse_name, execution_status FROM INFORMATION_SCHEMA.QUERY_HISTORY_BY_WAREHOUSE"},
)
FILES = EvidenceRow(
    "ps-1",
    "powershell",
    Outcome.INDIRECT_SUPPORT,
    "Name            LastWriteTime\n----            -------------\nmain.4f9a2c.js  7/2/2026 4:12:09 AM\n",
    {"script": "Get-ChildItem E:\\inetpub\\shop\\assets | Select-Object Name, LastWriteTime"},
)
LATENCY = EvidenceRow(
    "alb-1",
    "athena_query",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"rows": [{"target": "10.4.1.20:8080", "elb_status_code": 504, "count": 311}]}),
    {"query": "SELECT target, elb_status_code, count(*) FROM alb_logs GROUP BY 1, 2"},
)


def kinds(draft: str) -> list[ClaimKind]:
    return [c.kind for c in split_claims(draft)]


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    ("draft", "kind"),
    [
        ("To unblock the load today: cast the column to STRING in a staging table first.", ClaimKind.ADVICE),
        ("To speed up recovery: add two more consumers to the group.", ClaimKind.ADVICE),
        ("cancel it with SELECT SYSTEM$CANCEL_QUERY('01c2d3e4-0000-7a1b-0000-00a1b2c3d4e5');", ClaimKind.ADVICE),
        ("Revoke the leaked token and rotate the secret.", ClaimKind.ADVICE),
        # a summary after "To …" states facts; the verbs name routes or steps when Chinese follows them
        ("To summarise: ETL_WH has one query running.", ClaimKind.FACT),
        ("cancel 和 refund 两个接口的错误率都是 0。", ClaimKind.FACT),
        ("reload 之后第一个 5 分钟窗口就有 243 条错误。", ClaimKind.FACT),
    ],
)
def test_advice_is_told_by_its_purpose_or_an_english_verb_not_by_a_verb_naming_a_thing(
    draft: str, kind: ClaimKind
) -> None:
    assert kinds(draft)[0] == kind


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("The query is still running; SYSTEM$CANCEL_QUERY('01c2d3e4-0000-7a1b-0000-00a1b2c3d4e5') stops it.", False),
        (
            "这条查询仍在 ETL_WH 上运行，可以用 SYSTEM$CANCEL_QUERY('01c2d3e4-0000-7a1b-0000-00a1b2c3d4e5') 停掉。",
            False,
        ),
        ("QUERY_HISTORY shows it on ETL_WH, still running.", False),
        ("QUERY_HISTORY 显示它还在 ETL_WH 上运行。", False),
        # a code or warehouse no call shows is still invented
        ("The query ran on ANALYTICS_WH for 5410 s.", True),
        ("这条查询跑在 ANALYTICS_WH 上。", True),
    ],
)
def test_a_function_called_or_a_view_named_by_its_start_is_no_invented_entity(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, WAREHOUSE)) == invented


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("E:\\inetpub\\shop\\assets now only holds main.4f9a2c.js.", False),
        ("E:\\inetpub\\shop\\assets 里现在只有 main.4f9a2c.js。", False),
        ("D:\\sites\\shop\\assets now only holds main.4f9a2c.js.", True),
        ("D:\\sites\\shop\\assets 里现在只有 main.4f9a2c.js。", True),
    ],
)
def test_a_windows_path_the_call_was_asked_about_is_mentioned_however_json_escapes_it(
    draft: str, invented: bool
) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, FILES)) == invented


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("Its non-504 requests to 10.4.1.20:8080 look normal.", False),
        ("10.4.1.20:8080 的 non-504 请求看起来正常。", False),
        ("Its requests to 10.4.1.99:8080 all got 504.", True),
        ("发往 10.4.1.99:8080 的请求全部是 504。", True),
    ],
)
def test_a_status_excluded_by_non_is_a_class_of_statuses_not_a_name(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, LATENCY)) == invented


@pytest.mark.parametrize(
    ("draft", "kind"),
    [
        # a verb that modifies the noun after it names a thing: a fact about that thing
        ("登录接口这轮压测的 p95 约 121 毫秒。", ClaimKind.FACT),
        ("监控数据显示 ETL_WH 上有一个查询在运行。", ClaimKind.FACT),
        ("配置文件里 STATEMENT_TIMEOUT 是 3600。", ClaimKind.FACT),
        ("Login latency p95 was about 121 ms in this run.", ClaimKind.FACT),
        # the same verbs said as what to do
        ("登录到 etl-01 查看任务日志。", ClaimKind.ADVICE),
        ("配置 STATEMENT_TIMEOUT 为 7200。", ClaimKind.ADVICE),
        ("Check the task log on etl-01 next.", ClaimKind.ADVICE),
    ],
)
def test_a_chinese_verb_before_the_noun_it_modifies_names_a_thing_not_advice(draft: str, kind: ClaimKind) -> None:
    assert kinds(draft)[0] == kind
