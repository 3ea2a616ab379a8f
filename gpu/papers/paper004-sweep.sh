#!/usr/bin/env bash
# Paper 004's sweep, and past it, on a GPU machine: every kernel of every algorithm (the kernel table,
# as `roundscope-gpu variants` lists it), 16 B doubling to 64 MiB, 10 repeats, beside the single-thread CPU
# model; one JSON line per point.
#
#   gpu/papers/paper004-sweep.sh [BUILD_DIR] [OUT.jsonl]   (defaults: build, gpu-sweep-<host>-<date>.jsonl)
#   TO=16M REPEATS=3 gpu/papers/paper004-sweep.sh          (a shorter run)
#
# Exits 4 with roundscope-gpu's reason when there is no CUDA device, 1 when a kernel gave a wrong answer.
set -euo pipefail
build="${1:-build}"
out="${2:-gpu-sweep-$(hostname)-$(date +%Y%m%d-%H%M%S).jsonl}"
gpu="$build/gpu/roundscope-gpu"
[ -x "$gpu" ] || { echo "paper004-sweep: $gpu not found (build first: cmake --preset default && cmake --build build)" >&2; exit 2; }
probe_rc=0
probe=$("$gpu" probe) || probe_rc=$?
if [ "$probe_rc" -ne 0 ]; then echo "paper004-sweep: $probe" >&2; exit "$probe_rc"; fi
echo "paper004-sweep: $probe" >&2
: > "$out"
status=0
# The algorithms with kernels, in the kernel table's order (gpu/host/gpusetup.cpp, variants()).
algs=$("$gpu" variants | python3 -c '
import json, sys
seen = []
for line in sys.stdin:
    a = json.loads(line)["algorithm"]
    if a not in seen: seen.append(a)
print(" ".join(seen))')
for alg in $algs; do
  echo "paper004-sweep: $alg ..." >&2
  "$gpu" sweep --alg "$alg" --variant all --from 16 --to "${TO:-64M}" --repeats "${REPEATS:-10}" \
    --message-bytes "${MESSAGE_BYTES:-64}" | tee -a "$out" >/dev/null || status=$?
done
# The peak speedup of each kernel (paper 004: ECB E = 671, CTR E = 765 at about 16 MB on a GTX TITAN X).
python3 - "$out" <<'PY' >&2 || true
import json, sys
best = {}
for line in open(sys.argv[1]):
    o = json.loads(line)
    if not o.get("verified"): print("WRONG:", o["algorithm"], o["variant"], o["bytes"], o.get("error")); continue
    k = (o["algorithm"], o["variant"])
    if k not in best or o["speedup_E"] > best[k]["speedup_E"]: best[k] = o
for (alg, var), o in sorted(best.items()):
    print(f"{alg:20} {var:16} peak E = {o['speedup_E']:8.1f} (kernel only {o['speedup_E_kernel']:8.1f}) "
          f"at {o['bytes']:>9} B, {o['throughput_bytes_per_s']/1e9:7.2f} GB/s with copies")
PY
echo "paper004-sweep: wrote $out" >&2
exit "$status"
