#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-16 onto this machine.
#
#   root=$(bash eval/fresh-16/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh16
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-16/fetch.sh
#
# Two kinds of artifact:
#   sdist:  a PyPI source distribution, downloaded by name and version with pip
#           (pip download --no-deps --no-binary NAME), sha256 checked.
#   github: a public repository at a pinned commit. pip and cargo cannot bring these: bring each
#           one first with the search tool's `fetch` (source github:OWNER/NAME), which leaves a
#           bare mirror at $OFFSETLINT_MIRROR_ROOT/OWNER+NAME/repo (default /work/.mirror). This
#           script checks that the pinned commit is in the mirror and that its tree id is the
#           pinned one (git ids are content hashes: the tree id pins every file), then unpacks
#           that commit with `git archive`. A missing mirror is reported with the fetch to run.
# Every artifact is unpacked to $CACHE/<dir>/ (an sdist's top folder stripped):
# <name>-<version> for sdists, <repository name>-<first 8 hex of the commit> for repositories.
# labels.tsv names files as <dir>/<path inside the artifact>.
# Idempotent: an artifact already unpacked (marker file present) is left alone, and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root (printed last).
#
# Needs: bash, python3 + pip, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh16}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit  [subtrees]
#   subtrees (optional, comma-separated): unpack only these top-level folders and files of the
#   commit, for a repository whose mirror lacks some large blobs elsewhere (each folder with git
#   archive of <commit>:<folder>, each file with git cat-file)
PACKAGES=$(cat <<'LIST'
sdist  lockfale_connectors                1.5.0    lockfale_connectors-1.5.0.tar.gz                  409c3b0493cfccffbfa6b547fa1e92b87ff65704496b073acfaec61f8108f420
sdist  sqllocks_shape_kafka               0.9.3    sqllocks_shape_kafka-0.9.3.tar.gz                 caa38a24940ac988329d91a82510a2c71c0b0a61233535f8c2a8d94a421cd358
sdist  plyght                             1.0.0    plyght-1.0.0.tar.gz                               28c4835151bfa43c21b8fb754ecae27a737cd9c2fafb19e425ff05b90e9be1b4
sdist  xyberos_queues                     0.1.2    xyberos_queues-0.1.2.tar.gz                       7fa97070077d23e92209eb7f90e89f9880bf7be56fc45f1bb9969e02ec60a9cb
sdist  dangdatastream                     0.1.0    dangdatastream-0.1.0.tar.gz                       9a72747c50a7090f58f4bdbb47f4480bfe15c523ce4f7f516404c01e7313206c
sdist  pytxtchat                          0.5.0    pytxtchat-0.5.0.tar.gz                            8a284a69b581ef30438b8664d3b4cd52dfd36dda6d0a24b7e268d9a0c18742fb
sdist  ronds_datastore_kafka              0.0.2    ronds_datastore_kafka-0.0.2.tar.gz                ca6a4ee4470f7e9fbb83bc24dea1a51fc2e1d76af0efe965f4b180f4c2feb0f9
sdist  kafka_replay                       0.1.0    kafka_replay-0.1.0.tar.gz                         4468da5fc46fb2bb6878657e1534eb618e81a3f0709c725b9361e5c9a7e6c0a4
sdist  kafkagraph                         0.1.4    kafkagraph-0.1.4.tar.gz                           718c4ab83535cebca294ae94c0e1018d424f49cba53b112e183461bb939923c0
sdist  langgraph_checkpoint_timeseries    0.2.0    langgraph_checkpoint_timeseries-0.2.0.tar.gz      570c97d39cfbc4a37ca2b1c662b0540d8a46fdf9076794fca2735f0dee22b36f
sdist  flask_kafka_publisher              0.0.1    flask_kafka_publisher-0.0.1.tar.gz                c7422e3e7c9e6f02b52f929b87eb42750835bba8c542d77f9e0b010aa8394c4d
sdist  agora_etl_plugins                  0.4.3    agora_etl_plugins-0.4.3.tar.gz                    5a95b6967678f1e67a718e625c7d0f6da3165bd89d8221e13e1df0719fefb1ae
sdist  kafka_temporal_mapper_client       0.1.1    kafka_temporal_mapper_client-0.1.1.tar.gz         7da24cb0aba1af636ce3dfe60a34e8d3942c82f10adfc71ead8d109af348a09c
sdist  py_kafka_logger                    0.1.0    py_kafka_logger-0.1.0.tar.gz                      2eae1987a3d14d9f38e7ebb0bd7a92e76560e83de9f75c8f67cad9228bf2a7b5
sdist  KafkaLogs                          0.1.6    KafkaLogs-0.1.6.tar.gz                            1c45f89ac060f7cbfee0aae25b11b9bb971b04fe713f931320468282957291f4
sdist  sgn_skig                           0.4.2    sgn_skig-0.4.2.tar.gz                             46df29a469052f5b2fa01401a1c7842434c5fea6243f797ad8385ca39b7c1c66
github JoelWachsler/opnsense-auto-ip-ban              e181d138bc17efe32cb1f0a09c9b81a0b7c95005  opnsense-auto-ip-ban-e181d138                bca2357f4b13d91b90671cc8afca17fa9a175180
github JesusCabrera84/siscom-trips                    761deb1e3aa2703537a6918a193df68120a75e0a  siscom-trips-761deb1e                        c9374ce4a01a31d9f96fea04cdb28bd309dec25e
github Raawaan/notification_center                    77d1315b1f7921aaac931b8c2a576fa74a5d73d2  notification_center-77d1315b                 0c0cc954bc473adfddbd01028d40992caa001d1c
github downwithbgp/bmpwatch                           a87896174d8dbcad9d52472776d2cacd914f47d0  bmpwatch-a8789617                            eaabb554ac9d626caae5346c143fd53dc22e6c07
github Glubiz/zirv-kafka                              274bbcc39f429b899effaa76c1d0a3d965ac4355  zirv-kafka-274bbcc3                          422f3672ac89e63438dba9f9e6f0b5fb039fe9d1
github Grapple228/grapple-kafka                       613755a2c5bf700b0dbbcc66b5ecd20a7dcbeb95  grapple-kafka-613755a2                       724b9f2d02d424643cd94d3feec3a67a49da1f43
github AksenovRomanCY/kafka-processing-service        dc3d76b35183198a8302f099ab588907d18dfbb7  kafka-processing-service-dc3d76b3            faf012d32e435b392e4d69fa429316c844070caf
github victor045/fhir-event-pipeline                  4c34774682d882fd3c92b16dbc8965a4152acfc1  fhir-event-pipeline-4c347746                 5111bd2dcd187ac85f56a0fd5d3fe3340154b57c
github Atakan-Avs/flowqueue-distributed-job-backend   23232f2418050c985dcd37b1b30f767877308cb0  flowqueue-distributed-job-backend-23232f24   03bfa9ca09763e51f14f00a74242bbab6254069b
github JukaleManmath/market-data-service              fdd128fe4513fd61063513454e89194e21b0bddb  market-data-service-fdd128fe                 b57568b5fbe259ee9a0dcf6fb7586cec396016a8  app,requirements,scripts,docker,alembic-migrations,alembic.ini,Dockerfile,README.md
github ArunArumugamD/Fraud-Detection-System           990c4cf510115c828913d1adc47a81dc5b41029a  Fraud-Detection-System-990c4cf5              ebdf22652d92eb92a931d2c8b031751bb069e422
github ELEVATE-Project/analytics-service              924e70e5caa386bbcafc2e82151b52d9a1e9c2cd  analytics-service-924e70e5                   67ff52dcef47ba1d34a3f1e4f6bcaf6b004f66f0  app,tests,main.py,requirements.txt,README.md
github DevarshSimform/activity-logs-poc               9b8feabc5b7213183077ed5e1d737ea63d011fc7  activity-logs-poc-9b8feabc                   2653e96069f8ec1a8552a5c908ebbb05acbb221c
github pm23778/ocr-processing-pipeline                de00a7a5c20285f465ec4c1e5484853da3748338  ocr-processing-pipeline-de00a7a5             11a2b15271193d7885385329f925e6be0ba417bd
github peeti-sriwongsanguan/mine_kafka_postgres       cd56f73c7b7328260b1234e0b78979c96d90726d  mine_kafka_postgres-cd56f73c                 feacc6edb88592d99a6985188d844f2454697a63
github Dimka16/ds-matchmaking                         c6f7859f764039d66333319a560a94a747dac4f8  ds-matchmaking-c6f7859f                      7fbd4729d6df1a9f56cdecd7316937a7911cd696
github Kaweciak/FASS-Trip-Service                     e07cf562fa336c80e4aed77722011ec2f903ef7a  FASS-Trip-Service-e07cf562                   ecb2a4c339da4d324ecff67bcd74807b118b4582
github MedScheduler/availability_service              2559c5dbb25a1530e05ced77eeb44cd517212b3c  availability_service-2559c5db                407ef766293f705fb5b9e49d58c49c9c5f5617e3
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

unpack_sdist() { # name version file
  local name=$1 version=$2 file=$3 dest="$CACHE/$1-$2" tmp="$CACHE/.tmp-$1-$2"
  [ -f "$dest/$MARK" ] && return 0
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  case "$file" in
    *.tar.gz) tar -xzf "$DL/pypi/$file" -C "$tmp" --strip-components=1 --no-same-owner ;;
    *) die "unknown archive type: $file" ;;
  esac
  printf '%s %s %s\n' "$name" "$version" "$file" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $name-$version"
}

