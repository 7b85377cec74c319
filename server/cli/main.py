"""The `evidence-trace` command line.

`serve` runs the service; the ops commands (sessions, show, summarize, watch,
chat, health) talk to a running one: see server/cli/commands.py and docs/cli.md.
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Optional, Sequence

from evidence_trace.server import settings as settings_module
from evidence_trace.server.cli import commands as cli_commands
from evidence_trace.server.cli import evaluate as cli_eval
from evidence_trace.server.rpc import tokens as tokens

#: `serve` could not start: a listening port is busy or not this host's (2 is an invalid setting).
EXIT_CANNOT_START = 1
#: The server's log line format (its worker processes use it too).
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def _serve_parser(sub) -> None:
    p = sub.add_parser(
        "serve",
        help="run the gRPC service (and, with --http-listen, the audit page and /metrics)",
        description="Run the evidence-trace gRPC service. Flags win over EVIDENCE_TRACE_* "
        "environment variables; see docs/configuration.md.",
    )
    p.add_argument(
        "--listen",
        help="HOST:PORT to listen on; port 0 picks a free port (env EVIDENCE_TRACE_LISTEN, default 127.0.0.1:50051)",
    )
    p.add_argument(
        "--database",
        dest="database_url",
        help="database URL: sqlite:///PATH or postgresql://USER@HOST:PORT/DB "
        f"(env EVIDENCE_TRACE_DATABASE_URL, default {settings_module.DEFAULT_DATABASE_URL})",
    )
    p.add_argument(
        "--durability",
        choices=("full", "normal"),
        help="SQLite commit durability (env EVIDENCE_TRACE_DURABILITY, default full)",
    )
    p.add_argument("--max-workers", type=int, help="gRPC worker threads (env EVIDENCE_TRACE_MAX_WORKERS)")
    p.add_argument(
        "--workers",
        type=int,
        help="server processes sharing the port, each with its own writer (env EVIDENCE_TRACE_WORKERS, default 1)",
    )
    p.add_argument(
        "--grace-period",
        dest="grace_period_s",
        type=float,
        help="seconds to drain in-flight calls on SIGTERM (env EVIDENCE_TRACE_GRACE_PERIOD_S)",
    )
    p.add_argument(
        "--verifier",
        dest="verifier_backend",
        choices=("rules", "openai_compatible"),
        help="Chat verifier backend (env EVIDENCE_TRACE_VERIFIER, default rules)",
    )
    p.add_argument("--verifier-base-url", help="OpenAI-compatible API base URL (env EVIDENCE_TRACE_VERIFIER_BASE_URL)")
    p.add_argument("--verifier-model", help="verifier model name (env EVIDENCE_TRACE_VERIFIER_MODEL)")
    p.add_argument(
        "--verifier-claim-floor",
        choices=("strict", "contradictions", "off", "on"),
        help="how a model verifier's verdict is held to the claim checks: strict (any claim not grounded caps it), "
        "contradictions (only contradicted or invented claims do), off; on means strict "
        "(env EVIDENCE_TRACE_VERIFIER_CLAIM_FLOOR, default strict)",
    )
    p.add_argument(
        "--evidence-zones",
        help="zones of naive evidence timestamps, TOOL_OR_TOPIC=ZONE[,...] such as query_logs=Asia/Shanghai: the "
        "gate reads those times in that zone (env EVIDENCE_TRACE_EVIDENCE_ZONES, default: as written)",
    )
    p.add_argument("--log-level", help="DEBUG, INFO, WARNING or ERROR (env EVIDENCE_TRACE_LOG_LEVEL)")
    p.add_argument(
        "--http-listen",
        help="HOST:PORT of the HTTP endpoint: the session audit page at / and Prometheus /metrics; port 0 picks "
        "a free port (env EVIDENCE_TRACE_HTTP_LISTEN, default disabled; see docs/audit-page.md)",
    )
    p.add_argument(
        "--metrics-listen", help="the former name of --http-listen, still accepted (env EVIDENCE_TRACE_METRICS_LISTEN)"
    )


def _reclassify_parser(sub) -> None:
    p = sub.add_parser(
        "reclassify",
        help="re-run the evidence rules on rows recorded under older rules",
        description="Re-classify every stored invocation that an older CLASSIFIER_VERSION "
        "classified, page by page, and report which outcomes changed "
        "(docs/evidence-rules.md). Safe to run while servers are serving.",
    )
    p.add_argument(
        "--database",
        dest="database_url",
        help=f"database URL (env EVIDENCE_TRACE_DATABASE_URL, default {settings_module.DEFAULT_DATABASE_URL})",
    )
    p.add_argument("--page-size", type=int, default=500, help="rows per transaction (default 500)")


def _reclassify(args: argparse.Namespace) -> int:
    from evidence_trace.server.domain.evidence import CLASSIFIER_VERSION
    from evidence_trace.server.store.db import open_database
    from evidence_trace.server.store.migrations import migrate
    from evidence_trace.server.store.reclassification import ReclassificationStore
    from evidence_trace.server.usecases.reclassify import reclassify

    try:
        settings = settings_module.load({"database_url": args.database_url} if args.database_url else {})
    except settings_module.SettingsError as exc:
        print(f"evidence-trace: invalid setting: {exc}", file=sys.stderr)
        return 2
    if args.page_size < 1:
        print("evidence-trace: --page-size must be at least 1", file=sys.stderr)
        return 2
    db = open_database(settings.database_url)
    migrate(db)
    report = reclassify(ReclassificationStore(db), args.page_size)
    print(
        f"reclassified {report.rows} row(s) with the rules of version {CLASSIFIER_VERSION}; "
        f"{report.changed_rows} outcome(s) changed"
    )
    for (old, new), count in sorted(report.changed.items()):
        print(f"  {old} -> {new}: {count}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="evidence-trace", description="An evidence store and answer gate for LLM agents."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _serve_parser(sub)
    cli_commands.add_parsers(sub)
    tokens.add_hash_token_parser(sub)
    _reclassify_parser(sub)
    cli_eval.add_parser(sub)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "hash-token":
        return tokens.hash_token_command(args.tenant, args.generate, sys.stdin, sys.stdout)
    if args.command == "reclassify":
        return _reclassify(args)
    if args.command == "eval":
        return cli_eval.run(args)
    if args.command != "serve":
        return cli_commands.run(args)
    flags = {k: v for k, v in vars(args).items() if k != "command" and v is not None}
    try:
        settings = settings_module.load(flags)
    except settings_module.SettingsError as exc:
        print(f"evidence-trace: invalid setting: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level.upper(), format=LOG_FORMAT)
    from evidence_trace.server.app import BindError, serve

    try:
        if settings.workers > 1:
            from evidence_trace.server.cli.workers import supervise

            return supervise(settings)
        serve(settings)
    except BindError as exc:
        print(f"evidence-trace serve: {exc}", file=sys.stderr)
        return EXIT_CANNOT_START
    return 0


if __name__ == "__main__":
    sys.exit(main())
