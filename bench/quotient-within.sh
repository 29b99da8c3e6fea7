#!/usr/bin/env bash
# What a checkpoint saved within a heap spares: `quotient octal --code CODE
# --max-heap N --threads 1 --checkpoint F --checkpoint-every 0.05` stopped
# by --time-limit T (for each T given), then the same command without the
# limit resumed from F: prints the heap and learner's layer the file kept,
# and the resumed run's CPU seconds (user + sys), least of RUNS; the
# resumed output must be the uninterrupted run's byte for byte (status 1
# if not).
#
#   bench/quotient-within.sh [CODE] [N] [T...]   # default 0.07 33 1.2 1.6 2.0 2.4
#
# GRUNDY_BIN is the binary (default: built here; a build before format 2
# keeps no layer and no hints); RUNS (default 3).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
code=${1:-0.07}
max=${2:-33}
shift $(( $# < 2 ? $# : 2 ))
stops=("$@")
[ ${#stops[@]} -gt 0 ] || stops=(1.2 1.6 2.0 2.4)
if [[ -z "${GRUNDY_BIN:-}" ]]; then
    build_grundy
    GRUNDY_BIN=$grundy
fi
bin=$(realpath "$GRUNDY_BIN")
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }
make_work
args=(quotient octal --code "$code" --max-heap "$max" --threads 1 --json)
/usr/bin/time -f '%U %S' -o "$work/t" "$bin" "${args[@]}" > "$work/ref"
echo "uninterrupted: $(awk '{printf "%.2f", $1 + $2}' "$work/t") s CPU (${args[*]})"
# The heap and layer a checkpoint keeps, read from its header and section
# (format version 2, crates/quotient/src/checkpoint.rs).
kept() {
    python3 - "$1" <<'PY'
import struct, sys
b = open(sys.argv[1], 'rb').read()
off = 18 + struct.unpack('<I', b[14:18])[0]
heaps, order, _ = struct.unpack('<QQQ', b[off:off + 24])
off += 24 + 4 * order * order + order + 12 * (heaps + 1) + 16
if struct.unpack('<I', b[10:14])[0] == 1:
    print("through heap %d (format 1: no hints, no layer)" % heaps)
    sys.exit()
size = struct.unpack('<Q', b[off:off + 8])[0]
layer = "no layer" if size == 0 else "heap %d's layer %d" % struct.unpack('<II', b[off + 8:off + 16])
print("through heap %d, %s" % (heaps, layer))
PY
}
status=0
for t in "${stops[@]}"; do
    best=""
    for _ in $(seq 1 "${RUNS:-3}"); do
        rm -f "$work/ck"
        "$bin" "${args[@]}" --checkpoint "$work/ck" --checkpoint-every 0.05 --time-limit "$t" > /dev/null 2>&1 || true
        what=$(kept "$work/ck")
        /usr/bin/time -f '%U %S' -o "$work/t" "$bin" "${args[@]}" --checkpoint "$work/ck" > "$work/out"
        cmp -s "$work/out" "$work/ref" || { echo "stopped at $t s: resumed output DIFFERENT"; status=1; }
        s=$(awk '{printf "%.2f", $1 + $2}' "$work/t")
        best=$(printf '%s\n%s\n' "$best" "$s" | sed '/^$/d' | sort -g | head -1)
    done
    echo "stopped at $t s: file $what; resumed in $best s CPU"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
