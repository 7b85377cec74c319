"""Regenerate generated/ from protos/ with the pinned grpcio-tools.

Usage: python scripts/generate.py [--check]

--check regenerates into a temporary folder and exits 1 when the committed
generated/ differs, so CI fails on drift.
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import sys
import tempfile

import grpc_tools
from grpc_tools import protoc

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROTOS = ROOT / "protos"
# Imported protos that are not ours (google/api annotations): on the include
# path, never generated (googleapis-common-protos ships their Python code).
VENDORED = ("google",)
GENERATED = ROOT / "generated"
# Hand-off files that make the generated tree an importable package. They are
# written by this script, never edited by hand.
PACKAGE_FILES = {
    "evidence_trace/__init__.py": '"""evidence-trace: an evidence store and answer gate for LLM agents."""\n',
    "evidence_trace/py.typed": "",
    "evidence_trace/v1/__init__.py": '"""Generated protobuf and gRPC code for evidence_trace.v1. Do not edit."""\n',
    "evidence_trace/v1/py.typed": "",
}


def generate(out: pathlib.Path) -> None:
    protos = sorted(
        str(p.relative_to(PROTOS)) for p in PROTOS.rglob("*.proto") if p.relative_to(PROTOS).parts[0] not in VENDORED
    )
    well_known = pathlib.Path(grpc_tools.__file__).parent / "_proto"
    args = [
        "grpc_tools.protoc",
        f"-I{PROTOS}",
        f"-I{well_known}",
        f"--python_out={out}",
        f"--pyi_out={out}",
        f"--grpc_python_out={out}",
        *protos,
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    for rel, text in PACKAGE_FILES.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text)


def tree(path: pathlib.Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes()
        for p in path.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="fail when generated/ is stale")
    args = parser.parse_args()
    if not args.check:
        shutil.rmtree(GENERATED, ignore_errors=True)
        GENERATED.mkdir()
        generate(GENERATED)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        generate(pathlib.Path(tmp))
        fresh, committed = tree(pathlib.Path(tmp)), tree(GENERATED)
    drift = sorted(k for k in fresh.keys() | committed.keys() if fresh.get(k) != committed.get(k))
    if drift:
        print("generated/ is stale; run `make gen` and commit. Differs:", *drift, sep="\n  ", file=sys.stderr)
        return 1
    print("generated/ is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
