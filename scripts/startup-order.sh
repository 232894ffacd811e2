#!/usr/bin/env bash
# Regenerates linker/startup-order.txt: the functions a dashboard session runs, in the order
# callgrind first meets them, for lld's --symbol-ordering-file. Laid out together, they share
# pages, and the dashboard's resident memory falls by about 3 MB (18.7 -> 15.5 MB here).
# Symbols that have since gone are ignored by the linker; new ones are merely left unordered.
# Run through `make order` after large changes; needs valgrind and tmux.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/noodle
work=$(mktemp -d)
trap 'tmux -L noodle-order kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
# valgrind cannot read the debug information of this binary: a copy without it is profiled.
cp "$bin" "$work/noodle"
strip -g "$work/noodle"
tmux -L noodle-order -f /dev/null new-session -d -s order -x 120 -y 40 \
  "env XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config LANG=C.UTF-8 valgrind --tool=callgrind --demangle=no \
   --callgrind-out-file=$work/profile $work/noodle 2>$work/valgrind.log; sleep 60"
keys() { tmux -L noodle-order send-keys -t order "$@"; sleep 0.7; }
for _ in $(seq 60); do tmux -L noodle-order capture-pane -p -t order | grep -q Stopwatch && break; sleep 0.5; done
# A session that touches every panel: the stopwatch and a lap, a countdown, a bookmark moved.
keys Space; keys 2; keys n; keys -l "5m tea"; keys Enter; keys 3; keys a; keys -l "shin"; keys Enter; keys Escape
keys a; keys -l "jin"; keys Enter; keys Escape; keys K; keys 1; keys l; keys "?"; keys Escape; sleep 2; keys q
for _ in $(seq 60); do [ -s "$work/profile" ] && grep -q "^totals:" "$work/profile" && break; sleep 0.5; done
python3 - "$work/profile" "$bin" > linker/startup-order.txt <<'PY'
import re, subprocess, sys
profile, binary = sys.argv[1], sys.argv[2]
defined = set()
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    parts = line.split(" ", 2)
    if len(parts) == 3 and parts[1] in "tTwW":
        defined.add(parts[2])
seen = set()
for line in open(profile):
    match = re.match(r"c?fn=\(\d+\) (.+)", line)
    if match and match.group(1) in defined and match.group(1) not in seen:
        seen.add(match.group(1))
        print(match.group(1))
PY
echo "linker/startup-order.txt: $(wc -l < linker/startup-order.txt) functions"
