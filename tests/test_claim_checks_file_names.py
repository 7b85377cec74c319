"""A file's name with figures or joints in it is a name the claim is about (file_names.py).

"The newest dump is orders_20261104.sql.gz" where the listing shows the dumps of the 2nd and 3rd only: the name
had been no fact, and the claim grounded on its size. A name the records show grounds; a plain name ("values.yaml",
"app.log") is a kind of file, no fact. Domain only, offline; records and phrasings written for these tests, both
ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

LISTING = EvidenceRow(
    "c-1",
    "shell",
    Outcome.INDIRECT_SUPPORT,
    "total 8.4G\n-rw-r----- 1 postgres postgres 4.1G Nov  2 02:41 orders_20261102.sql.gz\n"
    "-rw-r----- 1 postgres postgres 4.3G Nov  3 02:44 orders_20261103.sql.gz\n",
    {"command": "ls -lh /backups/orders"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [LISTING]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "The newest dump is orders_20261104.sql.gz at 4.3G.",
        "最新的备份文件是 orders_20261104.sql.gz，大小 4.3G。",
        "orders-2026-11-03.sql.gz is 4.3G.",
    ],
)
def test_a_file_the_records_never_show_is_not_grounded(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in statuses(draft)


@pytest.mark.parametrize(
    "draft",
    ["The newest dump is orders_20261103.sql.gz at 4.3G.", "最新的备份文件是 orders_20261103.sql.gz，大小 4.3G。"],
)
def test_a_file_the_records_show_grounds(draft: str) -> None:
    assert statuses(draft) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("restore of recon-2025Q3.parquet", "recon-2025Q3.parquet"),
        ("见 app-01.log 第 3 行", "app-01.log"),
        ("see values.yaml and app.log", None),
        ("配置在 settings.toml 和 Main.java 里", None),
    ],
)
def test_only_a_name_with_figures_or_joints_is_a_file_fact(text: str, name: str | None) -> None:
    named = [f.text for f in extract_facts(text) if f.kind == FactKind.IDENTIFIER]
    assert named == ([name] if name else [])
