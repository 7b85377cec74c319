"""A sentence that opens with a word imperatives share ("Silence", "Run", "Restart") is advice only when it
tells someone to act: a noun with its id followed by a verb that tells ("Silence 5b0c7e94 was created by …",
"Run 4 was fast", "扩容 #42 已经完成") is a claim to check. Offline, phrasings written for these
tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind
from evidence_trace.server.domain.verifier.claims import split_claims


def kind(text: str) -> ClaimKind:
    claims = split_claims(text)
    assert len(claims) == 1, claims
    return claims[0].kind


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Silence 7d2e91c4 was created by mlopez and matches alertname=QueueBacklog.", ClaimKind.FACT),
        ("Run 12 was the slowest at 4.2 s.", ClaimKind.FACT),
        ("Restart 3 failed with exit code 137.", ClaimKind.FACT),
        ("Silence 7d2e91c4 for another two hours.", ClaimKind.ADVICE),
        ("Run the backfill job again after 02:00 UTC.", ClaimKind.ADVICE),
        ("Restart queue-worker-2 once the broker is back.", ClaimKind.ADVICE),
        ("扩容 #42 已经完成，副本数从 4 变为 6。", ClaimKind.FACT),
        ("重启 7d2e91c4 失败了，退出码 137。", ClaimKind.FACT),
        ("重启 queue-worker-2 即可恢复。", ClaimKind.ADVICE),
        ("扩容到 6 个副本。", ClaimKind.ADVICE),
    ],
)
def test_a_noun_with_its_id_and_a_verb_that_tells_is_no_advice(text: str, expected: ClaimKind) -> None:
    assert kind(text) == expected
