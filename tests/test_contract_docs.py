"""Docs that cannot drift: every proto element is commented, every RPC documented."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import grpc_tools
from google.protobuf import descriptor_pb2

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROTO = "evidence_trace/v1/evidence_trace.proto"


def _file_descriptor(tmp_path) -> descriptor_pb2.FileDescriptorProto:
    out = tmp_path / "set.pb"
    well_known = pathlib.Path(grpc_tools.__file__).parent / "_proto"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "grpc_tools.protoc",
            f"-I{ROOT / 'protos'}",
            f"-I{well_known}",
            "--include_source_info",
            f"--descriptor_set_out={out}",
            PROTO,
        ],
        check=True,
    )
    fds = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    return next(f for f in fds.file if f.name == PROTO)


def _commented_paths(fd) -> set[tuple[int, ...]]:
    return {tuple(loc.path) for loc in fd.source_code_info.location if loc.leading_comments.strip()}


def test_every_message_field_enum_value_and_rpc_has_a_comment(tmp_path):
    fd = _file_descriptor(tmp_path)
    commented = _commented_paths(fd)
    missing = []
    for i, message in enumerate(fd.message_type):
        if (4, i) not in commented:
            missing.append(message.name)
        missing += [f"{message.name}.{f.name}" for j, f in enumerate(message.field) if (4, i, 2, j) not in commented]
    for i, enum in enumerate(fd.enum_type):
        if (5, i) not in commented:
            missing.append(enum.name)
        missing += [f"{enum.name}.{v.name}" for j, v in enumerate(enum.value) if (5, i, 2, j) not in commented]
    for i, service in enumerate(fd.service):
        if (6, i) not in commented:
            missing.append(service.name)
        missing += [f"{service.name}.{m.name}" for j, m in enumerate(service.method) if (6, i, 2, j) not in commented]
    assert missing == []


def test_every_rpc_is_documented_in_the_contract_page(tmp_path):
    fd = _file_descriptor(tmp_path)
    page = (ROOT / "docs" / "contract.md").read_text()
    undocumented = [m.name for s in fd.service for m in s.method if f"`{m.name}`" not in page]
    assert undocumented == []
