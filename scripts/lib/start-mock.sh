# Starts an exposure-mock in the background and waits for its address. Source it, then:
#   start_mock LOG BINARY [ARGUMENTS…]
# runs BINARY ARGUMENTS… with its standard output and error in LOG (created first, so nothing
# reads it before it exists), and sets MOCK_PID and MOCK_BASE (http://host:port, from its
# "listening on" line). Pass --port 0 for a free port. When the mock exits, or prints no address
# within 20 s, it shows LOG and ends the calling script with status 1.
start_mock() {
  local log=$1 binary=$2
  shift 2
  : > "$log"
  "$binary" "$@" > "$log" 2>&1 &
  MOCK_PID=$!
  MOCK_BASE=""
  for _ in $(seq 200); do
    MOCK_BASE=$(sed -n 's|.*listening on \(http://[^ ]*\).*|\1|p; T; q' "$log")
    [ -n "$MOCK_BASE" ] && return 0
    kill -0 "$MOCK_PID" 2>/dev/null || break
    sleep 0.1
  done
  cat "$log" >&2
  echo "$(basename "$0"): exposure-mock did not start (no \"listening on\" line in $log)" >&2
  exit 1
}
