"""One mapper per table: what a stored row looks like, said once.

Each mapper names its table's columns and converts both ways: domain objects
to the bound values of a write (a tuple in the order of `write_columns`), and
a read's row (a tuple in the order of the SELECT list it names) back to domain
objects. The writer, the reads and reclassification build their SQL from these
names; no other module lists a table's columns. JSON values are stored as
canonical compact JSON text, times as integer microseconds since the epoch.
"""

from evidence_trace.server.store.rows.common import KeyedMapper, KeyedRow, canonical_json, from_us, to_us
from evidence_trace.server.store.rows.evaluations import EVALUATIONS, EvaluationMapper
from evidence_trace.server.store.rows.invocations import INVOCATIONS, InvocationMapper
from evidence_trace.server.store.rows.sessions import SESSIONS, SessionMapper
from evidence_trace.server.store.rows.steps import STEPS, StepMapper

__all__ = [
    "EVALUATIONS",
    "INVOCATIONS",
    "SESSIONS",
    "STEPS",
    "EvaluationMapper",
    "InvocationMapper",
    "KeyedMapper",
    "KeyedRow",
    "SessionMapper",
    "StepMapper",
    "canonical_json",
    "from_us",
    "to_us",
]
