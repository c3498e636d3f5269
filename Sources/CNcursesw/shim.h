#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// The one C boundary of the debug menu.
//
// Swift 6 cannot safely touch C globals (stdscr, LINES, COLS, stdin, stdout, ESCDELAY) or
// expand function-like macros (COLOR_PAIR, A_BOLD, getmaxyx), so everything of that kind is
// wrapped here in a `static inline` function named `cnc_*`.
//
// The signal flags below are `static`: every C translation unit (every Swift file in debug
// builds) that includes this header gets its own copy. That is why exactly ONE Swift file,
// Sources/DebugMenu/Terminal/Terminal.swift, imports this module. Do not import it elsewhere.

// Wide-character ncurses: must be defined before curses.h is included.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// MARK: - Locale and character width

/// Adopts the user's locale (LC_ALL, LC_CTYPE, LANG). Returns 1 on success.
static inline int cnc_adopt_user_locale(void) {
    return setlocale(LC_ALL, "") != NULL ? 1 : 0;
}

/// 1 when the current locale's character set is UTF-8.
static inline int cnc_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    if (codeset == NULL) return 0;
    return (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0) ? 1 : 0;
}

/// Terminal columns taken by one Unicode scalar: 0, 1, 2, or -1 when not printable.
static inline int cnc_wcwidth(uint32_t scalar) {
    return wcwidth((wchar_t)scalar);
}

// MARK: - Terminal checks

static inline int cnc_stdin_is_tty(void) { return isatty(STDIN_FILENO); }
static inline int cnc_stdout_is_tty(void) { return isatty(STDOUT_FILENO); }

// MARK: - Screen lifecycle

/// Creates the screen on stdout/stdin (no exit on an unknown TERM, unlike initscr).
static inline SCREEN *cnc_newterm(const char *term) {
    SCREEN *screen = newterm(term, stdout, stdin);
    if (screen != NULL) set_term(screen);
    return screen;
}

/// 1 when the terminal can move the cursor (a full-screen menu is possible).
static inline int cnc_can_address_cursor(void) {
    const char *cup = tigetstr("cup");
    return (cup != NULL && cup != (const char *)-1) ? 1 : 0;
}


static inline void cnc_delscreen(SCREEN *screen) { if (screen != NULL) delscreen(screen); }
static inline int cnc_keypad_on(void) { return keypad(stdscr, TRUE); }
static inline int cnc_set_timeout(int milliseconds) { wtimeout(stdscr, milliseconds); return OK; }
static inline int cnc_set_escdelay(int milliseconds) { return set_escdelay(milliseconds); }
static inline int cnc_is_endwin(void) { return isendwin() ? 1 : 0; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_max_y(void) { int y, x; getmaxyx(stdscr, y, x); (void)x; return y; }
static inline int cnc_max_x(void) { int y, x; getmaxyx(stdscr, y, x); (void)y; return x; }
static inline int cnc_erase(void) { return werase(stdscr); }
static inline int cnc_clear(void) { return wclear(stdscr); }
static inline int cnc_refresh(void) { return wrefresh(stdscr); }

// MARK: - Color and attributes

/// 1 when color should be used: the terminal has colors and started them.
static inline int cnc_start_colors(void) {
    if (!has_colors()) return 0;
    if (start_color() != OK) return 0;
    return 1;
}

/// Uses the terminal's own background (-1) when supported; returns 1 on success.
static inline int cnc_use_default_colors(void) { return use_default_colors() == OK ? 1 : 0; }
static inline int cnc_init_pair(short pair, short foreground, short background) {
    return init_pair(pair, foreground, background);
}

static inline attr_t cnc_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }
static inline attr_t cnc_a_normal(void) { return (attr_t)A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return (attr_t)A_BOLD; }
static inline attr_t cnc_a_reverse(void) { return (attr_t)A_REVERSE; }
static inline attr_t cnc_a_dim(void) { return (attr_t)A_DIM; }
static inline attr_t cnc_a_underline(void) { return (attr_t)A_UNDERLINE; }

