"""An id inside a path is read whole: "s3://ml-artifacts-prod/14/8d1f3c0b…/artifacts" had its "14/8" masked as a date,
which left "d1f3c0b…" (the id without its first figure) a name no call mentions, and a correct answer REJECTed
(heldout69 mlflow_runs-01). A token glued to a figure before it is not a token of its own; a token standing alone
still is. Domain only, offline; phrasings written for these tests."""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts


@pytest.mark.parametrize(
    "text",
    [
        "artifacts at `s3://ml-artifacts-prod/14/8d1f3c0b7a2e4e5f9b6c2d4a1e0f7c93/artifacts`",
        "模型在 gs://models-eu/3/9c4e2a7b1d0f4e6a8b2c5d7e9f1a3b5c/model 下",
    ],
)
def test_no_tail_of_an_id_is_read_as_a_token(text: str) -> None:
    tokens = [f.text for f in extract_facts(text) if f.kind == FactKind.IDENTIFIER]
    assert not [t for t in tokens if t.startswith(("d1f3c0b7", "c4e2a7b1"))]


def test_an_id_standing_alone_is_one() -> None:
    tokens = [
        f.text for f in extract_facts("run 8d1f3c0b7a2e4e5f9b6c2d4a1e0f7c93 failed") if f.kind == FactKind.IDENTIFIER
    ]
    assert tokens == ["8d1f3c0b7a2e4e5f9b6c2d4a1e0f7c93"]
