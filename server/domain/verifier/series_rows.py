"""One moment across the series of one metric call: "| 19:25 | 45,230 | 240 | 160 |", "19:15 时请求 66,020、4xx 7,930".

A metric call that returns several series of one subject (CloudWatch's `MetricDataResults`, a Prometheus range
query's `result`, Azure Monitor's `timeseries`) is read one record per series, each sample a number at its
minute (formats.cloudwatch, json_records.series_record). A claim that gives one time and several values, as a
draft's table row of the call does, takes each value from a different series at that minute: the samples of
one call at one moment are measurements of one thing, as the cells of one row are. Each value must be the
sample of some series of that call at the claim's time, and every name the claim gives must be what the call
asked about or named by every series it uses (values of two hosts' series are never each other's); a value no series shows at that minute leaves the claim unbound.
Each series used must measure something else (its metric's name): the series of one metric for two pods are
two subjects, and which value is whose is what the claim must say. Values from series of different calls never
combine, and a claim with no time, or two, is not read so.
"""

from __future__ import annotations

from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence, Match
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind
from evidence_trace.server.domain.verifier.units import Strength, Unit

_VALUED = (FactKind.QUANTITY, FactKind.COUNT)


def bind_series_at_time(facts: Sequence[Fact], evidence: Evidence) -> Optional[Match]:
    """Series units of one call that together show every value of the claim at its one time; or None."""
    times = [f for f in facts if f.kind == FactKind.TIME]
    values = [f for f in facts if f.kind in _VALUED and f.quantity is not None]
    others = [f for f in facts if f.kind != FactKind.TIME and f not in values]
    if len(times) != 1 or len(values) < 2 or any(not f.is_entity for f in others):
        return None
    for index in evidence.rows():
        series = [u for u in evidence.units(index) if u.kind == "series" and u.strength >= Strength.INDIRECT]
        if len(series) < 2:
            continue
        question = evidence.question(index)
        chosen: list[Unit] = []
        for value in values:
            unit = next((u for u in series if matches_all([times[0], value], u, question) is True), None)
            if unit is None:
                break
            chosen.append(unit)
        else:
            named = all(  # a name of one series only ("sdw1 91.4%, sdw3 57.2%") binds its own value, never another's
                (question is not None and matches(f, question)) or all(matches(f, u) for u in chosen) for f in others
            )
            # each a different measure ("Requests", "4xxStatusResponses"), never one metric of two subjects (two
            # pods' series of one query: a table's columns say which pod a value is, and no series order does)
            measures = {u.text.split("{", 1)[0] for u in dict.fromkeys(chosen)}
            if named and len(measures) == len(set(map(id, chosen))) >= 2:
                return Match(max(chosen, key=lambda u: u.strength), tuple(dict.fromkeys(chosen)))
    return None
