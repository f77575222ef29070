#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-12 blind-labelled Java evaluation set
# onto this machine.
#
#   bash eval/java-12/fetch.sh                  # corpus goes to /tmp/offsetlint-java12
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-12/fetch.sh
#
# Every artifact is pinned and sha256-checked, then unpacked to $CACHE/<name>-<version>/;
# labels.tsv names files as <name>-<version>/<path inside the artifact>. Idempotent: an
# unpacked artifact (marker file present) is left alone. Progress goes to stderr; the only
# line on stdout is the corpus root.
#
# Two kinds of artifact are supported (java-12 lists only github ones; the maven path is kept
# from earlier sets' scripts so a sources jar can be added without changing the code):
#   maven:  a sources jar fetched by coordinates through
#           `mvn dependency:get -Dartifact=G:A:V:jar:sources -Dtransitive=false` (Maven's
#           configured repository), sha256 of the jar checked, unzipped.
#   github: a public GitHub repository read from a bare mirror at
#           $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default /work/.mirror), which the
#           session's search tool creates with `fetch github:<owner>/<name>`. The pinned commit
#           must be in the mirror; the check is the sha256 of `git ls-tree -r --full-tree
#           <commit>` (it pins every path and blob id), and the listed paths are unpacked with
#           `git archive` (kept where they are in the repository).
#
# Needs: bash, python3, git, sha256sum, tar (mvn only for maven rows).
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java12}"
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
#           `git ls-tree -r --full-tree`; version is the commit's first 8 hex digits
PACKAGES=$(cat <<'LIST'
github app-menus-restaurants-kafka-java               dac382f0  leonardodantas/app-menus-restaurants-kafka-java@dac382f0eb20963f946619a1a9258635cd5a0596:pom.xml,src/main,:(exclude)*.jar  08fcd0a74aaf94ed05869aebd297ed0f0ce116b79630a2ad33d43e89d4c9bb0c
github flights-springboot-kafka                       bf627a7c  abhidas2102/flights-springboot-kafka@bf627a7c055968f3d9f364a28280b9ce5b29b38f:booking-service/pom.xml,booking-service/src/main,flights-service/pom.xml,flights-service/src/main,:(exclude)*.jar  3eddf43ecb966debf877af894b46302529a300b55de2c894fe55a18282498037
github ims                                            88221e52  byungsooKim0711/ims@88221e52e21d9c23b363d38eac0fd7ffc6d405ce:ims-api-kakao/pom.xml,ims-api-kakao/src/main,ims-channel-kakao/pom.xml,ims-channel-kakao/src/main,ims-router/pom.xml,ims-router/src/main,pom.xml,:(exclude)*.jar  0a381bcd11acae0241d5b559530c60e7e8f77ecd521e52995c360d2f685210d8
github iot-kafka-spring-boot                          f5f71702  vidurinda/iot-kafka-spring-boot@f5f717025b0556f900671708fb2aca548b89920b:iot-consumer/pom.xml,iot-consumer/src/main,iot-producer/pom.xml,iot-producer/src/main,pom.xml,:(exclude)*.jar  b6aaaff88ea8823ccede71ebcb966b89d0b813758add33d6cf286e7fd3d45b5c
github kafka-Java-project                             da72a65d  cubic2008/kafka-Java-project@da72a65d6e65a84f55c6fcbb17037c77225c7132:pom.xml,src/main,:(exclude)*.jar  02ff3df365f17df060d63777d9796bd2c8063d0034617c09277cd709d45bbde9
github kafka-java-study                               81aa5afd  ssook7979/kafka-java-study@81aa5afdcc0ff3538836ce8681bea352f687c237:pom.xml,src/main,:(exclude)*.jar  87d5d9e7fefdd7033071d824e5ea320c6cbc47b62eb92215f6fb508e22cbf83d
github kafka-retry-mechanism-java-spring              5bab6e33  nazarov-pro/kafka-retry-mechanism-java-spring@5bab6e33cd10959a29807de0fb1598aba638e4cc:build.gradle,src/main,:(exclude)*.jar  9a5dc5b770cf603a7b7b7414dfd0832123fca32e1542c0c5e3faca307da89c89
github kafka-retry-service                            57a033a5  juniormaximiano/kafka-retry-service@57a033a52e8b2549e501a22ade2845532d19c2d5:pom.xml,src/main,:(exclude)*.jar  e279be810827c8240c46a9026cd9461d8f3dee16410fa411893f5a29bec8b6e3
github Kafka-spring-parser                            c0a0dab6  heiphin7/Kafka-spring-parser@c0a0dab61cfe2006206f728534346db5cd281f9a:kolesa-parser-service/pom.xml,kolesa-parser-service/src/main,:(exclude)*.jar  13fe885cd2e6b1bb5797f92ec93f2593b5109242d2e4bed01dfe09aa849405bd
github keen                                           11412f99  SinceNovember/keen@11412f99f2662912d2cfb8d271abecbb4745cf9e:keen-kafka/pom.xml,keen-kafka/src/main,pom.xml,:(exclude)*.jar  2175be4dc2155629de599219c1f54db64184270698fad334a5e5d42ee2077dca
github learn_kafka                                    6470a0f9  newkayak12/learn_kafka@6470a0f9f9a041e6b4b79366a2a871be4b1e9445:consumer/build.gradle,consumer/src/main,multiThreadConsumer/build.gradle,multiThreadConsumer/src/main,producer/build.gradle,producer/src/main,:(exclude)*.jar  f35262bdac5ecafd172b2dcbaf841f99a0ac784cbb678badc77b79bba86ee4a7
github lowes-kafka-java                               680063f5  nodesense/lowes-kafka-java@680063f53ecbd776fb1bad8a495d712cebcca9f7:pom.xml,src/main,:(exclude)*.jar  bba9f3d33d7929af57577cfa214dc07ff0d94b16a332f2f9f38ebde354cddf82
github Praticando_kafka-Java-usuairo                  f1a855e6  claudiovdev/Praticando_kafka-Java-usuairo@f1a855e63ef1c6a9c052c0d7b233a8237ba6337d:pom.xml,src/main,:(exclude)*.jar  4d40c7e4979a37f74ab1fe7d299cdcf3ec1714a19b21d9706d431555c40e1a5e
github springboot-kafka-assignment                    bc993448  idoNadav/springboot-kafka-assignment@bc993448ee7a91ac60057f6cadb334cca985fa32:inventory-service/pom.xml,inventory-service/src/main,order-service/pom.xml,order-service/src/main,pom.xml,:(exclude)*.jar  81d0d17d5722a408ae9c21f54626414af57216a188273bceef083fe67694580e
github springboot-kafka-observability                 9dff2aff  salgotraja/springboot-kafka-observability@9dff2affaf78a42ed5e9bc054648d2246dc18dc3:kafka-consumer-database/pom.xml,kafka-consumer-database/src/main,pom.xml,:(exclude)*.jar  ffd9cbbc02b369d37c448e428a6c95512f5d5b199213a0ffc3fcd6877fdc121f
github springboot-kafka-transactional-outbox          72cf9aaf  bharathdayal/springboot-kafka-transactional-outbox@72cf9aaf301d298be912b4b52e9cabe6fc99b6f9:build.gradle,src/main,:(exclude)*.jar  58ce90136385b9a52e57f2408bf431b0c006ac6f41dcef1ffa2135663cc37f78
github springboot-kafka-transactional-outbox-pattern  87a00fbd  ghtjr410/springboot-kafka-transactional-outbox-pattern@87a00fbd07924292b507864ec06f0022aa3ca155:pom.xml,post-service/pom.xml,post-service/src/main,projection-service/pom.xml,projection-service/src/main,:(exclude)*.jar  96c807848ed7cb28c12cc472dc0d0cd032470dfaf733c77a0f20ca795d39759a
github websocket-cluster                              7a534c89  nw1225/websocket-cluster@7a534c89f0bd4c8f632a8278ff740afad34f31fa:example/broker-example/pom.xml,example/broker-example/src/main,example/push-example/pom.xml,example/push-example/src/main,pom.xml,websocket-cluster-broker-starter/pom.xml,websocket-cluster-broker-starter/src/main,websocket-cluster-push-starter/pom.xml,websocket-cluster-push-starter/src/main,:(exclude)*.jar  6f315d4be61c10e07c6825e2f38619e41522a7cfd922afe764e04c4b8330a735
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

mirror_of() { # owner/name@commit[:pathspecs] -> git dir (bare repo/, or repo/.git when the
  local repo=${1%@*} base         # mirror was left with a work tree)
  base="$MIRRORS/${repo%/*}+${repo#*/}/repo"
  if [ -d "$base/.git" ]; then printf '%s/.git' "$base"; else printf '%s' "$base"; fi
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
