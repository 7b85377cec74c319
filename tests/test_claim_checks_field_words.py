"""A value a claim gives a named field ("with status enabled", "reason TARGETING_MATCH", "状态为 disabled", "原因为
STATIC") is read against the records of its subject that give that field (field_words.py): when some give it and
none gives the claimed value, the claim is contradicted. A word that is no state or code ("the status page") gives
no value. Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

RUN = EvidenceRow(
    "gh-1",
    "github_api",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "id": 88120455,
            "name": "deploy-prod",
            "head_branch": "main",
            "status": "completed",
            "conclusion": "failure",
            "run_number": 5512,
            "updated_at": "2026-11-20T03:14:09Z",
        }
    ),
    {"path": "/repos/acme/ledger/actions/runs/88120455"},
)
ROUTER = EvidenceRow(
    "tr-1",
    "http_check",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "name": "payments-edge@kubernetescrd",
            "rule": "Host(`pay.internal`)",
            "service": "payments-edge-svc",
            "status": "disabled",
            "error": ["the service does not exist"],
        }
    ),
    {"url": "http://127.0.0.1:8080/api/http/routers/payments-edge@kubernetescrd"},
)
FLAG = EvidenceRow(
    "ff-1",
    "http_check",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"key": "new-search-ui", "reason": "SPLIT", "variant": "on", "value": True}),
    {"url": "http://flagd:8016/ofrep/v1/evaluate/flags/new-search-ui"},
)
OTHER_FLAG = EvidenceRow(  # another flag's evaluation: its reason is no value of new-search-ui's
    "ff-2",
    "http_check",
    Outcome.INDIRECT_SUPPORT,
    json.dumps({"key": "dark-mode", "reason": "TARGETING_MATCH", "variant": "off", "value": False}),
    {"url": "http://flagd:8016/ofrep/v1/evaluate/flags/dark-mode"},
)


def statuses(draft: str, *rows: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, rows)]


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ("The deploy-prod run 5512 finished with conclusion success.", (RUN,)),
        ("The router payments-edge@kubernetescrd is listed with status enabled.", (ROUTER,)),
        ("payments-edge@kubernetescrd 这个路由的状态为 enabled。", (ROUTER,)),
        ("new-search-ui evaluates to on with reason DEFAULT, i.e. everyone gets it.", (FLAG, OTHER_FLAG)),
        ("new-search-ui 的求值 variant 是 on，reason 为 DEFAULT。", (FLAG, OTHER_FLAG)),
    ],
)
def test_another_value_of_the_named_field_contradicts(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, *rows)


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ("The deploy-prod run 5512 finished with conclusion failure.", (RUN,)),
        ("The router payments-edge@kubernetescrd is listed with status disabled.", (ROUTER,)),
        ("payments-edge@kubernetescrd 这个路由的状态为 disabled。", (ROUTER,)),
        ("new-search-ui evaluates to on with reason SPLIT, i.e. the user fell in the rollout bucket.", (FLAG,)),
        ("new-search-ui 的求值 variant 是 on，reason 为 SPLIT。", (FLAG, OTHER_FLAG)),
        ("dark-mode 的 reason 为 TARGETING_MATCH。", (FLAG, OTHER_FLAG)),
        # a word that is no state or code gives the field no value
        ("The status page for payments-edge@kubernetescrd shows the error.", (ROUTER,)),
        ("The reason new-search-ui is on for this user is the rollout.", (FLAG,)),
    ],
)
def test_the_fields_own_value_or_no_value_does_not_contradict(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, *rows)


def test_a_value_some_record_of_the_subject_gives_is_no_rival() -> None:
    enabled = EvidenceRow(
        "tr-2",
        "http_check",
        Outcome.INDIRECT_SUPPORT,
        ROUTER.preview.replace('"disabled"', '"enabled"'),
        {"url": "http://127.0.0.1:8080/api/http/routers/payments-edge@kubernetescrd?at=earlier"},
    )
    draft = "payments-edge@kubernetescrd was listed with status enabled before the deploy."
    assert ClaimStatus.CONTRADICTED not in statuses(draft, ROUTER, enabled)


@pytest.mark.parametrize(
    "draft",
    [
        "new-search-ui evaluates to on with reason TARGETING_MATCH, i.e. a rule matched.",
        "new-search-ui 的求值 reason 为 TARGETING_MATCH。",
    ],
)
def test_a_value_another_subjects_record_gives_is_not_shown(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft, FLAG, OTHER_FLAG)


NODE = EvidenceRow(
    "nm-1",
    "nomad",
    Outcome.INDIRECT_SUPPORT,
    "ID              = 8a1c44f0-2b9e-4d7a-a1f3-5e6d7c8b9a01\nName            = batch-client-7\nNode Pool       = batch\n"
    "Class           = <none>\nDC              = dc1\nDrain           = true\nEligibility     = ineligible\n"
    "Status          = ready\nUptime          = 96h12m4s\nDriver Status   = docker,exec\n\nNode Events\n"
    "Time                  Subsystem  Message\n2026-11-04T07:12:40Z  Drain      Node drain strategy set\n",
    {"args": "node status 8a1c44f0"},
)
APP = EvidenceRow(
    "ar-1",
    "argocd",
    Outcome.INDIRECT_SUPPORT,
    "Name:               argocd/billing-web\nSync Status:        OutOfSync from main (4c2e9a1)\n"
    "Health Status:      Healthy\n",
    {"args": "app get billing-web"},
)
CERT = EvidenceRow(
    "cm-1",
    "kubectl",
    Outcome.INDIRECT_SUPPORT,
    "Name:         billing-tls\nStatus:\n  Conditions:\n    Message: Failed to wait for order billing-tls-1 to become "
    'ready: order is in "invalid" state\n    Reason:  Failed\n    Status:  False\n    Type:    Ready\n',
    {"args": "describe certificate billing-tls"},
)
DEPLOYS = EvidenceRow(
    "dp-1",
    "deploy_history",
    Outcome.INDIRECT_SUPPORT,
    json.dumps([{"service": "billing-web", "version": "3.4.1", "status": "succeeded"}]),
    {"service": "billing-web"},
)


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        # a field the tool prints, written as it names it
        ("batch-client-7 的 Status 是 ready，Eligibility 为 eligible，可以接收新分配。", (NODE,)),
        ("batch-client-7 is ready and its Eligibility is eligible.", (NODE,)),
        ("batch-client-7: Drain is false.", (NODE,)),
    ],
)
def test_a_field_the_tool_prints_is_read_as_it_names_it(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, *rows)


@pytest.mark.parametrize(
    ("draft", "rows"),
    [
        ("batch-client-7 的 Eligibility 为 ineligible，正在 drain。", (NODE,)),
        # a qualified field is that field, not another one's status
        ("billing-web: Sync Status OutOfSync from main (4c2e9a1), Health Status: Healthy.", (APP,)),
        ("billing-web 的 Sync Status：OutOfSync，Health Status：Healthy。", (APP,)),
        # prose after a colon is no field's value; a value that is no state is no rival of one
        ("billing-tls: Ready=False, reason Failed.", (CERT,)),
        ("billing-web 的 Deployment 是 Degraded 的，Service 是 Healthy。", (DEPLOYS,)),
    ],
)
def test_a_fields_own_value_a_qualified_field_or_prose_is_no_rival(draft: str, rows: tuple[EvidenceRow, ...]) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, *rows)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("clicks falls in bundle 0x40000000_0x80000000 of public/default.", True),
        ("clicks 所在的 bundle 是 0x80000000_0xc0000000。", False),
    ],
)
def test_a_hex_range_is_one_name(draft: str, invented: bool) -> None:
    bundle = EvidenceRow(
        "pl-1",
        "pulsar_admin",
        Outcome.INDIRECT_SUPPORT,
        '"0x80000000_0xc0000000"',
        {"args": "topics bundle-range clicks"},
    )
    assert (ClaimStatus.INVENTED in statuses(draft, bundle)) is invented


def curl(host: str, bucket: str) -> EvidenceRow:
    return EvidenceRow(
        f"c-{host}",
        "http_check",
        Outcome.INDIRECT_SUPPORT,
        "HTTP/1.1 200 OK\nContent-Type: text/html\nCache-Control: public, max-age=300\n"
        f"Set-Cookie: ab_bucket={bucket}; Path=/\n",
        {"url": f"https://{host}/landing"},
    )


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The origin answers /landing with max-age=300 and sets ab_bucket=A.", False),
        ("源站对 /landing 的响应带 max-age=300，Set-Cookie 是 ab_bucket=B。", False),
        ("The origin answers /landing with max-age=300 and sets ab_bucket=C.", True),
        ("源站对 /landing 的响应带 max-age=300，Set-Cookie 是 ab_bucket=C。", True),
    ],
)
def test_a_keyed_value_one_record_of_the_subject_gives_is_shown(draft: str, contradicted: bool) -> None:
    rows = (curl("origin.shop.internal", "A"), curl("edge.shop.example", "B"))
    assert (ClaimStatus.CONTRADICTED in statuses(draft, *rows)) is contradicted


MAPPING = EvidenceRow(
    "esm-1",
    "aws_cli",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        {
            "UUID": "b41c0e9a-2f7d-4c1e-9a3b-5d8e6f7a1c20",
            "EventSourceArn": "arn:aws:kinesis:eu-west-1:123456789012:stream/clickstream-eu",
            "State": "Disabled",
            "StateTransitionReason": "USER_INITIATED",
        },
        indent=2,
    ),
    {"args": "lambda get-event-source-mapping --uuid b41c0e9a-2f7d-4c1e-9a3b-5d8e6f7a1c20"},
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("The clickstream-eu mapping is Disabled (see its StateTransitionReason).", False),
        ("clickstream-eu 的触发器被停用了（见 StateTransitionReason）。", False),
        ("The clickstream-eu mapping's state is Enabled (see its StateTransitionReason).", True),
        ("clickstream-eu 的触发器状态是 Enabled（见 StateTransitionReason）。", True),
    ],
)
def test_a_field_word_inside_a_longer_name_is_no_field(draft: str, contradicted: bool) -> None:
    assert (ClaimStatus.CONTRADICTED in statuses(draft, MAPPING)) is contradicted
