#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of offsetlint's fresh-9 blind evaluation set onto this machine.
#
#   root=$(bash eval/fresh-9/fetch.sh)              # corpus goes to /tmp/offsetlint-fresh9
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-9/fetch.sh
#
# Two kinds of artifact, each pinned and checked:
#   sdist:  pip download --no-deps --no-binary NAME NAME==VERSION; sha256 of the file checked
#           (.tar.gz or .zip; the archive's top folder is stripped).
#   github: a public repository at a pinned commit. pip and cargo cannot bring these: bring each
#           one with the search tool's `fetch` (source github:OWNER/NAME), which leaves a bare
#           mirror at $OFFSETLINT_MIRROR_ROOT/OWNER+NAME/repo (default /work/.mirror). This script
#           checks that the pinned commit is there and that its tree id is the pinned one (git
#           object ids are content hashes: the tree id pins every file), and unpacks that commit
#           with `git archive` (file by file, skipping absent blobs, when the mirror lacks some
#           large blobs; none of them is labelled). A missing mirror is reported with the fetch
#           to run, and the script fails.
# Every artifact is unpacked to $CACHE/<dir>/: <name>-<version> for sdists,
# <repo name>-<first 8 hex of the commit> for repositories. labels.tsv names files as
# <dir>/<path inside the artifact>.
# Idempotent: an artifact already unpacked (marker file present) is left alone, and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root.
#
# Needs: bash, python3 + pip, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script, the labels and the README.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh9}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name                   version  file                                   sha256
# github owner/name             commit                                    dir                                        tree id of the commit
PACKAGES=$(cat <<'LIST'
sdist  kafkatos3                0.2.0    kafkatos3-0.2.0.tar.gz                 34d429f1c42831019b23409ebc45163ef3003e6b92005577da98e834706ab3d1
sdist  kafka-influxdb           0.9.3    kafka_influxdb-0.9.3.zip               ebab0b5861e07d000b24fe7bb3da33c5f2fe6fda4d8d336a267ef4322eee4586
sdist  kfk2es                   1.1.0    kfk2es-1.1.0.tar.gz                    72b634c81c32bd900076e6ee7848434bbbd83ca7dec821f5d130f42fc8912aac
sdist  target-kafka             0.1.3    target_kafka-0.1.3.tar.gz              9431ee30b91a00b57be2f10787618ac1dc7bdaa0d47bcc57be2117f793c16f6d
sdist  spakky-kafka             6.4.0    spakky_kafka-6.4.0.tar.gz              45125d83072566c3edb06a4a372833f7445bdb3b45b9c60500b5efaf10a4abd6
sdist  typedkafka               0.7.0    typedkafka-0.7.0.tar.gz                1c4ff7541d3f0066dbc7cd4bfd2f8c88a0e762988b8a0503502f10809b4f9e9d
sdist  unipipeline              1.9.4    unipipeline-1.9.4.tar.gz               934a379ed5dfcf19c07836c12d5fd86d3f4cc2493e2845a8974e3c77c9e9bebe
sdist  romeways-kafka-queue     0.1.0    romeways_kafka_queue-0.1.0.tar.gz      dc94654f6f42e9e006347d29116c1d05d7d14ba0cb52817370d4419f65c18cbb
sdist  tamarco-kafka            0.1.0    tamarco-kafka-0.1.0.tar.gz             4f8bdef609aeff86dfbb47c3ebb8d26ed14744b622f466ead0cdf8c42e0c26db
sdist  minos-broker-kafka       0.7.0    minos-broker-kafka-0.7.0.tar.gz        764a6492125bb90a29ac35aa7395f757975eb0fc16e94a0b8d04f58dd4072e9d
sdist  sinetstream-kafka        1.8.2    sinetstream_kafka-1.8.2.tar.gz         f178a51328db1fb833b1a96cffa9c2f95f182b627d0ca7614150334e64586b24
sdist  esque                    0.5.1    esque-0.5.1.tar.gz                     03f3fd3911dfe089801b3d5646dd400b5037efafbb9c1cc7b73a87e7f292db33
sdist  medisolveai-kafka        0.0.2    medisolveai_kafka-0.0.2.tar.gz         61a23052ab3609e4fdb4631c2b6b32b1c0d3ee323b0f6b80d9511f4cbe3222f7
sdist  taphealth-kafka          0.2.5    taphealth_kafka-0.2.5.tar.gz           5873046b4f1b802a2bb6a91bd7aed381e921179f656892b1e9fd956a3e1170c4
sdist  kavari                   0.2.2.1  kavari-0.2.2.1.tar.gz                  f42a384992bb09221bd73f3f36ea00f2a02d46c30c5a1fa08a10395d48ce9fe4
sdist  openframe-adapters-queue-kafka 1.4.5 openframe_adapters_queue_kafka-1.4.5.tar.gz 2650dd8e9d53dba358219f7a6e656c40f1bcdc8583c0309b55e3276354a7e7c8
sdist  cyclotron-aiokafka       0.7.0    cyclotron-aiokafka-0.7.0.tar.gz        71be7308cac315098db2fe37603ad6d49ccc82ccffda546c85785e827980b7d4
sdist  aiokafka-rpc             1.3.0    aiokafka_rpc-1.3.0.tar.gz              d5fb6f3d724bfe65830d45f81f01ec32245c4b675bb0f36734cd19e27aefe4a7
sdist  pypz-kafka-io            0.10.2   pypz_kafka_io-0.10.2.tar.gz            8b044f1f09af20b83fa3a96c8ae4c7ef26409d9e52a2ca9440b5371d757eb9c1
sdist  kurier-py                0.1.0    kurier_py-0.1.0.tar.gz                 d24ddee67db48302960eaf0f5199b07f441ae0037fd0a1cba208b8bccbc2c720
sdist  pystrm                   0.1.24   pystrm-0.1.24.tar.gz                   dfd40e1edc67f2eea6c4ffe72e727c39437aa212ec0d0dadabb6573b10a1d0ed
sdist  velikafkaclient          1.4.0    velikafkaclient-1.4.0.tar.gz           862bfee2e740014dfa1eb37d341800f7712daafd7ffe0397cce59a8f3e2259d7
sdist  kafkaboost               0.2.0    kafkaboost-0.2.0.tar.gz                1e6fe830d5b5c33d9a8e4996c7b6600b925f20bbfa8e9f5b6138abb004d6c41c
sdist  streamgate               3.2.0    streamgate-3.2.0.tar.gz                bd111122db0709f5252bf3081bbb829dfbd7a1ca9d8c8c23b0f64d2bd6289734
sdist  phlo-kafka               0.15.4   phlo_kafka-0.15.4.tar.gz               0e0537a9726a8593f6e62f7491f6049836c1d11334887ff7587a381bbf35e7ba
sdist  snapstream               1.0.0    snapstream-1.0.0.tar.gz                3d0ba0794a26ce33d402ea3470dc196ce4ced1ed72e3a18b6157b122b9d78dad
sdist  ouroboros-kafka          1.0.0    ouroboros_kafka-1.0.0.tar.gz           85ac178d3e64797c51135677a73b561d9401eed0c8527fd34e3d45419ad410ff
sdist  relayer                  2.0.5    relayer-2.0.5.tar.gz                   5ca57235cf069e5e84e4f2532bedf74ea40be97a1fb710177c73eed212f1b21d
sdist  plain-kafka              0.0.1    plain-kafka-0.0.1.tar.gz               db1ae25df329f6bf5da7dbe4185adf3f035caa00af8f5ae93c1a1beab67072a4
sdist  kafka-streamer           0.4.8    kafka-streamer-0.4.8.tar.gz            c3919546c9217a5f55473807c1c31d48353ef3ca9459a656ea799012d8fe3c33
github dexterlaboss/solana-lite-rpc-storage-ingestor c9e399a3e05142be14e7f11e9c9346ba93b8b444 solana-lite-rpc-storage-ingestor-c9e399a3 aeffff1a4c1a4ee1a6ef43e396c64dad792f2bd7
github rohansen856/rust-microservice                  3587906e877e89b17b80a3d1bf84d2f13c03efe5 rust-microservice-3587906e                 82accb009c35b2f97f18459683bccf69ac625ba4
github PostHog/hog-rs                                6a37c462126befee2e96374e46dfc58d56289042 hog-rs-6a37c462                            8273360fe58180b89f53f345a955530064f61b76
github halfzebra/rust-ingress                       0269aff9674d0719bf7f3e27f538f9451d1e8870 rust-ingress-0269aff9                      b6ed737971620b0af54591d905a5ad7858b0a659
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

unpack_archive() { # dir src
  local dest="$CACHE/$1" src=$2 tmp="$CACHE/.tmp-$1" top
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  case "$src" in
    *.tar.gz) tar -xzf "$src" -C "$tmp" --strip-components=1 --no-same-owner ;;
    *.zip)
      # zip has no --strip-components: unpack beside, then move the single top folder's content.
      rm -rf "$tmp.zip"; mkdir -p "$tmp.zip"
      python3 -m zipfile -e "$src" "$tmp.zip"
      top=$(find "$tmp.zip" -mindepth 1 -maxdepth 1)
      [ "$(printf '%s\n' "$top" | wc -l)" = 1 ] && [ -d "$top" ] || die "$src: expected one top folder"
      rmdir "$tmp"; mv "$top" "$tmp"; rm -rf "$tmp.zip" ;;
    *) die "unknown archive type: $src" ;;
  esac
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
    # The mirror may lack its largest blobs: write the files blob by blob, skipping absent ones.
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
    github)
      [ -f "$CACHE/$c/$MARK" ] && continue
      unpack_github "$a" "$b" "$c" "$d" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
