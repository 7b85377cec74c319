"""YAML (what `kubectl get -o yaml`, `helm get values`, `gcloud … describe` and most tools' configuration
print) is read as the same document in JSON would be: a route's destination and weight are one record, a
container's image and limits another, a manifest's `metadata` its own record beside the listing. Read one
record a line, "subset canary weight 100" was two units and never bound. Scalars are read as YAML 1.2's core
schema does (`10:12:44` is a time, not a sexagesimal number; `0755` and `on` are words). Text that is not YAML
(log lines with colons, prose, a knowledge tool's quoted config) is not read so. Domain only, offline; payloads
and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.formats.registry import recognise
from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.units import units_of

ROLLOUT = """apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: payments
  namespace: billing
  generation: 12
spec:
  hosts:
  - payments.billing.svc.cluster.local
  http:
  - route:
    - destination:
        host: payments-stable.billing.svc.cluster.local
      weight: {stable}
    - destination:
        host: payments-canary.billing.svc.cluster.local
      weight: {canary}
    timeout: 3s
"""

DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: ledger-api
  namespace: finance
  annotations:
    deployment.kubernetes.io/revision: "31"
spec:
  replicas: 4
  template:
    spec:
      containers:
      - name: ledger-api
        image: registry.internal/finance/ledger-api:{version}
        resources:
          limits:
            cpu: "2"
            memory: {memory}
      - name: envoy
        image: envoyproxy/envoy:v1.31.2
        resources:
          limits:
            memory: 256Mi
status:
  availableReplicas: 4
  readyReplicas: 4
"""


def statuses(draft: str, text: str, args: str = "get -n finance -o yaml") -> list[ClaimStatus]:
    row = EvidenceRow("y-1", "kubectl", Outcome.INDIRECT_SUPPORT, text, {"args": args})
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "payments-canary receives 10% of the traffic.",
        "payments-canary 目前分到 10% 的流量。",
        "The route sends 90% to payments-stable.",
        "路由把 90% 的流量给 payments-stable。",
    ],
)
def test_a_routes_destination_and_weight_are_one_record(draft: str) -> None:
    args = "get virtualservice payments -n billing -o yaml"
    assert statuses(draft, ROLLOUT.format(stable=90, canary=10), args) == [ClaimStatus.GROUNDED]
    assert statuses(draft, ROLLOUT.format(stable=10, canary=90), args) != [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft",
    [
        "The ledger-api container runs image 2.14.1 with a 1Gi memory limit.",
        "ledger-api 容器的镜像是 2.14.1，内存 limit 为 1Gi。",
    ],
)
def test_a_containers_image_and_limit_are_one_record(draft: str) -> None:
    assert statuses(draft, DEPLOYMENT.format(version="2.14.1", memory="1Gi")) == [ClaimStatus.GROUNDED]
    assert statuses(draft, DEPLOYMENT.format(version="2.13.0", memory="1Gi")) != [ClaimStatus.GROUNDED]
    assert statuses(draft, DEPLOYMENT.format(version="2.14.1", memory="2Gi")) != [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["ledger-api is at deployment revision 31.", "ledger-api 的 deployment revision 是 31。"]
)
def test_a_manifests_metadata_beside_its_listing_is_read(draft: str) -> None:
    assert statuses(draft, DEPLOYMENT.format(version="2.14.1", memory="1Gi")) == [ClaimStatus.GROUNDED]
    assert statuses(draft.replace("31", "29"), DEPLOYMENT.format(version="2.14.1", memory="1Gi")) != [
        ClaimStatus.GROUNDED
    ]


CRONJOB = """apiVersion: batch/v1
kind: CronJob
metadata:
  name: ledger-close
spec:
  schedule: "30 2 * * *"
  timeZone: Asia/Shanghai
  jobTemplate:
    spec:
      backoffLimit: 2
status:
  lastScheduleTime: "2026-10-02T18:30:00Z"
  lastSuccessfulTime: "2026-10-02T18:41:27Z"
  active:
  - name: ledger-close-29321430
    namespace: finance
"""