unpack_github() { # owner/name commit dir tree [subtrees]
  local repo=$1 commit=$2 dir=$3 tree=$4 subs=${5:-} dest="$CACHE/$3" tmp="$CACHE/.tmp-$3"
  [ -f "$dest/$MARK" ] && return 0
  local gd="$MIRRORS/${repo/\//+}/repo"
  [ -d "$gd" ] || die "no mirror of $repo at $gd: bring it with the search tool's fetch (source github:$repo), then run this again"
  git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$repo: commit $commit is not in $gd (fetch github:$repo again)"
  [ "$(git --git-dir="$gd" rev-parse "$commit^{tree}")" = "$tree" ] \
    || die "$repo: tree of $commit is not the pinned $tree"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  if [ -n "$subs" ]; then
    local sub
    for sub in ${subs//,/ }; do
      if [ "$(git --git-dir="$gd" cat-file -t "$commit:$sub")" = tree ]; then
        git --git-dir="$gd" archive --format=tar --prefix="$sub/" "$commit:$sub" | tar -xf - -C "$tmp" --no-same-owner
      else
        mkdir -p "$tmp/$(dirname "$sub")"
        git --git-dir="$gd" cat-file blob "$commit:$sub" > "$tmp/$sub"
      fi
    done
  else
    git --git-dir="$gd" archive --format=tar "$commit" | tar -xf - -C "$tmp" --no-same-owner
  fi
  printf '%s %s\n' "$repo" "$commit" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $repo@${commit:0:8} to $dir"
}

mkdir -p "$CACHE" "$DL"
while read -r kind a b c d e; do
  [ -n "$kind" ] || continue
  case "$kind" in
    sdist)
      if [ ! -f "$CACHE/$a-$b/$MARK" ]; then
        fetch_sdist "$a" "$b" "$c" "$d"
        unpack_sdist "$a" "$b" "$c"
      fi ;;
    github)
      unpack_github "$a" "$b" "$c" "$d" "${e:-}" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
