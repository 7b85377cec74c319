"""`evidence-trace eval CASES.jsonl`: measure the answer gate on labelled cases.

Replays each case through a server (by default a throwaway in-process one with
the chosen verifier; `--server` for a running one) and prints the confusion
matrix of label against decision, overall and per category
(server/cli/gate_eval.py). Exit codes: 0 measured, 2 a case file that cannot be
read, 3 server unreachable, 4 any other RPC error.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import uuid
from typing import Any, Iterator, TextIO

from evidence_trace.client import EvidenceTraceClient
from evidence_trace.client.errors import EvidenceTraceError, UnavailableError
from evidence_trace.server.cli import gate_eval as gate_eval
from evidence_trace.server.settings import VerifierSettings

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_UNREACHABLE = 3
EXIT_RPC_ERROR = 4


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "eval",
        help="measure the answer gate on labelled cases (a confusion matrix)",
        description="Replay labelled cases (JSON lines: invocations, question, draft, label, "
        "category) through Chat and print the confusion matrix of label against "
        "decision, overall and per category, and the cases the gate got wrong. "
        "Runs a throwaway in-process server unless --server is given.",
    )
    p.add_argument("cases", metavar="CASES.jsonl", nargs="+", help="case files, one JSON case per line")
    p.add_argument(
        "--verifier",
        dest="verifier_backend",
        choices=("rules", "openai_compatible"),
        default="rules",
        help="the in-process server's verifier backend (default rules)",
    )
    p.add_argument("--verifier-base-url", default="", help="OpenAI-compatible API base URL, for openai_compatible")
    p.add_argument("--verifier-model", default="", help="model name, for openai_compatible")
    p.add_argument(
        "--server", default="", help="HOST:PORT of a running server to measure instead (its verifier settings apply)"
    )
    p.add_argument("--token", default=None, help="bearer token for --server")
    p.add_argument("--timeout", type=float, default=30.0, help="seconds each call may take (default 30)")
    p.add_argument(
        "--evidence-zones",
        default="",
        help="zones of naive evidence timestamps for the in-process server, TOOL_OR_TOPIC=ZONE[,...] "
        "(for example query_logs=Asia/Shanghai; default: read as written)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(handler=run)


@contextlib.contextmanager
def _client(args: argparse.Namespace) -> Iterator[EvidenceTraceClient]:
    if args.server:
        with EvidenceTraceClient(args.server, token=args.token, default_timeout=args.timeout) as client:
            yield client
        return
    from evidence_trace.server.testing import in_process_service  # the server package, not the client's

    verifier = VerifierSettings(
        backend=args.verifier_backend,
        base_url=args.verifier_base_url,
        model=args.verifier_model,
        timeout_s=args.timeout,
    )
    zones = tuple(z.strip() for z in args.evidence_zones.split(",") if z.strip())
    with in_process_service(client_timeout=args.timeout, verifier=verifier, evidence_zones=zones) as service:
        yield service.client


def run(args: argparse.Namespace, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr) -> int:
    try:
        cases = []
        for path in args.cases:
            with open(path, encoding="utf-8") as handle:
                cases.extend(gate_eval.load_cases(handle, source=path))
    except (OSError, gate_eval.CaseError) as exc:
        print(f"evidence-trace eval: {exc}", file=stderr)
        return EXIT_USAGE
    run_id = uuid.uuid4().hex[:8]
    outcomes = []
    try:
        with _client(args) as client:
            for index, case in enumerate(cases):
                outcomes.append(gate_eval.run_case(client, case, f"eval-{run_id}-{index:04d}", args.timeout))
    except gate_eval.CaseError as exc:
        print(f"evidence-trace eval: {exc}", file=stderr)
        return EXIT_USAGE
    except UnavailableError as exc:
        print(f"evidence-trace eval: server unreachable: {exc}", file=stderr)
        return EXIT_UNREACHABLE
    except EvidenceTraceError as exc:
        print(f"evidence-trace eval: {exc}", file=stderr)
        return EXIT_RPC_ERROR
    result = gate_eval.report(outcomes)
    if args.json:
        document: dict[str, Any] = result.as_dict()
        json.dump(document, stdout, ensure_ascii=False, indent=2)
        stdout.write("\n")
    else:
        print(gate_eval.render(result), file=stdout)
    return EXIT_OK
