# Sourced by benchmark scripts: serves a directory with nginx on a port, as the reference.
# start_nginx DIR PORT  → starts nginx in the foreground-less master mode under $WORK; stop_nginx stops it.
start_nginx() {
  local root=$1 port=$2
  mkdir -p "$WORK/nginx/logs" "$WORK/nginx/tmp"
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

# wrk_run URL [LUA] → prints "req/s p99_ms"
wrk_run() {
  local url=$1 lua=${2:-}
  local args=(-t2 -c32 -d"${BENCH_SECONDS:-8}"s --latency)
  [ -n "$lua" ] && args+=(-s "$lua")
  wrk "${args[@]}" "$url" | awk '
    /Requests\/sec/ { rps = $2 }
    /^ +99%/ { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v = v / 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) } else if (v ~ /s$/) { sub(/s/, "", v); v = v * 1000 } p99 = v }
    END { printf "%s %s\n", rps, p99 }'
}