static inline short cnc_color_black(void) { return COLOR_BLACK; }
static inline short cnc_color_red(void) { return COLOR_RED; }
static inline short cnc_color_green(void) { return COLOR_GREEN; }
static inline short cnc_color_yellow(void) { return COLOR_YELLOW; }
static inline short cnc_color_blue(void) { return COLOR_BLUE; }
static inline short cnc_color_cyan(void) { return COLOR_CYAN; }
static inline short cnc_color_white(void) { return COLOR_WHITE; }

// MARK: - Output

/// Writes `count` wide characters at (y, x) with attributes `attrs` (which may include a
/// color pair). The caller has already clipped the text to the screen width.
static inline int cnc_put_wide(int y, int x, const uint32_t *scalars, int count, attr_t attrs) {
    if (count <= 0) return OK;
    wchar_t buffer[512];
    int written = 0;
    int result = OK;
    wattrset(stdscr, (int)attrs);
    if (wmove(stdscr, y, x) == ERR) { wattrset(stdscr, A_NORMAL); return ERR; }
    while (written < count) {
        int chunk = count - written;
        if (chunk > 511) chunk = 511;
        for (int i = 0; i < chunk; i++) buffer[i] = (wchar_t)scalars[written + i];
        buffer[chunk] = 0;
        // Writing the bottom-right cell reports ERR (the cursor cannot advance); the cell
        // is painted all the same, so that error is not a failure here.
        result = waddnwstr(stdscr, buffer, chunk);
        written += chunk;
    }
    wattrset(stdscr, A_NORMAL);
    return result;
}

// MARK: - Input

/// The result kinds of `cnc_read`.
enum {
    CNC_READ_NONE = 0,  // timeout, or interrupted by a signal
    CNC_READ_CHAR = 1,  // *value is a Unicode scalar
    CNC_READ_KEY = 2,   // *value is a KEY_* code
};

/// Reads one key with the window's timeout; see CNC_READ_*.
static inline int cnc_read(uint32_t *value) {
    wint_t ch = 0;
    int rc = wget_wch(stdscr, &ch);
    *value = (uint32_t)ch;
    if (rc == KEY_CODE_YES) return CNC_READ_KEY;
    if (rc == OK) return CNC_READ_CHAR;
    return CNC_READ_NONE;
}

/// The kinds of mouse event `cnc_read_mouse` reports.
enum {
    CNC_MOUSE_NONE = 0,
    CNC_MOUSE_CLICK = 1,
    CNC_MOUSE_WHEEL_UP = 2,
    CNC_MOUSE_WHEEL_DOWN = 3,
};

/// Enables clicks and the wheel; presses are reported at once (no click-resolution delay).
static inline int cnc_enable_mouse(void) {
    mmask_t wanted = BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED;
#if NCURSES_MOUSE_VERSION > 1
    wanted |= BUTTON5_PRESSED;
#endif
    mmask_t got = mousemask(wanted, NULL);
    mouseinterval(0);
    return got != 0 ? 1 : 0;
}

static inline void cnc_disable_mouse(void) { mousemask(0, NULL); }

/// After KEY_MOUSE: fetches the event. Returns a CNC_MOUSE_* kind.
static inline int cnc_read_mouse(int *row, int *column) {
    MEVENT event;
    if (getmouse(&event) != OK) return CNC_MOUSE_NONE;
    *row = event.y;
    *column = event.x;
    if (event.bstate & BUTTON4_PRESSED) return CNC_MOUSE_WHEEL_UP;
#if NCURSES_MOUSE_VERSION > 1
    if (event.bstate & BUTTON5_PRESSED) return CNC_MOUSE_WHEEL_DOWN;
#endif
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return CNC_MOUSE_CLICK;
    return CNC_MOUSE_NONE;
}

