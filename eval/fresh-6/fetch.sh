#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of offsetlint's fresh-6 blind evaluation set onto this machine.
#
#   root=$(bash eval/fresh-6/fetch.sh)              # corpus goes to /tmp/offsetlint-fresh6
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-6/fetch.sh
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh6}"
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
sdist  aiokafkaengine           0.1.0    aiokafkaengine-0.1.0.tar.gz            5e2c4ea2e370a2d1844708fa205dc1e87d61ca8bb52fd14aa53e5919e8135f58
sdist  benzene-kafka            0.1.0b2  benzene_kafka-0.1.0b2.tar.gz           cb54e110ea9c5aeda6886cc990793e18af26dd4ef2d26b73852fc6d2b54de537
sdist  cezzis-kafka             0.0.27   cezzis_kafka-0.0.27.tar.gz             eb40f3a84501161dfd33cca1119ef83356d46fec7c5a7ee74946d74b020f4c13
sdist  fastkafka2               0.6.1    fastkafka2-0.6.1.tar.gz                07f76e1cd0e18a4d2372a1cab202131f14fa28daff262c06aa3a2ced9372940b
sdist  flask-confluent-kafka    0.2.1    flask_confluent_kafka-0.2.1.tar.gz     bba67be8ea87037a4de27adf16ab8f0f836099124f5d0475ed5d1c20d2c7fbc5
sdist  guido-kafka              0.2.1    guido_kafka-0.2.1.tar.gz               0aeb17cbe4a9acc2fc49f1022a10ce3152f48fd027e3ad5d3dd1392c47efc4dc
sdist  aejuice-kafka-consumer   1.0.1    aejuice_kafka_consumer-1.0.1.tar.gz    d0f033882dc0caa34bba2011e5e57524dc13d6edfa5dc8c783238eb99a4425b3
sdist  busie-consumer           1.0.0    busie-consumer-1.0.0.tar.gz            e3b4741c7cb9ecff3a8558c162cf3d4214303bdce5feb3d3f9e6905f2e336c5d
sdist  cronut                   0.1.0    cronut-0.1.0.tar.gz                    4693ee5464f037445e64fe0cacb369bb2e9e698fe9256c499a56738bbef32a85
github Overmuse/stream-processor                     28abc55a7f69d71274207648b9476a28bce8aa5f  stream-processor-28abc55a                     48db04b7a9c538ba99c8e46cc66a2b779f5abc65
github Overmuse/order-manager                        183ba8b5c38382a6ca02170b3e65b7d5ae72e2c0  order-manager-183ba8b5                        d63f735cd9ac9fe0cb44b1d8efa5613ad8c5f565
github MaibornWolff/mqtt-kafka-forwarding-service    cfa4509e0c24a4d10e46b11c6915150e5a5ef286  mqtt-kafka-forwarding-service-cfa4509e        477f7214d1dcc7e790cc79196e855ab0f9388332
github ISISComputingGroup/kafka_event_aggregator     6104e3b09218936d6f9445b0877c2f7a9ba25c63  kafka_event_aggregator-6104e3b0               c4655cf6ef663d2b88e38edb2cc28fdd2009d1aa
github pipebase/pipebase                             8f6c3cbc8e9ab37230a3fde6a96607414079b60f  pipebase-8f6c3cbc                             9c12e26b3c878110e14f1492d490515b364759c7
github arthrp/kafka_example                          626ef5bc976a35184d751e0a9fd3464019b5b31e  kafka_example-626ef5bc                        12420bff96a4b623502708d9abec68dc45686865
github Lucky-49/rust_kafka_tutorial                  e40ff18c67bb04c7c2c2259966a4e5e27ce956df  rust_kafka_tutorial-e40ff18c                  48c25914747daf7567e5414554ce7a2c5c37546b
github Bot-detector/bot-detector-scraper             5b19cb1f06bf60b790f10a3ec04f964360391548  bot-detector-scraper-5b19cb1f                 9f0f00f2e8ff8f6db8d5dda6a72a289c56eee379
github kunansy/ReadingTracker                        1937a78d1d58fa64966a2c290e80013e5fe848b1  ReadingTracker-1937a78d                       c588b5632ad50f412119db617e19bcc060562144
github pyVarad/leanring-kafka                        5903eac1dcdd5d53f972a0a4492f2f591abd92cc  leanring-kafka-5903eac1                       3f905e9b7a7e26c80e53f0c8f85c41537c4d97b7
github Disproportionalisticity/warmup                8b474f38681c32499778b657fbf39e4c224ee1fc  warmup-8b474f38                               242535412359ecaf38117c9496fc9ccd93727419
github jaganlal/celery_background_processing         fe018fa5641cb42c08f8c59087aabc6423e81a4c  celery_background_processing-fe018fa5         693897f4deae6ef15fbd1b957e825576198b8384
github Baselyne-Systems/cdc-platform                 14223237685702fba4ea12281e1a40964539705f  cdc-platform-14223237                         119617c5e2ddf07c113145b2870f87b46b9eaf70
github deepchecks/monitoring                         c9ce7977c5af5c993cd35e75e615e9ea31462008  monitoring-c9ce7977                           b1810c9f7ac38ef0ffbb0d906c979120620b4cc8
github autoreduction/queue-processor                4eab9dea17df1fe599a5fcf23a77ea1e2554de2e  queue-processor-4eab9dea                      668075b334d199e973b91908bc16831195e80e4e
github didimelli/aiokafka-retry-lib                 2117d8a3eea007170ba124ac471aa0107dc27b4e  aiokafka-retry-lib-2117d8a3                   49ae2232c71639ca2534c5b6f4bff0dd24b937b4
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
