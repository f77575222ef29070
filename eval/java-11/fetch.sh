#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-11 blind-labelled Java evaluation set
# onto this machine.
#
#   bash eval/java-11/fetch.sh                  # corpus goes to /tmp/offsetlint-java11
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-11/fetch.sh
#
# Every artifact is pinned and sha256-checked, then unpacked to $CACHE/<name>-<version>/;
# labels.tsv names files as <name>-<version>/<path inside the artifact>. Idempotent: an
# unpacked artifact (marker file present) is left alone. Progress goes to stderr; the only
# line on stdout is the corpus root.
#
# Two kinds of artifact are supported (java-11 lists only github ones; the maven path is kept
# from java-9's script so a sources jar can be added without changing the code):
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java11}"
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
github Dispatch-kafka-service                       b4b53f21  DmitriiGoltsov/Dispatch-kafka-service@b4b53f215429d13e201d0cc1f27dcf9554d36d21:src/main,pom.xml,:(exclude)*.jar  f4c3c285ef082bb030ba36df311e39d175281b45f1f551aa2e04c86ae3dfc15d
github dlq-kafka-poc                                a862a2aa  KadimiHamza99/dlq-kafka-poc@a862a2aa3cd3fc6e08da8bd555d41440794b3954:kafka-consumer-1/src/main,kafka-consumer-2/src/main,retry-manager/src/main,kafka-consumer-1/pom.xml,kafka-consumer-2/pom.xml,retry-manager/pom.xml,:(exclude)*.jar  9200e7be8d5ad6e0a9f5bf66590b7b53f9baafb0b6ad0f6018dd2583d7ce1eb6
github eos-kafka-service                            26692962  srikar-rao/eos-kafka-service@266929628a3edbcb4dbf07436cccc2b4a814a1fc:src/main,pom.xml,:(exclude)*.jar  33464989a96e9269a210f82ef6ac1749490c4f188af8951c1a6a9be7fbf0e448
github java-kafka-basics                            ec4d22be  repotec/java-kafka-basics@ec4d22be3c8873f320b77a9795cab54741d58491:kafka-consumer-opensearch/src/main,kafka-producer-wikimedia/src/main,build.gradle,kafka-consumer-opensearch/build.gradle,kafka-producer-wikimedia/build.gradle,:(exclude)*.jar  14b518d5c9b641d4c43d846872903a38908653bb164ec1d5174e17aa2959a5f4
github kafka-basics                                 1d0ec451  rtraviteja95/kafka-basics@1d0ec45150fec9bc34179e2d51d490a5be631f3c:basickafkaprograms/src/main,basickafkaprograms/pom.xml,:(exclude)*.jar  38c7b3d5e9545a60d3536ec3cdcaaeb13b67dca7e57a85e0a2f5fa6f337ef035
github kafka-basics                                 22bda33d  Ketul654/kafka-basics@22bda33d143a2913c312dd3edd3b7d91c0dbbeeb:src/main,pom.xml,:(exclude)*.jar  4e1f2d9c613962402e9065b596b8b6a90396f235a67af99a84a7f450172a334c
github kafka-java-examples                          0fd20f42  vinod-kayartaya/kafka-java-examples@0fd20f423d4ddff4d1668e5f209cfc4f06fa8fff:day3-labs/kafka-consumer-demo/src/main,day3-labs/kafka-producer-demo/src/main,day4-labs/avro-loyalty-rewards/src/main,day3-labs/kafka-consumer-demo/pom.xml,day3-labs/kafka-producer-demo/pom.xml,day4-labs/avro-loyalty-rewards/pom.xml,:(exclude)*.jar  04b8a999bb5d076828f505b897b45c8b1d67f8648774bbc2524be2d607ff087c
github kafka-java-examples                          16331d5d  ram-pi/kafka-java-examples@16331d5d0c8beb46907865c597455cf753708c83:consumer/src/main,producer/src/main,consumer/pom.xml,pom.xml,producer/pom.xml,client.properties,:(exclude)*.jar  5051948f6307f37606cd6105635153954af3c994636e3482969c59f7ca5ea228
github kafka-java-examples                          c949653a  PavloLodz/kafka-java-examples@c949653a9c0502835aa88b5b8a01b9c4a1aa3d9a:SpringBoot_3/kafka-outbox/consumer/src/main,SpringBoot_3/kafka-outbox/producer/src/main,Starters/SpringBoot_3/01-kafka-spr-boot-3-embedded/consumer/src/main,Starters/SpringBoot_3/01-kafka-spr-boot-3-embedded/supplier/src/main,SpringBoot_3/kafka-outbox/consumer/pom.xml,SpringBoot_3/kafka-outbox/pom.xml,SpringBoot_3/kafka-outbox/producer/pom.xml,Starters/SpringBoot_3/01-kafka-spr-boot-3-embedded/consumer/pom.xml,Starters/SpringBoot_3/01-kafka-spr-boot-3-embedded/pom.xml,Starters/SpringBoot_3/01-kafka-spr-boot-3-embedded/supplier/pom.xml,:(exclude)*.jar  5404ea47323639ffc983fd754b0a341e6e4a9d425feabcb536beee8c57412b1a
github kafka-java-service-demo                      1fa8c442  PietroSassone/kafka-java-service-demo@1fa8c442c2db3e8a06cfcc41a675dde797eff078:demo_svc/src/main,web/src/main,demo_svc/pom.xml,pom.xml,web/pom.xml,:(exclude)*.jar  ed1c8e1232877ed3165b0ff47e3897820c726207abbd25f1cfdfb526aa01f64d
github kafka-multi-thread-consumer-sample           fa1ed3b9  SoulSong/kafka-multi-thread-consumer-sample@fa1ed3b973b6dbc24744a24ef7724df6c690993b:src/main,pom.xml,:(exclude)*.jar  290e1895e994eb95e2e91b0041bba58d445cc2406d70f21c0746419efb533aa3
github kafka-multithread-ex-1                       5399d784  Syr7-s/kafka-multithread-ex-1@5399d784b56c5e3a31f50ac9860cbce84de2cb79:src/main,pom.xml,:(exclude)*.jar  9078decb034cdc8a9be3815382dc7d0777545ac465acff96cdc5637f011d79ac
github kafka-multithread-worker                     3461a979  ChenKaiVincent/kafka-multithread-worker@3461a979190ed199caaa326cc715cac456640980:src/main,pom.xml,:(exclude)*.jar  57d170b538eeae10967b503389d995e59d9ed45ca45aea208631f2e2bbe8dcc6
github Kafka-practice                               b51690b1  m1a2st/Kafka-practice@b51690b18d398796b4ad111a65f966138c7766eb:kafka-basic/src/main,kafka-consumer-opensearch/src/main,build.gradle.kts,kafka-basic/build.gradle.kts,kafka-consumer-opensearch/build.gradle.kts,:(exclude)*.jar  ebdbbffe23203709931bee1669de6e9e1d4edaac7608443a18a4500e5551dd2b
github kafka-spring-banking                         55a55d33  nikskul/kafka-spring-banking@55a55d33b8a1563ddcf06d99a524aebacd5fbe9e:src/main,pom.xml,:(exclude)*.jar  7249782860fab443508b2108580e2ab1811cc24c655e9675789a418ec6f1084b
github kafka-spring-poc                             f21c2504  hoatruong25/kafka-spring-poc@f21c25045378a1c713da85705f9aa555c1069dcd:modules/Consumer-app2/src/main,modules/consumer-app/src/main,build.gradle,modules/Consumer-app2/build.gradle,modules/consumer-app/build.gradle,:(exclude)*.jar  4a18429846c3952d3121b82f6abcbc639f7929f0205a80f78d13c9f5b4c72cbc
github Kafka-Tutorials                              13e49ce7  lokeshgupta1981/Kafka-Tutorials@13e49ce71a991305580dd1b506b4e905fa5de24e:avro-schema-registry-example/order-consumer/src/main,avro-schema-registry-example/order-service/src/main,kafka-mock-producer-consumer/src/main,spring-boot-kafka-app/src/main,spring-kafka-java-config/src/main,avro-schema-registry-example/order-consumer/pom.xml,avro-schema-registry-example/order-service/pom.xml,avro-schema-registry-example/pom.xml,kafka-mock-producer-consumer/pom.xml,spring-boot-kafka-app/pom.xml,spring-kafka-java-config/pom.xml,:(exclude)*.jar  8199d4785aa859b6436e4eba3426af2f3ef49ac482e7d70040f07ca4ad34de37
github library-events-kafka-services                4ac70f3a  huylq98/library-events-kafka-services@4ac70f3a1a3b98f5272e7644b298ce54e8b00e3f:library-events-consumer/src/main,library-events-producer/src/main,library-events-consumer/pom.xml,library-events-producer/pom.xml,:(exclude)*.jar  694064f57a50cb309027c577e7e9853315c11cb3fb4016e5615c17e19e388587
github order-processing-kafka-service               b6b68548  seecret1/order-processing-kafka-service@b6b68548d08696c19d97983c8783e5530d02a3c4:notification-service/src/main,order-service/src/main,build.gradle.kts,notification-service/build.gradle.kts,order-service/build.gradle.kts,:(exclude)*.jar  1295361a0266b1f39deebb85e8331855e99f271b863d0c5b60d3717db2a950ae
github sample-kafka-java-apps                       fe92ff69  dalelane/sample-kafka-java-apps@fe92ff69acc15afa5d9c201fba3b9984f30e830a:src/main,pom.xml,:(exclude)*.jar  a0481bd861f7643b013e8b722461aee6eb634be556f1ba1df3baaae6d0b77a8b
github spring-kafka-batching                        595ddb58  aardelean/spring-kafka-batching@595ddb580a106bde98370b56692e92e1cb5624a1:feature-kafka-consumer/src/main,kafka-batch-consumer/src/main,kafka-client/src/main,feature-kafka-consumer/build.gradle,kafka-batch-consumer/build.gradle,kafka-client/build.gradle,:(exclude)*.jar  bf9f8ec98b2811027882c191e05be12c4a7ed100a3cb5a7b47c0365531be1da9
github spring-kafka-credit-card                     1323730f  khleungaw/spring-kafka-credit-card@1323730f079514e9a2ef85dac2393f048585538b:credit-card-producer/src/main,purchase-producer/src/main,credit-card-producer/pom.xml,purchase-producer/pom.xml,:(exclude)*.jar  a4e190db256c552072931bde3d8cd0b046fff1a6b083e87d32068b028d529adc
github spring-kafka-notifier                        41bbc1ea  hvantran/spring-kafka-notifier@41bbc1ea25fd34b32d4d9f78ada5273c86bbbc77:src/main,pom.xml,:(exclude)*.jar  f7cc3982ca563adc28d9e34bd0cba56d5f48d38d7a788a3a01248ec962511d32
github transactions-kafka-spring                    20e4325d  DragomirAlin/transactions-kafka-spring@20e4325d56a3150ac3e73a19f52f404743ac1916:driver-service/src/main,trip-service/src/main,driver-service/build.gradle,trip-service/build.gradle,:(exclude)*.jar  e960b51b762fffdf8b2135dc26ea578d9d127294cb3ff1ad6f50784f184ed589
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