// MARK: - Signals
//
// SIGINT, SIGTERM, SIGHUP and SIGQUIT: the handler only records the signal number in a
// volatile sig_atomic_t; the main loop reads it (cnc_take_signal) after each key read,
// which returns at least every poll interval, then calls endwin() and exits normally.
//
// SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE (a crash): the handler puts the
// terminal back with async-signal-safe calls only (tcsetattr to the saved modes, write of
// the terminal's own "leave full screen / show cursor / mouse off" strings), reinstalls the
// previous handler (the Swift runtime's backtracer, or the default) and lets the fault
// happen again there.
//
// SIGWINCH is left to ncurses, which turns it into KEY_RESIZE.

#define CNC_STOP_SIGNAL_COUNT 4
#define CNC_CRASH_SIGNAL_COUNT 6

static inline int cnc_stop_signal(int index) {
    switch (index) {
    case 0: return SIGINT;
    case 1: return SIGTERM;
    case 2: return SIGHUP;
    default: return SIGQUIT;
    }
}

static inline int cnc_crash_signal(int index) {
    switch (index) {
    case 0: return SIGSEGV;
    case 1: return SIGBUS;
    case 2: return SIGILL;
    case 3: return SIGTRAP;
    case 4: return SIGABRT;
    default: return SIGFPE;
    }
}

/// Everything the handlers share with the main loop. Kept as a function-local static:
/// Swift emits those with the function (file-scope aggregates without it are not emitted).
typedef struct {
    volatile sig_atomic_t pending_signal;
    volatile sig_atomic_t crash_guard_armed;
    int handlers_installed;
    int session_active;
    int at_exit_registered;
    int saved_modes_valid;
    struct termios saved_modes;
    char reset_sequence[256];
    size_t reset_sequence_length;
    struct sigaction previous_stop[CNC_STOP_SIGNAL_COUNT];
    struct sigaction previous_crash[CNC_CRASH_SIGNAL_COUNT];
} cnc_signal_state;

static inline cnc_signal_state *cnc_state(void) {
    static cnc_signal_state state;
    return &state;
}

/// Claims the one ncurses session of the process; 0 when one is already active.
static inline int cnc_claim_session(void) {
    if (cnc_state()->session_active) return 0;
    cnc_state()->session_active = 1;
    return 1;
}

static inline void cnc_release_session(void) { cnc_state()->session_active = 0; }

static void cnc_on_stop_signal(int signal_number) {
    cnc_state()->pending_signal = signal_number;
}

/// Restores the terminal with async-signal-safe calls only.
static void cnc_emergency_restore(void) {
    if (!cnc_state()->crash_guard_armed) return;
    cnc_state()->crash_guard_armed = 0;
    if (cnc_state()->reset_sequence_length > 0) {
        ssize_t ignored = write(STDOUT_FILENO, cnc_state()->reset_sequence, cnc_state()->reset_sequence_length);
        (void)ignored;
    }
    if (cnc_state()->saved_modes_valid) tcsetattr(STDIN_FILENO, TCSANOW, &cnc_state()->saved_modes);
}

static void cnc_on_crash_signal(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    cnc_emergency_restore();
    for (int i = 0; i < CNC_CRASH_SIGNAL_COUNT; i++) {
        if (cnc_crash_signal(i) == signal_number) {
            sigaction(signal_number, &cnc_state()->previous_crash[i], NULL);
        }
    }
    // A fault re-executes the faulting instruction on return and reaches the previous
    // handler; a signal sent by kill() or abort() has to be raised again.
    if (info == NULL || info->si_code <= 0 || signal_number == SIGABRT) raise(signal_number);
    errno = saved_errno;
}

/// Remembers the terminal modes and the reset strings for a crash, before the screen starts.
static inline void cnc_save_modes(void) {
    cnc_state()->saved_modes_valid = tcgetattr(STDIN_FILENO, &cnc_state()->saved_modes) == 0 ? 1 : 0;
}

