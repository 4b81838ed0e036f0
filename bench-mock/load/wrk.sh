#!/usr/bin/env bash
# Load benchmark of the mock with wrk (apt-get install wrk), side by side with a bare Vert.x server
# returning the same bytes. Loopback only; each run is bounded by DURATION; the servers are stopped
# when the script ends and stop by themselves after 300 s in any case. Usage, from the repository root:
#   bash bench-mock/load/wrk.sh [CONNECTIONS=32] [DURATION=5s] [THREADS=1] [ROUNDS=5]
# Rounds alternate bare and mock, so that load from elsewhere on the machine hits both alike.
set -euo pipefail
connections=${1:-32}
duration=${2:-5s}
threads=${3:-1}
rounds=${4:-5}
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
echo "wrk: $connections connections, $rounds rounds of $duration per server, bare and mock alternating;" \
     "medians shown; $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
# wrk prints latencies as 512.00us, 1.20ms or 1.01s: in ms.
ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /[0-9]s$/ && v !~ /ms$/) n *= 1000; printf "%.3f", n }'; }
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for kind in json sse; do
  for target in bare mock; do
    wrk -t"$threads" -c"$connections" -d3s -s "$work/$kind.lua" "$(field "$target" "$kind")" >/dev/null  # warm-up
  done
  for round in $(seq 1 "$rounds"); do
    for target in bare mock; do
      wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$work/$kind.lua" "$(field "$target" "$kind")" \
        >"$work/$kind-$target-$round.txt"
    done
  done
  for target in bare mock; do
    cat "$work/$kind-$target-"*.txt | awk '/Requests\/sec/ {print $2}' | median >"$work/rps"
    cat "$work/$kind-$target-"*.txt | awk '/^ +50%/ {print $2}' | while read -r v; do ms "$v"; echo; done | median >"$work/p50"
    cat "$work/$kind-$target-"*.txt | awk '/^ +99%/ {print $2}' | while read -r v; do ms "$v"; echo; done | median >"$work/p99"
    errors=$(cat "$work/$kind-$target-"*.txt | awk '/Non-2xx|Socket errors/ {e++} END {print e + 0}')
    printf '%-5s %-4s %10.0f req/s  p50 %7s ms  p99 %7s ms  runs with errors: %s\n' \
      "$target" "$kind" "$(cat "$work/rps")" "$(cat "$work/p50")" "$(cat "$work/p99")" "$errors"
  done
done
