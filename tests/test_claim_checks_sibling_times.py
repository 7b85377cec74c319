"""A claim that times one thing at several instants ("logrotate.timer last fired at 00:00:04 UTC, next at 00:00:00
UTC") grounds on that thing's row; an instant a sibling row of the same listing states (another timer's last run)
is bound to nothing (intervals.unbound_time). Times of other calls, and the ends of a window, are not held to it.
Domain only, offline; rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide

TIMERS = EvidenceRow(
    "t-1",
    "ssh_exec",
    Outcome.INDIRECT_SUPPORT,
    "NEXT                        LEFT       LAST                        PASSED    UNIT                    ACTIVATES\n"
    "Mon 2026-11-09 18:30:00 UTC 2h left    Mon 2026-11-09 16:30:00 UTC 5min ago  certbot-renew.timer     certbot-renew.service\n"
    "Tue 2026-11-10 03:15:00 UTC 11h left   Mon 2026-11-09 03:15:07 UTC 13h ago   db-backup.timer         db-backup.service\n"
    "Tue 2026-11-10 04:02:19 UTC 12h left   Mon 2026-11-09 04:47:51 UTC 12h ago   fstrim.timer            fstrim.service\n"
    "\n3 timers listed.\n",
    {"host": "db-03", "command": "systemctl list-timers --no-pager"},
)


def decision(draft: str) -> Decision:
    return decide(check_draft(draft, [TIMERS]))[0]


@pytest.mark.parametrize(
    "draft",
    [
        "db-backup.timer last ran at 04:47:51 UTC and runs next at 03:15:00 UTC.",
        "db-backup.timer 上次在 04:47:51 UTC 执行，下次在 03:15:00 UTC。",
        "fstrim.timer last ran at 03:15:07 UTC and is due again at 04:02:19 UTC.",
    ],
)
def test_an_instant_of_a_sibling_row_is_not_the_things(draft: str):
    assert decision(draft) != Decision.ACCEPT


@pytest.mark.parametrize(
    "draft",
    [
        "db-backup.timer last ran at 03:15:07 UTC and runs next at 03:15:00 UTC.",
        "db-backup.timer 上次在 03:15:07 UTC 执行，下次在 03:15:00 UTC。",
        "fstrim.timer last ran at 04:47:51 UTC and is due again at 04:02:19 UTC.",
    ],
)
def test_the_things_own_instants_ground(draft: str):
    assert decision(draft) == Decision.ACCEPT
