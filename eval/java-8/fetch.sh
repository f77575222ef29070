#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-8 blind-labelled Java evaluation set
# onto this machine.
#
#   bash eval/java-8/fetch.sh                  # corpus goes to /tmp/offsetlint-java8
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-8/fetch.sh
#
# Every artifact is pinned and sha256-checked, then unpacked to $CACHE/<name>-<version>/;
# labels.tsv names files as <name>-<version>/<path inside the artifact>. Idempotent: an
# unpacked artifact (marker file present) is left alone. Progress goes to stderr; the only
# line on stdout is the corpus root.
#
# Two kinds of artifact:
#   maven:  a sources jar fetched by coordinates through
#           `mvn dependency:get -Dartifact=G:A:V:jar:sources -Dtransitive=false` (Maven's
#           configured repository), sha256 of the jar checked, unzipped.
#   github: a public GitHub repository read from a bare mirror at
#           $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default /work/.mirror), which the
#           session's search tool creates with `fetch github:<owner>/<name>`. The pinned commit
#           must be in the mirror; the check is the sha256 of `git ls-tree -r --full-tree
#           <commit>` (it pins every path and blob id), and the listed paths are unpacked with
#           `git archive` (kept where they are in the repository). Some mirrors lack the blobs
#           of a few large files outside the pathspecs (ngafid2.0, open-kilda, fasten): git then
#           prints a harmless "invalid object" line and exits 0.
#
# Needs: bash, python3, git, sha256sum, tar, mvn.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java8}"
MIRRORS="${OFFSETLINT_GITHUB_MIRRORS:-/work/.mirror}"
MAVEN_REPO="${MAVEN_REPO:-$HOME/.m2/repository}"
MVN="${MVN:-mvn}"
DL="$CACHE/.downloads"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# kind  name  version  file  sha256
#   maven:  file is group:artifact (the jar is <artifact>-<version>-sources.jar)
#   github: file is owner/name@commit[:pathspec,...]; sha256 is that of the commit's
#           `git ls-tree -r --full-tree`; version is the commit's first 7 hex digits
PACKAGES=$(cat <<'LIST'
maven  brave-instrumentation-kafka-clients  6.0.3  io.zipkin.brave:brave-instrumentation-kafka-clients  d96b4d2f51bed2aa60b583657836162ef2c05fcaf697c0699d5d95d2b688ad46
maven  connect-runtime          4.0.1    org.apache.kafka:connect-runtime  feb5bb6202f5ca80ad4bb71cba8e0368bcdca112948ed4ae2dd382e659a438ed
maven  reactor-kafka            1.3.23   io.projectreactor.kafka:reactor-kafka  badc9b1876e7550c0e3b1b1d1fe7bae24b177a218e04e6c40fccc1a6faad2f76
github rtbhouse-kafka-workers   e3f1609  RTBHOUSE/kafka-workers@e3f16098d602e97307c2bf0e5ae601e244d26883:src/main,pom.xml  00e5bc15b39ce3c1ab1501bb199d3616861b9b3cdce7a3e537a312f73bc6a303
github ngafid2.0                 0bd5eb5  travisdesell/ngafid2.0@0bd5eb54bce1f3b171b4b6aaafd5c82e2511c53d:ngafid-core/src/main,ngafid-data-processor/src/main,pom.xml  16c476e551a89ec036cf354a907baf3586d285c28f3424fff66651ebca9cc003
github open-kilda               9e8eec3  telstra/open-kilda@9e8eec373776dc6bfaab4a1a2f97388c076506d9:src-java/floodlight-service/floodlight-modules/src/main/java/org/openkilda/floodlight/kafka,src-java/floodlight-service/floodlight-modules/src/main/java/org/openkilda/floodlight/service/kafka,src-java/floodlight-service/floodlight-modules/src/main/java/org/openkilda/floodlight/KafkaChannelConfig.java,src-java/grpc-speaker/grpc-service/src/main/java/org/openkilda/grpc/speaker/config,src-java/grpc-speaker/grpc-service/src/main/java/org/openkilda/grpc/speaker/messaging,src-java/northbound-service/northbound/src/main/java/org/openkilda/northbound/config  e831e9845fdf2418ff69bc33abd665377617dfc2a0aec7319a5f17404efe2b2f
github mod-data-export-worker   8af0bc8  folio-org/mod-data-export-worker@8af0bc8f156c505a2e10d53bb54e125188503fcf:src/main/java/org/folio/dew/config/kafka,src/main/java/org/folio/dew/service/JobCommandsReceiverService.java,src/main/java/org/folio/dew/batch/JobCompletionNotificationListener.java,src/main/java/org/folio/dew/batch/acquisitions/services,src/main/resources/application.yml,pom.xml  312b13e9626abd0d683ecfa151e56445bebf8c98d033695f7f40e20f34a8260a
github fasten                   353a4f5  fasten-project/fasten@353a4f583f52dac42e6c4267c7b590d71d0b134e:server/src/main/java/eu/fasten/server/plugins/kafka,server/src/main/java/eu/fasten/server/connectors,server/src/main/java/eu/fasten/server/FastenServer.java,core/pom.xml  43adc8b3e18f729f464e5191859039d3b32be15f48c56dc6e19c09c7bfd27ad3
github OMS                      26c0c12  EhsanAsaDev/OMS@26c0c124a7a9f83b9e53c29ccdffda3064d79bf3:oms-events-consumer/src/main,oms-events-producer/src/main  f7701f5bdc49b7d0351dad6fd677a5a3718eecb4cf039802f3538426f7ca70d9
github karaf-decanter           c645c4b  apache/karaf-decanter@c645c4b21734eddd302c099da7ba1ae320e96e2a:appender/kafka/src/main,collector/kafka/src/main  72767f3ed6c24ef6dc3e4aebaab38603e1a6f82e25a34af85791c41bd4eb63d8
github ph-ee-importer-rdbms     2d527ed  openMF/ph-ee-importer-rdbms@2d527ed0d02328f4b2d3b6a8ab3ba6ae0ccc4983:src/main/java/hu/dpc/phee/operator/config/KafkaConfiguration.java,src/main/java/hu/dpc/phee/operator/streams  8f4f23cf12d85adfe1a076fdf63b0d193a49d664b9fb34c28ed888b8c6cf7c2f
github kafka-mthread-consumer   2437857  huxihx/kafka-mthread-consumer@2437857a4c94e9e7f5584174961db9b067aa8e0d:src/main,build.gradle  14610f501869ba0001931a2e4bfa6af44bb29b3072b2b705eb712cb298957226
github kora                     c5c97c6  kora-projects/kora@c5c97c6e52fc4b0b0dc48c62484cb37c69370009:kafka/kafka/src/main/java/io/koraframework/kafka/common/consumer/containers,kafka/kafka/src/main/java/io/koraframework/kafka/common/producer  937c52e114060905fad69067719057e7572d8d1a033226206973961f9f21a55f
github All_Projects             cb466c6  Shahabuddin999/All_Projects@cb466c683569e36d77d9221060ee51ccb724951a:Kafka_With_Manual_Commit/src/main,Kafka_With_Manual_Commit/pom.xml,KafkaMultipleClient/src/main/java,KafkaMultipleClient/src/main/resources/application.properties,KafkaMultipleClient/pom.xml  6be721eacf92f812908de9f147c2c23ae65a01962bef31a0caf0f5ce5d2799ad
github NEDSS-NNDSS-Case-Notifications 89c3396  CDCgov/NEDSS-NNDSS-Case-Notifications@89c33965b41dfa50f93ae4bcf1a19303c210b141:case-notification-service/src/main/java/gov/cdc/casenotificationservice/config,case-notification-service/src/main/java/gov/cdc/casenotificationservice/kafka,case-notification-service/src/main/resources  10f57e5bb32bee74da56b3f14e45ea5f7bd3fd0fa5a004c14f3d1b1c87ec5c72
github NEDSS-DataCompare        a3dccfd  CDCgov/NEDSS-DataCompare@a3dccfd7c819b0b8ec64e12c15d08b97ca15a182:DataCompareProcessor/src/main/java/gov/cdc/datacompareprocessor/kafka,DataCompareProcessor/src/main/java/gov/cdc/datacompareprocessor/configuration,DataCompareAPIs/src/main/java/gov/cdc/datacompareapis/kafka,DataCompareAPIs/src/main/java/gov/cdc/datacompareapis/configuration,DataCompareAPIs/src/main/java/gov/cdc/datacompareapis/service/DataPullerService.java,DataCompareProcessor/build.gradle,DataCompareAPIs/build.gradle  72f9cfcc06c02bbc0975d6d2cc29a627d614f2f6232c7c3c109f065cb41c3de9
LIST
)

