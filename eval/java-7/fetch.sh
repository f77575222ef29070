#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-7 blind-labelled Java evaluation set
# onto this machine.
#
#   bash eval/java-7/fetch.sh                  # corpus goes to /tmp/offsetlint-java7
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-7/fetch.sh
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
#           of a few large files outside the pathspecs (gobblin, emodb, module-ballerinax-kafka):
#           git then prints a harmless
#           "invalid object" line and exit 0.
#
# Needs: bash, python3, git, sha256sum, tar, mvn.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java7}"
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
maven  trogdor                  3.9.1    org.apache.kafka:trogdor  6eaeda54b591690716286273c45cce865365deb6ea1ba63700cc780f83d8a4cc
maven  kafka-log4j-appender     3.9.1    org.apache.kafka:kafka-log4j-appender  8bea7625fd8dc6297071026bafdbea27a20dce60ff92e65d7ac93172642cf452
maven  connect-mirror           3.9.1    org.apache.kafka:connect-mirror  2d82d34213fe96b717be9d086b812aa3bd00a558e804cdf9fb57ba17c9cc56b8
maven  kafka-tools              3.9.1    org.apache.kafka:kafka-tools  27e1f5bca7efae778ceda76d3045a1b3f2a50af92d58da4d2a6abb20ecc65274
github kafdrop                  dd68ef7  obsidiandynamics/kafdrop@dd68ef732cc6e940ddeab84c43ccfa21265efedd:src/main/java,pom.xml  aba3b6ba25343f1484a7b3ce9336d5a7c846fe59f7b7e1302f908e54fdebe690
github mod-consortia            a3c9a7b  folio-org/mod-consortia@a3c9a7bcc3ef8e1d5fb264b2e2be139caa9660ce:src/main,pom.xml  5412244ee76a12a1b08572d1ce57dcd2c3de4644f4508f415af664224e92c8e8
github spring-boot-kafka-poc    3974596  javakatta555/spring-boot-kafka-poc@3974596a0fbadf0de4d7e63e8226ca59729a4cc2:src/main,pom.xml  ac0c44413e9276eea0e22121cfbdd5452e673ed99deb321ec1a13c9c01018bbc
github gobblin                  c10ae0b  apache/gobblin@c10ae0b3978d2dcf950aa7860f2b8e8c1230b4aa:gobblin-modules/gobblin-kafka-09/src/main,gobblin-modules/gobblin-kafka-09/build.gradle,gradle/scripts/defaultBuildProperties.gradle,gradle/scripts/dependencyDefinitions.gradle  77a309a125968f0ef6af7738ab7d406e1a614f8dc6d0c4903c466382d211ff34
github notification-service     b98d064  VinaAcademy/notification-service@b98d064fa0f14faffc3fe8a51d97b609a70b0733:src/main,pom.xml  426a61b2891d0c18a83f141249f9227d20d43115b117baf15348adbdcfd79af7
github order-service            e4c2a7c  VinaAcademy/order-service@e4c2a7c32dc800e2b822a6a2daf4df905862e1f1:src/main,pom.xml  5986c25f3dcbc4eeee710f9f8c0af0f8f392bca6a54e5dea5c672ea266eda438
github chat-service             6c59f9b  VinaAcademy/chat-service@6c59f9bbf24fb06a5c914f824a458ef9daab295e:src/main,pom.xml  c78a8c7a8411c3fac77233c2eb88d106af5a7ba28427e2d16f2c9be1bf1ebb26
github spring-boot-microservices-series-v2 cdca113  rajadilipkolli/spring-boot-microservices-series-v2@cdca113fc063a5d9ddd3b6cf674181004277a827:inventory-service/src/main,payment-service/src/main  294e0a282a15dde080731dc3f75a47ade84a1469944f894dd4633642d9e6f6dd
github graylog2-server          cbcc671  Graylog2/graylog2-server@cbcc671643b34520dfb1c3265199bfc2e0d1b916:graylog2-server/src/main/java/org/graylog2/inputs/transports/KafkaTransport.java  0f2ee151a02825473b2d6264899e2c678080e4acde44d3bcf7d4e6308fde7345
github fp-felles                39ccfa3  navikt/fp-felles@39ccfa31ec5a1237001b918993ae209357c5ed88:integrasjon/kafka-properties  0e64310da437b9579bb2cd3f3f38f6d94dcee48550737491df4b2018a602271f
github keycloak-kafka           7035e46  SnuK87/keycloak-kafka@7035e46acc1edf6eace0d4d7c7a8bb6a12f4fdf3:src/main,pom.xml  1d0111ef92d97d0d11835e71f36fd39a25961a8dd4311dc44c1f9d8b1d938db9
github java-stellar-anchor-sdk  49f9cbc  stellar/java-stellar-anchor-sdk@49f9cbc88485d137d79ec96cd6eb34cb3fdabb2b:platform/src/main/java/org/stellar/anchor/platform/event,gradle/libs.versions.toml  9b93113929a1b0756f53cac4fc775c64489b11327d73406c041f1c85b6f80c04
github emodb                    8184514  bazaarvoice/emodb@8184514eb831eb9f874718741ab701d2d02a638c:kafka/src/main/java,megabus/src/main/java  6622817afe6db99259bd8e2c3cb28332ce44845e34795a25ddb0c557d4333272
github ph-ee-exporter           80488a2  openMF/ph-ee-exporter@80488a2921479c7f3607700044673849fb27b66a:src/main,pom.xml,build.gradle  f68f3b0f72274cab6e2a2db21e8932af9ef3d207517b1807f76b0a720a074bea
github ph-ee-importer-es        46f8878  openMF/ph-ee-importer-es@46f887816d4dc8104f7d94d9235bfbe3f191f748:src/main,build.gradle  2970b61116bccd408e99c3e9956757fabce5eec589e64634247959854e4114cd
github ph-ee-bulk-processor      e958eae  openMF/ph-ee-bulk-processor@e958eaeb0e744427a448dae7554583b3b646af63:src/main,build.gradle  7154e43550b421c2315cafff662505546a2f0bc3d1ef0e17ed473fde375e08cc
github kafka-playground         281e197  dgroomes/kafka-playground@281e197c1bf81e54f898f63dc37eb25898829998:interactive/src/main,kafka-consumer-algorithms/kafka-consumer-sequential/src/main,kafka-consumer-algorithms/kafka-consumer-concurrent-across-partitions-within-same-poll/src/main,kafka-consumer-algorithms/kafka-consumer-concurrent-across-partitions/src/main,kafka-consumer-algorithms/runner/src/main/java/dgroomes/runner/app/RemotePrimeProcessor.java  77bf84073258016da4cc69d02b91361c7f05698e24b6b4ad0ebd7cb490e70470
github module-ballerinax-kafka  21fd6ba  ballerina-platform/module-ballerinax-kafka@21fd6bad524deaeaeb0b8d76acbacdccbda4e28d:native/src/main/java/io/ballerina/stdlib/kafka/nativeimpl/consumer/Commit.java,native/src/main/java/io/ballerina/stdlib/kafka/nativeimpl/producer/Send.java,native/src/main/java/io/ballerina/stdlib/kafka/impl/KafkaRecordConsumer.java  037473e2018522102ca40d89e9d74debaab0e89cd97eb8a8a5c820389578fc19
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
