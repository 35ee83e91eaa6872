#!/usr/bin/env bash
# Accuracy floor of `arbiter fix` on the fixed sample corpus/fix-sample (300
# games, 5% OCR noise; corpus/README.md says how it was made). Fails when move
# accuracy or the exact-game rate falls below the floors given, in percent;
# and, when given, when the review marks ({review: ...}, moves below
# --min-confidence) hold a smaller share of the wrong moves than RECALL_FLOOR
# or fall on a larger share of all moves than MARKED_CEILING (marking every
# move would find every wrong one); and, when given, when the Brier score of
# its confidences (tools/bench-fix --brier: how far each move's confidence
# is from 1 where it is right and 0 where wrong, squared, on average) is
# above BRIER_CEILING.
# usage: tests/test_fix_sample.sh MOVE_FLOOR [GAME_FLOOR [RECALL_FLOOR MARKED_CEILING
#                                 [SAMPLE [BRIER_CEILING [MIN_CONFIDENCE [SAME_MOVE_FLOOR]]]]]]
#   e.g. 99.5 95 80 5; SAMPLE: another sample directory (default corpus/fix-sample);
#   MIN_CONFIDENCE: the --min-confidence the marks are weighed at (default fix's, 0.9);
#   SAME_MOVE_FLOOR: a floor of the moves counted by the move itself (from- and
#   to-square: bench-fix's same_move_accuracy), not by their SAN
# The binary: $ARBITER_BIN (as meson sets it), else $ARBITER, else build/src/arbiter.
# Exit: 0 pass, 1 below a floor or error, 77 skip (no python3, or no `fix` yet).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: $0 MOVE_FLOOR [GAME_FLOOR [RECALL_FLOOR MARKED_CEILING [SAMPLE [BRIER_CEILING [MIN_CONFIDENCE [SAME_MOVE_FLOOR]]]]]]" >&2; exit 2; }
move_floor=$1 game_floor=${2:-0} recall_floor=${3:-0} marked_ceiling=${4:-100}
sample=${5:-$here/../corpus/fix-sample} brier_ceiling=${6:-} min_confidence=${7:-}
same_floor=${8:-}
arbiter=${ARBITER_BIN:-${ARBITER:-$here/../build/src/arbiter}}
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
"$arbiter" fix --help >/dev/null 2>&1 || { echo "SKIP: $arbiter has no 'fix' command"; exit 77; }

line=$(python3 "$here/../tools/bench-fix" --sample "$sample" \
    --machine --arbiter "$arbiter" ${brier_ceiling:+--brier} \
    ${min_confidence:+--fix-arg=--min-confidence=$min_confidence})
echo "$line"
moves=$(sed -n 's/^move_accuracy=\([0-9.]*\).*/\1/p' <<<"$line")
games=$(sed -n 's/.*exact_games=\([0-9.]*\).*/\1/p' <<<"$line")
marked=$(sed -n 's/.*review_marked=\([0-9.]*\).*/\1/p' <<<"$line")
recall=$(sed -n 's/.*review_recall=\([0-9.]*\).*/\1/p' <<<"$line")
[ -n "$moves" ] && [ -n "$games" ] && [ -n "$marked" ] && [ -n "$recall" ] ||
    { echo "FAIL: no measure in: $line"; exit 1; }
status=0
if awk -v a="$moves" -v f="$move_floor" 'BEGIN{exit !(a < f)}'; then
    echo "FAIL: move accuracy $moves% < floor $move_floor%"; status=1
fi
if awk -v a="$games" -v f="$game_floor" 'BEGIN{exit !(a < f)}'; then
    echo "FAIL: exact games $games% < floor $game_floor%"; status=1
fi
# (the share the marks hold of two wrong moves or fewer says nothing: with
# one, it is all or none)
total=$(sed -n 's/.* moves=\([0-9]*\).*/\1/p' <<<"$line")
wrong=$(awk -v a="$moves" -v n="${total:-0}" 'BEGIN{printf "%d", n * (100 - a) / 100 + 0.5}')
held="hold $recall% >= $recall_floor% of the wrong ones"
if [ "$wrong" -le 2 ]; then
    held="hold $recall% of $wrong wrong move(s), too few to weigh"
elif awk -v a="$recall" -v f="$recall_floor" 'BEGIN{exit !(a < f)}'; then
    echo "FAIL: review marks hold $recall% of the wrong moves < floor $recall_floor%"; status=1
fi
if awk -v a="$marked" -v f="$marked_ceiling" 'BEGIN{exit !(a > f)}'; then
    echo "FAIL: review marks on $marked% of moves > ceiling $marked_ceiling%"; status=1
fi
# Checks the line's KEY=value against LIMIT, a floor or a ceiling: says
# FAIL and returns 1 where the value is missing or past it.
within() { # KEY LIMIT floor|ceiling WHAT
    local v
    v=$(sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$line")
    [ -n "$v" ] || { echo "FAIL: no $1 in: $line"; return 1; }
    if awk -v a="$v" -v f="$2" -v k="$3" 'BEGIN{exit !(k == "floor" ? a < f : a > f)}'; then
        echo "FAIL: $4 $v past the $3 $2"
        return 1
    fi
}
if [ -n "$same_floor" ]; then
    within same_move_accuracy "$same_floor" floor "moves right by the move itself, %," || status=1
fi
weighed=
if [ -n "$brier_ceiling" ]; then
    if within brier "$brier_ceiling" ceiling "Brier score of the confidences"; then
        weighed=", confidences' Brier score <= $brier_ceiling"
    else
        status=1
    fi
fi
[ $status -eq 0 ] && echo "PASS: move accuracy $moves% >= $move_floor%, exact games $games% >= $game_floor%," \
    "review marks${min_confidence:+ (below $min_confidence)} on $marked% <= $marked_ceiling% of moves $held$weighed"
exit $status
