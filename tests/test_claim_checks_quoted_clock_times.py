"""A clock time to the second quoted as code (`02:14:30.981`) is a time, not a name (code_spans._TIMESTAMP): it had
been read as an identifier that no call writes whole (klog writes `02:14:30.981234`), and the claim as INVENTED,
REJECTing a correct answer (heldout67 ipvs_services-01). The time is still checked as a time: one no record states
does not ground. Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

KLOG = EvidenceRow(
    "c-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    'I1203 07:41:09.204517       1 graceful_termination.go:102] "Adding rs to graceful delete list" rs="10.96.3.40:443/TCP/10.244.2.17:8443"\n'
    'E1203 07:41:10.118204       1 proxier.go:1980] "Failed to delete destination" err="no such file or directory" dest="10.244.2.17:8443"\n',
    {"args": "logs -n kube-system kube-proxy-7xk2p"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [KLOG]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "At `07:41:09.204` kube-proxy added `10.244.2.17:8443` to the graceful delete list.",
        "`07:41:10.118` 删除 `10.244.2.17:8443` 失败。",
    ],
)
def test_a_quoted_time_the_log_states_grounds(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft)
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "At `07:49:09.204` kube-proxy added `10.244.2.17:8443` to the graceful delete list.",
        "`07:45:10.118` 删除 `10.244.2.17:8443` 失败。",
    ],
)
def test_a_quoted_time_no_record_states_does_not(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)
