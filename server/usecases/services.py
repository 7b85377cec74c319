"""The use cases the RPCs run, built together over one store."""

from __future__ import annotations

import dataclasses
from typing import Optional

import peewee

from evidence_trace.server.domain.redaction import DEFAULT_REDACTOR, Redactor
from evidence_trace.server.domain.validation import Limits
from evidence_trace.server.domain.verifier.gate import Gate
from evidence_trace.server.store.audit_reads import AuditReader
from evidence_trace.server.store.db import SiblingWriteLock
from evidence_trace.server.store.outages import Outages
from evidence_trace.server.store.reads import Reader
from evidence_trace.server.store.writer import GroupCommitWriter
from evidence_trace.server.usecases.answer_gate import ChatService
from evidence_trace.server.usecases.audit import SessionAudit
from evidence_trace.server.usecases.compute import ComputeSlots
from evidence_trace.server.usecases.listing import SessionListing
from evidence_trace.server.usecases.otlp_ingest import OtlpIngest
from evidence_trace.server.usecases.recording import Recorder
from evidence_trace.server.usecases.sessions import Sessions
from evidence_trace.server.usecases.watching import SessionWatcher


@dataclasses.dataclass(frozen=True)
class UseCases:
    """What the servicers and the audit page call: recording, sessions, the answer gate, listing, watching, OTLP ingest."""

    recorder: Recorder
    sessions: Sessions
    chat: ChatService
    listing: SessionListing
    watcher: SessionWatcher
    writer: GroupCommitWriter
    otlp: OtlpIngest
    #: What the audit page reads beyond the RPCs' use cases.
    audit: SessionAudit


def build_use_cases(
    db: peewee.Database,
    gate: Gate,
    limits: Limits = Limits(),
    redactor: Redactor = DEFAULT_REDACTOR,
    watch_poll_s: float = 0.2,
    otlp_session_attribute: str = "",
    sibling_writers: bool = False,
    outages: Optional[Outages] = None,
) -> UseCases:
    """Every use case over one (migrated) database; close `writer` when done.

    `sibling_writers`: other processes (serve --workers) write the same database.
    `outages`: where the writer reports storage outages (log, health, metrics).
    """
    writer = GroupCommitWriter(
        db, sibling_lock=SiblingWriteLock.beside(db) if sibling_writers else None, outages=outages
    )
    recorder = Recorder(writer, limits, redactor)
    reader = Reader(db)
    compute = ComputeSlots()  # shared: at most COMPUTE_SLOTS calls summarize or judge at once
    return UseCases(
        recorder=recorder,
        sessions=Sessions(reader, recorder, compute),
        chat=ChatService(reader, recorder, gate, limits, compute),
        listing=SessionListing(reader),
        watcher=SessionWatcher(reader, watch_poll_s),
        writer=writer,
        otlp=OtlpIngest(recorder, otlp_session_attribute),
        audit=SessionAudit(AuditReader(db)),
    )
