"""A URL a record writes in parts, its host and its path in fields of their own (Elastic Common Schema's
`url.domain` and `url.path`, as proxies, EDR and SIEM tools emit it), is the URL the claim writes whole: it is
neither invented nor unshown. Before, a correct answer that quoted the URL was REJECTed for naming something no call
mentions. Another host or another path is still invented. Domain only, offline; rows and phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

HIT = {
    "@timestamp": "2027-02-03T09:41:07Z",
    "source": {"ip": "10.52.7.19"},
    "user": {"name": "m.okafor"},
    "url": {"scheme": "https", "domain": "dl.tools-mirror.org", "path": "/pkg/agent-setup.sh"},
    "http": {"request": {"method": "GET"}, "response": {"status_code": 200}},
}
ROWS = [
    EvidenceRow("p-1", "search_proxy_logs", Outcome.INDIRECT_SUPPORT, json.dumps({"hits": [HIT]}), {"q": "10.52.7.19"})
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "10.52.7.19 fetched `https://dl.tools-mirror.org/pkg/agent-setup.sh` at 09:41:07 UTC.",
        "代理日志里 10.52.7.19 在 09:41:07 UTC 请求了 `https://dl.tools-mirror.org/pkg/agent-setup.sh`。",
    ],
)
def test_a_url_written_in_parts_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "10.52.7.19 fetched `https://dl.tools-mirror.org/pkg/agent-update.sh` at 09:41:07 UTC.",
        "代理日志里 10.52.7.19 在 09:41:07 UTC 请求了 `https://dl.tools-mirror.net/pkg/agent-setup.sh`。",
    ],
)
def test_another_host_or_path_is_invented(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.INVENTED]
