#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <locale.h>
#include <wchar.h>
#include <pthread.h>
#include "cwidth.h"

static locale_t utf8_locale;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void open_utf8_locale(void) {
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (utf8_locale == (locale_t)0) utf8_locale = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
    // Last resort: the user's own locale, which is what curses measures with anyway.
    if (utf8_locale == (locale_t)0) utf8_locale = newlocale(LC_CTYPE_MASK, "", (locale_t)0);
}

// Widths are a property of the text, not of the process's locale, so a test run under LC_ALL=C
// measures Hangul exactly as the dashboard does; uselocale only swaps this thread's locale.
int noodle_scalar_width(uint32_t scalar) {
    pthread_once(&utf8_once, open_utf8_locale);
    if (utf8_locale == (locale_t)0) return scalar < 0x7f ? (scalar >= 0x20 ? 1 : -1) : 1;
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}
