#!/bin/bash
# sendab.sh blocks : room of 10, 20 SENDs/s for 12 s on A(8081) and B(8082), order alternating; p50/p95 and store-stage mean
L=$(cat /tmp/wrk/labtoken)
stage() { curl -s -H "Authorization: Bearer $L" "localhost:$1/actuator/metrics/chatlab.send.stage?tag=stage:store" | python3 -c "import json,sys; m={x['statistic']:x['value'] for x in json.load(sys.stdin)['measurements']}; print(m['COUNT'], m['TOTAL_TIME'])"; }
one() {
  read c0 t0 < <(stage $1)
  out=$(cd /work/main/tools/stomp-check && node check.mjs --ports=$1 --members=10 --rate=20 --seconds=12 --store=mysql --room=${ROOM:-7} 2>&1)
  read c1 t1 < <(stage $1)
  lat=$(echo "$out" | awk -F'p50 |, p95 |, p99' '/latency/{print $2"/"$3}'); ok=$(echo "$out" | tail -1)
  echo "$lat store=$(python3 -c "print(round(($t1-$t0)/($c1-$c0)*1000,2))") $ok"
}
for b in $(seq 1 $1); do
  if [ $((b % 2)) = 1 ]; then order="8081 8082"; else order="8082 8081"; fi
  for p in $order; do eval "r$p=\"\$(one $p)\""; done
  echo "block $b A: $r8081 | B: $r8082"
done
