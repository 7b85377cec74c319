"""Domain and storage errors. server/rpc/status.py maps each to a gRPC status."""

from __future__ import annotations

import dataclasses
from typing import Optional


@dataclasses.dataclass(frozen=True)
class Violation:
    """One bad field: its path in the request and what is wrong with it."""

    field: str
    description: str


class EvidenceTraceError(Exception):
    """Base of every error the service reports deliberately."""

    reason = "INTERNAL"


class InvalidArgument(EvidenceTraceError):
    reason = "INVALID_FIELDS"

    def __init__(self, violations: list[Violation]):
        self.violations = list(violations)
        fields = ", ".join(v.field for v in self.violations)
        super().__init__(f"invalid request: {fields}")


class MalformedRequest(InvalidArgument):
    """The request's bytes do not decode (invalid UTF-8, nested too deep, truncated)."""

    reason = "MALFORMED_REQUEST"

    def __init__(self, violations: list[Violation]):
        super().__init__(violations)
        self.args = (
            "the request does not decode as protobuf"
            + (": " + ", ".join(v.field for v in self.violations) if self.violations else ""),
        )


class ReasonedError(EvidenceTraceError):
    """An error whose UPPER_SNAKE reason and ErrorInfo metadata are chosen where it is raised."""

    def __init__(self, reason: str, message: str, **metadata: str):
        self.reason = reason
        self.metadata = metadata
        super().__init__(message)


class NotFound(ReasonedError):
    """The resource (a session, in this tenant) does not exist."""


class SessionNotFound(NotFound):
    """The session does not exist in this tenant (another tenant's looks exactly the same)."""

    def __init__(self, session_id: str):
        super().__init__("SESSION_NOT_FOUND", f"session {session_id!r} not found", session_id=session_id)


class InvocationNotFound(NotFound):
    """The invocation is not in this session of this tenant (another tenant's looks exactly the same)."""

    def __init__(self, invocation_id: str):
        super().__init__("INVOCATION_NOT_FOUND", f"invocation {invocation_id!r} not found", invocation_id=invocation_id)


class Conflict(ReasonedError):
    """An idempotency key reused with different content."""


class FailedPrecondition(ReasonedError):
    """The request is valid but the resource's state forbids it."""


class StorageUnavailable(EvidenceTraceError):
    """The database failed for a reason no narrower class names; retrying may succeed.

    Each subclass is one cause of a storage failure (docs/contract.md, the
    storage rows of the error table): its `reason`, the words an operator reads
    (`what`) and the retry hint, None where a retry cannot help before someone
    acts. store/failures.py decides which one a driver error is, by its first cause.
    """

    reason = "STORAGE_UNAVAILABLE"
    #: The seconds of google.rpc.RetryInfo; None: no RetryInfo (an operator must act first).
    retry_after_s: Optional[float] = 1.0
    #: The cause in an operator's words, the start of the message and of the log lines.
    what = "database unavailable"

    def __init__(self, message: str = "", **metadata: str):
        self.metadata = metadata
        super().__init__(message or self.what)


class StorageFull(StorageUnavailable):
    """The database cannot grow: its disk is full (SQLITE_FULL, PostgreSQL 53100 disk_full) or it reached a size cap."""

    reason = "STORAGE_FULL"
    retry_after_s = 5.0
    what = "disk full"


class StorageReadOnly(StorageUnavailable):
    """The database refuses writes: a read-only file, mount or standby, or no permission."""

    reason = "STORAGE_READ_ONLY"
    retry_after_s = None
    what = "database read-only or permission denied"


class StorageUnreachable(StorageUnavailable):
    """The connection to the database was lost or refused, or the file cannot be opened."""

    reason = "STORAGE_UNREACHABLE"
    what = "database unreachable"


class StorageBusy(StorageUnavailable):
    """The database is locked by another writer, or every connection is in use; retry shortly."""

    reason = "STORAGE_BUSY"
    retry_after_s = 0.2
    what = "database busy"


class StorageContention(StorageUnavailable):
    """The database aborted the transaction for a concurrent one (serialization failure, deadlock)."""

    reason = "STORAGE_CONTENTION"
    retry_after_s = 0.2
    what = "transaction aborted by a concurrent one"


class ShuttingDown(StorageUnavailable):
    """The server is draining before it stops: UNAVAILABLE with a retry hint (1 s)."""

    reason = "SHUTTING_DOWN"

    def __init__(self, message: str = "the server is shutting down; retry on another replica or after restart"):
        super().__init__(message)


class WriterClosed(StorageUnavailable):
    """The group-commit writer stopped (the server is stopping): the write was not made."""

    reason = "SHUTTING_DOWN"


class CommitPending(EvidenceTraceError):
    """The call's deadline passed before its transaction committed.

    The write may still commit; a retry with the same id is safe.
    """

    reason = "COMMIT_PENDING"


class Overloaded(EvidenceTraceError):
    """More concurrent calls than the server serves: retry after retry_after_s."""

    reason = "OVERLOADED"

    def __init__(self, message: str, retry_after_s: float = 0.5, **metadata: str):
        self.retry_after_s = retry_after_s
        self.metadata = metadata
        super().__init__(message)


class TooLarge(ReasonedError):
    """A request body over the size limit (OTLP/HTTP; gRPC refuses its own oversized messages)."""


class UnsupportedMediaType(ReasonedError):
    """A request body in a content type or encoding the server does not read (OTLP/HTTP)."""


class Unauthenticated(ReasonedError):
    """The call carries no valid credentials, or comes from a client the server does not accept."""
