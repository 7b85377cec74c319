"""The ops commands of `evidence-trace`: they talk to a running server over gRPC.

sessions, show, summarize, watch, chat and health are built on the client SDK
(`EvidenceTraceClient`: channel, TLS, bearer token, deadlines and typed errors);
health calls the standard health service on the SDK client's channel. Exit
codes (docs/cli.md): 0 ok, 1 not found (or not serving), 2 usage, 3 server
unreachable, 4 any other RPC error.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import queue
import re
import sys
import time
from typing import Iterator, Mapping, Optional, TextIO

import grpc
from grpc_health.v1 import health_pb2

from evidence_trace.client import NO_RETRY, EvidenceTraceClient, EvidenceTraceError
from evidence_trace.server.cli import health
from evidence_trace.server.cli import output as out
from evidence_trace.v1 import evidence_trace_pb2 as pb

EXIT_OK = 0
EXIT_NOT_FOUND = 1
EXIT_USAGE = 2
EXIT_UNREACHABLE = 3
EXIT_RPC_ERROR = 4

DEFAULT_SERVER = "127.0.0.1:50051"
SERVER_ENV = "EVIDENCE_TRACE_SERVER"
TOKEN_ENV = "EVIDENCE_TRACE_TOKEN"
TLS_CA_ENV = "EVIDENCE_TRACE_TLS_CA"
#: serve's own listening address setting, which `health --local` follows.
LISTEN_ENV = "EVIDENCE_TRACE_LISTEN"
_LOOPBACK_FOR = {"0.0.0.0": "127.0.0.1", "[::]": "127.0.0.1", "": "127.0.0.1"}
_STATUSES = {
    "active": pb.SESSION_STATUS_ACTIVE,
    "completed": pb.SESSION_STATUS_COMPLETED,
    "failed": pb.SESSION_STATUS_FAILED,
}
_SERVICE_NAME = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"].full_name
_RELATIVE = re.compile(r"^(\d+)([smhd])$")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


class CommandError(Exception):
    """A failure to report on one line, with its exit code."""

    def __init__(self, message: str, exit_code: int):
        super().__init__(message)
        self.exit_code = exit_code


# -- parsers ---------------------------------------------------------------------


def server_address(text: str) -> str:
    """HOST:PORT (an IPv6 host in brackets): anything else is a usage error, before any connection."""
    value = text.strip()
    if not value:
        raise argparse.ArgumentTypeError(f"empty server address: use HOST:PORT, for example {DEFAULT_SERVER}")
    if "://" in value:
        raise argparse.ArgumentTypeError(
            f"{text!r} is a URL: use HOST:PORT without a scheme, for example {DEFAULT_SERVER}"
        )
    host, colon, port = value.rpartition(":")
    if not colon or not host:
        raise argparse.ArgumentTypeError(f"{text!r} has no port: use HOST:PORT, for example {DEFAULT_SERVER}")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r}: the port must be a number from 1 to 65535")
    if ":" in host and not (host.startswith("[") and host.endswith("]")):
        raise argparse.ArgumentTypeError(f"{text!r}: put an IPv6 address in brackets, for example [::1]:50051")
    return value


def local_server(environ: Mapping[str, str]) -> str:
    """Where this host's own server answers: serve's EVIDENCE_TRACE_LISTEN (default DEFAULT_SERVER),
    a wildcard host (0.0.0.0, [::]) replaced by loopback. The container's HEALTHCHECK uses it."""
    listen = environ.get(LISTEN_ENV) or DEFAULT_SERVER
    host, _, port = listen.strip().rpartition(":")
    address = f"{_LOOPBACK_FOR.get(host, host)}:{port}"
    try:
        return server_address(address)
    except argparse.ArgumentTypeError as exc:
        raise CommandError(f"{LISTEN_ENV}={listen!r} gives no address to check: {exc}", EXIT_USAGE) from None


def _connection_options() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--server",
        type=server_address,
        default=os.environ.get(SERVER_ENV, DEFAULT_SERVER),
        help=f"HOST:PORT of the evidence-trace server (env {SERVER_ENV}, default {DEFAULT_SERVER})",
    )
    common.add_argument(
        "--token",
        default=os.environ.get(TOKEN_ENV) or None,
        help=f"bearer token sent with every call, for a server with a token file (env {TOKEN_ENV})",
    )
    common.add_argument(
        "--tls-ca",
        default=os.environ.get(TLS_CA_ENV) or None,
        help=f"PEM file of the CA that signed the server's certificate: connect with TLS (env {TLS_CA_ENV})",
    )
    common.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="seconds to wait for the server to answer (and to connect), default 10",
    )
    common.add_argument("--json", action="store_true", help="print JSON for scripts instead of a table")
    return common


