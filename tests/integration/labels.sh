#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# #22 labels: reports print display labels or reviewer wording, never step names or
# template text. The committed OP-sweep archive in zh-TW, zh-CN and en: each workload's
# wording, worked out here from manifest.json's rw/bs/iodepth/numjobs and cell with this
# script's own table, is in pdftotext's output, and no '${' or 'phase=' is; the
# archive is left byte-identical. A plan with label=, <label lang=> (${op} per element),
# a labelled <rounds> and target: the manifest holds the substituted text and each
# language's report prints it. Bad labels are errors at FILE:LINE:COL. plot --label
# text is in the PDF; two logs of one name get two legend entries; plot --lang.
. "$(dirname "$0")/lib.sh"

for t in pdftotext jq sha256sum fio; do
  command -v $t > /dev/null || { echo "SKIP: no $t"; exit 77; }
done
OPF=$SRC/samples/archives/op-file

# render ARCHIVE LANG OUT: the report into scratch folders, its text in OUT.txt.
render() {
  mkdir -p "$3"
  "$SSDBENCH" report "$1" --lang "$2" -o "$3/report.pdf" --svg "$3/svg" --png "$3/png" \
    > "$3.log" 2>&1 || { cat "$3.log"; fail "report $1 --lang $2"; }
  pdftotext "$3/report.pdf" "$3.txt"
}

# wording LANG RW BS QD JOBS CELL: the reviewer wording, from this test's own table.
wording() {
  local lang=$1 rw=$2 bs=$3 qd=$4 jobs=$5 cell=$6 size pat sep out kv
  if (( bs % 1048576 == 0 )); then size="$((bs / 1048576))M"
  elif (( bs % 1024 == 0 )); then size="$((bs / 1024))K"; else size="${bs}B"; fi
  case "$lang:$rw" in
    en:randwrite) pat="random write" ;;     en:randread) pat="random read" ;;
    en:write) pat="sequential write" ;;     en:read) pat="sequential read" ;;
    zh-TW:randwrite) pat="隨機寫入" ;;      zh-TW:randread) pat="隨機讀取" ;;
    zh-TW:write) pat="循序寫入" ;;          zh-TW:read) pat="循序讀取" ;;
    zh-CN:randwrite) pat="随机写入" ;;      zh-CN:randread) pat="随机读取" ;;
    zh-CN:write) pat="顺序写入" ;;          zh-CN:read) pat="顺序读取" ;;
    *) fail "wording: no row for $lang $rw" ;;
  esac
  [ "$lang" = en ] && sep=", " || sep="，"
  out="$size $pat QD$qd T$jobs"
  for kv in $cell; do
    case "$lang:$kv" in
      *:op=*) out+="${sep}OP ${kv#op=} %" ;;
      en:phase=before) out+="${sep}before fill" ;;  en:phase=after) out+="${sep}after fill" ;;
      zh-TW:phase=before) out+="${sep}填盤前" ;;    zh-TW:phase=after) out+="${sep}填盤後" ;;
      zh-CN:phase=before) out+="${sep}填盘前" ;;    zh-CN:phase=after) out+="${sep}填盘后" ;;
      *) fail "wording: no row for $lang $kv" ;;
    esac
  done
  printf '%s\n' "$out"
}

