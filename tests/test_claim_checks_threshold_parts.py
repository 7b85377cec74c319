"""A part of a claim that gives a threshold by name ("…，超过 runbook 的 80% 告警线", "…, above the 85% alert
line in the runbook") states a reference's figure, not one more value of the subject before it: it grounds
alone, on whatever states that threshold, while the value of the subject is still checked on its own
record. Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def rows() -> list[EvidenceRow]:
    runbook = (
        "[1] runbook/rabbitmq/disk-alarm.md (score 0.88)\n## RabbitMQ 磁盘告警\n"
        "触发条件：RabbitDiskUsageHigh（> 85% 持续 5 分钟）。\n处理：先确认是哪个节点。"
    )
    df = (
        "Filesystem      Size  Used Avail Use% Mounted on\n"
        "/dev/nvme1n1    500G  447G   53G  90% /var/lib/rabbitmq\n"
        "/dev/nvme0n1     50G   21G   29G  42% /\n"
    )
    return [
        EvidenceRow("kb-1", "lookup_knowledge", Outcome.DIRECT_SUPPORT, runbook, {"query": "rabbitmq 磁盘告警"}),
        EvidenceRow("ssh-1", "ssh_exec", Outcome.DIRECT_SUPPORT, df, {"host": "mq-2", "command": "df -h"}),
    ]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("mq-2 的 /var/lib/rabbitmq 使用率 90%，超过 runbook 的 85% 告警线。", True),
        ("/var/lib/rabbitmq on mq-2 is 90% full, over the 85% alert threshold in the runbook.", True),
        ("mq-2 的 /var/lib/rabbitmq 使用率 90%，超过 runbook 的 80% 告警线。", False),  # the runbook says 85%
        ("/var/lib/rabbitmq on mq-2 is 90% full, over the 80% alert threshold in the runbook.", False),
        ("mq-2 的 /var/lib/rabbitmq 使用率 92%，超过 runbook 的 85% 告警线。", False),  # the disk is at 90%
        ("/var/lib/rabbitmq on mq-2 is 92% full, over the 85% alert threshold in the runbook.", False),
    ],
)
def test_a_threshold_part_grounds_alone(draft: str, grounded: bool) -> None:
    found = [c.status for c in check_draft(draft, rows()) if c.kind == ClaimKind.FACT]
    assert found and (found == [ClaimStatus.GROUNDED]) is grounded, found
