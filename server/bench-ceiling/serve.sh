#!/usr/bin/env bash
# Starts our Python server (the control plane, on BACKEND_PORT) and iggy-bench-ceiling in front of it, as one
# process group: usable as compare's --external-command. Run from the repository root.
#   CEILING_MODE=written|memory CEILING_RECEIVE=parts|whole CEILING_PORT=18092 BACKEND_PORT=18095 CEILING_DIR=/tmp/ceiling \
#     server/bench-ceiling/serve.sh
set -euo pipefail
mode=${CEILING_MODE:-memory}
port=${CEILING_PORT:-18092}
backend_port=${BACKEND_PORT:-18095}
dir=${CEILING_DIR:-/tmp/iggy-bench-ceiling}
mkdir -p "$dir"
IGGY_SYSTEM_PATH="$dir/control" IGGY_TCP_ADDRESS="127.0.0.1:$backend_port" IGGY_HTTP_ENABLED=false \
  IGGY_QUIC_ENABLED=false IGGY_WEBSOCKET_ENABLED=false .venv/bin/python -m iggy_server --with-default-root-credentials &
for _ in $(seq 300); do (echo > "/dev/tcp/127.0.0.1/$backend_port") 2>/dev/null && break; sleep 0.1; done
exec server/bench-ceiling/target/release/iggy-bench-ceiling "127.0.0.1:$port" "127.0.0.1:$backend_port" "$dir/data" "$mode" \
  "${CEILING_RECEIVE:-parts}"
