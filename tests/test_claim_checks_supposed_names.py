"""A name a claim supposes for an example is the writer's choice, no invented entity
(standard_names.a_name_the_writer_chooses).

"Insert the new disk (say `/dev/sdd`), then `pvcreate /dev/sdd`", "e.g. `db-creds-v2`", "插入一块新盘（比如 `/dev/sdd`）":
no call need have mentioned the device the writer picks for the example, and a correct answer was REJECTed for it. A
name said as a finding ("The failed disk is /dev/sdq", "新盘是 /dev/sdq") still invents.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

LVS = EvidenceRow(
    "l-1",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "  LV                VG       Attr       LSize   Devices\n"
    "  lv_images         vg_store rwi-aor-r- 500.00g lv_images_rimage_0(0),lv_images_rimage_1(0)\n",
    {"host": "store-1", "command": "lvs -a -o +devices vg_store"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [LVS])]


@pytest.mark.parametrize(
    "draft",
    [
        "Insert the new disk (say `/dev/sdd`), then `pvcreate /dev/sdd` and `vgextend vg_store /dev/sdd`.",
        "Add a disk, e.g. /dev/sdd, to vg_store with vgextend vg_store /dev/sdd.",
        "插入一块新盘（比如 `/dev/sdd`）后执行 `pvcreate /dev/sdd`。",
        "用 vgextend 把新盘（例如 /dev/sdd）加进 vg_store。",
    ],
)
def test_a_supposed_name_invents_nothing(draft: str) -> None:
    assert ClaimStatus.INVENTED not in statuses(draft)


@pytest.mark.parametrize("draft", ["The failed disk under vg_store is /dev/sdq.", "vg_store 里坏掉的盘是 /dev/sdq。"])
def test_a_name_said_as_a_finding_still_invents(draft: str) -> None:
    assert ClaimStatus.INVENTED in statuses(draft)
