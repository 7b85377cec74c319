"""A named value restated in other units right after it is that value (fact_matching._setting_matches,
named_values.restated).

mdadm prints `Array Size : 1953382400 (1862.89 GiB 2000.26 GB)`: "Array Size is 1862.89 GiB" is the value the
setting is given, as much as the block count is. Only a parenthesis of figures and units restates it: a
parenthesis with words ("(default 60)") gives another value, and a value nowhere in it is still not shown.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft
from evidence_trace.server.domain.verifier.named_values import restated

MDADM = EvidenceRow(
    "md-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "/dev/md2:\n           Version : 1.2\n        Raid Level : raid1\n"
    "        Array Size : 1953382400 (1862.89 GiB 2000.26 GB)\n"
    "     Used Dev Size : 1953382400 (1862.89 GiB 2000.26 GB)\n      Raid Devices : 2\n"
    "             State : clean, degraded\n    Failed Devices : 1\n  Resync Speed : 40 (default 60)\n",
    {"host": "store-7", "command": "mdadm --detail /dev/md2"},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("On store-7 md2's Array Size is 1862.89 GiB.", True),
        ("store-7 上 md2 的 Array Size：1862.89 GiB。", True),
        ("On store-7 md2's Used Dev Size is 2000.26 GB.", True),
        ("On store-7 md2's Array Size is 931.5 GiB.", False),
        ("store-7 上 md2 的 Array Size：931.5 GiB。", False),
    ],
)
def test_a_value_restated_in_other_units_is_the_settings_value(draft: str, grounded: bool) -> None:
    statuses = [c.status for c in check_draft(draft, [MDADM]) if c.status != ClaimStatus.UNCHECKABLE]
    assert (statuses == [ClaimStatus.GROUNDED]) is grounded


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("array size : 1953382400 (1862.89 gib 2000.26 gb)", "1862.89 gib 2000.26 gb"),
        ("used: 512 (~12%)", "~12%"),
        ("resync speed : 40 (default 60)", ""),
        ("limit: 100 (per user)", ""),
        ("size: 2048", ""),
    ],
)
def test_only_a_parenthesis_of_figures_restates_a_value(text: str, said: str) -> None:
    at = text.find(" (") if " (" in text else len(text)  # right after the value
    assert restated(text, at) == said