static inline void cnc_append_reset(const char *text) {
    if (text == NULL || text == (const char *)-1) return;
    size_t length = strlen(text);
    if (cnc_state()->reset_sequence_length + length >= sizeof(cnc_state()->reset_sequence)) return;
    memcpy(cnc_state()->reset_sequence + cnc_state()->reset_sequence_length, text, length);
    cnc_state()->reset_sequence_length += length;
}

/// Computes the reset strings from terminfo; call once the screen exists.
static inline void cnc_prepare_reset_sequence(int mouse_enabled) {
    cnc_state()->reset_sequence_length = 0;
    if (mouse_enabled) cnc_append_reset("\033[?1000l\033[?1006l");
    cnc_append_reset(tigetstr("sgr0"));
    cnc_append_reset(tigetstr("cnorm"));
    cnc_append_reset(tigetstr("rmkx"));
    cnc_append_reset(tigetstr("rmcup"));
    cnc_append_reset("\r\n");
}

static inline void cnc_arm_crash_guard(int armed) { cnc_state()->crash_guard_armed = armed ? 1 : 0; }

static void cnc_at_exit(void) {
    // Swift code that calls exit() while the menu is up still leaves a sane terminal.
    if (cnc_state()->crash_guard_armed) {
        cnc_state()->crash_guard_armed = 0;
        if (!isendwin()) endwin();
    }
}

/// Installs the stop and crash handlers (before newterm, so ncurses keeps ours).
static inline void cnc_install_signal_handlers(void) {
    if (cnc_state()->handlers_installed) return;
    cnc_state()->handlers_installed = 1;
    cnc_state()->pending_signal = 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = cnc_on_stop_signal;
    action.sa_flags = 0; // no SA_RESTART: a blocked read returns at once
    // A process can inherit a mask that blocks these (a parent that started it from a thread
    // with signals blocked): then a hang-up would never reach the menu. Unblock them here.
    sigset_t stops;
    sigemptyset(&stops);
    for (int i = 0; i < CNC_STOP_SIGNAL_COUNT; i++) {
        sigaction(cnc_stop_signal(i), &action, &cnc_state()->previous_stop[i]);
        sigaddset(&stops, cnc_stop_signal(i));
    }
    sigaddset(&stops, SIGWINCH);
    pthread_sigmask(SIG_UNBLOCK, &stops, NULL);
    struct sigaction crash;
    memset(&crash, 0, sizeof crash);
    sigemptyset(&crash.sa_mask);
    crash.sa_sigaction = cnc_on_crash_signal;
    crash.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (int i = 0; i < CNC_CRASH_SIGNAL_COUNT; i++) {
        sigaction(cnc_crash_signal(i), &crash, &cnc_state()->previous_crash[i]);
    }
    if (!cnc_state()->at_exit_registered) {
        cnc_state()->at_exit_registered = 1;
        atexit(cnc_at_exit);
    }
}

/// Puts back the handlers that were there before `cnc_install_signal_handlers`.
static inline void cnc_restore_signal_handlers(void) {
    if (!cnc_state()->handlers_installed) return;
    cnc_state()->handlers_installed = 0;
    for (int i = 0; i < CNC_STOP_SIGNAL_COUNT; i++) {
        sigaction(cnc_stop_signal(i), &cnc_state()->previous_stop[i], NULL);
    }
    for (int i = 0; i < CNC_CRASH_SIGNAL_COUNT; i++) {
        sigaction(cnc_crash_signal(i), &cnc_state()->previous_crash[i], NULL);
    }
}

/// Whether the terminal's input has gone away (the terminal emulator or tmux server closed the
/// pty): reads then fail at once instead of waiting, and the menu must end, not spin.
static inline int cnc_input_hung_up(void) {
    struct pollfd input = { .fd = STDIN_FILENO, .events = POLLIN, .revents = 0 };
    if (poll(&input, 1, 0) < 0) return 0;
    return (input.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/// The stop signal received since the last call (0 when none), clearing it.
static inline int cnc_take_signal(void) {
    int signal_number = (int)cnc_state()->pending_signal;
    cnc_state()->pending_signal = 0;
    return signal_number;
}

#endif
