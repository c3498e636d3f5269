#!/bin/sh
# Measures PICT's row count for every line of pict-row-counts.tsv and prints the table again
# with the counts of this run, so the file can be compared or replaced:
#
#   Tests/CombinationsTests/Data/measure-pict-row-counts.sh /path/to/pict /path/to/pict-checkout
#
# PICT builds from its public source (github.com/microsoft/pict: `make pict`). Model names are
# "uniform V^K ..." (built here as parameters P1..Pn with values 0..V-1), "models/NAME" (under
# this folder) or "pict:PATH" (under the checkout's test folder). PICT's code and models are
# never copied into this repository; only these figures are.
set -eu
pict=${1:?usage: $0 PICT PICT_CHECKOUT}
checkout=${2:?usage: $0 PICT PICT_CHECKOUT}
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
grep '^#' "$here/pict-row-counts.tsv"
# Empty cells become "-" for `read`, which would otherwise merge neighbouring tabs.
grep -v '^#' "$here/pict-row-counts.tsv" | awk -F'\t' -v OFS='\t' '{ for (i = 1; i <= 6; i++) if ($i == "") $i = "-"; print }' |
while IFS='	' read -r model strength options pictRows best note; do
    [ "$options" = - ] && options=""
    [ "$best" = - ] && best=""
    [ "$note" = - ] && note=
    case $model in
        uniform*)
            : > "$scratch/model.txt"
            index=0
            for part in ${model#uniform }; do
                levels=${part%^*}; count=${part#*^}
                values=$(seq -s ', ' 0 $((levels - 1)))
                for _ in $(seq "$count"); do index=$((index + 1)); echo "P$index: $values" >> "$scratch/model.txt"; done
            done
            file="$scratch/model.txt"; folder=$scratch ;;
        models/*) file="$here/$model"; folder=$here ;;
        pict:*) file="$checkout/test/${model#pict:}"; folder="$checkout/test" ;;
    esac
    # Seed files and models are named relative to their folder, as PICT's own test runs name them.
    rows=$(cd "$folder" && "$pict" "$file" /o:"$strength" $options 2>/dev/null | tail -n +2 | wc -l)
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$model" "$strength" "$options" "$rows" "$best" "$note"
done
