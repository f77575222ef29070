#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-19 onto this machine.
#
#   root=$(bash eval/fresh-19/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh19
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-19/fetch.sh
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh19}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit  [top-level entries left out]
PACKAGES=$(cat <<'LIST'
sdist   faker_to_kafka                                     0.0.1                                     faker_to_kafka-0.0.1.tar.gz                             04f45d6cb53bfd4bebc93c452a84ff3079887b496f6852936831047dcfc10867
sdist   scrapy-kafka-redis                                 0.0.7                                     scrapy-kafka-redis-0.0.7.tar.gz                         047f0f2522a1cc7eed21c8c24f9e692a86f4ed39c82d973d1c18aa2f3de90a85
sdist   viu_loguru                                         0.2.0                                     viu_loguru-0.2.0.tar.gz                                 dc40bc899a1e691b5d1c70490eb115da25f4462025a4e28ac63a5290b80cff53
sdist   flasfka                                            1.1.6                                     flasfka-1.1.6.tar.gz                                    01a407ee764f37da633611ac883e6f7cfd1a69026c382f89a07ffcdd8cbb58e3
sdist   spider_monitor                                     0.2.2                                     spider_monitor-0.2.2.tar.gz                             956dd8f481b57b55c928117404bd2b52870eced6c041a3543006fe92e6079236
sdist   heroku-kafka-eze                                   0.0.2                                     heroku-kafka-eze-0.0.2.tar.gz                           b211036765e14a26fb45a38dbb23c22d702d2f7b80610bc3c337af599ae55ce6
sdist   is3_python_kafka                                   1.8.3                                     is3_python_kafka-1.8.3.tar.gz                           b8838e5ba0d5290b2b617f11a97db2d84bfe97be8d9b42449bc763b392d846c0
sdist   kleverklog                                         0.2.0                                     kleverklog-0.2.0.tar.gz                                 afbd3aa70503f2946d82d7b2227a3c223341053e26cd89cee85b7421c02fe0ca
github  Informasjonsforvaltning/fdk-kafka-event-publisher     158b0a28fd56b1ecf866afd094ece3fb4c70550f  fdk-kafka-event-publisher-158b0a28            c7c9c9dec5c69dd617562924802d80a9e54213eb
github  Axnjr/KafkaInRust                                     fd68543e0b3bfdd44bcc3a212be3410fc80ac1bb  KafkaInRust-fd68543e                          b745f897b1cbbdfc54e6bb5ef2a198996db380bc
github  Pewpenguin/rabbitmq-kafka                             ff94ad2c2994bcd6503c084f9721292e3e85016b  rabbitmq-kafka-ff94ad2c                       bbd83a199776af7566a31580ae49105287cb9f50
github  MJRob1/fx_simple_kafka_consumer1                      8022d83ba92b41c494b0a572c8db8417295a7ff4  fx_simple_kafka_consumer1-8022d83b            95895af8befbe04719acd8aebce427392015a4d4
github  bensincs/KMR                                          9e614ed44ddbe51d18e8407b68d914be084139fe  KMR-9e614ed4                                  e7202a047ad601371297180c2d38f70f5fc5d902
github  Longseeyou/distributed_counter                        b210fc9d7b0862079a1d009c4d9a0f83f6d30c5f  distributed_counter-b210fc9d                  958f47703e9dc989add28723a6b93c75c4e9b4b6
github  p9648213/rs-kafka-mongo                               c5cfdd6424d43ea73ee69c9261a483f55e6ef0d2  rs-kafka-mongo-c5cfdd64                       ea346b049007fc0567158d704fd8c1a823ddb36b
github  vanng822/ramlich                                      97ca6e5d0a094d865e250e5fdf8d600c905f9c6a  ramlich-97ca6e5d                              fa96a25c4df55fc2ad7903e128b26372258e1b67
github  geminislabs/alert-distributor                         2d3ca1e7ffba8bd8b2fbeb49fd559ecba73191e7  alert-distributor-2d3ca1e7                    cced597c533dfd40984c9f348135be7e037a1226
github  mattbaxter689/Rust-Weather                            e9938d3577af41e89d0932ebd494b2eb561c14c2  Rust-Weather-e9938d35                         12e30d942142a626e8e39f2987f949c16564ac38
github  Agrim-Dubey/notification-service--FastAPI             9374bd43cebca1f174accd034c0dbd7c28329cc7  notification-service--FastAPI-9374bd43        e166f47ed583d6a55c28ce911a99a4400197096e
github  Mark6482/user-service                                 65423a46d63d4068b44ddd3a9d85caa14b5b8023  user-service-65423a46                         d58891da5f973f29f82a8d844247a53bb6ae602a
github  PookieLand/HRMS-Audit-Service                         05ac8d9cd6799b686d4b496b25d3b5575cc98345  HRMS-Audit-Service-05ac8d9c                   d6abae8e81c29d80973d3f1be05dd13743388fed
github  AEpolyakov/my_shop                                    2a5f5e236f8f22046bf302deecb5043ff930cb37  my_shop-2a5f5e23                              20dd255ef352093a4cda249411a0f34a34c4082b
github  Wikkktor/PythonKafka                                  78a9e60eb404c351075da2c2e4250b2f0497e805  PythonKafka-78a9e60e                          ec064f1f5d4d21b6c056ee08a0def97fc9e6aa16
github  Yermolka/warehouse-service-test-task                  9ebcc213030f121a1105a9a4c79d36865818d45d  warehouse-service-test-task-9ebcc213          61f7a3312504f83ace00b48893ef553d647d0d08
github  MichaelTolchinsky/fastapi_activity_feed               4ce34756ae7c040174f6456b8aabbf31a92cd875  fastapi_activity_feed-4ce34756                6591319181744cfc73f4e2236cdb75fa93baecb7
github  konsin1988/crm-1C-integration-with-Kafka              232ed8579d09ae7dd233373c3feee13821a5fe42  crm-1C-integration-with-Kafka-232ed857        a24d87323fdf288230ed1b5c41c298924b34ced7
github  swooshie/market-data-microservice                     5053e7a244d5d15fe03d3c29f488105b057056de  market-data-microservice-5053e7a2             38b3b8db7c7463970b451a43601fadbf5dac7bcf
github  deepaktewari2000/Event-driven-Order-Management-System 464d82442ff21f477ace363e18671c086ed1e1a4  Event-driven-Order-Management-System-464d8244 9dd99048c5b821f746336c8b0d93fdd36574a5cd
github  arnecdn/greeting-processor                            36982838a126c2c9211f042c6625583f23fc535c  greeting-processor-36982838                   a6eb040c26aa97fa0b3d4f7887e05a678b0b7489
github  Kiinitix/RapidDedup                                   618c687927dff371f167e29586ecf4c6c8275308  RapidDedup-618c6879                           5bc1352735f147587a078b4bf3e010bbd2a1c66c
github  tieutaituhy/excel-export-consumer                     df8aa91e62cb0e0236e1b089efd5b3029d3190de  excel-export-consumer-df8aa91e                1b61f7f4a524155c76fc6acaf9cf88bbe3d0314f
github  brettleehari/kafka-stream-transformer                 e9deb0abbab926c40610138199c939988736b831  kafka-stream-transformer-e9deb0ab             036543156558e525b82d905101880272629bef17
github  Henry-s-Final-Year-Project/alerting-service           7b1a3568377679c9e10aa8635ec9744f64b9bebb  alerting-service-7b1a3568                     bbbe69cc790288cd8566f09d4803bd1c225996dc
github  Maxime-SA/s3-sink                                     7e5686f67d327d53a3ee923d98e353eff25231e7  s3-sink-7e5686f6                              8d2502123dacf7c31d20d05b2375b6e2175117f9
github  obakengshepherd/RiskSentinel                          4bb42b9874bdc2e356dff870584f9a30032ac050  RiskSentinel-4bb42b98                         ef0f76022004099ce01e364a2aa24359c2bbcb67
github  Galbac/TaskTracker                                    d2ea66126474f505ffac0d9d2de7966d9695354d  TaskTracker-d2ea6612                          2b08a32f2f6fa9cb7c9d1ef369bf3fd0eb61c850
github  eyalg43/doc-processing-platform                       1b5d577c5673703b25c7518148d9b28a1042615a  doc-processing-platform-1b5d577c              2b9c61fc462867e619073dfc85fd6233896a05e7
github  monty1985/ingestion_service                           c37e145aa081e1f021f8a36f75123c69617ebf7f  ingestion_service-c37e145a                    3f719501490e98ccf5d5242b6da52c163449bd2f
github  ecruzs-uniandes/miso-travelhub-inventory-services     968993f83c84644a6856a0316df76f02602d649f  miso-travelhub-inventory-services-968993f8    95afd83ec22e9f35405858ff6b1a3d98660f9610
github  Tyberium/cv-pipeline                                  c839391aeb8c9cd2e48b430fbcff5864bde6485b  cv-pipeline-c839391a                          7cfe514fd7f74c9e54d500c47282634d1241d007
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
