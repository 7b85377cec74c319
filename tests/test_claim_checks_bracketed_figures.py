"""A figure a Java log prints in brackets before its unit ("Server startup in [38104] milliseconds", "has
finished in [36,512] ms", Elasticsearch's "took [1.2s]") is a quantity in that unit, as "38104 ms" is: a draft
that restates it in another unit ("38.1 s", "约 38 秒") is grounded by it, a wrong figure is not. Before, the
bracket kept the number from its unit, and only the figure as written matched. Domain only, offline; rows and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

CATALINA = """07-Mar-2027 11:02:10.114 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Server version name:   Apache Tomcat/9.0.93
07-Mar-2027 11:02:52.730 INFO [main] org.apache.catalina.startup.HostConfig.deployWAR Deployment of web application archive [/srv/tomcat/webapps/ledger.war] has finished in [41,275] ms
07-Mar-2027 11:02:53.021 INFO [main] org.apache.catalina.startup.Catalina.start Server startup in [42907] milliseconds
"""
ES = """[2027-03-07T11:20:04,118][WARN ][i.s.s.query              ] [es-hot-3] [orders-2027.03][2] took[2.7s], took_millis[2712], total_hits[1834 hits], search_type[QUERY_THEN_FETCH]
"""
ROWS = [
    EvidenceRow("t-1", "ssh_exec", Outcome.INDIRECT_SUPPORT, CATALINA, {"command": "grep startup catalina.out"}),
    EvidenceRow("e-1", "query_logs", Outcome.INDIRECT_SUPPORT, ES, {"query": "index.search.slowlog"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "Tomcat finished starting in about 42.9 s.",
        "Tomcat 启动一共用了约 42.9 秒。",
        "Deploying ledger.war took 41.3 seconds.",
        "ledger.war 部署耗时 41.3 秒。",
        "The slow query on es-hot-3 took 2.7 s.",
        "es-hot-3 上那条慢查询耗时 2712 毫秒。",
    ],
)
def test_a_bracketed_figure_grounds_the_same_time_in_another_unit(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "Tomcat finished starting in about 52.9 s.",
        "Tomcat 启动一共用了约 24.9 秒。",
        "Deploying ledger.war took 14.3 seconds.",
        "ledger.war 部署耗时 4.1 秒。",
        "The slow query on es-hot-3 took 7.2 s.",
        "es-hot-3 上那条慢查询耗时 7212 毫秒。",
    ],
)
def test_another_figure_is_not_grounded_by_it(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