# --- the committed OP-sweep archive ----------------------------------------------------
before=$(cd "$OPF" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
declare -A rand=([zh-TW]=隨機 [zh-CN]=随机 [en]=random)
for lang in zh-TW zh-CN en; do
  render "$OPF" "$lang" "$WORK/op-$lang"
  txt=$WORK/op-$lang.txt
  check "op-file $lang: '${rand[$lang]}' wording" grep -qF "${rand[$lang]}" "$txt"
  grep -qF '${' "$txt" && fail "op-file $lang: template text '\${' in the PDF"
  grep -qE 'phase=|op=[0-9]' "$txt" && fail "op-file $lang: sweep internals in the PDF"
  grep -qE 'op[0-9]+-(before|after)-rnd4k' "$txt" && fail "op-file $lang: a step name in the PDF"
  n=0
  while IFS=$'\t' read -r rw bs qd jobs cell; do
    w=$(wording "$lang" "$rw" "$bs" "$qd" "$jobs" "$cell")
    grep -qF "$w" "$txt" || fail "op-file $lang: no '$w' ($rw $bs QD$qd T$jobs [$cell])"
    n=$((n + 1))
  done < <(jq -r '.steps[] | select(.kind == "workload") |
                  [.rw, .bs, .iodepth, .numjobs, (.cell // "")] | @tsv' "$OPF/manifest.json")
  expect_eq "op-file $lang: workloads checked" "$n" 15
done
after=$(cd "$OPF" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
expect_eq "op-file: the archive is left as it was" "$after" "$before"

# --- a plan's labels ---------------------------------------------------------------------
"$SSDBENCH" run "$SRC/tests/plans/labels.xml" --out "$WORK/run" > "$WORK/run.log" 2>&1 ||
  { cat "$WORK/run.log"; fail "run labels.xml"; }
M=$WORK/run/manifest.json
for op in 0 28; do
  expect_eq "manifest: op$op label *" "$(jq -r ".steps[] | select(.name == \"op$op-write\") |
    .labels[\"*\"]" "$M")" "Write at OP $op %"
  expect_eq "manifest: op$op label zh-TW" "$(jq -r ".steps[] | select(.name == \"op$op-write\") |
    .labels[\"zh-TW\"]" "$M")" "預留 $op % 隨機寫入標籤"
done
expect_eq "manifest: unlabelled step" "$(jq '[.steps[] | select(.name == "seq-read") |
  has("labels")] | .[0]' "$M")" false
expect_eq "manifest: rounds label" "$(jq -c '.scopes[0].labels' "$M")" \
  '{"*":"Two rounds","zh-CN":"两回合循环"}'
expect_eq "manifest: target label" "$(jq -c '.target.labels' "$M")" \
  '{"*":"Sample drive","zh-TW":"樣本硬碟"}'
declare -A want=(
  [en]="Write at OP 0 %|Write at OP 28 %|Two rounds|Sample drive|128K sequential read QD8 T1"
  [zh-TW]="預留 0 % 隨機寫入標籤|預留 28 % 隨機寫入標籤|Two rounds|樣本硬碟|128K 循序讀取 QD8 T1"
  [zh-CN]="预留 0 % 随机写入标签|预留 28 % 随机写入标签|两回合循环|Sample drive|128K 顺序读取 QD8 T1"
)
for lang in en zh-TW zh-CN; do
  render "$WORK/run" "$lang" "$WORK/lab-$lang"
  IFS='|' read -ra words <<< "${want[$lang]}"
  for w in "${words[@]}"; do
    check "labels $lang: '$w' in the PDF" grep -qF "$w" "$WORK/lab-$lang.txt"
  done
  grep -qE 'op(0|28)-write|seq-read' "$WORK/lab-$lang.txt" &&
    fail "labels $lang: a step name in the PDF"
  grep -qF '${' "$WORK/lab-$lang.txt" && fail "labels $lang: '\${' in the PDF"
done

# --- bad labels: errors at the place ----------------------------------------------------
bad() { # WHAT WANT-LINE:COL WANT-TEXT BODY
  printf '<plan name="b">\n  <target name="d" file="t.bin" size="64MiB"/>\n%s\n</plan>\n' \
    "$4" > "$WORK/bad.xml"
  run_rc "$WORK/bad.out" "$WORK/bad.err" "$SSDBENCH" check "$WORK/bad.xml"
  expect_eq "$1: exit" "$rc" 2
  check "$1: at $2" grep -qF "bad.xml:$2" "$WORK/bad.err"
  check "$1: says '$3'" grep -qF "$3" "$WORK/bad.err"
}
bad "label without lang" "3:45:" "needs the attribute 'lang'" \
  '  <workload name="w" rw="read" runtime="1s"><label>x</label></workload>'
bad "empty label" "3:45:" "<label> needs text" \
  '  <workload name="w" rw="read" runtime="1s"><label lang="en"> </label></workload>'
bad "label twice" "3:84:" "a second <label> in 'en'" \
  '  <workload name="w" rw="read" runtime="1s"><label lang="en">a</label><label lang="en">b</label></workload>'
bad "undefined variable" "3:45:" "undefined variable 'nope'" \
  '  <workload name="w" rw="read" runtime="1s"><label lang="en">${nope}</label></workload>'
bad "label on a plan" "3:3:" "<label> is not allowed inside <plan>" '  <label lang="en">x</label>'
bad "label through a sweep" "3:56:" "<label> is not allowed inside <sweep>" \
  '  <rounds name="r" max="2"><sweep var="v" values="1 2"><label lang="en">${v}</label><workload name="w${v}" rw="read" runtime="1s"/></sweep></rounds>'

# --- plot: --label, two logs of one name, --lang ---------------------------------------
L1=$(ls -d "$WORK"/run/steps/*-op0-write)/log_iops.1.log
L2=$(ls -d "$WORK"/run/steps/*-op28-write)/log_iops.1.log
"$SSDBENCH" plot "$L1" "$L2" -o "$WORK/p1.pdf" --lang en > /dev/null || fail "plot two logs"
pdftotext "$WORK/p1.pdf" "$WORK/p1.txt"
for f in "$L1" "$L2"; do
  d=$(basename "$(dirname "$f")")
  check "plot: legend entry '$d/log_iops.1'" grep -qxF "$d/log_iops.1" "$WORK/p1.txt"
done
check "plot --lang en: axis" grep -qF "Time (s)" "$WORK/p1.txt"
"$SSDBENCH" plot "$L1" "$L2" -o "$WORK/p2.pdf" --lang zh-TW --label "$L1=預留 0 % 寫入" \
  --label "$L2=預留 28 % 寫入" > /dev/null || fail "plot --label"
pdftotext "$WORK/p2.pdf" "$WORK/p2.txt"
check "plot --label: first" grep -qxF "預留 0 % 寫入" "$WORK/p2.txt"
check "plot --label: second" grep -qxF "預留 28 % 寫入" "$WORK/p2.txt"
check "plot --lang zh-TW: axis" grep -qF "時間（秒）" "$WORK/p2.txt"
run_rc "$WORK/p.out" "$WORK/p.err" "$SSDBENCH" plot "$L1" --label "nofile=x" -o "$WORK/p3.pdf"
expect_eq "plot --label of no file: exit" "$rc" 2
check "plot --label of no file: says so" grep -qF "is not one of the files" "$WORK/p.err"
echo "ok"
