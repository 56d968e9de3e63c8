#!/usr/bin/env bash
# Re-record the model cassettes of the corpus drafts against a real llama-server serving
# SmolLM2-135M-Instruct (built and cached by scripts/llama-server.sh). Takes about 40 minutes
# on 2 cores: the tiny model still has to read every chunk. Run it after changing a prompt or
# the shape of a model request; tests/test_pipeline_cassettes.py replays the result offline.
# Usage: scripts/record-cassettes.sh [CORPUS_FOLDER...]   (no folder: all of them). A named
# cassette is deleted and recorded afresh, unless MODE is set (MODE=new keeps the recorded
# requests and records only the missing ones).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8791}"
eval "export $(PYTHON=.venv/bin/python bash scripts/llama-server.sh | tr '\n' ' ')"
# One thread, one slot: on 2 shared cores more threads spin-wait and generation collapses.
"$LLAMA_SERVER" -m "$LLAMA_MODEL" -a smollm2 --host 127.0.0.1 --port "$PORT" \
  -c 8192 -np 1 -t 1 --no-webui > "${TMPDIR:-/tmp}/llama-record.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.2; done

CORPUS="${CORPUS:-tests/data/corpus}"
settings=(--base-url "http://127.0.0.1:$PORT/v1" --model smollm2 --record-mode "${MODE:-new}"
          --context-tokens 6000 --max-tokens 512 --concurrency 1 --timeout 600 --deadline 1800 --json
          # The tiny model's replies run to --max-tokens, so re-asking only triples the time.
          --max-repairs 0)
wanted=("$@")
record() {
  local folder=$1 origin=$2 revision=$3; shift 3
  local id; id=$(echo "${origin#https://github.com/}" | tr '/A-Z' '-a-z')
  if [ ${#wanted[@]} -gt 0 ]; then
    [[ " ${wanted[*]} " == *" $folder "* ]] || return 0
    [ -n "${MODE-}" ] || rm -f "cassettes/$id.json"
  fi
  echo "recording cassettes/$id.json" >&2
  .venv/bin/draftflow draft "$CORPUS/$folder" --origin "$origin" --revision "$revision" \
    --records-dir "$(mktemp -d)" --cassette "cassettes/$id.json" "${settings[@]}" "$@" >/dev/null
}
record MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark \
  https://github.com/MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark \
  489af9589684127ece879dd9e53395c5ff9157c8 \
  --only results/RESULTS-2026-08-14.md --only README.md
record jvr0x__dgx-spark-bench https://github.com/jvr0x/dgx-spark-bench \
  a486d93911d504bfeaa33d6af5cdb454fcf29cae --only 'results/qwen3.6-35b-nvfp4-nvidia*.json'
record Kleybrink__dgx-spark-bench https://github.com/Kleybrink/dgx-spark-bench \
  885d56724d8639a598e1bb65d6b66d4dc296d3b0 \
  --only results/20260320_224129/ollama_benchmark_ranking_20260320_224129.csv --only README.md
