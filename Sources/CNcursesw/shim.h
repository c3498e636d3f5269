#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// Wide-character ncurses: must be defined before curses.h is included.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#endif
