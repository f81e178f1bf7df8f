# The mock's own CPU time, for per-request figures: wrk shares the machine's cores, so CPU
# per request moves less with the load than req/s does. Sourced by the bench scripts, which
# set MOCK_PID.
TICKS=$(getconf CLK_TCK)

# mock_cpu_ticks → the clock ticks (user + system) the process MOCK_PID has used; 0 without one.
mock_cpu_ticks() {
  if [ -n "${MOCK_PID:-}" ] && [ -r "/proc/$MOCK_PID/stat" ]; then awk '{ print $14 + $15 }' "/proc/$MOCK_PID/stat"; else echo 0; fi
}

# cpu_us_per_request TICKS REQUESTS → µs of CPU per request, one decimal.
cpu_us_per_request() {
  awk -v t="$1" -v r="$2" -v hz="$TICKS" 'BEGIN { printf "%.1f", t / hz / r * 1e6 }'
}
