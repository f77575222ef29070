#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of offsetlint's fresh-5 blind evaluation set onto this machine.
#
#   root=$(bash eval/fresh-5/fetch.sh)              # corpus goes to /tmp/offsetlint-fresh5
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-5/fetch.sh
#
# Three kinds of artifact, each pinned and checked:
#   sdist: pip download --no-deps --no-binary NAME NAME==VERSION; sha256 of the file checked.
#   crate: cargo fetch in a throwaway project (dependency "=VERSION"); sha256 of the .crate checked.
#   github: a public repository at a pinned commit. pip and cargo cannot bring these: the lead
#           brings each one with the search tool's `fetch` (github:OWNER/NAME), which leaves a bare
#           mirror at $OFFSETLINT_MIRROR_ROOT/OWNER+NAME/repo (default /work/.mirror). This script
#           then checks that the pinned commit is there and that its tree id is the pinned one (git
#           object ids are content hashes: the tree id pins every file), and unpacks that commit
#           with `git archive` (or, when the mirror lacks some large data blobs, file by file,
#           skipping the absent blobs, none of which is labelled). A missing mirror is reported
#           with the fetch to run, and the script fails.
# Every artifact is unpacked to $CACHE/<dir>/ (an sdist's or crate's top folder stripped):
# <name>-<version> for sdists and crates, <name>-<first 8 hex of the commit> for repositories.
# labels.tsv names files as <dir>/<path inside the artifact>.
# Idempotent: an artifact already unpacked (marker file present) is left alone, and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root.
#
# Needs: bash, python3 + pip, cargo, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script, the labels and the README.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh5}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
CARGO="${CARGO:-cargo}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name                   version  file                                   sha256
# crate  name                   version  file                                   sha256
# github owner/name             commit   dir                                    tree id of the commit
PACKAGES=$(cat <<'LIST'
sdist  py-drakkar               2.4.0    py_drakkar-2.4.0.tar.gz                f66799f402e65272b5d5047f69a602c91f0c0224c3d601070a3903179292fcfe
sdist  retriable-kafka-client   0.7.0    retriable_kafka_client-0.7.0.tar.gz    a22d6cadb188864e53be34fc0189445b82dd0070b3852a6b9c816267adf43120
sdist  pip-services4-kafka      0.0.2    pip_services4_kafka-0.0.2.tar.gz       46ded48d329965aae2d9cc56b384e816109560af0b8040468ee78b5b16f6ef30
sdist  taskiq-aio-kafka         1.0.0    taskiq_aio_kafka-1.0.0.tar.gz          d2c378544abfbb54e79a4323322b4b402e9beeff6052aa82435c552bc7c435e3
sdist  kafkapythonwrapper       0.1.3    kafkaPythonWrapper-0.1.3.tar.gz        02141e41ba00d6de3e313bdeadc822acad00478e0cfa15726391bfdfb71b8558
sdist  udata-event-service      0.0.8    udata_event_service-0.0.8.tar.gz       27e026cd85b432f65d99010435c2eccedc3d37aecad2128d7e9be650c4b25178
sdist  kser-transport-kafka     0.1.0    kser-transport-kafka-0.1.0.tar.gz      b223471b0a23b41c482f9bb5eb3b133f445b241c13695523628f60bf45979c50
sdist  kafka-transport          0.7.6    kafka-transport-0.7.6.tar.gz           40404b9f9ba50c5345dad9891bd5d5671377ecc077337c84e752359663667809
sdist  kafka-helper             0.2      kafka-helper-0.2.tar.gz                9d774ac0beafa9399d0f98c79ca48d1e103fd53361b0211cd8f8ddc7dcd955b1
sdist  khaos-cli                0.7.1    khaos_cli-0.7.1.tar.gz                 f5eb232f427dab15bbaa7ff8200a17d04c036a695c1c614e862bf87d93917b20
sdist  aio-kafka-daemon         1.0.11   aio-kafka-daemon-1.0.11.tar.gz         103034755d593bcab9a270a65b2e453ffa50d7159274b3ad604f6008ce2cc59d
github thenetcircle/event-bus-3                     478655e4a16033282b818a06bdf3f8b45ac5361d  event-bus-3-478655e4                          ff347e2924199eaa9b99a3e8231d140ea0d04363
github bkatwal/distributed-kafka-consumer-python   e462f27d8f4fbcb2de2d4e3f3d4c8b0c7b9e0c18  distributed-kafka-consumer-python-e462f27d    6f6e0014ac007236e1fb5b0f7c7c27320f22d2f9
github Hamadalishah/E_martMicroservice             ed17e3924b846e3ef202d79d2ad119aa2a67bc64  E_martMicroservice-ed17e392                   16135f571a0ddb137d80b222c3ee12dcc1582395
github Markonick/cryptoSockets                     e33b6037d8acc38deb005268b2e01f50ec41ca44  cryptoSockets-e33b6037                        209fa508d237e821259b33641bd4764dfe3839fa
github maxmekiska/micro-templates                  75d829a70cd9979c9b10ad8986ed33d5a26c287c  micro-templates-75d829a7                      c1bb7096584e75021999dc922ed234191c0111e5
github binhletrustifytechnology/kafka-python-producer-consumer-demo f3453e149e71f93bb27380d18e043cee3e1e42d9  kafka-python-producer-consumer-demo-f3453e14  a38b0cc4b1ace0e190088e2d2b4a8a1e934352ca
github landaudiogo/cc-assignment-2023              87e1cdd7d40758c38583eedf8e2ed68916870aef  cc-assignment-2023-87e1cdd7                   8ed4b4f6406c9b98e5911815752a37a86c74a9c2
github w08r/kafka-flink-clickstream                92bde5cf72511dac055fd180501479f503730a0f  kafka-flink-clickstream-92bde5cf              2c9c3053d46ccb19a6e5afced5f34be6984f8760
github meilisearch/scrapix-v2                      48b751d5326f5a061c271fe6bcc1094c26a14f45  scrapix-v2-48b751d5                           7c921b81539064f149d3b3753471b2764962a864
github izihawa/summa                               d5169058258003b9d5184fe82bb3b760d3c9319d  summa-d5169058                                7cb6dfdca7b6dcef517fc0ec9d6674264a6af0e8
github kindredgroup/talos                        a4230932b5611beb2b83e44c43b9244e2651f876  talos-a4230932                                 208fdedb7a75a931fb981066242166cdc633f40e
LIST
)