def test_a_time_is_read_as_written_not_as_a_sexagesimal_number() -> None:
    row = EvidenceRow("y-1", "kubectl", Outcome.INDIRECT_SUPPORT, CRONJOB, {"args": "get cronjob ledger-close -o yaml"})
    status = next(u for u in units_of(row) if u.ref == "status")
    assert status.minutes == {18 * 60 + 30, 18 * 60 + 41}
    assert '"lastSuccessfulTime": "2026-10-02T18:41:27Z"' in status.text
    flags = "mode: 0755\nenabled: on\nlimits:\n  window: 1:30\n  retries: 3\n"
    assert "yaml_documents" == recognise(Preview(flags, "ssh_exec")).id
    assert units_of(EvidenceRow("y-2", "ssh_exec", Outcome.INDIRECT_SUPPORT, flags, {}))[0].text == (
        '{"mode": "0755", "enabled": "on", "limits": {"window": "1:30", "retries": 3}}'
    )


@pytest.mark.parametrize(
    "text",
    [
        # log lines whose messages hold colons
        "2026-10-03T02:11:07Z ERROR ledger: db: connection refused\n"
        "2026-10-03T02:11:08Z WARN ledger: retrying: attempt 2\n"
        "2026-10-03T02:11:09Z INFO ledger: connected\n",
        # prose with a colon in each line
        "Summary: the job failed twice.\nCause: the disk filled up.\nNext: rotate the logs.\n",
        # flat key: value lines with numbers: a key-value document, not a YAML tree
        "used_memory:12477651040\nmaxmemory:12884901888\nconnected_clients:412\nblocked_clients:0\n",
    ],
)
def test_text_that_is_no_yaml_tree_is_not_read_as_yaml(text: str) -> None:
    assert recognise(Preview(text, "ssh_exec")).id != "yaml_documents"


def test_a_knowledge_tools_quoted_config_stays_a_knowledge_chunk() -> None:
    text = "spec:\n  replicas: 4\n  template:\n    spec:\n      containers:\n      - name: api\n"
    assert recognise(Preview(text, "lookup_knowledge")).id != "yaml_documents"


def test_a_preview_cut_mid_line_is_read_without_its_last_line() -> None:
    cut = DEPLOYMENT.format(version="2.14.1", memory="1Gi")[:-30] + 'x: "unterminated'
    assert recognise(Preview(cut, "kubectl")).id == "yaml_documents"
    assert statuses("The ledger-api container runs image 2.14.1.", cut) == [ClaimStatus.GROUNDED]


def test_an_alias_expanding_past_the_node_budget_is_not_read_as_yaml() -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    lines += [
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]"
        for i in range(6)
    ]
    assert recognise(Preview("\n".join(lines) + "\n", "ssh_exec")).id != "yaml_documents"


def test_the_same_document_in_json_reads_the_same() -> None:
    yaml_text = ROLLOUT.format(stable=90, canary=10)
    as_json = json.dumps(
        {
            "apiVersion": "networking.istio.io/v1",
            "kind": "VirtualService",
            "metadata": {"name": "payments", "namespace": "billing", "generation": 12},
            "spec": {
                "hosts": ["payments.billing.svc.cluster.local"],
                "http": [
                    {
                        "route": [
                            {"destination": {"host": "payments-stable.billing.svc.cluster.local"}, "weight": 90},
                            {"destination": {"host": "payments-canary.billing.svc.cluster.local"}, "weight": 10},
                        ],
                        "timeout": "3s",
                    }
                ],
            },
        },
        indent=2,
    )
    for draft in ("payments-canary 目前分到 10% 的流量。", "payments-canary receives 90% of the traffic."):
        assert statuses(draft, yaml_text) == statuses(draft, as_json)
