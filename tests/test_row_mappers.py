"""store/rows.py: one mapper per table, covering exactly the columns models.py defines."""

from __future__ import annotations

import pathlib

import pytest

from evidence_trace.server.store import models
from evidence_trace.server.store.rows import EVALUATIONS, INVOCATIONS, SESSIONS, STEPS

STORE = pathlib.Path(__file__).resolve().parent.parent / "server" / "store"


def _columns(model) -> set[str]:
    return {f.column_name for f in model._meta.sorted_fields}


@pytest.mark.parametrize(
    "mapper, model",
    [(STEPS, models.AgentStep), (INVOCATIONS, models.ToolInvocation), (EVALUATIONS, models.VerifierEvaluation)],
)
def test_a_write_binds_every_column_but_the_sequence(mapper, model) -> None:
    assert mapper.table == model._meta.table_name
    assert len(set(mapper.write_columns)) == len(mapper.write_columns)
    assert set(mapper.write_columns) == _columns(model) - {"seq"}
    assert set(mapper.columns) <= _columns(model)


def test_a_new_session_binds_every_column_but_the_id_and_completion() -> None:
    assert SESSIONS.table == models.DiagnosisSession._meta.table_name
    assert set(SESSIONS.write_columns) == _columns(models.DiagnosisSession) - {"id", "complete_us"}
    assert set(SESSIONS.columns) <= _columns(models.DiagnosisSession)
    assert len(SESSIONS.new_row("t", "s", 1)) == len(SESSIONS.write_columns)


def test_the_session_select_is_written_once() -> None:
    selects = sum(p.read_text().count("SESSIONS.columns)} FROM") for p in STORE.glob("*.py"))
    assert selects == 1
