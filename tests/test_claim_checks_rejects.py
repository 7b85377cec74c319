"""What a REJECT needs: a name the session never mentions, or evidence that says otherwise. Domain only, offline.

Classes a correct answer was withheld for, each read the way operators write it:
- a name the claim denies ("not an OOMKill", "没有被 OOMKilled"), writes cut short (`7c1e4a9b…`,
  "/api/v3/items/...") or that prose uses as a word ("write-path", "in-cluster", "4/4 ready") invents nothing;
- "inhibited (not silenced)": Alertmanager's two ways to suppress an alert are told apart;
- "exceeded it by about 18 s", "超了约 18 秒": the difference of two values one unit names;
- "all 6 nodes reject it: 4 lack CPU and the other 2 are tainted": counts of the parts of a whole;
- "almost all" is no universal; "no errors since then", "之后没有再报错" deny nothing before.

Phrasings written for these tests, both ways and in both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def judged(draft: str, rows: list[EvidenceRow]):
    (check,) = [c for c in check_draft(draft, rows) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL, ClaimKind.GAP)]
    return check


def logs(*entries: tuple[str, str, str, str]) -> EvidenceRow:
    body = {
        "logs": [
            {"timestamp": t, "level": lvl, "service": "ledger-writer", "instance": "ledger-writer-0", "message": m}
            for t, lvl, m, _ in entries
        ],
        "total": len(entries),
    }
    return EvidenceRow("java-r", "query_logs", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


TRACE = logs(
    ("2026-12-24 09:10:01", "ERROR", "trace_id=7c1e4a9b55d04f1e9a3b2c6d8e0f1a2b GET /api/v3/items/88123 -> 502", ""),
    ("2026-12-24 09:10:02", "INFO", "exit status Error code 3 after heap dump; limits memory=3Gi", ""),
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("This is not an OOMKill: the container exited with code 3.", False),
        ("这不是 OOMKilled，容器以退出码 3 退出。", False),
        ("The container was OOMKilled.", True),
        ("容器被 OOMKilled 了。", True),
        ("Trace `7c1e4a9b…` failed with a 502.", False),
        ("trace 7c1e4a9b... 返回了 502。", False),
        ("Trace `d00dfeed…` failed with a 502.", True),
        ("Requests to /api/v3/items/... answered 502.", False),
        ("/api/v3/items/... 的请求返回了 502。", False),
        ("Requests to /api/v9/carts/... answered 502.", True),
        ("The write-path stalls in-cluster on the 502.", False),
        ("billing-svc answered 502.", True),
    ],
)
def test_what_invents_a_name(draft: str, invented: bool) -> None:
    assert (judged(draft, [TRACE]).status == ClaimStatus.INVENTED) is invented


def test_a_readiness_fraction_invents_nothing() -> None:
    rs = (
        "NAME                        DESIRED   CURRENT   READY   AGE\n"
        "notifier-6f4b7c9d85         4         4         4       2d5h\n"
        "notifier-5d9e8f7a64         0         0         0       9d\n"
    )
    row = EvidenceRow("k-rs", "kubectl", Outcome.INDIRECT_SUPPORT, rs, {"command": "kubectl get rs"})
    for draft in ("ReplicaSet notifier-6f4b7c9d85 is 4/4 ready.", "notifier-6f4b7c9d85 现在 4/4 就绪。"):
        assert judged(draft, [row]).status != ClaimStatus.INVENTED
    # a part of a whole no row writes is a value to show, not a name: not grounded, and not invented either (a row
    # giving another part of the same whole, "500/500" against "50/500", still makes it invented: test_claim_checks_subjects)
    assert judged("ReplicaSet notifier-6f4b7c9d85 had 3/40 pods failing.", [row]).status == ClaimStatus.UNGROUNDED


def alert(silenced: list[str], inhibited: list[str]) -> EvidenceRow:
    body = [
        {
            "labels": {"alertname": "KubePodNotReady", "pod": "ledger-writer-0"},
            "status": {"state": "suppressed", "silencedBy": silenced, "inhibitedBy": inhibited},
            "startsAt": "2026-12-24T01:02:00Z",
        }
    ]
    return EvidenceRow("am-1", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {})


@pytest.mark.parametrize(
    ("draft", "silenced", "contradicted"),
    [
        ("KubePodNotReady for ledger-writer-0 is inhibited (not silenced).", False, False),
        ("ledger-writer-0 的 KubePodNotReady 被抑制了（没有被静默）。", False, False),
        ("KubePodNotReady for ledger-writer-0 is inhibited (not silenced).", True, True),
        ("ledger-writer-0 的 KubePodNotReady 被抑制了（没有被静默）。", True, True),
    ],
)
def test_silenced_and_inhibited_are_told_apart(draft: str, silenced: bool, contradicted: bool) -> None:
    row = alert(["c41d7e09-2b6a-4f1e-9d3c-5a7b8e0f1d22"] if silenced else [], ["f00d5eed"])
    assert (judged(draft, [row]).status == ClaimStatus.CONTRADICTED) is contradicted


POLL = logs(
    ("2026-12-24 11:02:28", "WARN", "batch done partition=events-7 elapsed_ms=318452 (max.poll.interval.ms=300000)", "")
)


@pytest.mark.parametrize(
    ("draft", "status"),
    [
        ("The batch on events-7 exceeded the poll interval by about 18 s.", ClaimStatus.GROUNDED),
        ("events-7 这批处理比 max.poll.interval.ms 超了约 18 秒。", ClaimStatus.GROUNDED),
        ("The batch on events-7 exceeded the poll interval by about 40 s.", ClaimStatus.UNGROUNDED),
        ("events-7 这批处理比 max.poll.interval.ms 超了约 40 秒。", ClaimStatus.UNGROUNDED),
    ],
)
def test_an_excess_is_the_difference_of_two_values(draft: str, status: ClaimStatus) -> None:
    assert judged(draft, [POLL]).status == status


def scheduling_events() -> EvidenceRow:
    events = (
        "LAST SEEN   TYPE      REASON              OBJECT                            MESSAGE\n"
        "2m          Warning   FailedScheduling    pod/feature-api-64f8b9d7c-8wqnd   0/6 nodes are available: "
        "4 Insufficient cpu, 2 node(s) had untolerated taint {dedicated: gpu}.\n"
        "2m          Normal    NotTriggerScaleUp   pod/feature-api-64f8b9d7c-8wqnd   pod didn't trigger scale-up: "
        "1 max node group size reached, 1 node(s) had untolerated taint {dedicated: gpu}\n"
    )
    return EvidenceRow("k-ev", "kubectl", Outcome.DIRECT_SUPPORT, events, {"command": "kubectl get events"})


@pytest.mark.parametrize(
    "draft",
    [
        "feature-api-64f8b9d7c-8wqnd cannot be scheduled: all 6 nodes reject it, 4 for CPU and the other 2 for a taint.",
        "feature-api-64f8b9d7c-8wqnd 调度不上：6 个节点都不行，4 个节点 CPU 不够，另外 2 个节点有污点。",
    ],
)
def test_counts_of_the_parts_of_a_whole_are_no_rivals(draft: str) -> None:
    checks = check_draft(draft, [scheduling_events()])
    assert checks and all(c.status not in (ClaimStatus.CONTRADICTED, ClaimStatus.INVENTED) for c in checks)
    assert any(c.status == ClaimStatus.GROUNDED and "6" in " ".join(c.facts) for c in checks)  # "0/6 nodes"


ERRORS_THEN_QUIET = logs(
    ("2026-12-24 10:14:22", "ERROR", "lost connection to redis master, retrying", ""),
    ("2026-12-24 10:14:40", "INFO", "reconnected to new master 10.9.3.4:6379", ""),
)


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("ledger-writer reconnected to the new master and logged no errors since then.", False),
        ("ledger-writer 连上新主之后没有再报错。", False),
        ("ledger-writer logged no errors.", True),
        ("ledger-writer 没有报错。", True),
    ],
)
def test_a_denial_since_a_moment_denies_nothing_before(draft: str, contradicted: bool) -> None:
    assert (judged(draft, [ERRORS_THEN_QUIET]).status == ClaimStatus.CONTRADICTED) is contradicted


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("Almost all of the ledger-writer entries are errors.", False),
        ("ledger-writer 的日志几乎都是 ERROR。", False),
        ("All of the ledger-writer entries are errors.", True),
        ("ledger-writer 的日志都是 ERROR。", True),
    ],
)
def test_almost_all_is_no_universal(draft: str, contradicted: bool) -> None:
    assert (judged(draft, [ERRORS_THEN_QUIET]).status == ClaimStatus.CONTRADICTED) is contradicted


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("ledger-writer-0 threw IllegalStateExceptions at 09:10:05.", True),
        ("ledger-writer-0 在 09:10:05 抛出了多个 IllegalStateExceptions。", True),
        ("ledger-writer-0 threw ConcurrentModificationExceptions at 09:10:05.", False),
    ],
)
def test_a_name_in_the_plural_is_the_name(draft: str, grounded: bool) -> None:
    row = logs(("2026-12-24 09:10:05", "ERROR", "java.lang.IllegalStateException: pool closed", ""))
    assert (judged(draft, [row]).status == ClaimStatus.GROUNDED) is grounded


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Don't restart the replica by hand.", ClaimKind.ADVICE),
        ("不要在从库上手动跳过错误。", ClaimKind.ADVICE),
        ("Avoid raising the pool size above 20.", ClaimKind.ADVICE),
        ("ledger-writer-0 did not restart.", ClaimKind.FACT),
        ("ledger-writer-0 没有重启。", ClaimKind.FACT),
    ],
)
def test_a_prohibition_is_advice(text: str, kind: ClaimKind) -> None:
    from evidence_trace.server.domain.verifier.claims import split_claims

    assert split_claims(text)[0].kind == kind


ROUTES = logs(
    ("2026-12-24 20:05:11", "ERROR", "GET /api/v2/accounts/88123/limits -> 500 (helm rev 12)", ""),
    ("2026-12-24 20:16:40", "ERROR", "upstream ledger-svc.core.svc:9443 reset", ""),
)


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("Check the previous container's logs with `--previous`.", False),
        ("重启原因要用 `kubectl logs --previous` 看。", False),
        ("The errors are all on GET /api/v2/accounts/{id}/limits.", False),
        ("报错都在 /api/v2/accounts/:id/limits 这个接口上。", False),
        ("The errors are all on GET /api/v2/orders/{id}/items.", True),
        ("Revision 11 is missing from the history.", False),
        ("历史里 revision 11 不在了。", False),
        ("Revision 37 rolled the app back.", True),
        ("Both resets came from `…-9mlzw`.", True),
    ],
)
def test_flags_templates_and_absences_invent_nothing(draft: str, invented: bool) -> None:
    checks = check_draft(draft, [ROUTES])
    assert (ClaimStatus.INVENTED in [c.status for c in checks]) is invented


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("ledger-writer logged no errors between 20:10 and 20:15.", False),
        ("20:10 到 20:15 之间 ledger-writer 没有报错。", False),
        ("ledger-writer logged no errors between 20:00 and 20:10.", True),
        ("20:00 到 20:10 之间 ledger-writer 没有报错。", True),
    ],
)
def test_a_denial_holds_for_its_window(draft: str, contradicted: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [ROUTES])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


@pytest.mark.parametrize(
    "draft", ["ledger-svc.core.svc:9443：1 次 reset。", "ledger-svc.core.svc:9443: one reset at 20:16."]
)
def test_a_port_after_a_name_is_no_value(draft: str) -> None:
    assert all(c.status != ClaimStatus.CONTRADICTED for c in check_draft(draft, [ROUTES]))


def silence_and_commit() -> list[EvidenceRow]:
    silences = [
        {
            "id": "7d2f9a4c-1b2e-4c3d-8e9f-0a1b2c3d4e5f",
            "matchers": [
                {"name": "alertname", "value": "KubeJobFailed", "isRegex": False},
                {"name": "pod", "value": "nightly-etl-.*", "isRegex": True},
            ],
            "createdBy": "m.okafor",
            "endsAt": "2026-12-24T18:00:00Z",
        }
    ]
    log = "commit 9f3c2a7b41d0e8c6a5b4f3e2d1c0b9a8f7e6d5c4\nAuthor: m.okafor\n    etl: raise batch size (feature_store writer)\n"
    return [
        EvidenceRow("am-sil", "alertmanager_silences", Outcome.INDIRECT_SUPPORT, json.dumps(silences), {}),
        EvidenceRow("git-1", "git_log", Outcome.INDIRECT_SUPPORT, log, {"repo": "etl"}),
    ]


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("The silence matches `pod=~nightly-etl-.*`.", False),
        ("这条 silence 的匹配条件是 `pod=~nightly-etl-.*`。", False),
        ("The silence matches `pod=~hourly-sync-.*`.", True),
        ("The change is commit `9f3c2a7` by m.okafor.", False),
        ("改动来自 commit `9f3c2a7`。", False),
        ("The change is commit `1e2d3c4` by m.okafor.", True),
        ("The feature-store writer got a bigger batch.", False),
        ("如果 `batch-size-limit` 设得太大，写入会变慢。", False),
        # a setting's name (its last part "limit", "timeout", "size" …) is no entity: unshown, it is ungrounded
        ("`batch-size-limit` was raised to 5000.", False),
        ("`batch-writer-7` was raised to 5000 rows.", True),
    ],
)
def test_matchers_short_hashes_and_spellings_invent_nothing(draft: str, invented: bool) -> None:
    statuses = [c.status for c in check_draft(draft, silence_and_commit())]
    assert (ClaimStatus.INVENTED in statuses) is invented


def route_rates() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [
                {"metric": {"route": r}, "value": [1797829920, v]}
                for r, v in (("/api/v1/orders/{id}", "0.0012"), ("/api/v1/orders/cancel", "0"), ("/healthz", "0"))
            ],
        },
    }
    return EvidenceRow("prom-r", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": "error_ratio"})


@pytest.mark.parametrize(
    ("draft", "contradicted"), [("/api/v1/orders/{id} 只有 0.12%，/api/v1/orders/cancel 和 /healthz 都是 0。", False)]
)
def test_dou_after_joined_names_ranges_over_them(draft: str, contradicted: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [route_rates()])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


def pause_series() -> EvidenceRow:
    body = {
        "status": "success",
        "data": {
            "resultType": "vector",
            "result": [
                {"metric": {"pod": p}, "value": [1797829920, v]}
                for p, v in (("push-7c9d-aa1", "0.82"), ("push-7c9d-bb2", "0.21"), ("push-7c9d-cc3", "0.18"))
            ],
        },
    }
    return EvidenceRow(
        "prom-gc", "query_metrics", Outcome.DIRECT_SUPPORT, json.dumps(body), {"query": "max_gc_pause_seconds"}
    )


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("push-7c9d-aa1 paused 820 ms; no other push pod has a pause over 500 ms.", False),
        ("push-7c9d-aa1 停顿了 820 ms，其他 push pod 都没有超过 500 ms 的停顿。", False),
        ("No push pod has a pause over 500 ms.", True),
    ],
)
def test_no_other_is_no_universal_over_all(draft: str, contradicted: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [pause_series()])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


def kubelet_lines(evicted: bool) -> EvidenceRow:
    lines = [
        "I1224 10:02:11 eviction_manager.go:366] eviction manager: pods ranked for eviction: "
        "web/cart-5d8f7-aa1bc, web/frontend-6d8f7-xkq2p"
    ]
    if evicted:
        lines.append('I1224 10:02:12 eviction_manager.go:592] "Evicted pod" pod="web/frontend-6d8f7-xkq2p"')
    return EvidenceRow("kubelet-1", "journalctl", Outcome.INDIRECT_SUPPORT, "\n".join(lines), {"unit": "kubelet"})


@pytest.mark.parametrize(
    ("draft", "evicted", "contradicted"),
    [
        ("frontend-6d8f7-xkq2p was ranked for eviction but was never evicted.", False, False),
        ("frontend-6d8f7-xkq2p 在驱逐排序里，但没有被驱逐。", False, False),
        ("frontend-6d8f7-xkq2p was ranked for eviction but was never evicted.", True, True),
    ],
)
def test_a_ranking_for_eviction_is_no_eviction(draft: str, evicted: bool, contradicted: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [kubelet_lines(evicted)])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


def test_also_is_no_other() -> None:
    # "另外，…" opens a new point ("also"); it excepts nothing from "no pod"
    statuses = [c.status for c in check_draft("另外，所有 push pod 都没有超过 500 ms 的停顿。", [pause_series()])]
    assert ClaimStatus.CONTRADICTED in statuses


@pytest.mark.parametrize(
    ("draft", "contradicted"),
    [
        ("所有 push pod 都没有超过 900 ms 的停顿。", False),
        ("所有 push pod 都没有超过 500 ms 的停顿。", True),
        ("No push pod has a pause over 900 ms.", False),
        ("No push pod has a pause over 500 ms.", True),
    ],
)
def test_none_exceeded_is_contradicted_by_one_that_did(draft: str, contradicted: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [pause_series()])]
    assert (ClaimStatus.CONTRADICTED in statuses) is contradicted


def test_a_suppressed_alert_that_lists_neither_is_held_back_either_way() -> None:
    # amtool and other readers say only "suppressed": both "silenced" and "inhibited" are read as shown
    body = [{"labels": {"alertname": "KubePodNotReady", "pod": "ledger-writer-0"}, "status": {"state": "suppressed"}}]
    row = EvidenceRow("am-2", "alertmanager_alerts", Outcome.DIRECT_SUPPORT, json.dumps(body), {})
    for draft in ("KubePodNotReady for ledger-writer-0 is silenced.", "ledger-writer-0 的 KubePodNotReady 被抑制了。"):
        assert judged(draft, [row]).status == ClaimStatus.GROUNDED