hash_ok() { # file sha256
  [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

fetch_sdist() { # name version file sha
  local name=$1 version=$2 file=$3 sha=$4 out="$DL/pypi"
  mkdir -p "$out"
  if hash_ok "$out/$file" "$sha"; then return 0; fi
  rm -f "$out/$file"
  log "pip download $name==$version (sdist)"
  # --no-binary for this package only: its build backend may come as a wheel.
  $PIP download --disable-pip-version-check --no-deps --no-binary "$name" \
    --ignore-requires-python -d "$out" "$name==$version" >&2
  hash_ok "$out/$file" "$sha" || die "$file missing or sha256 mismatch after download"
}

fetch_crate() { # name version file sha
  local name=$1 version=$2 file=$3 sha=$4 out="$DL/crates"
  mkdir -p "$out"
  if hash_ok "$out/$file" "$sha"; then return 0; fi
  local proj="$DL/cargo-project-$name"
  rm -rf "$proj"; mkdir -p "$proj/src"
  printf 'fn main() {}\n' > "$proj/src/main.rs"
  cat > "$proj/Cargo.toml" <<TOML
[package]
name = "offsetlint-eval-fetch"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
"$name" = { version = "=$version", default-features = false }

[workspace]
TOML
  log "cargo fetch $name==$version"
  (cd "$proj" && $CARGO fetch >&2)
  local home="${CARGO_HOME:-$HOME/.cargo}" found=""
  for f in "$home"/registry/cache/*/"$file"; do
    if hash_ok "$f" "$sha"; then found=$f; break; fi
  done
  [ -n "$found" ] || die "$file not found in $home/registry/cache with the pinned sha256"
  cp "$found" "$out/$file"
  rm -rf "$proj"
}

unpack_archive() { # dir src
  local dest="$CACHE/$1" src=$2 tmp="$CACHE/.tmp-$1"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  tar -xzf "$src" -C "$tmp" --strip-components=1 --no-same-owner
  printf '%s\n' "$(basename "$src")" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $1"
}

unpack_github() { # owner/name commit dir tree
  local repo=$1 commit=$2 dir=$3 tree=$4 dest="$CACHE/$3" tmp="$CACHE/.tmp-$3"
  local gd="$MIRRORS/${repo/\//+}/repo"
  [ -d "$gd" ] || die "no mirror of $repo at $gd: bring it with the search tool's fetch (source github:$repo), then run this again"
  git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$repo: commit $commit is not in $gd (fetch github:$repo again)"
  [ "$(git --git-dir="$gd" rev-parse "$commit^{tree}")" = "$tree" ] \
    || die "$repo: tree of $commit is not the pinned $tree"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  if ! git --git-dir="$gd" archive --format=tar -o "$CACHE/.tmp-$dir.tar" "$commit" 2>/dev/null; then
    # The mirror may lack its largest blobs (data files of 4 MiB and more): write the files
    # blob by blob and skip the absent ones (the labels name none of them).
    rm -f "$CACHE/.tmp-$dir.tar"
    local mode type oid path
    while IFS=$'\t' read -r meta path; do
      read -r mode type oid <<< "$meta"
      [ "$type" = blob ] || continue
      if ! git --git-dir="$gd" cat-file -e "$oid" 2>/dev/null; then
        log "$repo: $path is absent from the mirror (skipped)"; continue
      fi
      mkdir -p "$tmp/$(dirname "$path")"
      if [ "$mode" = 120000 ]; then
        ln -s "$(git --git-dir="$gd" cat-file blob "$oid")" "$tmp/$path"
      else
        git --git-dir="$gd" cat-file blob "$oid" > "$tmp/$path"
      fi
    done < <(git --git-dir="$gd" ls-tree -r --full-tree "$commit")
  else
    tar -xf "$CACHE/.tmp-$dir.tar" -C "$tmp" --no-same-owner
    rm -f "$CACHE/.tmp-$dir.tar"
  fi
  printf '%s %s %s\n' "$repo" "$commit" "$tree" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $repo@$commit as $dir"
}

mkdir -p "$CACHE" "$DL"
while read -r kind a b c d; do
  [ -n "$kind" ] || continue
  case "$kind" in
    sdist)
      [ -f "$CACHE/$a-$b/$MARK" ] && continue
      fetch_sdist "$a" "$b" "$c" "$d"; unpack_archive "$a-$b" "$DL/pypi/$c" ;;
    crate)
      [ -f "$CACHE/$a-$b/$MARK" ] && continue
      fetch_crate "$a" "$b" "$c" "$d"; unpack_archive "$a-$b" "$DL/crates/$c" ;;
    github)
      [ -f "$CACHE/$c/$MARK" ] && continue
      unpack_github "$a" "$b" "$c" "$d" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
