#!/usr/bin/env bash
# Campaigns on Slurm (issue 19): submission + merge overhead per run, and how the wall time of a RUNS-run
# campaign scales with --max-parallel (and --per-task) on the one-node test cluster, always against a
# local `campaign run` of the same definition measured in the same invocation.
#
#   tests/bench/cluster_scaling.sh [BUILD_DIR] [RUNS]     defaults: build (in the repository), 1000
#
# Needs root (or passwordless sudo) and the Debian packages slurm-wlm + munge: it starts the cluster with
# .ci/slurm-cluster in a temporary state folder and stops at exit only the daemons that start started
# (a cluster that was up already is left up). Exit 77 when no cluster can be started here.
# The spec: target cpu, ascon-aead128 and ascon-128a, message sizes 0, 4, 8, ... and AD sizes 0..9 (or
# 0 only), repeats 1, so that targets x algorithms x messages x ADs = RUNS (RUNS even when over 1).
# Runs: --max-parallel 1, 2, 4 at --per-task 50 (the node has 2 CPUs: 4 shows it saturate), then
# --per-task 10 and 100 at --max-parallel 2 (packing). Wall time = from `campaign submit` until
# `campaign status` shows no shard pending or running (polled every 0.5 s); merge is timed on its own.
# Output: one table and ratios; the figures vary from run to run. About 5 minutes for 1000 runs.
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$(realpath "${1:-$ROOT/build}")
RUNS=${2:-1000}
CLI=$BUILD/app/cli/roundscope-cli
[[ -x "$CLI" ]] || { echo "cluster_scaling: no $CLI (build first)" >&2; exit 2; }
[[ "$RUNS" =~ ^[0-9]+$ ]] && ((RUNS >= 1)) || { echo "cluster_scaling: RUNS must be a positive number" >&2; exit 2; }

TMP=$(mktemp -d /tmp/rs-cluster-bench.XXXXXX)
STATE=$TMP/slurm-state
JOBS=()
cleanup() {
  local j
  for j in "${JOBS[@]}"; do scancel "$j" >/dev/null 2>&1 || true; done
  bash "$ROOT/.ci/slurm-cluster" stop "$STATE" >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"%${2:-.2f}\", $1 }"; }
field() { grep -o "\"$1\":[0-9]*" <<<"$2" | head -n1 | cut -d: -f2; } # a number from compact JSON

rc=0
bash "$ROOT/.ci/slurm-cluster" start "$STATE" || rc=$?
if ((rc == 77)); then echo "cluster_scaling: skipped: $(cat "$STATE/skip-reason" 2>/dev/null)"; exit 77; fi
((rc == 0)) || { echo "cluster_scaling: the cluster did not start (exit $rc)" >&2; exit 1; }
CPUS=$(sinfo -h -N -o %c | head -n1)

# The spec: 1 target x ALGS x MSGS x ADS = RUNS.
ALGS='"ascon-aead128", "ascon-128a"'; NALG=2; NAD=10
if ((RUNS % 2)); then ALGS='"ascon-aead128"'; NALG=1; fi
if ((RUNS % (NALG * 10))); then NAD=1; fi
NMSG=$((RUNS / (NALG * NAD)))
MSGS=$(seq -s ', ' 0 4 $((4 * (NMSG - 1))))
ADS=$(seq -s ', ' 0 $((NAD - 1)))
SPEC=$TMP/spec.json
cat >"$SPEC" <<EOF
{"name": "cluster scaling", "targets": ["cpu"], "algorithms": [$ALGS],
 "message_bytes": [$MSGS], "ad_bytes": [$ADS], "repeats": 1}
EOF

# (a) Local baseline: the same definition in one process.
t0=$(now)
out=$("$CLI" campaign run "$SPEC" --db "$TMP/local.db" --json)
t1=$(now)
LOCAL=$(calc "$t1 - $t0" .3f)
[[ "$(field runs "$out")" == "$RUNS" ]] || { echo "cluster_scaling: local run: $out" >&2; exit 1; }