def timestamp_arg(text: str) -> dt.datetime:
    """An ISO 8601 time (UTC when no offset is given) or a duration ago: 30s, 15m, 2h, 7d."""
    found = _RELATIVE.match(text.strip())
    if found:
        return dt.datetime.now(dt.timezone.utc) - dt.timedelta(**{_UNITS[found.group(2)]: int(found.group(1))})
    try:
        value = dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: use an ISO 8601 time or a duration such as 15m, 2h, 7d") from None
    return value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register the ops subcommands on the `evidence-trace` parser."""
    common = _connection_options()

    p = sub.add_parser(
        "sessions",
        parents=[common],
        help="list recent sessions with counts and last decision",
        description="List sessions, most recently updated first, with their counts and the "
        "decision of their last Chat call. Pages with --limit and --page-token.",
    )
    p.add_argument("--status", choices=sorted(_STATUSES), help="only sessions in this state")
    p.add_argument(
        "--since", type=timestamp_arg, help="only sessions updated at or after this time (ISO 8601, or 15m, 2h, 7d ago)"
    )
    p.add_argument("--until", type=timestamp_arg, help="only sessions updated before this time (same formats)")
    p.add_argument("--limit", type=int, default=20, help="sessions per page, 1-500 (default 20)")
    p.add_argument("--page-token", default="", help="the token printed after the previous page")
    p.set_defaults(handler=_sessions)

    p = sub.add_parser(
        "show",
        parents=[common],
        help="show a session's timeline of steps and tool calls",
        description="Show a session's timeline: model steps, helper calls, tool calls and Chat "
        "evaluations in start order, with duration, outcome and the truncated, "
        "no-output and not-captured markers.",
    )
    p.add_argument("session", metavar="SESSION", help="the session id")
    p.add_argument(
        "--wide", action="store_true", help='print long texts whole instead of cutting them with "…" to fit a terminal'
    )
    p.set_defaults(handler=_show)

    p = sub.add_parser(
        "summarize",
        parents=[common],
        help="show a session's merged evidence entries",
        description="Show a session's verifier-facing evidence entries (SummarizeSession) as a "
        "table: one row per tool and topic, with its level and counts.",
    )
    p.add_argument("session", metavar="SESSION", help="the session id")
    p.add_argument(
        "--wide", action="store_true", help='print long texts whole instead of cutting them with "…" to fit a terminal'
    )
    p.set_defaults(handler=_summarize)

    p = sub.add_parser(
        "watch",
        parents=[common],
        help="follow a session live until it finishes",
        description="Print a session's timeline, then each new step, tool call and evaluation "
        "as it is committed, until the session completes or fails (or Ctrl-C). "
        "--json prints one JSON object per line. --timeout bounds only the connect.",
    )
    p.add_argument("session", metavar="SESSION", help="the session id")
    p.add_argument(
        "--wait",
        action="store_true",
        help="if the session has no rows yet, wait for its first one instead of exiting 1 "
        "(start watching before the agent's first call)",
    )
    p.add_argument(
        "--wide", action="store_true", help='print long texts whole instead of cutting them with "…" to fit a terminal'
    )
    p.set_defaults(handler=_watch)

    p = sub.add_parser(
        "chat",
        parents=[common],
        help="run the answer gate on a draft by hand",
        description="Judge a draft answer against a session's evidence (Chat), print the "
        "decision and what the user would see. Records one verifier evaluation.",
    )
    p.add_argument("session", metavar="SESSION", help="the session id")
    p.add_argument("--question", required=True, help="the user's question")
    p.add_argument("--draft", required=True, help="the draft answer to judge")
    p.add_argument(
        "--verifier-output", help="a verifier verdict (JSON) to judge instead of calling the configured verifier"
    )
    p.set_defaults(handler=_chat)

    p = sub.add_parser(
        "health",
        parents=[common],
        help="check the server's gRPC health service (exit 0 if serving)",
        description="Ask the standard grpc.health.v1 service whether the server and its service are "
        "serving: exit 0 when SERVING, 1 otherwise (naming which is not, and why: for example a full "
        "disk), 3 when unreachable. Used by the container's HEALTHCHECK.",
    )
    p.add_argument(
        "--service",
        default=None,
        help=f"the one service name to check (default: the whole server, then {_SERVICE_NAME}, "
        "which is NOT_SERVING while the server cannot store writes)",
    )
    p.add_argument(
        "--local",
        action="store_true",
        help=f"check the server this host's own settings start: the address of {LISTEN_ENV} "
        f"(default {DEFAULT_SERVER}), a wildcard host (0.0.0.0, [::]) as loopback; "
        f"instead of --server",
    )
    p.set_defaults(handler=_health)


def run(args: argparse.Namespace, stdout: Optional[TextIO] = None, stderr: Optional[TextIO] = None) -> int:
    """Run an ops command; print one clear line and return its exit code on failure."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        if getattr(args, "local", False):
            args.server = local_server(os.environ)
        with _client(args.server, args.timeout, args.token, args.tls_ca) as client:
            args.handler(args, client, stdout, stderr)
        return EXIT_OK
    except CommandError as exc:
        return _fail(args, stdout, stderr, str(exc), exc.exit_code, None, None)
    except EvidenceTraceError as exc:
        message, code = describe(exc, args.server)
        return _fail(args, stdout, stderr, message, code, exc.code.name, exc.reason or None)
    except KeyboardInterrupt:
        return EXIT_OK


