"""The group-commit writer: concurrent writes share a transaction; a poisoned write sinks only itself."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import sqlite3
import threading

import pytest

from evidence_trace.server.domain.errors import StorageUnavailable
from evidence_trace.server.domain.model import Invocation, OutputState, RecordOutcome
from evidence_trace.server.domain.validation import Limits
from evidence_trace.server.store.db import DatabaseOptions, open_database
from evidence_trace.server.store.migrations import migrate
from evidence_trace.server.store.rows import INVOCATIONS
from evidence_trace.server.store.writer import GroupCommitWriter, WriteInvocation
from evidence_trace.server.usecases.recording import Recorder


def _row(recorder: Recorder, invocation_id: str):
    return recorder.prepare_invocation("default", _plain(invocation_id), 1)[0].row


@pytest.fixture
def blocked_writer(tmp_path):
    """A writer whose first transaction waits on a lock held by another connection.

    While it waits, later submissions queue up; releasing the lock lets them all
    commit in the writer's next transaction.
    """
    path = tmp_path / "gc.db"
    db = open_database(f"sqlite:///{path}", DatabaseOptions(busy_timeout_ms=10_000))
    migrate(db)
    writer = GroupCommitWriter(db)
    recorder = Recorder(writer, Limits())
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    first = writer.submit([WriteInvocation(_row(recorder, "first"))])
    while writer._pending:  # the writer took it and now waits for the lock
        threading.Event().wait(0.005)
    yield writer, recorder, locker, first
    writer.close()


def _stamps(path) -> dict[str, int]:
    return dict(sqlite3.connect(path).execute("SELECT invocation_id, record_us FROM tool_invocation"))


def _release_when_queued(writer, locker, count: int) -> None:
    """Release the lock once `count` submissions wait behind the blocked one."""
    while len(writer._pending) < count:
        threading.Event().wait(0.005)
    locker.execute("ROLLBACK")


def test_concurrent_submissions_share_one_transaction(blocked_writer, tmp_path):
    writer, recorder, locker, first = blocked_writer
    futures = [writer.submit([WriteInvocation(_row(recorder, f"w{i}"))]) for i in range(10)]
    _release_when_queued(writer, locker, 10)
    assert first.result(10)[0].outcome == RecordOutcome.CREATED
    results = [f.result(10)[0] for f in futures]
    assert {r.outcome for r in results} == {RecordOutcome.CREATED}
    stamps = _stamps(tmp_path / "gc.db")
    assert len({stamps[f"w{i}"] for i in range(10)}) == 1  # one commit for the ten
    assert stamps["first"] != stamps["w0"]


def test_a_poisoned_write_sinks_only_itself(blocked_writer, tmp_path):
    writer, recorder, locker, first = blocked_writer
    poisoned = _row(recorder, "poison")
    values = list(poisoned.values)
    values[INVOCATIONS.write_columns.index("tool_name")] = None  # NOT NULL
    poisoned = dataclasses.replace(poisoned, values=tuple(values))
    good_before = writer.submit([WriteInvocation(_row(recorder, "good-1"))])
    bad = writer.submit([WriteInvocation(poisoned)])
    good_after = writer.submit([WriteInvocation(_row(recorder, "good-2"))])
    _release_when_queued(writer, locker, 3)
    assert good_before.result(10)[0].outcome == RecordOutcome.CREATED
    assert good_after.result(10)[0].outcome == RecordOutcome.CREATED
    assert isinstance(bad.result(10)[0], StorageUnavailable)
    assert set(_stamps(tmp_path / "gc.db")) == {"first", "good-1", "good-2"}


def _old_content_hash(inv: Invocation, received_us: int) -> str:
    """The content hash as servers before the NUL-joined form computed it, spelled out independently."""
    import hashlib
    import json

    def canonical(value):
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)

    r = inv.retrieval
    params = canonical(inv.input_params or {})
    details = canonical(r.details) if r is not None and r.details else None
    start_us = None if inv.start_time is None else int(inv.start_time.timestamp() * 1_000_000)
    fields = [
        inv.session_id,
        inv.tool_name,
        params,
        start_us,
        inv.duration_ms,
        inv.success,
        int(inv.output_state),
        inv.output_preview,
        inv.output_truncated,
        inv.error_message,
        int(inv.error_kind),
        None if r is None else [r.layer, r.l0_count, r.l1_count, int(r.relevance), r.dedup_reason, details],
        inv.topic_domain,
        int(inv.evidence_hint),
    ]
    return hashlib.sha256(canonical(fields).encode()).hexdigest()


@pytest.mark.parametrize("with_retrieval", [False, True])
def test_a_resend_of_a_row_an_older_server_hashed_is_still_a_duplicate(tmp_path, with_retrieval) -> None:
    """The content hash changed form (NUL-joined fields, not canonical JSON): stored rows keep theirs,
    and a client retrying across the upgrade gets DUPLICATE, not a conflict; other content still conflicts."""
    from evidence_trace.server.domain.errors import Conflict
    from evidence_trace.server.domain.model import RelevanceLevel, Retrieval

    db = open_database(f"sqlite:///{tmp_path / 'legacy.db'}")
    migrate(db)
    writer = GroupCommitWriter(db)
    recorder = Recorder(writer, Limits())
    try:
        inv = Invocation(
            invocation_id="across-upgrade",
            session_id="gc",
            tool_name="lookup_knowledge",
            input_params={"query": "支付超时", "k": 3},
            success=True,
            output_state=OutputState.CAPTURED,
            output_preview='{"chunks": ["支付服务超时排查"]}',
            retrieval=Retrieval(layer="L1", l1_count=2, relevance=RelevanceLevel.HIGH, details={"s": [0.9]})
            if with_retrieval
            else None,
        )
        op = recorder.prepare_invocation("default", recorder.normalize_invocation(inv), 1)[0]
        assert op.row.legacy_hash is not None and op.row.legacy_hash() == _old_content_hash(inv, 1)
        assert op.row.content_hash != op.row.legacy_hash()
        older = WriteInvocation(dataclasses.replace(op.row, content_hash=op.row.legacy_hash()))
        (stored,) = writer.submit([older]).result(10)
        assert stored.outcome == RecordOutcome.CREATED

        (resent,) = writer.submit([recorder.prepare_invocation("default", inv, 2)[0]]).result(10)
        assert resent.outcome == RecordOutcome.DUPLICATE and resent.record_us == stored.record_us

        changed = dataclasses.replace(inv, output_preview="other content")
        (conflict,) = writer.submit([recorder.prepare_invocation("default", changed, 3)[0]]).result(10)
        assert isinstance(conflict, Conflict)
    finally:
        writer.close()


def _invocation_op(recorder: Recorder, invocation_id: str) -> WriteInvocation:
    return WriteInvocation(_row(recorder, invocation_id))


def test_a_transaction_waits_for_rows_still_being_prepared_and_commits_them_together(tmp_path) -> None:
    """GroupCommitWriter.producing: a call preparing rows holds the next transaction (up to the linger)."""
    db = open_database(f"sqlite:///{tmp_path / 'linger.db'}")
    migrate(db)
    writer = GroupCommitWriter(db, linger_s=30.0)  # long: only the producer leaving can end the wait
    recorder = Recorder(writer, Limits())
    try:
        with writer.producing():  # another call is still preparing its rows
            first = writer.submit([_invocation_op(recorder, "early")])
            with pytest.raises(concurrent.futures.TimeoutError):
                first.result(0.5)  # held: without the linger it commits in milliseconds
            second = writer.submit([_invocation_op(recorder, "late")])
        (a,), (b,) = first.result(10), second.result(10)
        assert a.outcome == b.outcome == RecordOutcome.CREATED
        assert a.record_us == b.record_us  # one transaction, one commit stamp
    finally:
        writer.close()


def test_a_lone_caller_never_waits_for_the_linger(tmp_path) -> None:
    """With no call preparing rows, a submission commits at once, however long the linger."""
    db = open_database(f"sqlite:///{tmp_path / 'lone.db'}")
    migrate(db)
    writer = GroupCommitWriter(db, linger_s=3600.0)
    recorder = Recorder(writer, Limits())
    try:
        (result,) = recorder.record_invocations("default", [_plain("alone")], timeout=10)
        assert not isinstance(result, Exception) and result.outcome == RecordOutcome.CREATED
    finally:
        writer.close()


def _plain(invocation_id: str) -> Invocation:
    return Invocation(
        invocation_id=invocation_id,
        session_id="gc",
        tool_name="query_logs",
        success=True,
        output_state=OutputState.CAPTURED,
        output_preview="ERROR boom",
    )


def test_bulk_calls_prepare_their_rows_in_turns_and_small_calls_never_wait(tmp_path) -> None:
    """Recorder.turn: a batch of BULK_ITEMS or more waits while another one is prepared; one row does not."""
    from evidence_trace.server.domain.errors import CommitPending
    from evidence_trace.server.usecases.recording import BULK_ITEMS

    db = open_database(f"sqlite:///{tmp_path / 'turns.db'}")
    migrate(db)
    writer = GroupCommitWriter(db)
    recorder = Recorder(writer, Limits())
    try:
        bulk = [_plain(f"bulk-{k}") for k in range(BULK_ITEMS)]
        holding, done = threading.Event(), threading.Event()

        def another_bulk_call() -> None:
            with recorder.turn(BULK_ITEMS, timeout=10):  # another call's batch is being prepared
                holding.set()
                done.wait(10)

        other = threading.Thread(target=another_bulk_call)
        other.start()
        holding.wait(10)
        try:
            (small,) = recorder.record_invocations("default", [_plain("small")], timeout=10)
            assert not isinstance(small, Exception) and small.outcome == RecordOutcome.CREATED
            with pytest.raises(CommitPending):
                recorder.record_invocations("default", bulk, timeout=0.2)
        finally:
            done.set()
            other.join(10)
        stored = {
            r[0] for r in sqlite3.connect(tmp_path / "turns.db").execute("SELECT invocation_id FROM tool_invocation")
        }
        assert stored == {"small"}  # the refused batch wrote nothing
        results = recorder.record_invocations("default", bulk, timeout=10)  # its turn now: at once
        assert all(not isinstance(r, Exception) and r.outcome == RecordOutcome.CREATED for r in results)
    finally:
        writer.close()
