"""One record alone past a bound ("the only filesystem over 90%", "唯一超过 90% 的文件系统") is not shown when the
listing of the subject holds another record past that bound too: the claim stays ungrounded. With one such
record it grounds. Domain only, offline; rows and phrasings written for these tests, both ways and both
languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

DF = (
    "Filesystem      Size  Used Avail Use% Mounted on\n"
    "/dev/sda1        98G   41G   53G  44% /\n"
    "/dev/sdb1       2.0T  1.9T   98G  96% /data/es\n"
    "/dev/sdc1       200G  186G   14G  94% /data/snapshots\n"
    "tmpfs            16G     0   16G   0% /dev/shm\n"
)


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("df-1", "ssh_exec", Outcome.DIRECT_SUPPORT, DF, {"host": "es-data-4", "command": "df -h"})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("/data/es is the only filesystem over 95% on es-data-4.", True),
        ("es-data-4 上唯一超过 95% 的文件系统是 /data/es。", True),
        ("/data/es is the only filesystem over 90% on es-data-4.", False),
        ("es-data-4 上唯一超过 90% 的文件系统是 /data/es。", False),
    ],
)
def test_the_only_record_past_a_bound(draft: str, grounded: bool) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED if grounded else ClaimStatus.UNGROUNDED]