def _fail(
    args: argparse.Namespace,
    stdout: TextIO,
    stderr: TextIO,
    message: str,
    exit_code: int,
    status: Optional[str],
    reason: Optional[str],
) -> int:
    """One line on stderr; with --json also a JSON error object on stdout, so scripts always get JSON."""
    print(f"evidence-trace {args.command}: {message}", file=stderr)
    if getattr(args, "json", False):
        print(
            json.dumps(
                {"error": {"exit_code": exit_code, "code": status, "reason": reason, "message": message}},
                ensure_ascii=False,
            ),
            file=stdout,
            flush=True,
        )
    return exit_code


# -- connection and errors ---------------------------------------------------------


def _credentials(tls_ca: Optional[str]) -> Optional[grpc.ChannelCredentials]:
    """TLS trusting the CA in the PEM file `tls_ca`; None (plaintext) without one."""
    if not tls_ca:
        return None
    try:
        with open(tls_ca, "rb") as pem:
            return grpc.ssl_channel_credentials(root_certificates=pem.read())
    except OSError as exc:
        raise CommandError(f"cannot read --tls-ca {tls_ca}: {exc.strerror}", EXIT_USAGE) from None


def _connect(channel: grpc.Channel, server: str, timeout: float) -> None:
    """Wait until the channel is READY; fail at once when the connection attempt fails (refused,
    unknown host, TLS handshake), after `timeout` seconds when nothing answers at all."""
    states: queue.Queue = queue.Queue()
    channel.subscribe(states.put, try_to_connect=True)
    deadline = time.monotonic() + timeout
    try:
        while True:
            try:
                state = states.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise CommandError(
                    f"cannot reach the server at {server} within {timeout:g}s "
                    f"(is it running? set --server or {SERVER_ENV})",
                    EXIT_UNREACHABLE,
                ) from None
            if state == grpc.ChannelConnectivity.READY:
                return
            if state in (grpc.ChannelConnectivity.TRANSIENT_FAILURE, grpc.ChannelConnectivity.SHUTDOWN):
                raise CommandError(
                    f"cannot reach the server at {server}: the connection failed (nothing "
                    f"listening, unknown host, or TLS refused; set --server or {SERVER_ENV})",
                    EXIT_UNREACHABLE,
                )
    finally:
        channel.unsubscribe(states.put)


@contextlib.contextmanager
def _client(
    server: str, timeout: float, token: Optional[str] = None, tls_ca: Optional[str] = None
) -> Iterator[EvidenceTraceClient]:
    """An SDK client, connected: bearer token, TLS, each call's deadline `timeout`, and no retries
    (a command makes one attempt and reports what it got)."""
    with EvidenceTraceClient(
        server, credentials=_credentials(tls_ca), token=token, default_timeout=timeout, retry=NO_RETRY
    ) as client:
        _connect(client.channel, server, timeout)
        yield client


def describe(err: EvidenceTraceError, server: str) -> tuple[str, int]:
    """A one-line message and an exit code for a failed call."""
    code = err.code
    violations = [f"{v.field}: {v.description}" for v in err.violations]
    text = "; ".join(violations) or err.message or code.name
    message = f"{code.name}{f' {err.reason}' if err.reason else ''}: {text}" if text != code.name else code.name
    if code == grpc.StatusCode.NOT_FOUND:
        return message, EXIT_NOT_FOUND
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        return message, EXIT_USAGE
    if code == grpc.StatusCode.UNAVAILABLE and not err.reason:
        return f"cannot reach the server at {server}: {err.message}", EXIT_UNREACHABLE
    return message, EXIT_RPC_ERROR


