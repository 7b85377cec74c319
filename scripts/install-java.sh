#!/usr/bin/env bash
# Install Debian's Java toolchain for the Java example (examples/java, tests/test_java_example.py):
# a JDK, protoc with the gRPC Java plugin, and the grpc-java and protobuf-java jars under /usr/share/java,
# with the jars grpc-java needs at run time that Debian's libgrpc-java does not depend on (netty, guava,
# perfmark, gson), the well-known .proto files (libprotobuf-dev) and the annotations the generated code
# compiles against. A no-op when all of them are already there; apt-get only installs what is missing.
set -euo pipefail
packages=()
command -v javac >/dev/null 2>&1 || packages+=(default-jdk-headless)
command -v protoc >/dev/null 2>&1 || packages+=(protobuf-compiler)
[ -x /usr/bin/grpc_java_plugin ] || packages+=(protobuf-compiler-grpc-java-plugin)
[ -e /usr/share/java/grpc-api.jar ] || packages+=(libgrpc-java)
[ -e /usr/share/java/protobuf.jar ] || packages+=(libprotobuf-java)
[ -e /usr/include/google/protobuf/struct.proto ] || packages+=(libprotobuf-dev)  # the well-known types protoc imports
[ -e /usr/share/java/netty-transport.jar ] || packages+=(libnetty-java)
[ -e /usr/share/java/guava.jar ] || packages+=(libguava-java)
[ -e /usr/share/java/perfmark-api.jar ] || packages+=(libperfmark-java)
[ -e /usr/share/java/gson.jar ] || packages+=(libgoogle-gson-java)
[ -e /usr/share/java/jsr305.jar ] || packages+=(libjsr305-java)  # compile time: the annotations the generated code uses
[ -e /usr/share/java/geronimo-annotation-1.3-spec.jar ] || packages+=(libgeronimo-annotation-1.3-spec-java)
if [ "${#packages[@]}" -eq 0 ]; then
  exit 0
fi
"$(dirname "$0")/apt-install.sh" install-java "${packages[@]}"
javac -version
protoc --version
