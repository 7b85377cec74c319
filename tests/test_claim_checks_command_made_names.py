"""A name a command the claim gives makes is the writer's choice, no invented entity (standard_names.a_name_a_command_makes).

"Mount it with `mount -t nfs 10.20.0.4:/vol1 /srv/reports`", "手动补一个备份：`gcloud filestore backups create
reports-manual-1 …`": the mount point and the backup are new by definition, so no call of the session need have
mentioned them, and a correct answer was REJECTed for naming them. The name is no fact shown either: the claim is at
most not grounded. A name said as a finding ("mounted at /srv/reports", "备份 reports-manual-1 已创建") still
invents, and so does a name after Chinese prose that follows a command's mention ("`git clone` 报错，原因是 …").
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

SHARE = EvidenceRow(
    "f-1",
    "gcloud",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "name": "projects/acme/locations/us-central1-b/instances/reports-nfs",
            "state": "READY",
            "fileShares": [{"name": "vol1", "capacityGb": "1024"}],
            "networks": [{"network": "default", "ipAddresses": ["10.20.0.4"]}],
        },
        indent=2,
    ),
    {"command": "gcloud filestore instances describe reports-nfs --zone=us-central1-b --format=json"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [SHARE]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "Mount it with `mount -t nfs 10.20.0.4:/vol1 /srv/reports`.",
        "挂载命令：`mount -t nfs 10.20.0.4:/vol1 /srv/reports`。",
        "现在手动补一个备份：`gcloud filestore backups create reports-manual-1 --region=us-central1 --instance=reports-nfs`。",
        "Take a backup first: `gcloud filestore backups create reports-manual-1 --instance=reports-nfs`.",
    ],
)
def test_a_name_the_proposed_command_makes_invents_nothing(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "The share is mounted at /srv/reports on every client.",
        "reports-nfs 已挂载到 /srv/reports。",
        "Backup reports-manual-1 of reports-nfs completed at 03:10.",
        "`git clone` 报错，原因是 gitlab-ssh-9 上的 sshd 限流。",
    ],
)
def test_a_name_said_as_a_finding_still_invents(draft: str) -> None:
    assert ClaimStatus.INVENTED in statuses(draft)
