#!/usr/bin/env bash
# Iggy 0.8, our server and iggy-bench-ceiling side by side: every run on a fresh server and a page cache warmed for
# what it writes, the order alternating by round, the official Rust SDK as the client. Run from the repository
# root on a quiet machine; IGGY08_DIR is a checkout of Iggy's tag server-0.8.0 with target/release/iggy-server.
#   IGGY08_DIR=/path/to/iggy server/bench-ceiling/three-way.sh OUT_DIR ROUNDS MODE "WORKLOAD FLAGS"...
# MODE (written|memory) is both ours and the ceiling's; then python3 server/bench-ceiling/summary.py OUT_DIR.
# TARGETS (default "ceiling ours iggy") picks and orders them; ceiling-whole is the ceiling receiving whole payloads.
set -uo pipefail
out=$1 rounds=$2 mode=$3
shift 3
: "${IGGY08_DIR:?a checkout of Iggy server-0.8.0 with target/release/iggy-server}"
mkdir -p "$out"
start() {  # prints the pid of the started process group's leader
  case $1 in
    ceiling) rm -rf /tmp/three-way-ceiling
      CEILING_MODE=$mode CEILING_DIR=/tmp/three-way-ceiling setsid server/bench-ceiling/serve.sh \
        > "$out/ceiling.log" 2>&1 & echo $! ;;
    ceiling-whole) rm -rf /tmp/three-way-ceiling-whole
      CEILING_MODE=$mode CEILING_RECEIVE=whole CEILING_PORT=18094 BACKEND_PORT=18096 \
        CEILING_DIR=/tmp/three-way-ceiling-whole setsid server/bench-ceiling/serve.sh \
        > "$out/ceiling-whole.log" 2>&1 & echo $! ;;
    ours) rm -rf /tmp/three-way-ours
      IGGY_SYSTEM_PATH=/tmp/three-way-ours IGGY_TCP_ADDRESS=127.0.0.1:18093 IGGY_HTTP_ENABLED=false \
        IGGY_QUIC_ENABLED=false IGGY_WEBSOCKET_ENABLED=false IGGY_SYSTEM_PARTITION_DURABILITY=$mode \
        setsid .venv/bin/python -m iggy_server --with-default-root-credentials > "$out/ours.log" 2>&1 & echo $! ;;
    iggy) rm -rf /tmp/three-way-iggy
      (cd "$IGGY08_DIR"; IGGY_CONFIG_PATH=core/server/config.toml IGGY_HTTP_ENABLED=false IGGY_QUIC_ENABLED=false \
        IGGY_WEBSOCKET_ENABLED=false IGGY_TCP_ADDRESS=127.0.0.1:18090 IGGY_SYSTEM_PATH=/tmp/three-way-iggy/data \
        setsid ./target/release/iggy-server --fresh --with-default-root-credentials > "$out/iggy.log" 2>&1 & echo $!) ;;
  esac
}
port() { case $1 in ceiling) echo 18092 ;; ceiling-whole) echo 18094 ;; ours) echo 18093 ;; iggy) echo 18090 ;; esac; }
# A run writes up to 4 GB and the warm as much again: each target's data goes as soon as it stopped.
data_dir() { echo "/tmp/three-way-$1"; }
for workload in "$@"; do
  tag=$(echo "$workload" | tr ' -' '__')
  for round in $(seq "$rounds"); do
    order=${TARGETS:-ceiling ours iggy}
    if [ $((round % 2)) = 0 ]; then order=$(echo "$order" | tr ' ' '\n' | tac | tr '\n' ' '); fi
    for target in $order; do
      pid=$(start "$target")
      address=127.0.0.1:$(port "$target")
      for _ in $(seq 300); do (echo > "/dev/tcp/${address/://}") 2>/dev/null && break; sleep 0.1; done
      sleep 1
      # shellcheck disable=SC2086  # the workload's flags are words
      .venv/bin/python -m iggy_server.bench --client official-rust --address "$address" --server-pid "$pid" \
        --warm-page-cache-mib auto --timeout 300 --output-json "$out/$tag.$target.$round.json" $workload \
        > "$out/$tag.$target.$round.txt" 2>&1 || echo "FAILED: $target, round $round, $workload"
      kill -TERM -- "-$pid" 2>/dev/null
      for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -KILL -- "-$pid" 2>/dev/null
      rm -rf "$(data_dir "$target")"
      sleep 2
    done
  done
done
