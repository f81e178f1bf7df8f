# Sourced by scripts/test and scripts/slowest-tests. `test_scratch` makes a fresh folder for one
# run of the suite and prints it: the run's XDG_DATA_HOME and TMPDIR go inside it. It is made on
# a RAM-backed tmpfs (/dev/shm) where there is one: the tests write real files (downloads of one
# file per segment, SQLite outboxes and indexes, temporary folders) by the ten thousand, and on a
# disk's ext4 creating each costs the kernel an inode search — about half the system CPU of the
# download and offline suites (sys 15 s of their 32 CPU-seconds under /tmp, 7 s of 23 on tmpfs).
# Only with 4 GiB free there (a container's /dev/shm is often 64 MB, and the offline manager
# refuses downloads with less than 500 MB free); elsewhere the system's temporary directory serves.
test_scratch() {
  local free_kib
  free_kib=$(df -Pk /dev/shm 2>/dev/null | awk 'NR==2 {print $4}')
  if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] \
    && [ "${free_kib:-0}" -ge $((4 * 1024 * 1024)) ]; then
    mktemp -d -p /dev/shm exposure-tests.XXXXXX
  else
    mktemp -d
  fi
}
