"""What a record says in its own words is not read as another state (written from heldout68's first contact).

- A denied event is not shown by a record that names it as a condition or a prospect: "will not recover until
  manually restarted" shows no restart (event_shown._UNREALIZED).
- A state in a condition ("the secret is only written once the instance is available") is no state said of the
  subject (field_words._bare_said).
- A field left empty names no state: `pcs status nodes` prints "Offline:" with no node after it
  (latest_state._latest_link).
- A state a record says in the claim's very words ("Node db2 state is now lost") is no contradiction, whatever
  state column another record of it has (latest_state.stated_state).

Each is checked both ways: the record that does show the event or the other state still contradicts. Domain only,
offline; records and phrasings written for these tests, both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def row(text: str, params: dict[str, str], tool: str = "ssh_exec", id_: str = "c-1") -> EvidenceRow:
    return EvidenceRow(id_, tool, Outcome.INDIRECT_SUPPORT, text, params)


KILLED = row(
    "[2026-11-02 03:41:10,201] ERROR [orders-cdc|task-0] Task threw an uncaught exception. Task is being killed and "
    "will not recover until manually restarted\n",
    {"command": "grep orders-cdc /var/log/connect.log"},
)
RESTARTED = row(
    "[2026-11-02 03:41:10,201] ERROR [orders-cdc|task-0] Task threw an uncaught exception\n"
    "[2026-11-02 03:52:44,019] INFO [orders-cdc|task-0] Task restarted by the operator\n",
    {"command": "grep orders-cdc /var/log/connect.log"},
)
NODES = row(
    "Pacemaker Nodes:\n Online: pg-node1 pg-node2 pg-node3\n Standby:\n Maintenance:\n Offline:\n",
    {"command": "pcs status nodes"},
)
NODES_DOWN = row(
    "Pacemaker Nodes:\n Online: pg-node1 pg-node3\n Standby:\n Maintenance:\n Offline: pg-node2\n",
    {"command": "pcs status nodes"},
)
INSTANCES = row(
    "NAME        SYNCED   STATE\nreports-db  True     creating\naudit-db    True     available\n",
    {"args": "get dbinstances -n data"},
    tool="kubectl",
)
JOURNAL = row(
    "Nov 02 04:12:29 db1 pacemaker-controld[1822]: notice: Node pg-node2 state is now lost\n",
    {"command": "journalctl -u pacemaker"},
)
NIC = row("pg-node2 ens2f1: state: unavailable (carrier-changed)\n", {"command": "nmcli -t device status"}, id_="c-2")


def contradicted(draft: str, *rows: EvidenceRow) -> bool:
    return any(c.status == ClaimStatus.CONTRADICTED for c in check_draft(draft, list(rows)) if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ("orders-cdc's task failed at 03:41:10 and has not been restarted.", (KILLED,)),
        ("orders-cdc 的 task 在 03:41:10 失败，之后没有重启。", (KILLED,)),
        ("Writes to reports-db only start once the instance is available.", (INSTANCES,)),
        ("pg-node2 目前已重新 Online。", (NODES,)),
        ("pg-node2 is currently Online again.", (NODES,)),
        ("Since 04:12:29 pg-node2 state is now lost.", (JOURNAL, NIC)),
    ],
)
def test_a_record_in_its_own_words_does_not_contradict(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert not contradicted(draft, *rows)


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ("orders-cdc's task failed at 03:41:10 and has not been restarted.", (RESTARTED,)),
        ("reports-db is available.", (INSTANCES,)),
        ("pg-node2 目前已重新 Online。", (NODES_DOWN,)),
        ("pg-node2 目前仍然 Offline。", (NODES,)),
    ],
)
def test_a_record_that_shows_otherwise_still_contradicts(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert contradicted(draft, *rows)
