"""Values a command prints by a template of its own (printed_fields.py), and a workload named by a plain word.

`curl -s -o /dev/null -w '%{http_code} %{time_total}\\n' URL` prints "200 0.004121": the template, not the output,
says that 0.004121 is curl's total time in seconds. A line the template printed is read with cells naming each value
by its placeholder, so "returned 200 in about 4 ms" is shown, and curl's cumulative timings give each phase's length
as they do when the template labels them. Go templates (`docker ps --format '{{.Names}}\\t{{.Status}}'`) name their
fields the same way. Before, such a line was a row of bare numbers, and 0.004121 was no time.

"from the frontend pod", "frontend 容器里" name the workload by a plain word, as "the cart service" already did: a
status the frontend's own call did not show (its curl timed out; another pod's answered) is not the frontend's. A
word that says which pod ("the new pod", "the restarting pod") or a kind counted ("3 个 consumer pod") is no name.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.units import units_of

PROBE = EvidenceRow(
    "c-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "503 0.011842 0.034117 0.052904 0.053011\n(exit status 0)\n",
    {
        "host": "edge-3",
        "command": "curl -s -o /dev/null -w '%{http_code} %{time_connect} %{time_appconnect} "
        "%{time_starttransfer} %{time_total}\\n' https://checkout.example.com/healthz",
    },
)
DOCKER = EvidenceRow(
    "d-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "ledger-api-1\tUp 3 hours (healthy)\t0.0.0.0:8080->8080/tcp\nledger-worker-1\tRestarting (137) 12 seconds ago\t\n",
    {"host": "app-02", "command": "docker ps -a --format '{{.Names}}\\t{{.Status}}\\t{{.Ports}}'"},
)


def statuses(draft: str, rows: list[EvidenceRow]) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "checkout.example.com/healthz returned 503 in about 53 ms.",
        "healthz 返回 503，总耗时约 53 ms。",
        "The TLS handshake took about 22 ms.",
        "TLS 握手约 22 ms。",
    ],
)
def test_a_value_the_template_names_grounds_in_its_unit(draft: str) -> None:
    found = statuses(draft, [PROBE])
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        "checkout.example.com/healthz returned 503 in about 80 ms.",
        "healthz 返回 503，总耗时约 80 ms。",
        "The TLS handshake took about 34 ms.",  # 34 ms is when the handshake ended, not how long it took
        "TLS 握手约 34 ms。",
    ],
)
def test_another_value_does_not_ground(draft: str) -> None:
    found = statuses(draft, [PROBE])
    assert found and ClaimStatus.GROUNDED not in found


def test_a_template_line_is_read_under_its_names_and_no_other_line_is() -> None:
    units = [u for u in units_of(DOCKER) if u.ref != "input"]
    assert "status=Up 3 hours (healthy); ports=0.0.0.0:8080->8080/tcp" in units[0].text
    assert "names=ledger-worker-1; status=Restarting (137) 12 seconds ago" in units[1].text
    probe = [u.text for u in units_of(PROBE) if u.ref != "input"]
    assert "time_total=0.053011" in probe[0] and not any("=" in text for text in probe[1:])


NETCHECK = [
    EvidenceRow(
        "k-1",
        "kubectl",
        Outcome.FAILED,
        "curl: (28) Connection timed out after 5001 milliseconds\ncommand terminated with exit code 28",
        {
            "args": "exec -n shop deploy/frontend -- curl -sS -o /dev/null -w '%{http_code} %{time_total}\\n' "
            "-m 5 http://cart.shop.svc:8080/healthz"
        },
        error_message="command terminated with exit code 28",
    ),
    EvidenceRow(
        "k-2",
        "kubectl",
        Outcome.INDIRECT_SUPPORT,
        '200 0.012384\npod "netcheck" deleted',
        {
            "args": "run netcheck -n shop --rm -i --restart=Never --image=curlimages/curl -- curl -sS -o /dev/null "
            "-w '%{http_code} %{time_total}\\n' -m 5 http://cart.shop.svc:8080/healthz"
        },
    ),
]


@pytest.mark.parametrize(
    "draft",
    [
        "From the frontend pod, http://cart.shop.svc:8080/healthz returned 200 in about 12 ms.",
        "从 frontend 容器里访问 http://cart.shop.svc:8080/healthz 返回 200，耗时约 12 ms。",
    ],
)
def test_a_status_another_pods_call_showed_is_not_the_named_pods(draft: str) -> None:
    found = statuses(draft, NETCHECK)
    assert found and ClaimStatus.GROUNDED not in found


@pytest.mark.parametrize(
    "draft",
    [
        "From the netcheck pod, http://cart.shop.svc:8080/healthz returned 200 in about 12 ms.",
        "从 netcheck 容器里访问 http://cart.shop.svc:8080/healthz 返回 200，耗时约 12 ms。",
    ],
)
def test_the_named_pods_own_call_grounds_it(draft: str) -> None:
    found = statuses(draft, NETCHECK)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Curling from the frontend pod returned 200.", "frontend"),
        ("frontend 容器里 curl 返回 200。", "frontend"),
        ("The new pod returned 200.", None),
        ("The restarting pod is the clearest anomaly.", None),
        ("另外 3 个 falco pod 都正常 Running。", None),
        ("Both consumer pods are Running.", None),
    ],
)
def test_a_plain_word_before_pod_names_it_unless_it_says_which(text: str, name: str | None) -> None:
    services = [f.key for f in extract_facts(text) if f.kind == FactKind.SERVICE]
    assert services == ([name] if name else [])
