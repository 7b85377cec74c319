"""Two fail-opens closed: a short code listed beside names the evidence shows is a name too ("gp2, gp3 and io2"
must show io2, never drop it as a word the evidence lacks), and a count of a kind's CamelCase plural or of a
plural after one word ("3 ConfigMaps", "4 storage classes") is a count to show, never a number that drops out.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ZONES = (
    "ZONE   SUBNET              FREE_IPS   STATE\n"
    "az1    subnet-0a1b2c3d     212        available\n"
    "az2    subnet-4e5f6a7b     9          available\n"
)
KEYSPACE = "# Keyspace\ndb0:keys=18233,expires=412,avg_ttl=86400000\ndb2:keys=77,expires=0,avg_ttl=0\n"
CONFIGMAPS = (
    "NAME                 DATA   AGE\n"
    "checkout-env         12     41d\n"
    "checkout-flags       3      2d\n"
    "kube-root-ca.crt     1      310d\n"
)
OK = (ClaimStatus.GROUNDED,)


def statuses(draft: str, preview: str, args: str) -> list[ClaimStatus]:
    row = EvidenceRow("r-1", "ssh_exec", Outcome.DIRECT_SUPPORT, preview, {"args": args})
    return [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]


@pytest.mark.parametrize(
    ("draft", "preview", "args", "shown"),
    [
        ("The subnets sit in az1 and az2.", ZONES, "describe-subnets", True),
        ("The subnets sit in az1, az2 and az3.", ZONES, "describe-subnets", False),
        ("子网分布在 az1、az2 两个可用区之外还有 az4。", ZONES, "describe-subnets", False),
        ("子网分布在 az1、az2。", ZONES, "describe-subnets", True),
        ("Keys live in db0 and db2.", KEYSPACE, "redis-cli INFO keyspace", True),
        ("Keys live in db0, db2 and db5.", KEYSPACE, "redis-cli INFO keyspace", False),
        ("键分布在 db0、db2 和 db7 三个库里。", KEYSPACE, "redis-cli INFO keyspace", False),
        ("键只分布在 db0、db2 里。", KEYSPACE, "redis-cli INFO keyspace", True),
    ],
)
def test_a_short_code_listed_beside_shown_names_must_be_shown(draft: str, preview: str, args: str, shown: bool):
    found = statuses(draft, preview, args)
    assert found and (all(s in OK for s in found) if shown else any(s not in OK for s in found))


@pytest.mark.parametrize(
    ("draft", "shown"),
    [
        ("The namespace holds 3 ConfigMaps.", True),
        ("The namespace holds 5 ConfigMaps.", False),
        ("The namespace holds 3 config maps.", True),
        ("The namespace holds 4 config maps.", False),
        ("命名空间里共有 3 个 ConfigMap。", True),
        ("命名空间里共有 6 个 ConfigMap。", False),
    ],
)
def test_a_count_of_a_camel_case_or_two_word_plural_is_checked(draft: str, shown: bool):
    found = statuses(draft, CONFIGMAPS, "get configmaps -n checkout")
    assert found and (all(s in OK for s in found) if shown else any(s not in OK for s in found))


@pytest.mark.parametrize("draft", ["Keys live in db0 and db2.", "键分布在 db0 和 db2。"])
def test_a_numbered_name_the_rows_write_whole_is_never_invented(draft: str):
    """`db2:keys=77` names db2 whole; its "2" alone appears nowhere as a token of its own."""
    assert ClaimStatus.INVENTED not in statuses(draft, KEYSPACE, "redis-cli INFO keyspace")


@pytest.mark.parametrize("draft", ["Keys live in db0 and db6.", "键分布在 db0 和 db6。"])
def test_a_numbered_name_no_row_writes_is_never_grounded(draft: str):
    assert ClaimStatus.GROUNDED not in statuses(draft, KEYSPACE, "redis-cli INFO keyspace")


NPE_LOG = (
    '{"total":4,"logs":['
    '{"timestamp":"2026-11-02T06:41:09Z","level":"ERROR","service":"ledger","message":"java.lang.IllegalStateException: '
    'ledger closed"},'
    '{"timestamp":"2026-11-02T06:40:55Z","level":"ERROR","service":"ledger","message":"upstream reset"},'
    '{"timestamp":"2026-11-02T06:40:31Z","level":"ERROR","service":"ledger","message":"java.lang.IllegalStateException: '
    'ledger closed"},'
    '{"timestamp":"2026-11-02T06:40:02Z","level":"ERROR","service":"ledger","message":"java.lang.IllegalStateException: '
    'ledger closed"}]}'
)


@pytest.mark.parametrize(
    ("draft", "shown"),
    [
        (
            "ledger threw 3 IllegalStateExceptions, the first at 06:40:02 UTC (14:40:02 Beijing time) and the last "
            "at 06:41:09 UTC (14:41:09 Beijing time).",
            True,
        ),
        (
            "ledger threw 4 IllegalStateExceptions, the first at 06:40:02 UTC (14:40:02 Beijing time) and the last "
            "at 06:41:09 UTC (14:41:09 Beijing time).",
            False,
        ),
        (
            "ledger 共 3 次 IllegalStateException，第一次在 06:40:02 UTC（北京时间 14:40:02），最后一次在 06:41:09 UTC"
            "（北京时间 14:41:09）。",
            True,
        ),
        (
            "ledger 共 4 次 IllegalStateException，第一次在 06:40:02 UTC（北京时间 14:40:02），最后一次在 06:41:09 UTC"
            "（北京时间 14:41:09）。",
            False,
        ),
    ],
)
def test_a_count_s_window_is_its_first_and_last_time_whatever_zone_they_are_restated_in(draft: str, shown: bool):
    """The times in a parenthesis restate the two before in another zone: the window is still those two."""
    row = EvidenceRow("q-1", "query_logs", Outcome.DIRECT_SUPPORT, NPE_LOG, {"service": "ledger"})
    found = [c.status for c in check_draft(draft, [row]) if c.status != ClaimStatus.UNCHECKABLE]
    assert found and (all(s in OK for s in found) if shown else any(s not in OK for s in found))
