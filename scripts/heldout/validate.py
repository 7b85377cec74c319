"""Validate a blind author's held-out file: python scripts/heldout/validate.py FILE PREFIX [CATEGORIES]
(PROMPT.md says when). CATEGORIES, comma-separated, are the six the author was given; without them, the
categories of the earlier sets.

Checks the format and the contract only (a real server records every invocation); it judges no label and runs
no gate. Prints each PROBLEM and exits 1 when there is one.
"""

import collections
import json
import sys
import tempfile

import grpc
from google.protobuf import json_format

from evidence_trace.server.app import create_server
from evidence_trace.server.testing import loopback_settings
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

CATS = {
    "prometheus",
    "kubectl",
    "es_search",
    "java_logs",
    "deploys",
    "knowledge",
    "alertmanager",
    "loki",
    "loglines",
    "tables",
    "http_checks",
    "mixed",
    "slow_sql",
    "queues",
    "hosts",
    "tracing",
    "dns_tls",
    "ci_cd",
    "databases",
    "caches",
    "networking",
}
path, prefix = sys.argv[1], sys.argv[2]
if len(sys.argv) > 3:  # the categories the author was given ("helm_releases, journald, ...")
    CATS = {c.strip() for c in sys.argv[3].split(",") if c.strip()}
problems = []
cases = []
for n, line in enumerate(open(path, encoding="utf-8"), 1):
    if not line.strip():
        continue
    try:
        c = json.loads(line)
    except Exception as e:
        problems.append(f"line {n}: not JSON: {e}")
        continue
    cases.append((n, c))
ids = collections.Counter(c.get("id") for _, c in cases)
inv_ids = collections.Counter(i.get("invocationId") for _, c in cases for i in c.get("invocations", []))
for n, c in cases:
    w = f"line {n} ({c.get('id')})"
    for k, t in {
        "id": str,
        "category": str,
        "lang": str,
        "label": str,
        "question": str,
        "draft": str,
        "invocations": list,
        "note": str,
    }.items():
        if not isinstance(c.get(k), t) or (t is str and not c[k].strip()):
            problems.append(f"{w}: key {k} missing/empty/not {t.__name__}")
    if c.get("category") not in CATS:
        problems.append(f"{w}: category {c.get('category')} not one of {sorted(CATS)}")
    if c.get("label") not in ("supported", "unsupported"):
        problems.append(f"{w}: bad label")
    if c.get("lang") not in ("en", "zh"):
        problems.append(f"{w}: bad lang")
    if ids[c.get("id")] > 1:
        problems.append(f"{w}: duplicate id")
    draft = c.get("draft", "")
    han = sum(1 for ch in draft if "\u4e00" <= ch <= "\u9fff")
    if c.get("lang") == "zh" and han == 0:
        problems.append(f"{w}: zh draft has no Chinese")
    if c.get("lang") == "en" and han > 0.02 * len(draft):
        problems.append(f"{w}: en draft has too much Chinese")
    if c.get("label") == "unsupported":
        b = c.get("bad_claim")
        if not isinstance(b, str) or not b or b not in draft:
            problems.append(f"{w}: bad_claim missing or not an exact substring of draft")
    elif "bad_claim" in c:
        problems.append(f"{w}: supported case must not have bad_claim")
    invs = c.get("invocations", [])
    if "sessionId" in json.dumps(invs):
        problems.append(f"{w}: do not set sessionId")
    for i in invs:
        if not str(i.get("invocationId", "")).startswith(prefix):
            problems.append(f"{w}: invocationId must start with {prefix}")
        if inv_ids[i.get("invocationId")] > 1:
            problems.append(f"{w}: invocationId {i.get('invocationId')} repeats in file")
        try:
            json_format.ParseDict(i, pb.ToolInvocation())
        except Exception as e:
            problems.append(f"{w}: invocation {i.get('invocationId')} does not parse: {e}")
by = collections.Counter((c.get("category"), c.get("label")) for _, c in cases)
for cat in CATS:
    if by[(cat, "supported")] + by[(cat, "unsupported")] and (
        by[(cat, "supported")] == 0 or by[(cat, "unsupported")] == 0
    ):
        problems.append(f"category {cat}: needs both labels")
if not problems:
    with tempfile.TemporaryDirectory() as d:
        running = create_server(loopback_settings(f"sqlite:///{d}/v.db"))
        try:
            with grpc.insecure_channel(f"127.0.0.1:{running.port}") as ch:
                stub = pb_grpc.EvidenceTraceServiceStub(ch)
                for n, c in cases:
                    msgs = []
                    for i in c["invocations"]:
                        m = json_format.ParseDict(i, pb.ToolInvocation())
                        m.session_id = "v-" + c["id"]
                        msgs.append(m)
                    r = stub.BatchRecordInvocations(pb.BatchRecordInvocationsRequest(invocations=msgs), timeout=30)
                    outs = []
                    for inv, res in zip(c["invocations"], r.results):
                        if list(res.violations):
                            problems.append(
                                f"line {n} ({c['id']}): invocation {inv['invocationId']} rejected by the contract: "
                                + "; ".join(f"{v.field}: {v.description}" for v in res.violations)
                            )
                        outs.append(res.invocation_outcome)
        finally:
            running.stop(grace=1)
langs = collections.Counter(c.get("lang") for _, c in cases)
longs = sum(1 for _, c in cases if len(c.get("draft", "")) > 800)
labels = collections.Counter(c.get("label") for _, c in cases)
print(f"{len(cases)} cases; langs {dict(langs)}; labels {dict(labels)}; long(>800 chars) {longs}")
for p in problems:
    print("PROBLEM:", p)
sys.exit(1 if problems else 0)
