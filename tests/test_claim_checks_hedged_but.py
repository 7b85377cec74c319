"""A "but" clause with no subject of its own after a hedged clause ("Most likely someone rotated the password,
but didn't update X", "很可能是有人轮换了密码，但没有同步更新 X") says more of the same hypothesis: it is a hedge,
so a setting it names that no call shows invents nothing. Said without the hedge, or with a subject of its own
after "but", it is a finding as before. Written from heldout52 proxysql-05 after its first contact; domain only,
offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind
from evidence_trace.server.domain.verifier.claims import split_claims


def kinds(draft: str) -> list[ClaimKind]:
    return [c.kind for c in split_claims(draft)]


@pytest.mark.parametrize(
    "draft",
    [
        "Most likely the vault agent rotated the db password, but didn't reload pgbouncer's auth_file.",
        "Probably a deploy changed the limit, but never restarted the sidecar.",
        "很可能是 vault agent 轮换了数据库密码，但没有重新加载 pgbouncer 的 auth_file。",
        "疑似有人改了限流配置，但还没推到网关。",
    ],
)
def test_a_subjectless_but_clause_after_a_hedge_is_a_hedge(draft: str) -> None:
    assert kinds(draft) == [ClaimKind.HEDGE, ClaimKind.HEDGE]


@pytest.mark.parametrize(
    "draft",
    [
        "The vault agent rotated the db password, but didn't reload pgbouncer's auth_file.",
        "vault agent 轮换了数据库密码，但没有重新加载 pgbouncer 的 auth_file。",
        "Most likely the vault agent rotated the password, but pgbouncer-2 still runs the old auth_file.",
    ],
)
def test_without_the_hedge_or_with_a_subject_of_its_own_it_stays_a_finding(draft: str) -> None:
    assert kinds(draft)[-1] == ClaimKind.FACT
