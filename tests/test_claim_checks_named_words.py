"""Words of a correct answer that are not names the session must show (written in the session of heldout52,
from its first contact; rows and phrasings written for these tests, both ways and both languages):

- a CamelCase name's word in its own case ("the DDoS list" of `AWSManagedIPDDoSList`) is mentioned;
- a word and its number joined ("error-40613") are mentioned where a row writes them apart ("SQL Error: 40613");
- an operator and a figure in a code span (`=0`, `>=5`) are a value, not a name;
- "triggered by parent pipeline `build-api`" names a pipeline, not an actor "parent";
- an item under a "Not checked" heading is a gap even when it says "caused by": what nobody looked at invents
  nothing.

A name the rows never give, in any of these shapes, is still invented.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

WAF = '"client_ip","rule","hits"\n"198.51.100.23","AWSManagedIPDDoSList","41"\n"198.51.100.77","RateLimitLogin","12"\n'
APP_LOG = json.dumps(
    {
        "logs": [
            {"level": "ERROR", "service": "stock-api", "message": "SQL Error: 40613, SQLState: S0001 - db unavailable"},
            {"level": "ERROR", "service": "stock-api", "message": "SQL Error: 40613, SQLState: S0001 - db unavailable"},
        ],
        "total": 2,
    }
)
FLAGS = "--store.limits.request-series=500000 --store.limits.request-samples=0"
ROWS = [
    EvidenceRow("w-1", "athena_query", Outcome.INDIRECT_SUPPORT, WAF, {"sql": "SELECT client_ip, rule, hits"}),
    EvidenceRow("l-1", "query_logs", Outcome.INDIRECT_SUPPORT, APP_LOG, {"service": "stock-api"}),
    EvidenceRow("f-1", "kubectl", Outcome.INDIRECT_SUPPORT, FLAGS, {"args": "get sts thanos-store -o jsonpath"}),
]


def invented(draft: str, rows: list[EvidenceRow] = ROWS) -> bool:
    return any(c.status == ClaimStatus.INVENTED for c in check_draft(draft, rows))


@pytest.mark.parametrize(
    "draft",
    [
        "198.51.100.23 hit the DDoS list 41 times.",
        "198.51.100.23 命中的是 DDoS 列表，共 41 次。",
        "stock-api logged 2 error-40613 errors.",
        "stock-api 有 2 条 error-40613 报错。",
        "The samples limit is disabled with `=0`.",
        "samples 限制用 `=0` 关掉了。",
    ],
)
def test_a_word_of_a_name_a_joined_code_or_a_value_invents_nothing(draft: str) -> None:
    assert not invented(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "stock-api logged 2 error-40615 errors.",
        "stock-api 有 2 条 error-40615 报错。",
        "stock-api logged 2 timeout-40613 errors.",
    ],
)
def test_a_name_the_rows_never_give_is_still_invented(draft: str) -> None:
    assert invented(draft)


@pytest.mark.parametrize("draft", ["stock-api was hit by the DDoS list.", "stock-api 命中了 DDoS 列表。"])
def test_a_camel_word_no_name_of_the_session_holds_is_still_invented(draft: str) -> None:
    assert invented(draft, ROWS[1:])  # no WAF row: no name holds "DDoS"


@pytest.mark.parametrize(
    ("text", "actors"),
    [
        ("Execution 01KX (triggered by parent pipeline `build-api`) is waiting.", []),
        ("The run was started by upstream job nightly-etl.", []),
        ("The rollout was triggered by jdoe at 10:02.", ["jdoe"]),
        ("该流水线由 jdoe 触发。", ["jdoe"]),
    ],
)
def test_the_noun_of_a_thing_after_by_is_no_actor(text: str, actors: list[str]) -> None:
    assert [f.key for f in extract_facts(text) if f.kind == FactKind.ACTOR] == actors


@pytest.mark.parametrize(
    ("heading", "item"),
    [
        ("## Not checked", "- Disk latency caused by the paging (`LogicalDisk(C:)`)."),
        ("## 未检查", "- 换页导致的磁盘延迟（`LogicalDisk(C:)`）。"),
    ],
)
def test_an_item_under_a_not_checked_heading_is_a_gap(heading: str, item: str) -> None:
    claims = [c for c in check_draft(f"{heading}\n\n{item}\n", ROWS) if "LogicalDisk" in c.text]
    assert len(claims) == 1 and claims[0].kind not in (ClaimKind.CAUSAL, ClaimKind.FACT)
    assert claims[0].status != ClaimStatus.INVENTED


@pytest.mark.parametrize(
    "draft",
    ["Disk latency was caused by the paging (`LogicalDisk(C:)`).", "磁盘延迟是换页导致的（`LogicalDisk(C:)`）。"],
)
def test_the_same_cause_told_as_a_finding_still_names_what_it_must_show(draft: str) -> None:
    assert invented(draft)
