"""The labelled answer-gate corpus (tests/gate_corpus/*.jsonl) is well formed.

Every line parses, carries the required keys, and every invocation is a valid
`ToolInvocation` that a real server records without a violation. The corpus
covers every category with both labels, both languages, and balanced labels.
This test does not run the gate; it guards the corpus the gate is measured on.
"""

from __future__ import annotations

import collections
import json
import pathlib
from typing import Any, Iterator

import grpc
import pytest
from conftest import make_settings
from google.protobuf import json_format

from evidence_trace.server.app import RunningServer, create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

CORPUS_DIR = pathlib.Path(__file__).parent / "gate_corpus"
CATEGORIES = frozenset(
    {
        "vague",
        "binding",
        "wrong_value",
        "negation",
        "state",
        "causal",
        "weak_evidence",
        "formatting",
        "advice_hedge",
        "honest_gap",
        "query_vs_result",
        "long_markdown",
    }
)
LABELS = frozenset({"supported", "unsupported"})
REQUIRED = {
    "id": str,
    "category": str,
    "lang": str,
    "label": str,
    "question": str,
    "draft": str,
    "invocations": list,
    "note": str,
}
MIN_CASES = 150


def load_cases() -> list[dict[str, Any]]:
    cases = []
    for path in sorted(CORPUS_DIR.glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip():
                case = json.loads(line)
                case["_where"] = f"{path.name}:{number}"
                cases.append(case)
    return cases


CASES = load_cases()


def to_message(case: dict[str, Any], item: dict[str, Any]) -> pb.ToolInvocation:
    message = json_format.ParseDict(item, pb.ToolInvocation())
    message.session_id = "corpus-" + case["id"]
    return message


@pytest.fixture(scope="module")
def corpus_stub(tmp_path_factory) -> Iterator[pb_grpc.EvidenceTraceServiceStub]:
    """One real server on SQLite for the whole corpus; each case is its own session."""
    directory = tmp_path_factory.mktemp("gate-corpus")
    running: RunningServer = create_server(make_settings(f"sqlite:///{directory}/evidence-trace.db"))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            yield pb_grpc.EvidenceTraceServiceStub(channel)
    finally:
        running.stop(grace=1)


def test_every_line_has_the_required_keys_and_values():
    assert CASES, "no corpus found under tests/gate_corpus"
    for case in CASES:
        where = case["_where"]
        for key, kind in REQUIRED.items():
            assert isinstance(case.get(key), kind), f"{where}: {key} missing or not {kind.__name__}"
        assert case["category"] in CATEGORIES, where
        assert case["label"] in LABELS, where
        assert case["lang"] in ("en", "zh"), where
        assert case["draft"].strip() and case["question"].strip() and case["note"].strip(), where
        assert case["invocations"], f"{where}: a case needs at least one invocation"
        assert "sessionId" not in json.dumps(case["invocations"]), f"{where}: the harness assigns the session"
        ids = [item.get("invocationId") for item in case["invocations"]]
        assert len(ids) == len(set(ids)), f"{where}: invocation ids repeat within the case"


def test_case_ids_are_unique():
    counts = collections.Counter(case["id"] for case in CASES)
    assert [case_id for case_id, n in counts.items() if n > 1] == []


def test_invocation_ids_are_unique_across_the_corpus():
    """So one server can hold the whole corpus (an invocation id is a server-wide idempotency key)."""
    counts = collections.Counter(item["invocationId"] for case in CASES for item in case["invocations"])
    assert [invocation_id for invocation_id, n in counts.items() if n > 1] == []


def test_chinese_drafts_are_chinese():
    # An English draft may quote a Chinese log message ("推理超时"); its prose stays English.
    for case in CASES:
        han = sum(1 for char in case["draft"] if "\u4e00" <= char <= "\u9fff")
        if case["lang"] == "zh":
            assert han > 0, case["_where"]
        else:
            assert han <= 0.02 * len(case["draft"]), case["_where"]


def test_every_invocation_parses_into_the_contract():
    for case in CASES:
        for item in case["invocations"]:
            message = to_message(case, item)
            assert message.invocation_id and message.tool_name, case["_where"]
            assert message.HasField("success"), case["_where"]


def test_every_case_records_through_a_real_server(corpus_stub):
    outcomes: dict[str, list[int]] = {}
    for case in CASES:
        messages = [to_message(case, item) for item in case["invocations"]]
        response = corpus_stub.BatchRecordInvocations(
            pb.BatchRecordInvocationsRequest(invocations=messages), timeout=30
        )
        for result in response.results:
            assert result.outcome == pb.RECORD_OUTCOME_CREATED, (case["_where"], result)
            assert list(result.violations) == [], case["_where"]
        outcomes[case["id"]] = [result.invocation_outcome for result in response.results]
    # A supported draft needs at least one claim on direct evidence: the session has a direct hit.
    without_direct = [
        case["_where"]
        for case in CASES
        if case["label"] == "supported" and pb.INVOCATION_OUTCOME_DIRECT_SUPPORT not in outcomes[case["id"]]
    ]
    assert without_direct == []


def test_every_category_has_both_labels_and_the_corpus_is_balanced():
    coverage = collections.Counter((case["category"], case["label"]) for case in CASES)
    missing = [
        (category, label)
        for category in sorted(CATEGORIES)
        for label in sorted(LABELS)
        if coverage[(category, label)] == 0
    ]
    assert missing == []
    labels = collections.Counter(case["label"] for case in CASES)
    assert abs(labels["supported"] - labels["unsupported"]) <= 5, labels
    languages = collections.Counter(case["lang"] for case in CASES)
    assert languages["zh"] * 4 >= len(CASES), languages
    assert languages["en"] > 0
    assert len(CASES) >= MIN_CASES, len(CASES)