hash_ok() { # file sha256
  [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

jar_name() { # group:artifact version
  printf '%s-%s-sources.jar' "${1#*:}" "$2"
}

fetch_maven() { # name version ga sha
  local name=$1 version=$2 ga=$3 sha=$4 out="$DL/maven" jar group artifact local_jar
  mkdir -p "$out"
  jar=$(jar_name "$ga" "$version")
  if hash_ok "$out/$jar" "$sha"; then return 0; fi
  rm -f "$out/$jar"
  group=${ga%%:*}; artifact=${ga#*:}
  local_jar="$MAVEN_REPO/${group//.//}/$artifact/$version/$jar"
  if ! hash_ok "$local_jar" "$sha"; then
    log "mvn dependency:get $ga:$version:jar:sources"
    $MVN -q -B dependency:get -Dartifact="$ga:$version:jar:sources" -Dtransitive=false \
      -Dmaven.repo.local="$MAVEN_REPO" >&2 || die "mvn could not fetch $ga:$version sources"
  fi
  hash_ok "$local_jar" "$sha" || die "$jar missing from $MAVEN_REPO or sha256 mismatch"
  cp "$local_jar" "$out/$jar"
}

mirror_of() { # owner/name@commit[:pathspecs] -> git dir
  local repo=${1%@*}
  printf '%s/%s+%s/repo' "$MIRRORS" "${repo%/*}" "${repo#*/}"
}

commit_of() { # owner/name@commit[:pathspecs] -> commit
  local rest=${1#*@}
  printf '%s' "${rest%%:*}"
}

subdir_of() { # owner/name@commit[:pathspecs] -> pathspecs (comma-separated) or empty
  local rest=${1#*@}
  case "$rest" in *:*) printf '%s' "${rest#*:}" ;; *) printf '' ;; esac
}

check_github() { # spec sha
  local spec=$1 sha=$2 commit git
  commit=$(commit_of "$spec")
  git=$(mirror_of "$spec")
  [ -d "$git" ] || die "no mirror of ${spec%@*} at $git: fetch it first (search tool: fetch github:${spec%@*})"
  git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "commit $commit not in the mirror $git (fetch the repository again)"
  [ "$(git --git-dir="$git" ls-tree -r --full-tree "$commit" | sha256sum | cut -d' ' -f1)" = "$sha" ] \
    || die "tree of ${spec} does not match the pinned sha256"
}

unpack() { # kind name version file
  local kind=$1 name=$2 version=$3 file=$4 dest="$CACHE/$2-$3" tmp sub
  [ -f "$dest/$MARK" ] && return 0
  tmp="$CACHE/.tmp-$name-$version"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  case "$kind" in
    maven) python3 -m zipfile -e "$DL/maven/$(jar_name "$file" "$version")" "$tmp" ;;
    github)
      sub=$(subdir_of "$file")
      if [ -n "$sub" ]; then
        local -a specs
        IFS=, read -r -a specs <<< "$sub"
        git --git-dir="$(mirror_of "$file")" archive --format=tar "$(commit_of "$file")" -- "${specs[@]}" | tar -xf - -C "$tmp"
      else
        git --git-dir="$(mirror_of "$file")" archive --format=tar "$(commit_of "$file")" | tar -xf - -C "$tmp"
      fi ;;
    *) die "unknown kind $kind" ;;
  esac
  printf '%s %s %s\n' "$name" "$version" "$file" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $name-$version"
}

mkdir -p "$CACHE" "$DL"
while read -r kind name version file sha; do
  [ -n "$kind" ] || continue
  case "$kind" in
    maven) fetch_maven "$name" "$version" "$file" "$sha" ;;
    github) check_github "$file" "$sha" ;;
    *) die "unknown kind $kind" ;;
  esac
  unpack "$kind" "$name" "$version" "$file"
done <<< "$PACKAGES"

echo "$CACHE"
