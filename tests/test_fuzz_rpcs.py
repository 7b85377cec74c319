"""Property-based fuzzing of every RPC with messages generated from the descriptors:
no INTERNAL or UNKNOWN status for any input, and the server stays healthy."""

from __future__ import annotations

import collections

import grpc
import pytest
from builders import failed_invocation, invocation, step
from conftest import make_settings
from google.protobuf import descriptor as d
from google.protobuf import struct_pb2, timestamp_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evidence_trace.server.app import create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb

SERVICE = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"]
FD = d.FieldDescriptor
INT_RANGES = {
    FD.TYPE_INT32: (-(2**31), 2**31 - 1),
    FD.TYPE_INT64: (-(2**63), 2**63 - 1),
    FD.TYPE_UINT32: (0, 2**32 - 1),
    FD.TYPE_UINT64: (0, 2**64 - 1),
}
# Ids that look valid half the time, so the fuzzing reaches past validation into the store.
IDS = st.one_of(st.sampled_from(["s-1", "s-2", "inv-1", "a.b:c-d"]), st.text(max_size=40))
JSON = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


def _scalar(field: d.FieldDescriptor) -> st.SearchStrategy:
    if field.type in INT_RANGES:
        low, high = INT_RANGES[field.type]
        return st.one_of(st.integers(low, high), st.integers(-5, 100_000))
    if field.type == FD.TYPE_BOOL:
        return st.booleans()
    if field.type in (FD.TYPE_DOUBLE, FD.TYPE_FLOAT):
        return st.floats(width=32 if field.type == FD.TYPE_FLOAT else 64)
    if field.type == FD.TYPE_ENUM:  # proto3 enums are open: unknown numbers too
        return st.one_of(st.sampled_from([v.number for v in field.enum_type.values]), st.integers(-3, 50))
    if field.type == FD.TYPE_STRING:
        return IDS if field.name.endswith("_id") else st.text(max_size=300)
    return st.binary(max_size=50)


def _message(descriptor: d.Descriptor, depth: int = 0) -> st.SearchStrategy:
    if descriptor.full_name == "google.protobuf.Struct":
        return st.dictionaries(st.text(max_size=12), JSON, max_size=5).map(_struct)
    if descriptor.full_name == "google.protobuf.Timestamp":
        return st.builds(
            timestamp_pb2.Timestamp, seconds=st.integers(-(2**40), 2**40), nanos=st.integers(-5, 2 * 10**9)
        )
    fields = {}
    for field in descriptor.fields:
        if field.type == FD.TYPE_MESSAGE:
            if depth > 3:
                continue
            value = _message(field.message_type, depth + 1)
        else:
            value = _scalar(field)
        if field.is_repeated:
            value = st.lists(value, max_size=3)
        fields[field.name] = st.one_of(st.none(), value)
    return st.fixed_dictionaries(fields).map(lambda values: _build(descriptor, values))


def _struct(values: dict) -> struct_pb2.Struct:
    message = struct_pb2.Struct()
    message.update(values)
    return message


def _build(descriptor: d.Descriptor, values: dict):
    message = pb.__dict__.get(descriptor.name) or _message_class(descriptor)
    out = message()
    for name, value in values.items():
        if value is None:
            continue
        field = descriptor.fields_by_name[name]
        if field.is_repeated:
            getattr(out, name).extend(value)
        elif field.type == FD.TYPE_MESSAGE:
            getattr(out, name).CopyFrom(value)
        else:
            setattr(out, name, value)
    return out


def _message_class(descriptor: d.Descriptor):
    from google.protobuf import message_factory

    return message_factory.GetMessageClass(descriptor)


