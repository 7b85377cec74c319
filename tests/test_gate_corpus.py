"""The answer gate on the labelled corpus, through a real server (the `evidence-trace eval` path).

Fails when an unsupported draft is ACCEPTed, when fewer than 85% of the
supported drafts are ACCEPTed, or when more than 5% of them are REJECTed;
the same bounds hold within each language.
"""

from __future__ import annotations

import pathlib

import pytest

from evidence_trace.server.cli import gate_eval as gate_eval
from evidence_trace.server.testing import in_process_service

CORPUS = pathlib.Path(__file__).resolve().parent / "gate_corpus"
FILES = sorted(p for p in CORPUS.glob("*.jsonl"))


@pytest.fixture(scope="module")
def outcomes() -> list[gate_eval.Outcome]:
    cases = [case for path in FILES for case in gate_eval.load_cases(path.read_text().splitlines(), str(path))]
    # The originating Java agent logs in Asia/Shanghai without a zone (gate_corpus/README.md), as an
    # operator of its tools would configure.
    with in_process_service(client_timeout=30.0, evidence_zones=("query_logs=Asia/Shanghai",)) as service:
        return [gate_eval.run_case(service.client, case, f"corpus-{i:04d}") for i, case in enumerate(cases)]


def _report(outcomes, **where) -> gate_eval.Report:
    return gate_eval.report([o for o in outcomes if all(getattr(o.case, k) == v for k, v in where.items())])


def test_the_corpus_is_large_and_balanced(outcomes) -> None:
    matrix = _report(outcomes).overall
    assert matrix.total("supported") >= 60 and matrix.total("unsupported") >= 60
    assert sum(1 for o in outcomes if o.case.lang == "zh") >= len(outcomes) // 4


def test_no_unsupported_draft_is_accepted(outcomes) -> None:
    result = _report(outcomes)
    accepted = [o.case.case_id for o in result.wrong if o.case.label == "unsupported"]
    assert accepted == [], gate_eval.render(result)


@pytest.mark.parametrize("lang", [None, "en", "zh"])
def test_supported_drafts_are_accepted_and_rarely_rejected(outcomes, lang) -> None:
    result = _report(outcomes, **({"lang": lang} if lang else {}))
    assert result.overall.share("supported", "ACCEPT") >= 0.85, gate_eval.render(result)
    assert result.overall.share("supported", "REJECT") <= 0.05, gate_eval.render(result)


def test_every_decision_names_the_rules_verifier_and_carries_claims(outcomes) -> None:
    assert {o.verifier for o in outcomes} == {"rules"}
    assert all(o.claims for o in outcomes)
