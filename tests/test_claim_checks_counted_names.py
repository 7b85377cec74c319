"""Words that look like names but count or qualify: "revision-26" is the 26th revision, which a row naming
revisions and that number shows (helm's REVISION column, "Rollback to 26"), so it invents nothing, while a
revision no row gives is invented; "by hand", "by default", "by design" name no actor. Domain only, offline;
rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

HISTORY = (
    "REVISION\tUPDATED                 \tSTATUS    \tCHART          \tAPP VERSION\tDESCRIPTION\n"
    "41      \tWed Oct  7 10:12:40 2026\tsuperseded\tbilling-1.12.0 \t4.3.0      \tUpgrade complete\n"
    '42      \tThu Oct  8 08:30:02 2026\tfailed    \tbilling-1.13.0 \t4.4.0      \tUpgrade "billing" failed\n'
    "43      \tThu Oct  8 08:41:19 2026\tdeployed  \tbilling-1.12.0 \t4.3.0      \tRollback to 41\n"
)


def statuses(draft: str) -> list[ClaimStatus]:
    row = EvidenceRow("h-1", "helm", Outcome.DIRECT_SUPPORT, HISTORY, {"args": "history billing -n billing"})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("Revision 43 rolled billing back to the revision-41 release.", False),
        ("revision 43 把 billing 回滚到了 revision-41 的版本。", False),
        ("Revision 43 rolled billing back to the revision-39 release.", True),
        ("revision 43 把 billing 回滚到了 revision-39 的版本。", True),
    ],
)
def test_a_counted_name_is_shown_by_a_row_of_that_count(draft: str, invented: bool) -> None:
    found = statuses(draft)
    assert found and (ClaimStatus.INVENTED in found) is invented


@pytest.mark.parametrize(
    "text",
    [
        "The rollback was run by hand.",
        "It was restarted by default after the probe failed.",
        "Retries are disabled by design.",
    ],
)
def test_by_hand_default_design_name_no_actor(text: str) -> None:
    assert not [f for f in extract_facts(text) if f.kind == FactKind.ACTOR]


def test_by_a_person_still_names_an_actor() -> None:
    assert [f.key for f in extract_facts("It was rolled back by mchen at 08:41.") if f.kind == FactKind.ACTOR] == [
        "mchen"
    ]


FLAGS = "java -Xms16g -Xmx16g -XX:MaxDirectMemorySize=2g -jar /opt/search/search.jar\nethtool: driver: ena\nversion: 2.8.1K\n"


@pytest.mark.parametrize(
    ("draft", "invented"),
    [("search 用的是 ena 驱动，版本 2.8.1K。", False), ("search 用的是 ena 驱动，版本 2.9.4K。", True)],
)
def test_a_version_with_its_build_letter_is_named(draft: str, invented: bool) -> None:
    row = EvidenceRow(
        "p-1", "ssh_exec", Outcome.DIRECT_SUPPORT, FLAGS, {"host": "search-3", "command": "ps; ethtool -i eth0"}
    )
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert (ClaimStatus.INVENTED in found) is invented


@pytest.mark.parametrize(("name", "mentioned"), [("Xms", True), ("Xmx", True), ("Xss", False), ("Xmn", False)])
def test_a_flag_named_without_its_value_is_the_flag_the_command_line_gives(name: str, mentioned: bool) -> None:
    from evidence_trace.server.domain.verifier.evidence_index import Evidence
    from evidence_trace.server.domain.verifier.facts import Fact
    from evidence_trace.server.domain.verifier.invented import invented_names

    row = EvidenceRow("p-1", "ssh_exec", Outcome.DIRECT_SUPPORT, FLAGS, {"host": "search-3", "command": "ps"})
    fact = Fact(FactKind.IDENTIFIER, name, name.lower())
    assert (invented_names(f"It runs with {name} set.", [fact], Evidence([row])) == []) is mentioned


SPAN = '{"operationName": "inventory.v1.Stock/Reserve", "tags": {"rpc.grpc.status_code": 4, "error": true}}'


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("inventory.v1.Stock/Reserve ended with gRPC status code 4 (DEADLINE_EXCEEDED).", False),
        ("inventory.v1.Stock/Reserve 的 gRPC 状态码 4（DEADLINE_EXCEEDED）。", False),
        ("inventory.v1.Stock/Reserve ended with DEADLINE_EXCEEDED.", True),
        ("inventory.v1.Stock/Reserve 最后报了 DEADLINE_EXCEEDED。", True),
    ],
)
def test_a_code_s_name_right_after_it_is_no_invented_name(draft: str, invented: bool) -> None:
    row = EvidenceRow("t-1", "jaeger_get_trace", Outcome.DIRECT_SUPPORT, SPAN, {"traceId": "7f3a91c2e4b80d15"})
    found = [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]
    assert found and (ClaimStatus.INVENTED in found) is invented
