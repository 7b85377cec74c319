"""A parenthesis that gives an event's other party ("on db-03 (from 10.1.1.9, 01:12 UTC)", "在 db-03 上登录（来源
10.1.1.9）") speaks of the same record as the part before it: the host and the source must be in one record. Before,
a name of the same kind in the parenthesis was read as restating the one before it ("pay-db-1（10.50.4.7）"), so the
host grounded on any record naming it and the source on another. An alias with no role word is still read as
before. Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def _login(at: str, host: str, user: str, source: str) -> dict:
    return {
        "@timestamp": f"2027-03-02T{at}.000Z",
        "host": {"name": host},
        "user": {"name": user},
        "source": {"ip": source},
        "event": {"outcome": "success"},
        "message": f"Accepted password for {user} from {source} port 52214 ssh2",
    }


LOGINS = EvidenceRow(
    "es-ssh",
    "es_search",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "hits": {
                "total": {"value": 2, "relation": "eq"},
                "hits": [
                    {
                        "_index": "auth-2027.03.02",
                        "_source": _login("04:12:09", "ledger-db-01", "dbadmin", "10.8.3.21"),
                    },
                    {"_index": "auth-2027.03.02", "_source": _login("05:30:47", "ledger-db-03", "backup", "10.8.9.40")},
                ],
            }
        }
    ),
    {"index": "auth-*", "body": {"query": {"term": {"event.outcome": "success"}}, "size": 50}},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (LOGINS,)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "dbadmin logged in on ledger-db-03 (from 10.8.3.21, 04:12 UTC).",
        "A password login reached ledger-db-01 (source 10.8.9.40).",
        "dbadmin 在 ledger-db-03 上登录（来源 10.8.3.21，04:12 UTC）。",
        "backup 用户登录了 ledger-db-01（来自 10.8.9.40）。",
    ],
)
def test_a_source_from_another_record_does_not_ground(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "dbadmin logged in on ledger-db-01 (from 10.8.3.21, 04:12 UTC).",
        "A password login reached ledger-db-03 (source 10.8.9.40).",
        "dbadmin 在 ledger-db-01 上登录（来源 10.8.3.21，04:12 UTC）。",
        "backup 用户登录了 ledger-db-03（来自 10.8.9.40）。",
    ],
)
def test_the_source_of_the_same_record_grounds(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)
