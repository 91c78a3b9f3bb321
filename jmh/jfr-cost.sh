#!/usr/bin/env bash
# What StreamFlex's flight recorder events cost PASSCHAIN: runs PassChainBenchmark.streamflex
# (batch=64, pass=item) with the jar of a tree without the events (BEFORE) and with them (AFTER),
# back to back, in three modes per round: off (no recording), disabled (a recording with every
# StreamFlex event disabled) and defaults (a recording, StreamFlex's events at their defaults).
# Prints one line per run: round, mode, jar, items/s and its 99.9% error.
#
# usage: jmh/jfr-cost.sh BEFORE.jar AFTER.jar [ROUNDS]
# PASSCHAIN_OPTS overrides the JMH options (default: -f 1 -wi 3 -w 2 -i 5 -r 2).
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 BEFORE.jar AFTER.jar [ROUNDS]" >&2
  exit 2
fi
before=$1 after=$2 rounds=${3:-2}
for jar in "$before" "$after"; do
  if [ ! -f "$jar" ]; then
    echo "$0: no such jar: $jar (build one with ./mvnw -q package -pl jmh -am -DskipTests)" >&2
    exit 2
  fi
done
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
opts=${PASSCHAIN_OPTS:--f 1 -wi 3 -w 2 -i 5 -r 2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
disabled="-XX:StartFlightRecording:filename=$work/disabled.jfr"
for e in Release DeadlineMiss ChannelDrop FilterFailure RegionFull AtomicTurnedBack FilterEvent; do
  disabled="$disabled,+org.streamflex.$e#enabled=false"
done
defaults="-XX:StartFlightRecording:filename=$work/defaults.jfr"
printf '%-6s %-9s %-7s %14s %12s\n' round mode jar items/s error
for round in $(seq 1 "$rounds"); do
  for mode in off disabled defaults; do
    case $mode in
      off) jvm="-Xms1g -Xmx1g" ;;
      disabled) jvm="-Xms1g -Xmx1g $disabled" ;;
      defaults) jvm="-Xms1g -Xmx1g $defaults" ;;
    esac
    for which in before after; do
      jar=$before
      [ "$which" = after ] && jar=$after
      # shellcheck disable=SC2086 # opts holds several words on purpose
      "$java" -jar "$jar" PassChainBenchmark.streamflex -p batch=64 -p pass=item $opts \
        -jvmArgsAppend "$jvm" -rf csv -rff "$work/result.csv" > "$work/log.txt" 2>&1 || {
        echo "$0: the $which jar failed in mode $mode:" >&2
        tail -20 "$work/log.txt" >&2
        exit 1
      }
      # The CSV's last line: "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)",...
      IFS=, read -r _ _ _ _ score error _ < <(tail -1 "$work/result.csv")
      printf '%-6s %-9s %-7s %14.0f %12.0f\n' "$round" "$mode" "$which" "$score" "${error:-0}"
    done
  done
done
