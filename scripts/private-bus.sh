# Sourced by scripts/try-geoclue and scripts/try-orientation: starts a private dbus-daemon as
# the system bus in a temporary directory ($bus_dir), exports DBUS_SYSTEM_BUS_ADDRESS, and stops
# it and everything started with `bus_start` when the script exits.
bus_dir=$(mktemp -d /tmp/sensors-bus.XXXXXX)
bus_pids=()
bus_cleanup() {
  for ((i = ${#bus_pids[@]} - 1; i >= 0; i--)); do kill "${bus_pids[i]}" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$bus_dir"
}
trap bus_cleanup EXIT
trap 'exit 130' INT TERM

# bus_start NAME COMMAND...: runs COMMAND in the background, its output in $bus_dir/NAME.log.
bus_start() {
  local name=$1
  shift
  "$@" >"$bus_dir/$name.log" 2>&1 &
  bus_pids+=($!)
}

# bus_wait_for NAME: waits up to 20 s for NAME to have an owner on the bus.
bus_wait_for() {
  for _ in $(seq 100); do
    dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner "string:$1" 2>/dev/null | grep -q 'boolean true' && return 0
    sleep 0.2
  done
  echo "$1 did not appear on the bus; its log:" >&2
  cat "$bus_dir"/*.log >&2
  exit 1
}

for tool in dbus-daemon dbus-send; do
  command -v $tool >/dev/null || { echo "$tool is missing: apt-get install dbus-daemon dbus-bin" >&2; exit 1; }
done
cat >"$bus_dir/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$bus_dir/bus.sock</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/> <allow own="*"/>
    <allow send_type="method_call"/> <allow send_type="signal"/>
    <allow send_type="method_return"/> <allow send_type="error"/>
    <allow receive_type="method_call"/> <allow receive_type="signal"/>
    <allow receive_type="method_return"/> <allow receive_type="error"/>
  </policy>
</busconfig>
CONF
bus_start dbus-daemon dbus-daemon --config-file="$bus_dir/bus.conf" --nofork --nopidfile
export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$bus_dir/bus.sock"
bus_wait_for org.freedesktop.DBus
