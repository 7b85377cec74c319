"""An alert state said of each of the alerts a claim lists, read in each alert's own record.

"Two alerts are firing for order-service: HighErrorRate and DBConnectionPoolSaturation", "HighErrorRate and
DiskFull are both firing", "KafkaLag、ConsumerDown 两条告警都在 firing": the state is said of every listed alert
(names that list marks join), so each must show it. When the records naming one of them give it a state (Prometheus'
`"state": "pending"`, Alertmanager's `"state": "suppressed"`) and none gives the claimed one, the claim is
contradicted, though the other alert's record shows the state. A record that names none of them, or gives no state,
decides nothing; nor does a state the claim says of one of them only ("A is firing and B is pending").
"""

from __future__ import annotations

from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.intervals import listed_names
from evidence_trace.server.domain.verifier.subject_binding import subject_rival
from evidence_trace.server.domain.verifier.units import Unit


def listed_state_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of one of the alerts the claim lists that gives it another state than the one the claim says of
    them all, when no record of that alert gives the claimed one; None otherwise."""
    states = [f for f in facts if f.kind == FactKind.STATE]
    if len(states) != 1:  # "A is firing and B is pending": each state is said of one of them
        return None
    listed = listed_names(text, [f for f in facts if f.kind == FactKind.ALERT])
    if len(listed) < 2:
        return None
    state = states[0]
    for name in listed:
        rival = subject_rival([name], evidence, lambda unit: [matches(state, unit)] if unit.state else [], True)
        if rival is not None:
            return rival
    return None
