#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-20 onto this machine.
#
#   root=$(bash eval/fresh-20/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh20
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-20/fetch.sh
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh20}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit  [top-level entries left out]
PACKAGES=$(cat <<'LIST'
sdist   edutap_data_models                                 0.3.1                                     edutap_data_models-0.3.1.tar.gz                         a40b603e6d0dff9192e15629ea3d37eb56fb9bb1107ae1269ff0c4f16bc725cc
sdist   kafka_broker_py                                    0.0.1                                     kafka_broker_py-0.0.1.tar.gz                            d58c464c4542071b97997ba03ce3c998d2d940ddcb0249fd9d7029897b58da97
sdist   unemi-audi-kafka                                   1.2.6                                     unemi-audi-kafka-1.2.6.tar.gz                           156133e29200d37f3fa3555c0e528413f72c7273d97a8e40c7a698eb6de78dda
sdist   kafka-bluesky-live                                 0.0.1                                     kafka-bluesky-live-0.0.1.tar.gz                         fe54d8286b25db683e4430e75a3df4af5f5ecd21f305ca8104a7bf5d95707668
sdist   pytest-kafkavents                                  0.2.2.1                                   pytest-kafkavents-0.2.2.1.tar.gz                        087103a49fc3a971d37782154be6b34857d8387fc8aea33e7763db0801120870
github  DoonyFreeman/redis-kafka                              3ae023c9ee5233fe8199319f3bd451522c85df4b  redis-kafka-3ae023c9                          e43c6b8e8f5a59bf5f15ceedba6cc9f3912b465f
github  FallenCap/fastapi-chat                                5714d15bbe169e0c85272aee75c349e14e1d3770  fastapi-chat-5714d15b                         45e94f2075f7b5a1b49285d737dc319390d2acbc
github  YuryHaurylenka/insurance_service_test_task            6f646aa14133eb9d196750943c570ac5f30f0c9c  insurance_service_test_task-6f646aa1          bfe85c25b36584b70fdeb7341c7a43f4b7616bbb
github  MohdSakib535/log-monitoring                           dad7047c23b77ea0d85ec3995476905b89f8d24e  log-monitoring-dad7047c                       1b625070cf02127459662b04e6a7f8b2929e7403
github  Parcifallll/recommendation-system                     ca1bb1ad17faedf5396cfb87b67e7ec81dceb71c  recommendation-system-ca1bb1ad                78c5d0aa36180e234f8d5272bbfef53548870e69
github  SahilSatramani/market-data-analysis                   b1f6d322a540c3c45c67b0c250cfe47479a8990c  market-data-analysis-b1f6d322                 fd78eee806cb4fd36b6ef041475830703c268c06
github  VegasYT/notes-backend                                 c23ecc59b130aca777a1efa0f2d9ced790ea9020  notes-backend-c23ecc59                        c981f97de8897ca4d4a8ddc86e1d4676e3199b5f
github  Virus3908/AutoReporterBack                            fe870179c4e4a120098e40ec092336faa32dda7a  AutoReporterBack-fe870179                     23f7551d2c537afbdb09fd673d27408e3decb5a1
github  RGBsrs/log-analytics                                  0dd94ab28aa519caf7a72c2fb17da3d3930a7b8c  log-analytics-0dd94ab2                        239d815505c211a59ed8c50e35a2e1e39620bce3
github  muhammeedsari/backend_kafka_service_in_python         1be3b6c6c43d39591faa516ed49e066e7234d2f7  backend_kafka_service_in_python-1be3b6c6      62058b94a6d87e81cb1b672e2d7129057650c333
github  Mikhail-2byte/kitchen                                 a4329f450aa5a5c2501b21b4d9f70c6ce636ad80  kitchen-a4329f45                              115926ccb958678d597bb274e73409217bf55088
github  Dopelen/warehouse-monitoring-service                  f6f0c3de0bbd3111f25f0d5bce4e9049580aee8f  warehouse-monitoring-service-f6f0c3de         37f4f76235d439c02fd71ac94729a64c50f2992f
github  arsnazarenko/streaming_api                            8d192a3fac718ae40a554edc500d2eab43de77f0  streaming_api-8d192a3f                        6b73ef1a8be534af90157242df2cc7d169462b70
github  GrammerXVX2/LogRecorded                               f6f99ca44d56bc2f157ad2e70f66e3bc8d938373  LogRecorded-f6f99ca4                          dfa281f9cff66462a2e33198f0db96a395aec8bf
github  thiefspin/StreamForge                                 aae05d4aca25357285cda7ac8ff5fddbdccaa7af  StreamForge-aae05d4a                          864f8331d2dc6f0742e21397f8d4428846ee9bc2
github  littlebluewhite/dream_fly_backend                     c9e05af8cdb5c79507da52bcb8c026bb86e04bd7  dream_fly_backend-c9e05af8                    50def4aa6e6c7e8141a3e6e358fd3a814d66c79e
github  Shan-N/yappa-core                                     02f490612a1ecd372268ac155ba14afd8f0cc17c  yappa-core-02f49061                           434ad066b9afd5c171bf7b7c5bdc4dc02713d014
github  harshapalnati/InsightsX                               41adfc8b0096f2970397361820dec33076a2b563  InsightsX-41adfc8b                            d8f7fa162775ea55affb949a692c90ba23711ed0
github  keohanoi/axum-server                                  edcbf27f59f4cd4253eae0e922fafb5fe9618f56  axum-server-edcbf27f                          aee3635999d6e8385c600b68f4e1828aa4f87c80
github  nguyenbatam/example_rust_web_service                  529d3cfc4454f5a4c171eedfa3b79a93a74cbdb5  example_rust_web_service-529d3cfc             8e0ebbf27b356c21bc9d4373261e2460fae73c8b
github  qualitydev33/vest_rust_backend                        6fb7d661c0adc432d5e2387cd9f087b557ae1681  vest_rust_backend-6fb7d661                    43ded9b3e64132219c0ad564a6572bd137ffb33e
github  kdw8219/ingress-rust                                  b299bde72ec85059d9f6229cd3921a6bf9603915  ingress-rust-b299bde7                         31a2bd9ef6d884655a8380ca0998ca44cfc4a619
github  NAGenaev/transaction-system                           6ace7ebd87c9836a66fc0f831bbfe632897abd6b  transaction-system-6ace7ebd                   77a55825839ae464b1668878499a3bb8d5934565
github  dhruvdheer10/API-Kafka-DB                             ad1e823d914c8d806f3ad069c155fafb0e3f6a26  API-Kafka-DB-ad1e823d                         0d38bc1a407e0d2b98d0fcb49b39d3e372322cdf
github  NurzhauganovA/kaspi_document_service                  26433921a53322054c7df80eb55668077f7b7691  kaspi_document_service-26433921               7ae1be83ea2e4cbd043a52484d8e0d725ca64e18
github  Adithya-1508/Distributed-Wallet-Ledger-Platform       0db5d836cabf8c2595c4ec15e145f778f3b115ea  Distributed-Wallet-Ledger-Platform-0db5d836   da8c5c68c8a52e73bb86b3fbf93445422b02c093
github  atul107/loan-application-system                       22c17085dcc8261b3ae9f393d5bddc990d010e1f  loan-application-system-22c17085              e2def52c5d2b4098fe7c299f6e5d68ed9b9b0ab1
github  dquang0504/myesi-risk-service                         081d574b70e78798e910d08adcd7b4714f5f734a  myesi-risk-service-081d574b                   8b58c804d37824ffe7486cca5221eb0b60c08e24
github  kd17290/workflow-automation                           4c20b985f47ca700effe86ffdb3c45b5b2a9d4d9  workflow-automation-4c20b985                  33837627902bafc4f6d2dc2d44bc2fb51faea982
github  crystaldaking/crypto-puller                           09b1b4deb3039632ecbbc7fe75d294b6b7a072c8  crypto-puller-09b1b4de                        c3474b0b94be813774fbc2415a092d0f62941b09
github  salmafayez/MessagingService                           4401601b18610638f801530a5ff900b53692e739  MessagingService-4401601b                     2b378bc91673d94d8b2b68ff109ca4483620d250
github  ProbablyClem/green-got-exercice                       39e13afbefc45f346d5ad302da2ce95190ef2f2c  green-got-exercice-39e13afb                   5ef88ff041076d97b94fb2e2ddc8a689536c418a
github  arnecdn/greeting_ingester                             df5ac2b78a61270045186bab103996b9a512134b  greeting_ingester-df5ac2b7                    69776d9f7e8a2f6258a6cfaa6ef02fd91af3a88e
github  gowheth/navikaf_rust_api                              ac489aff7b7b4c5dad1cfe371a270eecbb9e3e12  navikaf_rust_api-ac489aff                     a5dfbb0076dd9d1bf6c63a3823a13068981b3187
github  Dilaz/norppalive_service                              45a118736b3f1cff2f63c68d07e07f99db2470a1  norppalive_service-45a11873                   0a3e90c2ebc833af57b3421e652f5eaa8ad96634
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

unpack_github() { # owner/name commit dir tree [top-level entries to leave out, comma-separated]
  local repo=$1 commit=$2 dir=$3 tree=$4 skip=${5:-} dest="$CACHE/$3" tmp="$CACHE/.tmp-$3"
  [ -f "$dest/$MARK" ] && return 0
  local gd="$MIRRORS/${repo/\//+}/repo"
  [ -d "$gd" ] || die "no mirror of $repo at $gd: bring it with the search tool's fetch (source github:$repo), then run this again"
  git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$repo: commit $commit is not in $gd (fetch github:$repo again)"
  [ "$(git --git-dir="$gd" rev-parse "$commit^{tree}")" = "$tree" ] \
    || die "$repo: tree of $commit is not the pinned $tree"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  if [ -n "$skip" ]; then
    # Some mirrors lack the blobs of committed build output (absent large files); leave those
    # top-level entries out. The tree id above still pins every file that is unpacked. git may
    # still print "invalid object" for a left-out blob; the archive of the kept entries is whole.
    local -a keep=()
    mapfile -t keep < <(git --git-dir="$gd" ls-tree --name-only "$commit" | grep -vxF -f <(tr ',' '\n' <<<"$skip"))
    git --git-dir="$gd" archive --format=tar "$commit" -- "${keep[@]}" | tar -xf - -C "$tmp" --no-same-owner
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
