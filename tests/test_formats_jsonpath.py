"""kubectl's `-o jsonpath=` output is read under the template's field names: the values of one object are one
record (a Deployment's image and its revision), each pass of a `{range}` one record (one pod, one condition),
and an output the template does not read whole (a pipe, two commands, a line it did not print) stays lines.

Domain only, offline; templates, outputs and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

from typing import Optional

import pytest

from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.formats.registry import recognise
from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

IMAGE_AND_REVISION = (
    'get deploy ledger-api -n payments -o jsonpath=\'{.spec.template.spec.containers[0].image}{"\\n"}'
    "{.metadata.annotations.deployment\\.kubernetes\\.io/revision}'"
)
CONDITIONS = (
    'get node worker-7 -o jsonpath=\'{range .status.conditions[*]}{.type}{"\\t"}{.status}{"\\t"}{.reason}{"\\n"}{end}\''
)
LIMITS = (
    "get deploy search-api -n search -o jsonpath='{.spec.template.spec.containers[0].resources.requests.memory}"
    '{" "}{.spec.template.spec.containers[0].resources.limits.memory}\''
)


def rollout_history() -> EvidenceRow:
    text = (
        "deployment.apps/ledger-api \nREVISION  CHANGE-CAUSE\n21        bump to 3.3.9\n22        bump to 3.4.0\n"
        "23        bump to 3.4.1\n"
    )
    return EvidenceRow(
        "h-1", "kubectl", Outcome.INDIRECT_SUPPORT, text, {"args": "rollout history deployment/ledger-api -n payments"}
    )


def image_and_revision() -> EvidenceRow:
    text = "registry.shop.io/pay/ledger:3.4.1\n23"
    return EvidenceRow("j-1", "kubectl", Outcome.INDIRECT_SUPPORT, text, {"args": IMAGE_AND_REVISION})


def conditions() -> EvidenceRow:
    text = (
        "MemoryPressure\tFalse\tKubeletHasSufficientMemory\nDiskPressure\tTrue\tKubeletHasDiskPressure\n"
        "Ready\tTrue\tKubeletReady\n"
    )
    return EvidenceRow("c-1", "kubectl", Outcome.DIRECT_SUPPORT, text, {"args": CONDITIONS})


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


def cells(text: str, args: str, tool: str = "kubectl") -> Optional[list[str]]:
    """Each record's cells, or None when the output is not read as jsonpath."""
    preview = Preview(text, tool, {"args": args})
    fmt = recognise(preview)
    return [r.cells for r in fmt.records(preview)] if fmt.id == "jsonpath" else None


def test_one_objects_values_are_one_record_under_their_keys() -> None:
    assert cells("registry.shop.io/pay/ledger:3.4.1\n23", IMAGE_AND_REVISION) == [
        "image=registry.shop.io/pay/ledger:3.4.1; revision=23"
    ]


def test_a_key_two_fields_share_keeps_its_parent() -> None:
    assert cells("2Gi 4Gi", LIMITS) == ["requests.memory=2Gi; limits.memory=4Gi"]


def test_each_pass_of_a_range_is_a_record() -> None:
    assert cells(conditions().preview, CONDITIONS) == [
        "type=MemoryPressure; status=False; reason=KubeletHasSufficientMemory",
        "type=DiskPressure; status=True; reason=KubeletHasDiskPressure",
        "type=Ready; status=True; reason=KubeletReady",
    ]


@pytest.mark.parametrize(
    ("text", "args"),
    [
        # the values piped through another program, or a second command's output after them
        ("registry.shop.io/pay/ledger:3.4.1 23 ok", IMAGE_AND_REVISION.replace("'", "") + " | xargs echo ok"),
        ("registry.shop.io/pay/ledger:3.4.1\n23\nready", IMAGE_AND_REVISION + " && echo ready"),
        # a line the template did not print, or a field it has no value for
        ("registry.shop.io/pay/ledger:3.4.1\n23\nwarning: stale cache", IMAGE_AND_REVISION),
        ("registry.shop.io/pay/ledger:3.4.1", IMAGE_AND_REVISION),
        # one field: its value is a line as any other
        ("3", "get deploy ledger-api -o jsonpath='{.spec.replicas}'"),
    ],
)
def test_an_output_the_template_does_not_read_whole_stays_lines(text: str, args: str) -> None:
    assert cells(text, args) is None


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api is on revision 23, running registry.shop.io/pay/ledger:3.4.1.",
        "ledger-api 目前是 revision 23，镜像为 registry.shop.io/pay/ledger:3.4.1。",
    ],
)
def test_an_objects_values_ground_a_claim_together(draft: str) -> None:
    assert statuses(draft, rollout_history(), image_and_revision()) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api is on revision 22, running registry.shop.io/pay/ledger:3.4.1.",
        "ledger-api 目前是 revision 23，镜像为 registry.shop.io/pay/ledger:3.4.0。",
    ],
)
def test_another_revision_or_image_is_still_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, rollout_history(), image_and_revision())


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("worker-7 reports DiskPressure True (KubeletHasDiskPressure).", True),
        ("worker-7 的 DiskPressure 为 True，原因 KubeletHasDiskPressure。", True),
        ("worker-7 reports MemoryPressure True (KubeletHasDiskPressure).", False),
        ("worker-7 的 MemoryPressure 为 True，原因 KubeletHasDiskPressure。", False),
    ],
)
def test_a_pass_binds_its_own_values(draft: str, grounded: bool) -> None:
    assert (statuses(draft, conditions()) == [ClaimStatus.GROUNDED]) == grounded
