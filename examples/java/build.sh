#!/usr/bin/env bash
# Build the Java example with Debian's packages only (scripts/install-java.sh installs them): protoc and the
# gRPC Java plugin generate the classes from protos/, javac compiles them against the jars in /usr/share/java.
# Usage: examples/java/build.sh [OUT_DIR]   (default examples/java/build); prints the run classpath last.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$here/build}"
jars=/usr/share/java
classpath=""
for jar in grpc-api grpc-context grpc-core grpc-netty grpc-protobuf grpc-protobuf-lite grpc-stub protobuf protobuf-util \
  guava gson perfmark-api netty-buffer netty-codec netty-codec-http netty-codec-http2 netty-common netty-handler \
  netty-resolver netty-transport; do
  classpath="$classpath:$jars/$jar.jar"
done
classpath="${classpath#:}"
rm -rf "$out" && mkdir -p "$out/generated" "$out/classes"
protoc -I"$root/protos" -I/usr/include \
  --java_out="$out/generated" --grpc-java_out="$out/generated" --plugin=protoc-gen-grpc-java=/usr/bin/grpc_java_plugin \
  "$root/protos/evidence_trace/v1/evidence_trace.proto" "$root/protos/google/api/field_behavior.proto" \
  "$root/protos/google/api/field_info.proto"
find "$out/generated" "$here/src/main/java" -name '*.java' > "$out/sources.txt"
javac -nowarn -encoding UTF-8 --release 17 -cp "$classpath:$jars/jsr305.jar:$jars/geronimo-annotation-1.3-spec.jar" \
  -d "$out/classes" @"$out/sources.txt"
echo "$out/classes:$classpath"
