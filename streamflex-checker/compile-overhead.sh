#!/usr/bin/env bash
# Measures what -Xplugin:StreamFlex (checking and weaving) adds to compiling a module's main and test
# sources with javac, alternating runs with and without the plugin. Run after ./mvnw -q install -DskipTests
# (the module's dependencies on other StreamFlex modules come from the local repository; streamflex-api
# has none, so for it ./mvnw -q package -pl streamflex-checker -am -DskipTests is enough).
# Usage: streamflex-checker/compile-overhead.sh [module] [runs]     (default: streamflex-runtime 10)
set -euo pipefail
cd "$(dirname "$0")/.."
module=${1:-streamflex-runtime}
runs=${2:-10}
: "${JAVA_HOME:?set JAVA_HOME to a JDK 25}"
javac="$JAVA_HOME/bin/javac"

classpath_file=$(mktemp)
./mvnw -q -pl "$module" org.apache.maven.plugins:maven-dependency-plugin:3.11.0:build-classpath \
  -Dmdep.outputFile="$classpath_file" -Dmdep.includeScope=test
deps="$(cat "$classpath_file")"
jar() { # the module's main jar, not its -sources or -javadoc jar
  ls "$1"/target/"$1"-*.jar 2>/dev/null | grep -v -e '-sources\.jar$' -e '-javadoc\.jar$' | head -n 1
}
checker=$(jar streamflex-checker):$(jar streamflex-api)
if [ "$checker" = ":" ] || [ "${checker#:}" != "$checker" ] || [ "${checker%:}" != "$checker" ]; then
  echo "$0: build the checker and API jars first: ./mvnw -q package -pl streamflex-checker -am -DskipTests" >&2
  exit 2
fi
sources=$(mktemp)
dirs=()
for d in "$module/src/main/java" "$module/src/test/java"; do
  [ -d "$d" ] && dirs+=("$d")
done
# Everything on the class path, module descriptors left out: main and test sources compile together
# (tests sit in the main packages), and what the plugin costs does not depend on modules.
find "${dirs[@]}" -name '*.java' ! -name module-info.java > "$sources"
out=$(mktemp -d)

compile() { # $1: extra options
  rm -rf "$out"/*
  local start end
  start=$(date +%s%N)
  "$javac" -d "$out" -cp "$deps" -processorpath "$checker" $1 @"$sources"
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

compile "" > /dev/null; compile "-Xplugin:StreamFlex" > /dev/null   # warm the file cache
plain=(); checked=()
for _ in $(seq "$runs"); do
  plain+=("$(compile "")")
  checked+=("$(compile "-Xplugin:StreamFlex")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
p=$(median "${plain[@]}"); c=$(median "${checked[@]}")
echo "$module: $(wc -l < "$sources") files, $runs runs each"
echo "  javac without plugin: median $p ms  (${plain[*]})"
echo "  javac with plugin:    median $c ms  (${checked[*]})"
awk -v p="$p" -v c="$c" 'BEGIN { printf "  added by -Xplugin:StreamFlex: %.1f%%\n", (c - p) * 100 / p }'
rm -rf "$out" "$sources" "$classpath_file"