# (b) One submission: prints a table row (submit s, wall s, merge s, ratios, overhead per run).
n=0
ROW='%-12s %-8s %6s %8s %7s %10s %7s %7s %15s %12s\n'
cluster_run() { # cluster_run MAX_PARALLEL PER_TASK
  local np=$1 pt=$2 store sub job st t0 t1 t2 t3 t4 shards merge done_
  n=$((n + 1)); store=$TMP/c$n
  t0=$(now)
  sub=$("$CLI" campaign submit "$SPEC" --slurm --store "$store" --max-parallel "$np" --per-task "$pt" \
    --cli "$CLI" --json)
  t1=$(now)
  for job in $(grep -o '"job":"[0-9]*"' <<<"$sub" | cut -d'"' -f4); do JOBS+=("$job"); done
  shards=$(field shards "$sub")
  ((n == 1)) && cp "$store/jobs/cpu.sbatch" "$TMP/cpu.sbatch"
  while :; do
    st=$("$CLI" campaign status --store "$store" --json)
    [[ -z "$(field pending "$st")$(field running "$st")" ]] && break
    (($(calc "$(now) - $t0" .0f) < 1800)) || { echo "cluster_scaling: still queued after 30 min" >&2; exit 1; }
    sleep 0.5
  done
  t2=$(now)
  done_=$(field done "$st")
  [[ "$done_" == "$shards" ]] || { echo "cluster_scaling: not every shard done: $st" >&2; exit 1; }
  t3=$(now)
  merge=$("$CLI" campaign merge --store "$store" --json)
  t4=$(now)
  [[ "$(field runs_done "$merge")" == "$RUNS" ]] || { echo "cluster_scaling: merge: $merge" >&2; exit 1; }
  local wall mrg
  wall=$(calc "$t2 - $t0" .3f); mrg=$(calc "$t4 - $t3" .3f)
  printf "$ROW" "$np" "$pt" "$shards" "$(calc "$t1 - $t0")" "$(calc "$wall" .1f)" \
    "$(calc "$wall / $LOCAL" .1f)x" "$(calc "$shards / $wall")" "$mrg" \
    "$(calc "($wall - $LOCAL) * 1000 / $RUNS")" "$(calc "$mrg * 1000 / $RUNS" .3f)"
  echo "$wall" >"$TMP/wall-$np-$pt"
}

echo "cluster_scaling: $(date -u '+%Y-%m-%d %H:%M UTC'), $(hostname -s), $(nproc) cores, node $CPUS cpus," \
  "$RUNS runs (cpu; $NALG algorithms x $NMSG messages x $NAD ADs; repeats 1)"
echo "local baseline: campaign run $LOCAL s ($(calc "$LOCAL * 1000 / $RUNS" .2f) ms/run)"
echo
printf "$ROW" max-parallel per-task shards submit_s wall_s wall/local tasks/s merge_s overhead_ms/run \
  merge_ms/run
for np in 1 2 4; do cluster_run "$np" 50; done
cluster_run 2 10
cluster_run 2 100
echo
w() { cat "$TMP/wall-$1-$2"; }
echo "speed-up over --max-parallel 1 (per-task 50): 2 -> $(calc "$(w 1 50) / $(w 2 50)")x," \
  "4 -> $(calc "$(w 1 50) / $(w 4 50)")x (the node has $CPUS cpus)"
echo "packing at --max-parallel 2: per-task 50 is $(calc "$(w 2 10) / $(w 2 50)")x and per-task 100" \
  "$(calc "$(w 2 10) / $(w 2 100)")x faster than per-task 10"
echo "overhead_ms/run = (wall - local) / runs: submission, scheduling, task start-up and polling, per run"
echo
echo "job script of the first submission (jobs/cpu.sbatch):"
sed "s|$TMP|TMPDIR|g" "$TMP/cpu.sbatch"
