"""Names a correct answer writes that tools print apart or not at all, which invent nothing: a stack frame with its
line (`OrderController.create:88`, the frame's function and lineno apart), a path into a document with indexes
(`routes[17].paths[1]`, a Lua table's keys apart), a network by a wildcard where hosts are named for their
addresses (`10.0.1.x` of `ip-10-0-1-88`), names a denial lists ("没有出现 X 或 Y", "no X or Y"), a word before a
plural noun after "by" ("removed by inbound filters", no actor), and a project's own component (`grpc-gateway`).
A frame, a network or an event of the incident named nowhere is still invented. Domain only, offline; rows and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

ROWS = [
    EvidenceRow(
        "s-1",
        "sentry_api",
        Outcome.DIRECT_SUPPORT,
        json.dumps(
            {
                "frames": [
                    {"module": "com.shop.cart.CartController", "function": "checkout", "lineno": 57},
                    {"module": "com.shop.cart.PriceService", "function": "quote", "lineno": 140},
                ]
            }
        ),
        {"path": "/issues/9/events/latest/"},
    ),
    EvidenceRow(
        "k-1",
        "kubectl",
        Outcome.DIRECT_SUPPORT,
        '2026/10/02 20:06:12 [error] got 400: declarative config is invalid: {services={[4]={routes={[2]="bad"}}}}\n',
        {"args": "logs kong-7f9c"},
    ),
    EvidenceRow(
        "n-1",
        "kubectl",
        Outcome.INDIRECT_SUPPORT,
        "NAME           STATUS   AGE\nip-10-3-7-19   Ready    9d\nip-10-3-9-40   Ready    9d\n",
        {"args": "get nodes"},
    ),
    EvidenceRow(
        "c-1",
        "consul",
        Outcome.INDIRECT_SUPPORT,
        "2026-10-02T11:02:14Z [INFO] memberlist: Suspect node-b has failed, no acks received\n",
        {"args": "monitor"},
    ),
]


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, ROWS)]


@pytest.mark.parametrize(
    "draft",
    [
        "The stack is `CartController.checkout:57` → `PriceService.quote:140`.",
        "调用栈是 `CartController.checkout:57` → `PriceService.quote:140`。",
        "Kong rejects the config at `services[4].routes[2]`.",
        "The nodes sit in 10.3.7.x and 10.3.9.x.",
        "两个节点分别在 10.3.7.x 和 10.3.9.x 网段。",
        "没有出现 `Marking node-b as failed` 或 `EventMemberFailed`。",
        "There was no `EventMemberFailed` or `EventMemberLeave` for node-b.",
        "About 3,310 events were removed by inbound filters.",
        "The 504 comes from the grpc-gateway in front of the service.",
    ],
)
def test_names_tools_print_apart_or_a_denial_lists_invent_nothing(draft: str):
    assert ClaimStatus.INVENTED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "The stack is `CartController.refund:91`.",
        "The nodes sit in 10.3.4.x.",
        "节点在 10.3.4.x 网段。",
        "node-b logged EventMemberFailed at 11:02:14.",
        "Kong rejects the config at `plugins[3].config[1]`.",
    ],
)
def test_a_frame_network_or_event_named_nowhere_is_still_invented(draft: str):
    assert ClaimStatus.INVENTED in statuses(draft)
