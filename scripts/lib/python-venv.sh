# Sourced by the check scripts. `python_venv DIR REQUIREMENT…` makes a venv at DIR holding
# exactly those requirements (pinned or ranged, as pip reads them), or keeps the one already
# there for the same list; Debian's python3-venv is installed first where Python lacks venv.
python_venv() {
  local venv="$1"
  shift
  local wanted="$*"
  [ -x "$venv/bin/python" ] && [ "$(cat "$venv/requirements" 2>/dev/null)" = "$wanted" ] && return 0
  python3 -c 'import ensurepip' 2>/dev/null || {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
  }
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "$@"
  echo "$wanted" > "$venv/requirements"
}
