"""A version a record writes with the machine it was built for ("6.1.109-118.189.amzn2023.x86_64", "1.7.22-1_amd64",
"2.4.1-1.el9.noarch") shows the version without it: "kernel 6.1.109-118.189.amzn2023" is grounded by it. Before, the
suffix made the record's version another one, and a correct answer that left the machine out was REJECTed as
contradicted. Another version is still contradicted. So is a Maven release's qualifier ("4.1.107.Final",
"5.3.31.RELEASE"): part of the version, which the release without it also names. Domain only, offline; rows and phrasings written for these tests,
both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

HOSTS = {
    "resources": [
        {"hostname": "ip-10-61-3-40", "kernel_version": "6.1.115-126.197.amzn2023.x86_64"},
        {"hostname": "ip-10-61-3-41", "kernel_version": "5.15.0-1071.77.el9.aarch64"},
    ]
}
PACKAGES = "ii  containerd.io   1.7.24-1_amd64   container runtime\nii  libssl3   3.0.15-1.el9.noarch   TLS library\n"
ROWS = [
    EvidenceRow("h-1", "edr_hosts", Outcome.INDIRECT_SUPPORT, json.dumps(HOSTS), {"filter": "platform:Linux"}),
    EvidenceRow("p-1", "shell_exec", Outcome.INDIRECT_SUPPORT, PACKAGES, {"command": "dpkg -l"}),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL)]


@pytest.mark.parametrize(
    "draft",
    [
        "ip-10-61-3-40 runs kernel 6.1.115-126.197.amzn2023.",
        "ip-10-61-3-41 的内核版本是 5.15.0-1071.77.el9。",
        "containerd.io is at 1.7.24-1 on this host.",
        "这台机器上的 libssl3 是 3.0.15-1.el9。",
    ],
)
def test_the_version_without_its_machine_is_grounded(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    ["ip-10-61-3-40 runs kernel 6.1.115-126.196.amzn2023.", "ip-10-61-3-41 的内核版本是 6.1.115-126.197.amzn2023。"],
)
def test_another_version_is_contradicted(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.CONTRADICTED]


@pytest.mark.parametrize(
    "draft", ["containerd.io is at 1.7.23-1 on this host.", "这台机器上的 libssl3 是 3.0.14-1.el9。"]
)
def test_another_package_version_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "ip-10-61-3-40 runs kernel 6.1.115-126.197.amzn2023.x86_64.",
        "ip-10-61-3-41 的内核是 `5.15.0-1071.77.el9.aarch64`。",
        "The host has libssl3-3.0.15-1.el9.noarch installed.",
    ],
)
def test_the_version_with_its_machine_written_out_is_grounded(draft: str) -> None:
    # "x86_64" is one machine name: the version is not cut at its underscore into another one ("….x86")
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "ip-10-61-3-40 runs kernel 6.1.115-126.196.amzn2023.x86_64.",
        "ip-10-61-3-41 的内核是 5.15.0-1071.78.el9.aarch64。",
    ],
)
def test_another_version_with_its_machine_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


UNAME = (
    "db-7 | CHANGED | rc=0 >>\n5.14.0-427.31.1.el9_4.x86_64\ndb-8 | CHANGED | rc=0 >>\n4.18.0-513.24.1.el8_9.aarch64\n"
)
UNAME_ROWS = [EvidenceRow("u-1", "ansible_adhoc", Outcome.INDIRECT_SUPPORT, UNAME, {"args": "uname -r"})]


@pytest.mark.parametrize(
    "draft",
    [
        "db-7 runs kernel 5.14.0-427.31.1.el9_4.",
        "db-8 的内核是 4.18.0-513.24.1.el8_9。",
        "db-7 is on 5.14.0-427.31.1.el9_4.x86_64.",
    ],
)
def test_a_dist_tag_with_an_underscore_is_part_of_the_version(draft: str) -> None:
    # "el9_4" is the release of a minor RHEL; the version ends at the machine, never at the underscore
    assert [c.status for c in check_draft(draft, UNAME_ROWS) if c.kind == ClaimKind.FACT] == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize("draft", ["db-7 runs kernel 5.14.0-427.31.1.el9_5.", "db-8 的内核是 4.18.0-513.24.1.el8_8。"])
def test_another_dist_tag_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in [c.status for c in check_draft(draft, UNAME_ROWS) if c.kind == ClaimKind.FACT]


MAVEN = EvidenceRow(
    "m-1",
    "nexus_logs",
    Outcome.INDIRECT_SUPPORT,
    "2026-12-01 02:14:09 INFO Downloaded io/netty/netty-handler/4.1.107.Final/netty-handler-4.1.107.Final.jar\n"
    "2026-12-01 02:14:10 INFO Downloaded org/springframework/spring-core/5.3.31.RELEASE/spring-core-5.3.31.RELEASE.jar\n",
    {"repository": "maven-central-proxy"},
)


@pytest.mark.parametrize(
    "draft",
    [
        "The build downloaded netty-handler 4.1.107.Final.",
        "构建下载了 spring-core 5.3.31.RELEASE。",
        "The build pulled netty-handler 4.1.107.",
        "构建拉取了 spring-core 5.3.31。",
    ],
)
def test_a_maven_release_with_or_without_its_qualifier_is_grounded(draft: str) -> None:
    # "4.1.107.Final" is one version, never "4.1.107" followed by something else
    assert [c.status for c in check_draft(draft, [MAVEN]) if c.kind == ClaimKind.FACT] == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["The build downloaded netty-handler 4.1.108.Final.", "构建下载了 spring-core 5.3.30.RELEASE。"]
)
def test_another_maven_release_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in [c.status for c in check_draft(draft, [MAVEN]) if c.kind == ClaimKind.FACT]
