"""Live updates of a session's page: server-sent events fed by the WatchSession use case.

The watch polls the database for committed rows, so a row written through any
replica reaches every open page. Each stream runs the watch on a thread of its
own (the watch blocks between polls) and hands events to the event loop; it
ends when the session finishes, when the browser goes away, after
STREAM_MAX_AGE_S (the browser reconnects and resumes from its Last-Event-ID),
or when the server stops, so no thread is held past shutdown. At most
MAX_STREAMS streams are open at once; more are refused with 503.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from typing import AsyncIterator, Callable, Optional

from evidence_trace.server.domain.errors import EvidenceTraceError
from evidence_trace.server.domain.model import Session
from evidence_trace.server.domain.timeline import StoredInvocation, StoredStep, TimelineCursor
from evidence_trace.server.usecases.watching import SessionWatcher, TimelineEvent

log = logging.getLogger(__name__)

#: Streams open at once, over every page and client.
MAX_STREAMS = 32
#: Seconds between keep-alive comments: a closed connection is noticed on the next write.
HEARTBEAT_S = 15.0
#: Seconds a stream lives before it ends and the browser reconnects (re-checking its login).
STREAM_MAX_AGE_S = 300.0
#: Milliseconds the browser waits before reconnecting.
RETRY_MS = 2000

#: An event's SSE name and JSON payload, or None to send nothing.
Rendered = Optional[tuple[str, dict]]


def cursor_token(cursor: TimelineCursor) -> str:
    return f"{cursor.step_seq}.{cursor.invocation_seq}.{cursor.evaluation_seq}"


def parse_cursor(token: str) -> Optional[TimelineCursor]:
    """A cursor from a page's `since` or a reconnect's Last-Event-ID; None when malformed."""
    parts = token.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    return TimelineCursor(*(int(p) for p in parts))


def frame(event: str, data: dict, event_id: str = "") -> str:
    """One SSE message; the JSON payload holds no newline, so it is one data line."""
    head = f"id: {event_id}\n" if event_id else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


class LiveStreams:
    """The open streams of one HTTP endpoint: counted, and ended together by close()."""

    def __init__(self, watcher: SessionWatcher, limit: int = MAX_STREAMS):
        self._watcher = watcher
        self._limit = limit
        self._lock = threading.Lock()
        self._open: set[threading.Event] = set()
        self.closing = False

    def acquire(self) -> Optional[threading.Event]:
        """A stop signal for a new stream; None when the limit is reached or the server is stopping."""
        with self._lock:
            if self.closing or len(self._open) >= self._limit:
                return None
            stopped = threading.Event()
            self._open.add(stopped)
            return stopped

    def _release(self, stopped: threading.Event) -> None:
        stopped.set()
        with self._lock:
            self._open.discard(stopped)

    def close(self) -> None:
        """End every stream (each watch returns within one poll interval); refuse new ones."""
        with self._lock:
            self.closing = True
            for stopped in self._open:
                stopped.set()

    async def stream(
        self,
        tenant: str,
        session_id: str,
        since: TimelineCursor,
        stopped: threading.Event,
        render: Callable[[TimelineEvent], Rendered],
        max_age_s: float = STREAM_MAX_AGE_S,
    ) -> AsyncIterator[str]:
        """SSE text: rows above `since` as they commit, session changes, and `end` when the session finishes."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()

        def put(kind: str, item: object = None) -> None:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, (kind, item))
            except RuntimeError:  # the loop is gone: the server stopped
                stopped.set()

        def pump() -> None:
            try:
                for event in self._watcher.watch(tenant, session_id, follow=True, stopped=stopped):
                    if stopped.is_set():
                        return
                    put("event", event)
                put("end")
            except EvidenceTraceError as exc:
                put("error", exc)
            except Exception:  # a bug: log it, end the stream; the browser retries
                log.exception("live stream of session %s failed", session_id)
                put("error")

        cursor = since
        thread = threading.Thread(target=pump, name=f"audit-live-{session_id}", daemon=True)
        thread.start()
        deadline = loop.time() + max_age_s
        try:
            yield f"retry: {RETRY_MS}\n\n"
            while True:
                left = deadline - loop.time()
                if left <= 0:
                    return
                try:
                    kind, item = await asyncio.wait_for(queue.get(), min(HEARTBEAT_S, left))
                except asyncio.TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if kind != "event":
                    if kind == "end" and not self.closing and not stopped.is_set():
                        yield frame("end", {}, cursor_token(cursor))
                    return
                assert isinstance(item, TimelineEvent)
                fresh, cursor = _advance(cursor, item)
                if not fresh:
                    continue
                rendered = render(item)
                if rendered is not None:
                    yield frame(rendered[0], rendered[1], cursor_token(cursor))
        finally:
            self._release(stopped)


def _advance(cursor: TimelineCursor, event: TimelineEvent) -> tuple[bool, TimelineCursor]:
    """Whether the event is news to a page that saw `cursor`, and the cursor after it.

    A replayed row at or below the cursor was on the page already; a row the
    watch found after its replay is always news (on PostgreSQL a row can
    commit after one with a higher seq).
    """
    item = event.item
    if isinstance(item, Session):
        return True, cursor
    seqs = [cursor.step_seq, cursor.invocation_seq, cursor.evaluation_seq]
    table = 0 if isinstance(item, StoredStep) else 1 if isinstance(item, StoredInvocation) else 2
    if event.replayed and item.seq <= seqs[table]:
        return False, cursor
    seqs[table] = max(seqs[table], item.seq)
    return True, TimelineCursor(*seqs)