# -- handlers -----------------------------------------------------------------------


def _sessions(args: argparse.Namespace, client: EvidenceTraceClient, stdout: TextIO, stderr: TextIO) -> None:
    if not 1 <= args.limit <= 500:
        raise CommandError("--limit must be 1 to 500", EXIT_USAGE)
    request = pb.ListSessionsRequest(
        page_size=args.limit,
        page_token=args.page_token,
        status=_STATUSES.get(args.status or "", pb.SESSION_STATUS_UNSPECIFIED),
    )
    if args.since:
        request.min_update_time.FromDatetime(args.since)
    if args.until:
        request.max_update_time.FromDatetime(args.until)
    response = client.list_sessions(request)
    if args.json:
        print(out.to_json(response), file=stdout)
        return
    print(out.sessions_table(response), file=stdout)
    if response.next_page_token:
        # Relative times are resolved once: the next page must repeat the same bounds.
        bounds = "".join(
            f" --{name} {value.isoformat()}" for name, value in (("since", args.since), ("until", args.until)) if value
        )
        print(f"more: --page-token {response.next_page_token}{bounds}", file=stderr)


def _show(args: argparse.Namespace, client: EvidenceTraceClient, stdout: TextIO, stderr: TextIO) -> None:
    events = list(client.watch_session(session_id=args.session, replay_only=True, timeout=args.timeout))
    if args.json:
        session = next((out.as_dict(e.session) for e in events if e.WhichOneof("event") == "session"), None)
        rest = [out.as_dict(e) for e in events if e.WhichOneof("event") != "session"]
        print(json.dumps({"session": session, "events": rest}, ensure_ascii=False), file=stdout)
        return
    print(out.timeline_table(events, args.wide), file=stdout)


def _summarize(args: argparse.Namespace, client: EvidenceTraceClient, stdout: TextIO, stderr: TextIO) -> None:
    response = client.summarize_session(session_id=args.session)
    print(out.to_json(response) if args.json else out.summary_table(response, args.wide), file=stdout)


def _watch(args: argparse.Namespace, client: EvidenceTraceClient, stdout: TextIO, stderr: TextIO) -> None:
    # No deadline: a watch lasts until the session finishes (the connect had --timeout). On Ctrl-C
    # closing the client (in run) cancels the stream.
    request = pb.WatchSessionRequest(session_id=args.session, wait_for_session=args.wait)
    for event in client.watch_session(request):
        if args.json:
            print(out.to_json(event), file=stdout, flush=True)
            continue
        if event.WhichOneof("event") == "session" and event.replayed:
            print(out.session_header(event.session), file=stdout)
            print(out.fixed_line(out.TIMELINE_HEADERS), file=stdout, flush=True)
            continue
        cells = out.timeline_cells(event, args.wide)
        if cells is not None:
            print(out.fixed_line(cells), file=stdout, flush=True)


def _chat(args: argparse.Namespace, client: EvidenceTraceClient, stdout: TextIO, stderr: TextIO) -> None:
    response = client.chat(
        session_id=args.session, question=args.question, draft_answer=args.draft, verifier_output=args.verifier_output
    )
    print(out.to_json(response) if args.json else out.chat_text(response, args.draft), file=stdout)


def _health(args: argparse.Namespace, client: EvidenceTraceClient, stdout: TextIO, stderr: TextIO) -> None:
    asked = args.service is not None
    for service in [args.service] if asked else ["", _SERVICE_NAME]:
        checked = health.check(client, service, args.timeout, args.token)
        if checked is None and asked:
            raise CommandError(
                f"the server has no service named {service!r} (try {_SERVICE_NAME} or leave out --service)",
                EXIT_NOT_FOUND,
            )
        status, cause = checked or (health_pb2.HealthCheckResponse.SERVING, "")  # an older server: "" stands
        if status == health_pb2.HealthCheckResponse.SERVING:
            continue
        name = health_pb2.HealthCheckResponse.ServingStatus.Name(status)
        print(json.dumps({"status": name, "service": service, "cause": cause}) if args.json else name, file=stdout)
        raise CommandError(f"{service or 'the server'} is {name}" + (f": {cause}" if cause else ""), EXIT_NOT_FOUND)
    print(json.dumps({"status": "SERVING"}) if args.json else "SERVING", file=stdout)
