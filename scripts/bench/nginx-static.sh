# Sourced by benchmark scripts: serves a directory with nginx on a port, as the reference, runs
# wrk and reports ratios.
# start_nginx DIR PORT  → starts nginx in the foreground-less master mode under $WORK; stop_nginx stops it.
# nginx is set up as Debian's stock nginx.conf sets it up for static files: sendfile on, tcp_nopush
# on (NGINX_SENDFILE=off gives nginx's compiled-in default instead, copying through user space).
source scripts/bench/mock-cpu.sh
start_nginx() {
  local root=$1 port=$2
  mkdir -p "$WORK/nginx/logs" "$WORK/nginx/tmp"
  # Run as root, nginx's workers are `nobody`: mktemp's 0700 folders would answer every request
  # 404 (try_files cannot see the file), which is how an earlier baseline measured 404s.
  chmod -R a+rX "$WORK"
  cat > "$WORK/nginx/nginx.conf" <<CONF
worker_processes auto;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx/tmp;
  proxy_temp_path $WORK/nginx/tmp;
  fastcgi_temp_path $WORK/nginx/tmp;
  uwsgi_temp_path $WORK/nginx/tmp;
  scgi_temp_path $WORK/nginx/tmp;
  types { application/json json; application/vnd.apple.mpegurl m3u8; }
  keepalive_requests 1000000;
  sendfile ${NGINX_SENDFILE:-on};
  tcp_nopush on;
  server {
    listen 127.0.0.1:$port;
    root $root;
    location / { try_files \$uri =404; }
  }
}
CONF
  nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf"
}

stop_nginx() {
  [ -f "$WORK/nginx/nginx.pid" ] && kill "$(cat "$WORK/nginx/nginx.pid")" 2>/dev/null || true
}

# wrk_run URL [LUA] → prints "req/s p99_ms requests"; fails when any answer was not 2xx/3xx,
# so an error page can never pass for the figure.
wrk_run() {
  local url=$1 lua=${2:-} output
  local args=(-t2 -c32 -d"${BENCH_SECONDS:-5}"s --latency)
  [ -n "$lua" ] && args+=(-s "$lua")
  output=$(wrk "${args[@]}" "$url")
  if grep -q 'Non-2xx or 3xx responses' <<<"$output"; then
    echo "wrk_run: $url answered errors: $(grep 'Non-2xx' <<<"$output")" >&2
    return 1
  fi
  awk '
    /requests in/ { requests = $1 }
    /Requests\/sec/ { rps = $2 }
    /^ +99%/ { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v = v / 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) } else if (v ~ /s$/) { sub(/s/, "", v); v = v * 1000 } p99 = v }
    END { printf "%s %s %s\n", rps, p99, requests }' <<<"$output"
}

# expect_same_bytes URL_A URL_B → fails unless both answer 200 with identical bodies.
expect_same_bytes() {
  if ! cmp -s <(curl -sf "$1") <(curl -sf "$2"); then
    echo "expect_same_bytes: $1 and $2 do not serve the same bytes" >&2
    return 1
  fi
}

# compare NAME MOCK_URL NGINX_URL [LUA] → runs wrk on both, alternating, BENCH_ROUNDS times (3)
# so a load change on the machine hits both alike, and prints the median of each, the ratio
# mock/nginx of those medians, and each round's own ratio (mock against the nginx run right
# after it: on a shared machine the speed drifts by ±15 % within minutes, and a round's pair
# sees the same drift); fails when any run measured nothing. With MOCK_PID set it also prints
# the mock's CPU time per request over its rounds, which moves less with the machine's load
# than req/s (wrk shares the cores).
compare() {
  local name=$1 mock_url=$2 nginx_url=$3 lua=${4:-} mock_runs="" nginx_runs="" round_ratios="" run mock_round
  local mock_ticks=0 mock_requests=0 ticks_before
  for _ in $(seq "${BENCH_ROUNDS:-3}"); do
    ticks_before=$(mock_cpu_ticks)
    run=$(wrk_run "$mock_url" "$lua") && [ -n "$run" ] || { echo "$name: not measured (see above)" >&2; return 1; }
    mock_ticks=$((mock_ticks + $(mock_cpu_ticks) - ticks_before))
    mock_requests=$((mock_requests + ${run##* }))
    mock_runs+="$run"$'\n'
    mock_round=${run%% *}
    run=$(wrk_run "$nginx_url" "$lua") && [ -n "$run" ] || { echo "$name: not measured (see above)" >&2; return 1; }
    nginx_runs+="$run"$'\n'
    round_ratios+="$(awk -v a="$mock_round" -v b="${run%% *}" 'BEGIN { printf "%.2f", a / b }') "
  done
  local mock_rps mock_p99 nginx_rps nginx_p99 cpu=""
  read -r mock_rps mock_p99 _ <<<"$(median_run "$mock_runs")"
  read -r nginx_rps nginx_p99 _ <<<"$(median_run "$nginx_runs")"
  if [ "$mock_ticks" -gt 0 ]; then
    cpu=" | mock CPU $(cpu_us_per_request "$mock_ticks" "$mock_requests") us/request"
  fi
  printf '%-30s mock %9.0f req/s p99 %7.2f ms | nginx %9.0f req/s p99 %7.2f ms | ratio %.2f | rounds %s%s\n' \
    "$name" "$mock_rps" "$mock_p99" "$nginx_rps" "$nginx_p99" "$(awk -v a="$mock_rps" -v b="$nginx_rps" 'BEGIN { print a / b }')" \
    "$(tr ' ' '\n' <<<"$round_ratios" | grep . | sort -n | paste -sd' ')" "$cpu"
}

# median_run LINES → the "req/s p99" line with the median req/s.
median_run() {
  grep . <<<"$1" | sort -n -k1,1 | awk '{ line[NR] = $0 } END { print line[int((NR + 1) / 2)] }'
}
