"""Who did what, at several times: a claim that names an actor and two or more times grounds on a record at
one of them, so each of its times that a record states must be stated by a record that names the actor
(an audit row at the claim's time that names another user is not the actor's). The same instant written in
two zones is one time. Domain only, offline; phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

AUDIT = (
    "TIME (UTC)            USER                 VERB     RESOURCE                                   RESPONSE\n"
    "2027-05-12T09:16:30Z  system:serviceaccount:flux-system:kustomize-controller  patch  deployments/ledger-api   200\n"
    "2027-05-12T09:14:02Z  lena.ortiz@corp.io   patch    configmaps/ledger-api-config (ns: ledger)   200\n"
    "2027-05-12T08:51:44Z  dmitri.k@corp.io     get      configmaps/ledger-api-config (ns: ledger)   200\n"
)
COMMIT = (
    "commit 4be1f09c2d7a8e6b5c3f1a0d9e8b7c6a5f4e3d21\n"
    "Author: dmitri.k <dmitri.k@corp.io>\n"
    "Date:   Wed May 12 09:11:40 2027 +0000\n\n"
    "    ledger: raise statement batch size 200 -> 2000\n"
)


def rows() -> tuple[EvidenceRow, ...]:
    return (
        EvidenceRow("audit-1", "audit_log_search", Outcome.INDIRECT_SUPPORT, AUDIT, {"namespace": "ledger"}),
        EvidenceRow("git-1", "run_shell", Outcome.INDIRECT_SUPPORT, COMMIT, {"command": "git log -1"}),
    )


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "The ConfigMap change was applied at 09:14:02 UTC by dmitri.k, who had pushed it at 09:11:40.",
        "The batch size was changed at 09:14 UTC by dmitri.k after a commit at 09:11:40.",
        "09:14:02 UTC 由 dmitri.k 修改了 ledger-api-config，他在 09:11:40 提交了这个改动。",
        "ledger-api-config 于 09:14:02 UTC 由 dmitri.k 发布，对应 09:11:40 的提交。",
    ],
)
def test_a_time_whose_record_names_another_actor_is_not_grounded(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "The change was pushed at 09:11:40 UTC by dmitri.k, who had read the ConfigMap at 08:51:44.",
        "The ConfigMap was patched at 09:14:02 UTC by lena.ortiz.",
        "09:14:02 UTC（北京时间 17:14:02）配置由 lena.ortiz 变更，此前 dmitri.k 在 09:11:40 提交了改动。",
    ],
)
def test_times_each_stated_by_a_record_of_the_actor_ground(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]
