"""Which claim checks decide only one corpus case: each check of the rules verifier is switched off in
turn and the asserted corpus replayed; a check whose removal changes the decision of one case only
exercises a single case (issue 21: generalise it or delete it). The quantifier and polarity checks' parts are
listed too; only the verifier's own checks count as single-case.

Usage: .venv/bin/python scripts/single_case_checks.py   (about ten seconds a check)
"""

from __future__ import annotations

import pathlib
import sys
from unittest import mock

from evidence_trace.server.cli import gate_eval
from evidence_trace.server.domain.verifier import grounding, polarity, quantifiers
from evidence_trace.server.testing import in_process_service

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "tests" / "gate_corpus"
# (module, name): the rules verifier's checks, and the ranges of its one quantifier check.
CHECKS = (
    (grounding, "check_universal"),
    (grounding, "check_denied_event"),
    (grounding, "check_quantified"),
    (quantifiers, "check_whole_window"),
    (quantifiers, "check_each_value"),
    (quantifiers, "check_positive_universal"),
    (grounding, "check_opposite_polarity"),
    (polarity, "check_success"),
    (polarity, "check_denied_condition"),
    (grounding, "check_negation"),
)


def decisions(cases: list[gate_eval.Case]) -> dict[str, str]:
    with in_process_service(client_timeout=30.0, evidence_zones=("query_logs=Asia/Shanghai",)) as service:
        return {c.case_id: gate_eval.run_case(service.client, c, f"s-{i:04d}").decision for i, c in enumerate(cases)}


def main() -> int:
    cases = [
        c for p in sorted(CORPUS.glob("*.jsonl")) for c in gate_eval.load_cases(p.read_text().splitlines(), str(p))
    ]
    base = decisions(cases)
    single = []
    for module, name in CHECKS:
        with mock.patch.object(module, name, lambda *a, **k: None):
            changed = sorted(k for k, v in decisions(cases).items() if v != base[k])
        print(f"{name:<28} decides {len(changed):>3} case(s){': ' + ', '.join(changed[:6]) if changed else ''}")
        if len(changed) == 1 and module is grounding:
            single.append(name)
    print("single-case checks:", ", ".join(single) or "none")
    return 1 if single else 0


if __name__ == "__main__":
    sys.exit(main())