def _seeds() -> dict[str, object]:
    """A valid request per RPC: mutating a few of its fields reaches past validation into the store."""
    inv = invocation(invocation_id="seed-inv", session_id="s-1")
    return {
        "RecordInvocation": pb.RecordInvocationRequest(invocation=inv),
        "BatchRecordInvocations": pb.BatchRecordInvocationsRequest(
            invocations=[inv, failed_invocation(invocation_id="seed-failed", session_id="s-1")]
        ),
        "RecordAgentStep": pb.RecordAgentStepRequest(step=step(step_id="seed-step", session_id="s-1")),
        "Chat": pb.ChatRequest(session_id="s-1", question="why?", draft_answer="a timeout"),
        "CompleteSession": pb.CompleteSessionRequest(session_id="s-2", status=pb.SESSION_STATUS_COMPLETED),
    }


def _mutated(seed, descriptor: d.Descriptor) -> st.SearchStrategy:
    """`seed` with up to three fields of its main message replaced by generated values."""
    inner = [f for f in descriptor.fields if f.type == FD.TYPE_MESSAGE]
    target = inner[0] if len(descriptor.fields) == 1 and inner else None
    kind = target.message_type if target is not None else descriptor
    names = [f.name for f in kind.fields]

    def apply(args) -> object:
        generated, chosen = args
        out = type(seed)()
        out.CopyFrom(seed)
        main = (
            out
            if target is None
            else (getattr(out, target.name)[0] if target.is_repeated else getattr(out, target.name))
        )
        for name in chosen:
            main.ClearField(name)
            field = kind.fields_by_name[name]
            if field.is_repeated:
                getattr(main, name).extend(getattr(generated, name))
            elif field.type == FD.TYPE_MESSAGE or field.has_presence:
                if generated.HasField(name):
                    getattr(main, name).CopyFrom(
                        getattr(generated, name)
                    ) if field.type == FD.TYPE_MESSAGE else setattr(main, name, getattr(generated, name))
            else:
                setattr(main, name, getattr(generated, name))
        return out

    return st.tuples(_message(kind), st.sets(st.sampled_from(names), min_size=1, max_size=3)).map(apply)


def _requests(method: d.MethodDescriptor) -> st.SearchStrategy:
    seed = _seeds().get(method.name)
    generated = _message(method.input_type)
    return generated if seed is None else st.one_of(generated, _mutated(seed, method.input_type))


@pytest.fixture(scope="module")
def fuzz_target(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "et.db"
    running = create_server(make_settings(f"sqlite:///{path}"))
    channel = grpc.insecure_channel(f"127.0.0.1:{running.port}")
    yield running, channel
    channel.close()
    running.stop(grace=1)


SEEN: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)


@pytest.mark.slow
@pytest.mark.parametrize("method", list(SERVICE.methods), ids=lambda m: m.name)
def test_no_input_makes_an_rpc_fail_internally(fuzz_target, method, fault_report):
    running, channel = fuzz_target
    path = f"/{SERVICE.full_name}/{method.name}"
    request_class = _message_class(method.input_type)
    response_class = _message_class(method.output_type)
    if method.server_streaming:
        call = channel.unary_stream(
            path, request_serializer=request_class.SerializeToString, response_deserializer=response_class.FromString
        )
    else:
        call = channel.unary_unary(
            path, request_serializer=request_class.SerializeToString, response_deserializer=response_class.FromString
        )
    seen = SEEN[method.name]

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(_requests(method))
    def check(request) -> None:
        try:
            if method.server_streaming:
                for _ in zip(range(3), call(request, timeout=1)):  # a few updates, then let the deadline end it
                    pass
            else:
                call(request, timeout=10)
            seen["OK"] += 1
        except grpc.RpcError as err:
            seen[err.code().name] += 1
            assert err.code() not in (grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN), (
                f"{method.name}({request}) -> {err.code()}: {err.details()}"
            )

    check()
    status = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=5).status
    fault_report(rpc=method.name, statuses=dict(seen), health=health_pb2.HealthCheckResponse.ServingStatus.Name(status))
    assert status == health_pb2.HealthCheckResponse.SERVING
