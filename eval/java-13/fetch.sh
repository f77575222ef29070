#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-13 blind-labelled Java evaluation set
# onto this machine.
#
#   bash eval/java-13/fetch.sh                  # corpus goes to /tmp/offsetlint-java13
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-13/fetch.sh
#
# Every artifact is pinned and sha256-checked, then unpacked to $CACHE/<name>-<version>/;
# labels.tsv names files as <name>-<version>/<path inside the artifact>. Idempotent: an
# unpacked artifact (marker file present) is left alone. Progress goes to stderr; the only
# line on stdout is the corpus root.
#
# Two kinds of artifact are supported (java-13 lists only github ones; the maven path is kept
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java13}"
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
github order-kafka-service                      6f3ec299  breno500as/order-kafka-service@6f3ec299ea00429181536beb55e5848c217a3f51:pom.xml,src/main,:(exclude)*.jar  c2a68b2dccc7d67d12f157710fc4f0483b27bd6179a7b41d630b9a5bed7a2b8b
github product-validation-kafka-service         12b84bf1  breno500as/product-validation-kafka-service@12b84bf180e97eb4a3b24630edb33d97534be352:pom.xml,src/main,:(exclude)*.jar  9b43739d7099e7e876b4fcf164a9c0ce93834368dbbfcd6df64960530ab6772c
github simple-kafka-apps-java                   50429aa3  thaalesalves/simple-kafka-apps-java@50429aa3cc3b8630f1c514ba9ec26162c9290c9e:simple-event-consumer/pom.xml,simple-event-consumer/application.yaml,simple-event-consumer/src/main,simple-event-producer/pom.xml,simple-event-producer/application.yaml,simple-event-producer/src/main,:(exclude)*.jar  198e1612a4aad948d768f041d064de7ba440da57244e2ada609af6806dcc01e7
github Kafka-project                            a46f5bc8  harishmsgit/Kafka-project@a46f5bc89b3e7914ca5e7f5f0bf259841e3d221b:plan-email-service/pom.xml,plan-email-service/src/main,plan-order-service/pom.xml,plan-order-service/src/main,plan-stock-service/pom.xml,plan-stock-service/src/main,:(exclude)*.jar  98fabac52dd2967f25398bac7872b53c1acb0a4a5390ff1da3262a16d47184cc
github kafka-application-withJava               7df09c20  nooblette/kafka-application-withJava@7df09c2025d619d4279d16b70e028342b0f71cd1:simple-kafka-consumer/build.gradle,simple-kafka-consumer/src/main,simple-kafka-producer/build.gradle,simple-kafka-producer/src/main,kafka-consumer-with-multi-worker-thread/src/main,SpringConsumer/build.gradle,SpringConsumer/src/main,SpringProducer/build.gradle,SpringProducer/src/main,:(exclude)*.jar  460a46831f468a5a60834133aa5f73ad31912f68dcbdf86368c53c1a5d5bced4
github demo-kafka-application                   d5af2c6c  touchman/demo-kafka-application@d5af2c6c6bee1ab3aafdc5ccb8b8c987e0e6f133:pom.xml,consumer/pom.xml,consumer/src/main,producer/pom.xml,producer/src/main,kafka-common/pom.xml,kafka-common/src/main,:(exclude)*.jar  905afde3001aebe2c64e4a0132697052643b1cdd49e0db8435cdf8199c9bd50c
github spring-kafka-service                     81f49dd3  ankit-sood/spring-kafka-service@81f49dd37691fe32bfc6699f61d04aca10587d84:pom.xml,src/main,:(exclude)*.jar  0aedddbc74b32a694f90629c53f72115735d8e29933524f1ae37ac879825976e
github kafka-commits-Offsets                    2af6f03d  kafka-developer/kafka-commits-Offsets@2af6f03d7700c4a7333a4e2979c43e24bed36251:pom.xml,src/main,:(exclude)*.jar  1f3dad869a34993a3142b9ce4099c52870c62c6d29d4aa1a3263ebb61716b46f
github Kafka-DLQ-pattern                        57f0e74c  garmestani87/Kafka-DLQ-pattern@57f0e74c94226d421f6075c32c231502adee3006:pom.xml,src/main,:(exclude)*.jar  1a41dab51d611d9a541d6feff6fa5c4bc1636149cd67517032bbef4421c17466
github kafka-transaction-poc                    183399e0  kwonghung-YIP/kafka-transaction-poc@183399e06dccf0332043a0d7e9871100d114ad22:components/spring-kafka-db-tran-processor/pom.xml,components/spring-kafka-db-tran-processor/src/main,components/spring-kafka-db-tran-consumer/pom.xml,components/spring-kafka-db-tran-consumer/src/main,:(exclude)*.jar  7b2dead26bda756ecd542fefe60dfb77ec9ecb812f04c3fd841e343249b9a64a
github kafka-workshop-series                    168c2c65  swathi-kurella/kafka-workshop-series@168c2c65fb593895af97edb0d99482b3186c8c84:build.gradle,src,:(exclude)*.jar  90bfe8ec0475d3b3ff3d831c645bc7a951a9d3c498e8e713dc745b7097c87d06
github crypto-data                              02337612  xavelo/crypto-data@02337612018105fd1d467404894ec0b328ec537b:pom.xml,src/main,:(exclude)*.jar  1a21b230cd0032da6f0fe823497c72001634adf3ba8f0e63aeb71273af31a9ea
github spring-kafka-mono                        ff53a636  mopanowicz/spring-kafka-mono@ff53a6361ee34a124b34cf3833c19f3c4433f7d7:pom.xml,spring-kafka-consumer/pom.xml,spring-kafka-consumer/src/main,spring-kafka-producer/pom.xml,spring-kafka-producer/src/main,:(exclude)*.jar  0d996164a06d06989ba1efac20f5cea85e6079cd7bea3860bb20454d19e8c42e
github Samples                                  2a786e49  ykhilaji/Samples@2a786e49e8379dabaebd1ef45cf1018914f327da:JavaSamples/kafka/pom.xml,JavaSamples/kafka/src/main/java/basic,:(exclude)*.jar  08cdfc2b4bfbcf17cd0ab65fcca05d0fef9c404049834d2fc97d825af8bea0e4
github FoodExpress                              87f1691d  anishghanwat/FoodExpress@87f1691ddb7e758e4c361c92687bdd36fb5f430f:order-service/pom.xml,order-service/src/main,delivery-service/pom.xml,delivery-service/src/main,:(exclude)*.jar  cdd7a92a5c2ebcf6b66fd2d69e06a6a729d5aa6f4f16000671fc373a8239087c
github BeetClick                                bf386e75  Aikyreael/BeetClick@bf386e75aed9e40caf9a9f674e69355691d39ff6:services/wallet-service/pom.xml,services/wallet-service/src/main,services/user-service/pom.xml,services/user-service/src/main,:(exclude)*.jar  07d9d971acc800d3f42d304fa8183724e8679405e48ec1edbf8ed2e9ddd4c4f4
github Kafka-Saga-Choreography-pattern          e6937239  wladyslawkruk/Kafka-Saga-Choreography-pattern@e6937239d3a1c6956fe8c07a8bc2c476581d491d:pom.xml,inventory-service/pom.xml,inventory-service/src/main,:(exclude)*.jar  6b4c9e9447668c8a6065553aa04397c2ed457055112c257bddf8ab2cf70ee59f
github kafka-saga-demo                          c6cae3b2  RostikAndrusiv/kafka-saga-demo@c6cae3b2658405706d72c17d8a16dad515293714:pom.xml,payment-service/pom.xml,payment-service/src/main,:(exclude)*.jar  ac58835ffe4a405f2183c6d839d83fcbb45fca914ae979f41c664aa9374d2ae2
github kafka-listener-batch                     627df7ee  manish7213/kafka-listener-batch@627df7eee613c3f9a3ebe1652154d174c28fd1e4:kafka-listener/pom.xml,kafka-listener/src/main,:(exclude)*.jar  5e358bd0dcc87df2ca9e29948e2e929cc5599d7e2d53e6a3b48245643d46eb65
github transaction-in-kafka-listener            bf343e4b  riccardoforzan/transaction-in-kafka-listener@bf343e4b2d9c3b188706dfe1d3f805035574ef67:pom.xml,src/main,:(exclude)*.jar  185d0649b68fda5843094b50f0b6a2fabc3149f74f75798fd5d03c76df817540
github demo-event-driven                        3a46e89f  mbagusoka/demo-event-driven@3a46e89f188a70da37ed26f154134338e7fd8ac9:pom.xml,kafka-consumer-client/pom.xml,kafka-consumer-client/src/main,kafka-producer-client/pom.xml,kafka-producer-client/src/main,producer-core/pom.xml,producer-core/src/main,runner-app/pom.xml,runner-app/src/main,runner-core/pom.xml,runner-core/src/main,:(exclude)*.jar  12575f8a61c3431342faa7245d11b9a15246664ef5da4dcc0f0b6bf13de85ddd
github kafka-spring-testing                     17e410a5  fedous/kafka-spring-testing@17e410a5f0027a405780e0a164b93f84b05447c0:kafka-consumer/build.gradle,kafka-consumer/src/main,kafka-avro-producer-rest/build.gradle,kafka-avro-producer-rest/src/main,:(exclude)*.jar  2b90e98462bb3dec279c16a2be1cfe4e24b32f925e770de2bbe79c7b964de2fc
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
