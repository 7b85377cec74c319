"""Commands in a fenced block under an advice section are what to run: advice, as the section's sentences are
(claims.split_claims).

"## Fix" then ```` ``` ```` `sudo sysctl -w dev.raid.speed_limit_max=200000` ```` ``` ````: the value is the one the
writer proposes, no claim of the current one, and a correct answer was REJECTed because the record shows 10000. A
block under a section of findings is still checked: there it quotes what the evidence shows. A list item that
introduces the block ("1. Raise the ceiling, for example:") keeps the section's kind: it had ended the advice section,
and a drop-in file's path in the block was read as an invented name.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

SYSCTL = EvidenceRow(
    "s-1",
    "ssh_exec",
    Outcome.DIRECT_SUPPORT,
    "dev.raid.speed_limit_max = 10000\ndev.raid.speed_limit_min = 1000\n",
    {"host": "nas-02", "command": "sysctl dev.raid.speed_limit_max dev.raid.speed_limit_min"},
)
COMMANDS = "```\nsudo sysctl -w dev.raid.speed_limit_max=200000\necho 200000 | sudo tee /sys/block/md0/md/sync_speed_max\n```\n"


def checks(draft: str) -> list:
    return list(check_draft(draft, [SYSCTL]))


@pytest.mark.parametrize("heading", ["## Fix", "## Recommended next steps", "## 修复建议", "### 建议"])
def test_commands_under_an_advice_heading_are_advice(heading: str) -> None:
    found = checks(f"The rebuild is capped at dev.raid.speed_limit_max = 10000.\n\n{heading}\n{COMMANDS}")
    assert not [c for c in found if c.status in (ClaimStatus.CONTRADICTED, ClaimStatus.INVENTED)]
    assert [c.kind for c in found if "200000" in c.text] == [ClaimKind.ADVICE, ClaimKind.ADVICE]


@pytest.mark.parametrize("heading", ["## Current settings", "## 当前配置"])
def test_a_block_under_findings_is_still_checked(heading: str) -> None:
    found = checks(f"{heading}\n```\ndev.raid.speed_limit_max = 200000\n```\n")
    assert ClaimStatus.CONTRADICTED in [c.status for c in found]


@pytest.mark.parametrize(
    "item",
    [
        "1. Raise the resync ceiling, for example:",
        "- 先把同步速度上限调高，例如：",
        "> 1. Raise the resync ceiling, e.g.:",
    ],
)
def test_a_list_items_label_keeps_the_advice_section(item: str) -> None:
    # a list item that ends with a colon introduces the block; it is no heading that ends the advice section
    indented = "".join("   " + line + "\n" for line in COMMANDS.splitlines())
    draft = f"## Fix\n{item}\n{indented}"
    found = [c for c in checks(draft) if "200000" in c.text]
    assert found and all(c.kind == ClaimKind.ADVICE for c in found)
    assert ClaimStatus.CONTRADICTED not in {c.status for c in checks(draft)}


def test_a_list_items_label_under_findings_keeps_its_block_checked() -> None:
    indented = "".join("   " + line + "\n" for line in COMMANDS.splitlines())
    found = [c for c in checks(f"## Findings\n1. What was run:\n{indented}") if "200000" in c.text]
    assert found and all(c.kind == ClaimKind.FACT for c in found)
