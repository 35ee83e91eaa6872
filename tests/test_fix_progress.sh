#!/usr/bin/env bash
# `arbiter fix` draws a progress bar on stderr when stderr is a terminal (a
# pseudo-terminal from script(1) here), clears it before each message, and
# draws none with --no-progress or when stderr is not a terminal; the PGN is
# the same either way. The input: the first 150 games of corpus/fix-sample
# (the bar shows from a second into the run).
# The binary: $ARBITER_BIN (as meson sets it), else $ARBITER, else build/src/arbiter.
# Exit: 0 pass, 1 fail, 77 skip (no script(1)).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
arbiter=${ARBITER_BIN:-${ARBITER:-$here/../build/src/arbiter}}
command -v script >/dev/null || { echo "SKIP: script(1) is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk '/^\[Event /{n++} n<=150' "$here/../corpus/fix-sample/damaged.txt" > "$tmp/in.txt"
fail() { echo "FAIL: $*"; exit 1; }

# stderr a terminal: a bar, with the file's name, percent, games and rate
script -qec "'$arbiter' fix '$tmp/in.txt' -o '$tmp/tty.pgn'" /dev/null > "$tmp/tty.txt" || true
grep -q "in.txt \[=*" "$tmp/tty.txt" || fail "no bar in: $(head -c 300 "$tmp/tty.txt")"
grep -q "games/s" "$tmp/tty.txt" || fail "no rate in the bar"
grep -q "%" "$tmp/tty.txt" || fail "no percentage in the bar"
# what the terminal shows on each line (past its last carriage return)
# never holds a bar and a message together, and no bar is left at the end
python3 - "$tmp/tty.txt" <<'PY' || fail "a message shares a line with the bar"
import sys
text = open(sys.argv[1], encoding="utf-8", errors="replace", newline="").read()
lines = text.replace("\r\n", "\n").split("\n")
for line in lines:
    shown = line.split("\r")[-1].replace("\x1b[K", "")
    if "games/s" in shown and ("warning" in shown or "unresolved" in shown):
        sys.exit(1)
if "games/s" in lines[-1].split("\r")[-1]:
    sys.exit(1)
PY

# stderr not a terminal: no bar, the same PGN
status=0
"$arbiter" fix "$tmp/in.txt" -o "$tmp/plain.pgn" 2> "$tmp/err.txt" || status=$?
[ $status -le 1 ] || fail "exit $status without a terminal"
cmp -s "$tmp/tty.pgn" "$tmp/plain.pgn" || fail "the PGN differs with a bar"
if grep -q $'\e' "$tmp/err.txt"; then fail "escape codes on a stderr that is no terminal"; fi
# every message reached the terminal, whole: its text less the bars
python3 - "$tmp/tty.txt" "$tmp/err.txt" <<'PY' || fail "the messages differ on the terminal"
import sys
tty = open(sys.argv[1], encoding="utf-8", errors="replace", newline="").read().replace("\x1b[K", "")
parts = [p for p in tty.replace("\r\n", "\n").split("\r") if "games/s" not in p]
err = open(sys.argv[2], encoding="utf-8", errors="replace", newline="").read()
sys.exit("".join(parts) != err)
PY

# --no-progress: none on a terminal either
script -qec "'$arbiter' fix --no-progress '$tmp/in.txt' -o '$tmp/quiet.pgn'" /dev/null \
    > "$tmp/quiet.txt" || true
if grep -q "games/s" "$tmp/quiet.txt"; then fail "a bar with --no-progress"; fi
echo "PASS: a bar on a terminal only, messages on lines of their own, the same PGN"
