#!/usr/bin/env bash
# Load benchmark of the mock with wrk (apt-get install wrk), side by side with a bare Vert.x server
# returning the same bytes. Loopback only; each run is bounded by DURATION; the servers are stopped
# when the script ends and stop by themselves after 300 s in any case. Usage, from the repository root:
#   bash bench-mock/load/wrk.sh [CONNECTIONS=32] [DURATION=10s] [THREADS=1]
set -euo pipefail
connections=${1:-32}
duration=${2:-10s}
threads=${3:-1}
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { echo "wrk not found: apt-get install wrk" >&2; exit 2; }
mvn -B -q -pl bench-mock test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
cp="bench-mock/target/test-classes:bench-mock/target/classes:$(cat bench-mock/target/test-classpath.txt)"
work=$(mktemp -d)
java -cp "$cp" dev.agentbench.mock.load.LoadBench --serve 300 >"$work/serve.out" 2>"$work/serve.err" </dev/null &
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do grep -q '^serving' "$work/serve.out" && break; sleep 0.2; done
grep -q '^serving' "$work/serve.out" || { cat "$work/serve.err" >&2; exit 1; }
field() { grep "^$1 $2 " "$work/serve.out" | cut -d' ' -f3-; }
for kind in json sse; do
  cat >"$work/$kind.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[$(field body "$kind")]]
LUA
done
echo "wrk: $connections connections, $duration, $threads thread(s); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for kind in json sse; do
  for target in bare mock; do
    url=$(field "$target" "$kind")
    # Warm-up, then the measured run.
    wrk -t"$threads" -c"$connections" -d3s -s "$work/$kind.lua" "$url" >/dev/null
    printf '%-5s %-4s ' "$target" "$kind"
    wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$work/$kind.lua" "$url" \
      | awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {err=$NF}
             END {printf "%10s req/s  p50 %8s  p99 %8s  non-2xx %s\n", rps, p50, p99, (err == "" ? 0 : err)}'
  done
done
