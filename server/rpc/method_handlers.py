"""Wrapping gRPC method handlers, for the server's interceptors.

A `grpc.ServerInterceptor` sees a call in the server's polling thread, before
a worker thread runs it, and without the call's context. To act in the worker
thread, with the context, an interceptor returns a copy of the method handler
whose behaviour runs inside a *call scope*: a context manager entered before
the servicer method runs and exited after it finished (for server-streaming
methods, after the last response was taken). The scope may abort the call.
"""

from __future__ import annotations

from typing import Any, Callable, ContextManager, Iterator

import grpc

#: (context) -> a context manager around one call.
CallScope = Callable[[grpc.ServicerContext], ContextManager[None]]

#: Attributes of a behaviour that every wrapper keeps: the pool gRPC runs it on
#: (`experimental_thread_pool`), and the slot admission control holds for it.
CARRIED_ATTRIBUTES = ("experimental_thread_pool", "admission_slot")


def carry(wrapper: Callable, behavior: Callable) -> Callable:
    """`wrapper`, given the CARRIED_ATTRIBUTES `behavior` has."""
    for name in CARRIED_ATTRIBUTES:
        if hasattr(behavior, name):
            setattr(wrapper, name, getattr(behavior, name))
    return wrapper


def _kind(handler: grpc.RpcMethodHandler) -> str:
    return (
        ("stream" if handler.request_streaming else "unary")
        + "_"
        + ("stream" if handler.response_streaming else "unary")
    )


def within(handler: grpc.RpcMethodHandler, scope: CallScope) -> grpc.RpcMethodHandler:
    """`handler` with each call run inside `scope(context)`."""
    kind = _kind(handler)
    inner = getattr(handler, kind)

    def streaming(request: Any, context: Any) -> Iterator[Any]:
        with scope(context):
            yield from inner(request, context)

    def unary(request: Any, context: Any) -> Any:
        with scope(context):
            return inner(request, context)

    build = getattr(grpc, f"{kind}_rpc_method_handler")
    behavior = carry(streaming if handler.response_streaming else unary, inner)
    return build(
        behavior, request_deserializer=handler.request_deserializer, response_serializer=handler.response_serializer
    )
