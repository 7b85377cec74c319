"""A part told after its whole: "Of the 5 VMIs in build-farm, 3 are Running" (bare_numbers.PART_AFTER,
counted_units._of_listing).

"3 of the 5 VMIs are Running" and "5 个 VMI 里有 3 个 Running" were read as a part of a listing; told the other way
round, whole first, the part was a single digit before a verb, which the bare-number reader skips (a list marker,
"one of two"), so "Of the 5 VMIs in build-farm, 4 are Running" grounded on the 5 and the state alone. The part is a
figure now, and the listing must show that many records in the state.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

VMIS = EvidenceRow(
    "v-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "NAME          AGE   PHASE        IP            NODENAME    READY\n"
    "build-lnx-a   21d   Running      10.244.7.31   node-k8s-4  True\n"
    "build-lnx-b   21d   Running      10.244.8.12   node-k8s-5  True\n"
    "build-win-a   9d    Scheduling                             False\n"
    "build-win-b   9d    Running      10.244.7.40   node-k8s-4  True\n"
    "build-mac-a   3d    Failed                     node-k8s-6  False\n",
    {"args": "get vmis -n build-farm"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [VMIS]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "Of the 5 VMIs in build-farm, 3 are Running.",
        "Out of 5 VMIs in build-farm, 3 are Running.",
        "build-farm 的 5 个 VMI 里有 3 个 Running。",
        "build-farm 下 5 个 VMI 中 3 个是 Running。",
    ],
)
def test_the_part_the_listing_shows_grounds(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        "Of the 5 VMIs in build-farm, 4 are Running.",
        "Out of 5 VMIs in build-farm, 2 are Running.",
        "build-farm 的 5 个 VMI 里有 4 个 Running。",
        "build-farm 下 5 个 VMI 中 2 个是 Running。",
    ],
)
def test_another_part_is_not_grounded(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found


def test_a_part_written_with_thousands_separators_is_read() -> None:
    # the figures keep their commas as written: reading them must not fail the check
    found = statuses("Of the 2,352 requests to build-farm, 1,204 were retried.")
    assert found and ClaimStatus.GROUNDED not in found
