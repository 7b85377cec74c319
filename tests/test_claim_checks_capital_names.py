"""A host named in capitals with a figure, as Windows and Active Directory name them ("ENG-WS-1170", "RPT-APP-02",
"WIN-SQL01"), a technique id of MITRE ATT&CK ("T1003.001") and a record's id of figures ("CVE-2024-21626",
"SO-20260923-118842") are names: a claim that names one the session never shows names an invented entity
(REJECT), and one the session shows grounds where it stands. Before, none of them was a fact, so a host with two
figures swapped grounded on the claim's time alone (fail-open). "UTF-8", "SHA-256" and "ISO-8859-1" stay no names.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DETECTIONS = {
    "resources": [
        {
            "device": {"hostname": "ENG-WS-1170"},
            "timestamp": "2027-02-03T03:41:09Z",
            "severity_name": "High",
            "technique_id": "T1204.002",
            "status": "new",
        },
        {
            "device": {"hostname": "HR-LT-0219"},
            "timestamp": "2027-02-03T03:12:44Z",
            "severity_name": "Medium",
            "technique_id": "T1003.001",
            "status": "in_progress",
        },
    ]
}
SCAN = "Total: 2 (HIGH: 2)\nlibc6  CVE-2024-2961  HIGH  2.36-9+deb12u4\nrunc   CVE-2024-21626  HIGH  1.1.5\n"
ROWS = [
    EvidenceRow("d-1", "falcon_detections", Outcome.INDIRECT_SUPPORT, json.dumps(DETECTIONS), {"filter": "status"}),
    EvidenceRow("s-1", "shell_exec", Outcome.INDIRECT_SUPPORT, SCAN, {"command": "trivy image pay-api:4.2"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "The High detection is on ENG-WS-1170 at 03:41 UTC (T1204.002).",
        "HR-LT-0219 上的检测使用的是 T1003.001。",
        "The image carries CVE-2024-21626 in runc 1.1.5.",
        "镜像里的 runc 1.1.5 有 CVE-2024-21626。",
        "The detection on eng-ws-1170 is High.",
    ],
)
def test_a_capital_name_the_session_shows_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The High detection is on ENG-WS-1107 at 03:41 UTC.",
        "HR-LT-0291 上的检测是 Medium 级别。",
        "The Medium detection used T1059.003.",
        "那条 Medium 检测用的是 T1059.003 技术。",
        "The image carries CVE-2024-21662 in runc 1.1.5.",
        "镜像里的 runc 1.1.5 有 CVE-2024-21662。",
    ],
)
def test_a_capital_name_the_session_never_shows_is_invented(draft: str) -> None:
    assert ClaimStatus.INVENTED in statuses(draft)


@pytest.mark.parametrize(
    "draft", ["The detections file is UTF-8 and its digest is SHA-256.", "检测导出的文件编码是 ISO-8859-1。"]
)
def test_standard_words_in_capitals_are_no_names(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft)
