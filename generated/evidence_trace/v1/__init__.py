"""Generated protobuf and gRPC code for evidence_trace.v1. Do not edit."""
