"""Claim checks over ansible-playbook's output, read one record a host's result and one a host's recap line:
a host's counts are its own, never another host's. Domain only, offline; phrasings written for these tests, both
ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

RUN = EvidenceRow(
    "ansible-1",
    "ansible_playbook",
    Outcome.INDIRECT_SUPPORT,
    "TASK [nginx : Render site config] **********************************************\n"
    "changed: [web-01] => (item={'src': 'site.conf.j2', 'dest': '/etc/nginx/conf.d/site.conf'})\n"
    "ok: [web-02] => (item={'src': 'site.conf.j2', 'dest': '/etc/nginx/conf.d/site.conf'})\n"
    "changed: [web-03] => (item={'src': 'site.conf.j2', 'dest': '/etc/nginx/conf.d/site.conf'})\n"
    "RUNNING HANDLER [nginx : reload nginx] *****************************************\n"
    "changed: [web-01]\n"
    "changed: [web-03]\n"
    "PLAY RECAP *********************************************************************\n"
    "web-01                     : ok=4    changed=2    unreachable=0    failed=0    skipped=0\n"
    "web-02                     : ok=3    changed=0    unreachable=0    failed=0    skipped=1\n"
    "web-03                     : ok=4    changed=2    unreachable=0    failed=0    skipped=0\n",
    {"playbook": "site.yml", "limit": "web"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, (RUN,)) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("web-01 and web-03 each ended with changed=2.", True),
        ("web-01 和 web-03 都是 changed=2。", True),
        ("web-02 ended with changed=0 and skipped=1.", True),
        ("web-02 的 recap 是 ok=3、skipped=1。", True),
        # web-02's recap says changed=0: another host's count is not its own
        ("web-02 ended with changed=2.", False),
        ("web-02 的 recap 是 changed=2。", False),
        ("web-02 的 recap 是 ok=4。", False),
    ],
)
def test_a_hosts_recap_counts_are_its_own(draft: str, grounded: bool) -> None:
    assert (statuses(draft) == [ClaimStatus.GROUNDED]) == grounded


def test_warnings_and_failed_hosts_carry_their_levels() -> None:
    from evidence_trace.server.domain.formats.ansible import records
    from evidence_trace.server.domain.formats.model import Preview

    text = (
        "PLAY [web] *********************************************************************\n"
        "[WARNING]: Could not match supplied host pattern, ignoring: web-09\n"
        "TASK [nginx : Render site config] **********************************************\n"
        'fatal: [web-02]: UNREACHABLE! => {"msg": "ssh: connect to host web-02 port 22: Connection timed out"}\n'
        "PLAY RECAP *********************************************************************\n"
        "web-02                     : ok=0    changed=0    unreachable=1    failed=0    skipped=0\n"
    )
    levels = {r.ref: (r.level, r.subject, r.problem) for r in records(Preview(text, "ansible_playbook"))}
    assert levels["line 2"][0] == "WARN"
    assert levels["line 4"] == ("ERROR", "web-02", "fatal")
    assert levels["recap web-02"] == ("ERROR", "web-02", "unreachable")
