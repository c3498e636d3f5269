#!/usr/bin/env bash
# Takes the screenshots of the Feature Flags debug menu that README.md and docs/ show: builds `flags`, opens the menu on
# the built-in demo with a temporary store in a real terminal emulator (xterm under Xvfb, with
# tmux inside it so keys can be sent), and captures PNGs with ImageMagick.
#
#   screenshots/take-screenshots.sh            # writes screenshots/*.png
#
# Needs: Xvfb, xterm, xdotool, ImageMagick (import), tmux, the DejaVu fonts. On Debian:
#   apt-get install -y xvfb xterm xdotool imagemagick tmux fonts-dejavu-core
# Re-runnable: everything it starts is stopped on exit, and the store is a fresh temporary one.
set -euo pipefail
cd "$(dirname "$0")/.."
out=screenshots
columns=100
rows=30

for tool in Xvfb xterm xdotool import tmux; do
    command -v "$tool" >/dev/null || { echo "take-screenshots: $tool is missing (see the header of $0)" >&2; exit 1; }
done

swift build --product flags
flags="$PWD/.build/debug/flags"

work=$(mktemp -d)
socket="flags-screenshots-$$"
display_number=$((90 + RANDOM % 100))
export DISPLAY=":$display_number"
xvfb_pid=""
xterm_pid=""
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    [ -n "$xterm_pid" ] && kill "$xterm_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

export FLAGS_STORE="$work/store/prefs.sqlite"
export XDG_STATE_HOME="$work/state"
export LANG=C.UTF-8 LC_ALL=C.UTF-8
unset TMUX NO_COLOR

# A few overrides, as a developer would have them after a while.
"$flags" set tipJar off >/dev/null
"$flags" set darkKitchen on >/dev/null
"$flags" set seasonalMenu off >/dev/null

Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

tmux -L "$socket" -f /dev/null new-session -d -s shots -x "$columns" -y "$rows" \
    -e "FLAGS_STORE=$FLAGS_STORE" -e "XDG_STATE_HOME=$XDG_STATE_HOME" -e LANG=C.UTF-8 -e LC_ALL=C.UTF-8 \
    "$flags menu"
tmux -L "$socket" set-option -g status off
tmux -L "$socket" set-option -g default-terminal xterm-256color

xterm -display "$DISPLAY" -geometry "${columns}x${rows}+0+0" -fa "DejaVu Sans Mono" -fs 11 \
    -bg "#1d1f21" -fg "#d8d8d8" -b 6 -title flags-menu \
    -e tmux -L "$socket" attach -t shots &
xterm_pid=$!
window=""
for _ in $(seq 100); do
    window=$(xdotool search --name '^flags-menu$' 2>/dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 0.1
done
[ -n "$window" ] || { echo "take-screenshots: the xterm window did not appear" >&2; exit 1; }

keys() { tmux -L "$socket" send-keys -t shots "$@"; sleep 0.6; }
shot() { sleep 0.4; import -window "$window" "$out/$1"; echo "wrote $out/$1"; }
wait_for() {
    for _ in $(seq 100); do
        tmux -L "$socket" capture-pane -p -t shots | grep -q "$1" && return 0
        sleep 0.1
    done
    echo "take-screenshots: never saw '$1' on screen" >&2
    exit 1
}

wait_for "Feature Flags (11)"
tmux -L "$socket" resize-window -t shots -x "$columns" -y "$rows" 2>/dev/null || true
keys j j j Space      # Delivery: on -> an override
wait_for "2 overridden\|4 overridden"
shot menu-main.png

keys / m e n u
shot menu-filter.png
keys Escape Escape

keys / t j            # fuzzy: Tip Jar, its matched letters marked
wait_for "Tip Jar"
shot menu-fuzzy.png
keys Escape Escape

keys H                # the store's history: the menu's toggle and the flags set lines
wait_for "History ("
shot menu-history.png
keys Escape

keys ?
wait_for "Keys"
shot menu-help.png
keys ?

# The detail pane of Bibimbap Menu, with a feature value set by hand from another process.
"$flags" feature set bibimbap-feature spice-level 5 >/dev/null
keys / b i b i m b a p Space m e n u Enter
keys i
wait_for "Bibimbap Menu · lines"
keys j j
shot menu-detail.png
keys Escape Escape Escape
"$flags" feature reset bibimbap-feature >/dev/null

keys e                # the Experiments screen: every record, this client's status and why
wait_for "Experiments (5)"
keys j
shot menu-experiments.png
keys Enter G Enter    # new-menu-test's branches; force treatment
wait_for "Forced new-menu-test/treatment"
shot menu-experiment-branches.png
keys x Escape Escape  # unforce, back to the rows

keys c c
wait_for "previewing release"
shot menu-release-preview.png
keys c q
