#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of offsetlint's fresh-8 blind evaluation set onto this machine.
#
#   root=$(bash eval/fresh-8/fetch.sh)              # corpus goes to /tmp/offsetlint-fresh8
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-8/fetch.sh
#
# Three kinds of artifact, each pinned and checked:
#   sdist:  pip download --no-deps --no-binary NAME NAME==VERSION (PyPI); sha256 of the file checked.
#   crate:  cargo fetch in a throwaway project (dependency "=VERSION", crate registry); sha256 of
#           the .crate checked.
#   github: a public repository at a pinned commit. pip and cargo cannot bring these: bring each
#           one with the search tool's `fetch` (source github:OWNER/NAME), which leaves a bare
#           mirror at $OFFSETLINT_MIRROR_ROOT/OWNER+NAME/repo (default /work/.mirror). This script
#           checks that the pinned commit is there and that its tree id is the pinned one (git
#           object ids are content hashes, so the tree id pins every file), then writes that
#           commit's files. Blobs the mirror lacks (large data files; none is labelled) are
#           skipped with a note. A missing mirror or commit is reported with the fetch to run.
# Every artifact is unpacked to $CACHE/<dir>/ (an sdist's or crate's top folder stripped):
# <name>-<version> for sdists and crates, <repo name>-<first 8 hex of the commit> for repositories.
# labels.tsv names files as <dir>/<path inside the artifact>.
# Idempotent: an artifact already unpacked (marker file present) is left alone, and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root.
#
# Needs: bash, python3 + pip, cargo, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script, the labels and the README.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh8}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
CARGO="${CARGO:-cargo}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256  dir
# crate  name  version  file  sha256  dir
# github owner/name  commit  tree-id-of-the-commit  -  dir
PACKAGES=$(cat <<'LIST'
sdist  djpykafka                  0.0.44  djpykafka-0.0.44.tar.gz                   bf0e7e38592b0c2fb40716547d2860498bc059a81f01be4ffbe5ca50888446d4  djpykafka-0.0.44
sdist  explicit-python-kafka      1.4.0   explicit_python_kafka-1.4.0.tar.gz        7876c521b0aa76423334dbba983f0db0ed37c6519a254b97d3bb0df8458cf137  explicit-python-kafka-1.4.0
sdist  kafka-bundle               2.0.3   kafka_bundle-2.0.3.tar.gz                 bd750a1337447fdbdfc0c36b68f4112362f7b6302817c3d43bcfe5d2a7c2795a  kafka-bundle-2.0.3
sdist  eventbase                  1.1.0   eventbase-1.1.0.tar.gz                    7687f8f3379fe18bd01fb5e7efed1e8117b1efda61d34dc56690c8b8cdd7cc7e  eventbase-1.1.0
sdist  django-streams             3.1.0   django_streams-3.1.0.tar.gz               1f91fc8a33e3133dd753e37addf6f1e1002bec3133f9ef31e6c7c507d9cc7cef  django-streams-3.1.0
sdist  django-event-bus           1.0.0   django_event_bus-1.0.0.tar.gz             61b9e814021fc995fc164d214ee5a51949c8d5188c0e961a845f4c5987f60c8f  django-event-bus-1.0.0
sdist  fastmesh-kafka             0.1.0   fastmesh_kafka-0.1.0.tar.gz               2ddb07715ff7f8b1ce96aeedd2122e0a8679d0db3a73ddf67ceeeba245914b5a  fastmesh-kafka-0.1.0
sdist  astrocyte-ingestion-kafka  0.22.0  astrocyte_ingestion_kafka-0.22.0.tar.gz   b1f2f299544d46eeb348b794e28b80323108162b0c88da2643685fb7890fb334  astrocyte-ingestion-kafka-0.22.0
sdist  kafka-lib-tima             0.5     kafka-lib-tima-0.5.tar.gz                 c9a6135f2b66997ad883669da39513cbeb1ea6320dc3e48540deb089aca230be  kafka-lib-tima-0.5
sdist  channels-kafka             0.1.1   channels_kafka-0.1.1.tar.gz               1109d6789d5ab48135e7c23c17d24f18c2df6b6676a2015002ec71a52b46931f  channels-kafka-0.1.1
sdist  pipelinewise-tap-kafka     8.2.1   pipelinewise-tap-kafka-8.2.1.tar.gz       0ba70da1f915b7598976154db8554b35a9e97614e88b6e007461eff08825c56c  pipelinewise-tap-kafka-8.2.1
sdist  ninja-kafka-sdk            0.7.3   ninja_kafka_sdk-0.7.3.tar.gz              8d18fdb675c3e8e3955a64ff9cc791b4b46d831d6947771b2ba01deeb22ed595  ninja-kafka-sdk-0.7.3
sdist  lcdp-kafka-utils           1.9.4   lcdp_kafka_utils-1.9.4.tar.gz             9faefc6e85c51047aeb02dd2df98bdaf2cbfdb4d8f473766f60ef8d8bd34d1a8  lcdp-kafka-utils-1.9.4
sdist  otteroad                   0.3.0   otteroad-0.3.0.tar.gz                     700338635f2bc5e16bd14320c1ea429de2f37304e7339ffd12c976d4c318243e  otteroad-0.3.0
sdist  netbox-kafka-producer      1.0.22  netbox-kafka-producer-1.0.22.tar.gz       b9c00b03d3e493ad78babf8617d817643ead0309d2174c3e51463b6b7c7db185  netbox-kafka-producer-1.0.22
sdist  pico-kafka                 0.1.6   pico_kafka-0.1.6.tar.gz                   0360d8fb9f23ac04f4751c565f6faaec126fee6a23b315ae89897a74948cfdd1  pico-kafka-0.1.6
crate  chafka                     0.2.1   chafka-0.2.1.crate                        ddeaad9b68be71eff39d7ecd812f665e5c2ef2b0507942bba777163a2523c29c  chafka-0.2.1
github SanctumLabs/ujumbe                  aae2e34152d65002393f3c46adf36304472b2e28  755f7f61d386d2c084d06d5200792d435735b107  -  ujumbe-aae2e341
github sbeckeriv/k12                       e0a3ac330f2b023161e565db6cf270017244f48d  d5b5ae43abb790a9bafba3c268827dba582f788e  -  k12-e0a3ac33
github CCC-MF/bwhc-kafka-rest-proxy        82a59c5da6eb88eeb2d6cae1ef3c67e72a58b3bf  ac69f3bfdd53efd3e06b05e5080d0cb3b0cce2f5  -  bwhc-kafka-rest-proxy-82a59c5d
github tfutada/zenn-kafka-rust             8a8523fbb9ce5fafbacac4084f7d32705fb1e189  4ad3d1c98d6d2da6286fd88c3e785038bf2220cd  -  zenn-kafka-rust-8a8523fb
github ColinRhys/RustKafkaExample          b7ac6f61f9f88490bbb434f3ab22135b1fa747f8  e06e4561bf8a8a734d5f52f1d26b4ea7e6f4d81a  -  RustKafkaExample-b7ac6f61
github distributed-eews/picker             c2156e4e1e5e9d86f90e682102840d3c7a48f4f7  7e4033fe717ed18d5b7c1106d36fb6fe8c11e418  -  picker-c2156e4e
github 1210044/shop_microservices          fda753c385e7e8af1c66441fbc4f698bd5608383  c1e29a85db4a853ca460c787bfaa6a5242300287  -  shop_microservices-fda753c3
github PeTRUEha/AsyncArchitecture          5d6e282039c7b5b9e7e1ed1d74b86d2c7ad42538  a43bc3f008ef6a4fdd3f95b38fcc2d467470b5ed  -  AsyncArchitecture-5d6e2820
github Hamadalishah/E_mart-sevice          cd78ddfc4c2a3fb6aebceac75b3f039545317956  d4b25eae1bc4699aa24d3a4c93b74e708ad09cf4  -  E_mart-sevice-cd78ddfc
github thoughtworks/epirust                 9b42d7110cc7c315f520234d182a8c93f188b238  9153124d7f5c4ea2c404bc993774d89a917ace44  -  epirust-9b42d711
github ssg-salesync/backend                 ff0c69f985d750df765c5c621149bba025763105  7a1b3706fcbd48ce109efe7bf823c3ae1a761d55  -  backend-ff0c69f9
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
  # --no-binary for this package only: its build backend may come as a wheel (compiling
  # backends from source makes the metadata step take minutes).
  $PIP download --disable-pip-version-check --no-deps --no-binary "$name" \
    --ignore-requires-python -d "$out" "$name==$version" >&2
  hash_ok "$out/$file" "$sha" || die "$file missing or sha256 mismatch after download"
}

