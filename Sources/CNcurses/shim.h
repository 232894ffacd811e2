#ifndef NOODLE_CNCURSES_SHIM_H
#define NOODLE_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so ask for the wide API the way ncurses documents.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/ncurses.h>
#include <ncursesw/term.h>

// Function-like macros and globals that Swift cannot import or that Swift 6 rejects as unsafe.
static inline attr_t noodle_a_normal(void) { return A_NORMAL; }
static inline attr_t noodle_a_bold(void) { return A_BOLD; }
static inline attr_t noodle_a_dim(void) { return A_DIM; }
static inline attr_t noodle_a_underline(void) { return A_UNDERLINE; }
static inline attr_t noodle_a_reverse(void) { return A_REVERSE; }
static inline attr_t noodle_a_italic(void) { return A_ITALIC; }
static inline int noodle_colors(void) { return COLORS; }
static inline int noodle_color_pairs(void) { return COLOR_PAIRS; }
static inline const char *noodle_codeset(void) { return nl_langinfo(CODESET); }
// Extended pairs take colours beyond 255, which a direct-colour terminal needs for packed RGB.
static inline int noodle_init_pair(int pair, int foreground, int background) { return init_extended_pair(pair, foreground, background); }
static inline int noodle_has_direct_color(void) { return tigetflag("RGB") > 0; }


// C's stdio globals, which Swift 6 rejects as shared mutable state.
static inline FILE *noodle_stdout(void) { return stdout; }
static inline FILE *noodle_stdin(void) { return stdin; }
static inline WINDOW *noodle_stdscr(void) { return stdscr; }

/// Asks terminfo about `name` without starting curses: 0 usable, 1 unknown, 2 cannot move the cursor.
static inline int noodle_probe_terminal(const char *name) {
    int error = 0;
    if (setupterm((char *)name, 1, &error) != OK) return 1;
    const char *cup = tigetstr("cup");
    int verdict = (cup == NULL || cup == (const char *)-1) ? 2 : 0;
    del_curterm(cur_term);
    return verdict;
}

#endif
