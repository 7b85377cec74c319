"""`evidence-trace eval`: the confusion matrix of a case file, through a throwaway server."""

from __future__ import annotations

import io
import json

from evidence_trace.server.cli.evaluate import EXIT_OK, EXIT_USAGE, run
from evidence_trace.server.cli.main import build_parser

LOGS = json.dumps(
    {
        "success": True,
        "logTopic": "application-logs",
        "total": 1,
        "logs": [
            {
                "timestamp": "2026-11-30 16:05:00",
                "level": "ERROR",
                "service": "payment-service",
                "message": "upstream returned HTTP 503 after 30000ms",
            }
        ],
    }
)
INVOCATION = {
    "invocationId": "logs-1",
    "toolName": "query_logs",
    "success": True,
    "durationMs": 120,
    "inputParams": {"logTopic": "application-logs", "query": "level:ERROR"},
    "outputPreview": LOGS,
}


def case(case_id: str, draft: str, label: str, category: str, bad_claim: str = "") -> str:
    return json.dumps(
        {
            "id": case_id,
            "category": category,
            "lang": "en",
            "label": label,
            "question": "Why is payment failing?",
            "draft": draft,
            "invocations": [INVOCATION],
            **({"bad_claim": bad_claim} if bad_claim else {}),
        }
    )


def evaluate(tmp_path, *lines: str, extra: tuple[str, ...] = ()) -> tuple[int, str, str]:
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(lines) + "\n")
    args = build_parser().parse_args(["eval", str(path), *extra])
    out, err = io.StringIO(), io.StringIO()
    return run(args, out, err), out.getvalue(), err.getvalue()


def test_eval_prints_the_confusion_matrix_overall_and_per_category(tmp_path) -> None:
    code, out, _ = evaluate(
        tmp_path,
        case("a", "payment-service returned HTTP 503 after 30000 ms.", "supported", "binding"),
        case("b", "payment-service returned HTTP 504.", "unsupported", "wrong_value"),
        case("c", "The root cause is a network problem.", "unsupported", "vague"),
        case("d", "payment-service returned HTTP 503 after 3000 ms.", "supported", "formatting"),
        extra=("--json",),
    )
    assert code == EXIT_OK
    report = json.loads(out)
    assert report["cases"] == 4
    assert report["overall"]["counts"] == {
        "supported": {"ACCEPT": 1, "LOW_CONFID": 0, "REJECT": 1},
        "unsupported": {"ACCEPT": 0, "LOW_CONFID": 1, "REJECT": 1},
    }
    assert report["categories"]["vague"]["counts"]["unsupported"]["LOW_CONFID"] == 1
    assert [w["id"] for w in report["wrong"]] == ["d"]  # 3000 ms is not what the entry shows
    assert report["wrong"][0]["why"].startswith("CONTRADICTED")  # the entry of its subject shows 30000 ms


def test_eval_text_report_lists_the_wrong_cases(tmp_path) -> None:
    code, out, _ = evaluate(
        tmp_path, case("z", "payment-service returned HTTP 503 after 30000 ms.", "unsupported", "binding")
    )
    assert code == EXIT_OK
    assert "unsupported ACCEPTed 1" in out and "z (unsupported) -> ACCEPT" in out


def test_a_case_file_that_cannot_be_read_is_a_usage_error(tmp_path) -> None:
    code, _, err = evaluate(tmp_path, '{"id": "x", "label": "maybe"}')
    assert code == EXIT_USAGE and "cases.jsonl:1" in err
    bad = json.dumps(
        {
            "id": "y",
            "label": "supported",
            "question": "q",
            "draft": "d",
            "invocations": [{"invocationId": "1", "toolName": "query_logs"}],
        }
    )
    code, _, err = evaluate(tmp_path, bad)
    assert code == EXIT_USAGE and "rejected" in err


def test_eval_reports_claims_by_status_and_whether_the_named_bad_claim_was_flagged(tmp_path) -> None:
    code, out, _ = evaluate(
        tmp_path,
        case("a", "payment-service returned HTTP 503. It answered after 3000 ms.", "unsupported", "x", "3000 ms"),
        case("b", "payment-service 返回了 HTTP 503。它在 30000 ms 后才返回。", "unsupported", "x", "返回了 HTTP 503"),
        case("c", "payment-service returned HTTP 503 after 30000 ms.", "unsupported", "x", "HTTP 503"),
        extra=("--json",),
    )
    assert code == EXIT_OK
    report = json.loads(out)
    assert report["bad_claims"] == {"flagged": 1, "other": 0, "missed": 2}
    assert {w["id"]: w["bad_claim"] for w in report["wrong"]} == {"b": "missed", "c": "missed"}
    assert report["claims"]["unsupported"]["GROUNDED"] == 4 and report["claims"]["unsupported"]["CONTRADICTED"] == 1


def test_a_bad_claim_that_is_not_in_the_draft_is_a_usage_error(tmp_path) -> None:
    code, _, err = evaluate(tmp_path, case("a", "payment-service returned HTTP 503.", "unsupported", "x", "HTTP 504"))
    assert code == EXIT_USAGE and "bad_claim" in err
