#!/usr/bin/env bash
# What a recogniser's n-best output is worth to `arbiter fix`, held to a
# floor on the fixed sample corpus/nbest-sample (40 games as sheet cells,
# each read five times at 45% character noise; corpus/README.md says how it
# was made): fix --from nbest on every reading of each cell must get at
# least MOVE_FLOOR% of the moves and GAME_FLOOR% of the games right, and
# fewer moves wrong than on the best reading of each cell alone (the other
# readings count for something).
# usage: tests/test_nbest_sample.sh MOVE_FLOOR GAME_FLOOR [SAMPLE]
# The binary: $ARBITER_BIN (as meson sets it), else $ARBITER, else build/src/arbiter.
# Exit: 0 pass, 1 below a floor or error, 77 skip (no python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 MOVE_FLOOR GAME_FLOOR [SAMPLE]" >&2; exit 2; }
move_floor=$1 game_floor=$2
sample=${3:-$here/../corpus/nbest-sample}
arbiter=${ARBITER_BIN:-${ARBITER:-$here/../build/src/arbiter}}
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }

line=$(python3 "$here/../tools/nbest-noise" --sample "$sample" --machine --arbiter "$arbiter")
echo "$line"
value() { sed -n "s/.*\\b$1=\\([0-9.]*\\).*/\\1/p" <<<"$line"; }
moves=$(value nbest_moves) games=$(value nbest_exact)
wrong=$(value nbest_wrong) wrong_one=$(value 1best_wrong)
[ -n "$moves" ] && [ -n "$games" ] && [ -n "$wrong" ] && [ -n "$wrong_one" ] ||
    { echo "FAIL: no measure in: $line"; exit 1; }
status=0
if awk -v a="$moves" -v f="$move_floor" 'BEGIN{exit !(a < f)}'; then
    echo "FAIL: n-best move accuracy $moves% < floor $move_floor%"; status=1
fi
if awk -v a="$games" -v f="$game_floor" 'BEGIN{exit !(a < f)}'; then
    echo "FAIL: n-best exact games $games% < floor $game_floor%"; status=1
fi
if [ "$wrong" -ge "$wrong_one" ]; then
    echo "FAIL: n-best $wrong moves wrong, the best readings alone $wrong_one"; status=1
fi
[ $status -eq 0 ] && echo "PASS: n-best $moves% of moves >= $move_floor%, $games% of games >= $game_floor%, $wrong wrong against $wrong_one from the best readings alone"
exit $status