fetch_crate() { # name version file sha
  local name=$1 version=$2 file=$3 sha=$4 out="$DL/crates"
  mkdir -p "$out"
  if hash_ok "$out/$file" "$sha"; then return 0; fi
  local proj="$DL/cargo-project-$name" home="${CARGO_HOME:-$HOME/.cargo}" found="" f
  rm -rf "$proj"; mkdir -p "$proj/src"
  printf 'fn main() {}\n' > "$proj/src/main.rs"
  cat > "$proj/Cargo.toml" <<TOML
[package]
name = "offsetlint-fresh8-fetch"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
"$name" = { version = "=$version", default-features = false }

[workspace]
TOML
  log "cargo fetch $name==$version"
  (cd "$proj" && $CARGO fetch >&2)
  for f in "$home"/registry/cache/*/"$file"; do
    if hash_ok "$f" "$sha"; then found=$f; break; fi
  done
  [ -n "$found" ] || die "$file not found in $home/registry/cache with the pinned sha256"
  cp "$found" "$out/$file"
  rm -rf "$proj"
}

unpack_archive() { # dir archive
  local dest="$CACHE/$1" src=$2 tmp="$CACHE/.tmp-$1"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  tar -xzf "$src" -C "$tmp" --strip-components=1 --no-same-owner
  printf '%s\n' "$(basename "$src")" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $1"
}

unpack_github() { # owner/name commit tree dir
  local repo=$1 commit=$2 tree=$3 dir=$4 dest="$CACHE/$4" tmp="$CACHE/.tmp-$4"
  local gd="$MIRRORS/${repo/\//+}/repo" meta path mode type oid
  [ -d "$gd" ] || die "no mirror of $repo at $gd: bring it with the search tool's fetch (source github:$repo), then run this again"
  git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$repo: commit $commit is not in $gd (fetch github:$repo again)"
  [ "$(git --git-dir="$gd" rev-parse "$commit^{tree}")" = "$tree" ] \
    || die "$repo: tree of $commit is not the pinned $tree"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  # File by file rather than git archive: a mirror may lack some large blobs (database dumps,
  # images), which would make git archive fail; those are skipped, and none is labelled.
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
  printf '%s %s %s\n' "$repo" "$commit" "$tree" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $repo@$commit as $dir"
}

mkdir -p "$CACHE" "$DL"
while read -r kind a b c d e; do
  [ -n "$kind" ] || continue
  case "$kind" in
    sdist)
      [ -f "$CACHE/$e/$MARK" ] && continue
      fetch_sdist "$a" "$b" "$c" "$d"; unpack_archive "$e" "$DL/pypi/$c" ;;
    crate)
      [ -f "$CACHE/$e/$MARK" ] && continue
      fetch_crate "$a" "$b" "$c" "$d"; unpack_archive "$e" "$DL/crates/$c" ;;
    github)
      [ -f "$CACHE/$e/$MARK" ] && continue
      unpack_github "$a" "$b" "$c" "$e" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
