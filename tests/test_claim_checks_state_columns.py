"""A state said in a tool's own column ("消费组当前状态为 Stable", "the group's state is Stable") is the word a record
of the subject keeps in its state column: `STATE=PreparingRebalance` shows another state and contradicts it; the
same word shows it; a record of two state columns (sync, health) shows either.
Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def group(state: str) -> EvidenceRow:
    text = (
        "GROUP            COORDINATOR (ID)              ASSIGNMENT-STRATEGY  STATE                #MEMBERS\n"
        f"ledger-writer    kafka-1.kafka:9092 (1)        range                {state:<20} 4\n"
    )
    command = "kafka-consumer-groups.sh --bootstrap-server kafka-0:9092 --describe --group ledger-writer --state"
    return EvidenceRow("kc-1", "kafka_cli", Outcome.DIRECT_SUPPORT, text, {"command": command})


def statuses(draft: str, row: EvidenceRow) -> set[ClaimStatus]:
    return {c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT}


@pytest.mark.parametrize(
    "draft",
    [
        "The ledger-writer group's state is Stable, with 4 members.",
        "ledger-writer 消费组当前状态为 Stable，共 4 个成员。",
    ],
)
def test_a_state_said_in_the_tools_word_is_its_state_column(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, group("CompletingRebalance"))
    assert statuses(draft, group("Stable")) == {ClaimStatus.GROUNDED}


@pytest.mark.parametrize("draft", ["payments-web's health status is Degraded.", "payments-web 的健康状态是 Degraded。"])
def test_a_state_one_of_the_records_state_columns_holds_is_not_contradicted(draft: str) -> None:
    # sync and health: two state columns of one record, either may be the one said
    body = '{"metadata": {"name": "payments-web"}, "status": {"sync": {"status": "Synced"}, "health": {"status": "Degraded"}}}'
    row = EvidenceRow("a-1", "argocd", Outcome.DIRECT_SUPPORT, body, {"args": "app get payments-web -o json"})
    assert ClaimStatus.CONTRADICTED not in statuses(draft, row)


def monitor(state: str) -> EvidenceRow:
    # a describe call of a monitor whose current state is a field named for its value, as cloud APIs print it
    body = (
        '{"Monitors": [{"MonitorName": "queue-depth-billing", "Namespace": "Custom/Queues", '
        f'"StateValue": "{state}", "StateUpdatedTimestamp": "2027-01-04T06:12:09Z", "Threshold": 5000.0}}]}}'
    )
    return EvidenceRow("mon-1", "cloud_cli", Outcome.DIRECT_SUPPORT, body, {"command": "describe-monitors"})


@pytest.mark.parametrize(
    "draft",
    [
        "queue-depth-billing is still in the ALARM state.",
        "The queue-depth-billing monitor is currently in ALARM status.",
        "queue-depth-billing 目前仍处于 ALARM 状态。",
        "queue-depth-billing 这个监控现在处于 `ALARM` 状态。",
    ],
)
def test_a_state_framed_as_a_state_is_the_records_state_field(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, monitor("OK"))
    assert statuses(draft, monitor("ALARM")) == {ClaimStatus.GROUNDED}


@pytest.mark.parametrize(
    "draft", ["queue-depth-billing is in an alarming state.", "queue-depth-billing 处于告警状态。"]
)
def test_a_state_not_spelt_as_a_tool_spells_it_is_not_read_against_the_field(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, monitor("OK"))


def nodes(*states: str) -> EvidenceRow:
    rows = "".join(f" v_ops_node000{i + 1}   | {state:<10} | 10.9.4.2{i + 1}\n" for i, state in enumerate(states))
    text = " node_name        | node_state | node_address\n------------------+------------+--------------\n" + rows
    return EvidenceRow("vsql-1", "vsql", Outcome.DIRECT_SUPPORT, text, {"sql": "SELECT * FROM nodes"})


@pytest.mark.parametrize(
    "draft", ["Both v_ops_node0001 and v_ops_node0002 are UP.", "v_ops_node0001 和 v_ops_node0002 当前全部是 UP。"]
)
def test_a_two_letter_state_in_capitals_is_read_against_each_named_records_column(draft: str) -> None:
    assert statuses(draft, nodes("UP", "UP")) == {ClaimStatus.GROUNDED}
    assert ClaimStatus.CONTRADICTED in statuses(draft, nodes("UP", "DOWN"))


# A replica set member's role or state (MongoDB's PRIMARY, SECONDARY, RECOVERING) is a set of its own: a pod's
# phase (`STATUS=Running`) does not rival it, another member state of the set does.
PODS = EvidenceRow(
    "k-9",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME        READY   STATUS    RESTARTS   AGE\nledger-db-1   2/2     Running   0          26d\n",
    {"args": "get pods -n ledger"},
)


def member(state: str) -> EvidenceRow:
    body = f'{{"members": [{{"name": "ledger-db-1.ledger.svc:27017", "health": 1, "state": "{state}"}}]}}'
    return EvidenceRow("m-9", "mongosh", Outcome.DIRECT_SUPPORT, body, {"eval": "rs.status()"})


@pytest.mark.parametrize("draft", ["ledger-db-1 is SECONDARY.", "ledger-db-1 目前仍为 SECONDARY。"])
def test_a_members_role_is_not_rivalled_by_its_pods_phase(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, PODS)
    assert ClaimStatus.CONTRADICTED not in statuses(draft, member("SECONDARY"))
    assert ClaimStatus.CONTRADICTED in statuses(draft, member("RECOVERING"))
