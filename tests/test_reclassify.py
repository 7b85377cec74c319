"""Reclassification after a rules change: older rows get the current rules' outcomes, once."""

from __future__ import annotations

from builders import invocation

from evidence_trace.server.cli.main import main
from evidence_trace.server.domain.evidence import CLASSIFIER_VERSION
from evidence_trace.server.store.db import open_database
from evidence_trace.server.store.reclassification import ReclassificationStore
from evidence_trace.server.usecases.reclassify import reclassify
from evidence_trace.v1 import evidence_trace_pb2 as pb


def _age_rows(db_url: str, outcome: int) -> None:
    """Make every row look classified by an older version that decided `outcome`."""
    db = open_database(db_url)
    with db.connection_context():
        db.execute_sql(
            f"UPDATE tool_invocation SET classifier_version = {db.param}, outcome = {db.param}, "
            f"excerpt = '', note = '', format_id = ''",
            (CLASSIFIER_VERSION - 1, outcome),
        )


def _format_ids(db_url: str) -> set[str]:
    db = open_database(db_url)
    with db.connection_context():
        return {row[0] for row in db.execute_sql("SELECT format_id FROM tool_invocation").fetchall()}


def _levels(stub) -> list[int]:
    return [e.level for e in stub.SummarizeSession(pb.SummarizeSessionRequest(session_id="s-1"), timeout=10).entries]


def test_older_rows_are_reclassified_by_the_current_rules(server, stub, db_url):
    for i in range(7):  # an ERROR log entry: direct support under the current rules
        stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(invocation_id=f"r{i}")), timeout=10)
    assert _levels(stub) == [pb.EVIDENCE_LEVEL_DIRECT]
    recorded = _format_ids(db_url)
    assert len(recorded) == 1 and "" not in recorded  # the evidence format the preview was read as
    _age_rows(db_url, pb.INVOCATION_OUTCOME_NO_HIT)  # what "older rules" had said
    assert _levels(stub) == [pb.EVIDENCE_LEVEL_NO_EVIDENCE]  # summaries read the stored outcome

    store = ReclassificationStore(open_database(db_url))
    assert store.stale_count(CLASSIFIER_VERSION) == 7
    report = reclassify(store, page_size=3)  # several pages
    assert report.rows == 7
    assert dict(report.changed) == {("NO_HIT", "DIRECT_SUPPORT"): 7}
    assert _levels(stub) == [pb.EVIDENCE_LEVEL_DIRECT]
    entry = stub.SummarizeSession(pb.SummarizeSessionRequest(session_id="s-1"), timeout=10).entries[0]
    assert "ERROR" in entry.direct_hit_excerpt  # the excerpt is rebuilt too
    assert _format_ids(db_url) == recorded  # and the format id
    assert store.stale_count(CLASSIFIER_VERSION) == 0
    assert reclassify(store).rows == 0  # nothing left to do


def test_reclassify_command(server, stub, db_url, capsys):
    stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation()), timeout=10)
    _age_rows(db_url, pb.INVOCATION_OUTCOME_INDIRECT_SUPPORT)
    assert main(["reclassify", "--database", db_url, "--page-size", "10"]) == 0
    out = capsys.readouterr().out
    assert "reclassified 1 row(s)" in out and "INDIRECT_SUPPORT -> DIRECT_SUPPORT: 1" in out
    assert main(["reclassify", "--database", db_url]) == 0
    assert "reclassified 0 row(s)" in capsys.readouterr().out


def test_reclassify_rejects_a_bad_page_size(capsys, sqlite_url):
    assert main(["reclassify", "--database", sqlite_url, "--page-size", "0"]) == 2
    assert "--page-size" in capsys.readouterr().err
