#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "signal_pipe.h"

static int write_end = -1;
static struct sigaction pipe_action;

// Only async-signal-safe calls: the loop does the real work when it reads the byte.
static void on_signal(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    ssize_t ignored = write(write_end, &byte, 1);
    (void)ignored;
    errno = saved;
}

int noodle_signal_pipe_install(const int *signals, int count) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    write_end = ends[1];
    struct sigaction action = {0};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    pipe_action = action;
    // A parent may hand down these signals blocked (test runners and some shells do); a blocked
    // SIGTERM would stay pending forever, so unblock every signal the loop promises to handle.
    sigset_t handled;
    sigemptyset(&handled);
    for (int i = 0; i < count; i++) {
        sigaction(signals[i], &action, NULL);
        sigaddset(&handled, signals[i]);
    }
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
    signal(SIGPIPE, SIG_IGN);
    return ends[0];
}

void noodle_signal_suspend_self(void) {
    struct sigaction default_action = {0};
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(SIGTSTP, &default_action, NULL);
    sigset_t tstp;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &tstp, NULL);
    raise(SIGTSTP);
    sigaction(SIGTSTP, &pipe_action, NULL);
}

static struct termios saved_terminal;
static int have_saved_terminal = 0;
static char restore_bytes[256];
static size_t restore_length = 0;

static void on_crash(int number) {
    if (have_saved_terminal) tcsetattr(STDIN_FILENO, TCSANOW, &saved_terminal);
    if (restore_length > 0) {
        ssize_t ignored = write(STDOUT_FILENO, restore_bytes, restore_length);
        (void)ignored;
    }
    // SA_RESETHAND has put the default action back: dying of the same signal keeps the exit status honest.
    raise(number);
}

void noodle_crash_guard_save_terminal(void) {
    have_saved_terminal = tcgetattr(STDIN_FILENO, &saved_terminal) == 0;
}

void noodle_crash_guard_install(const char *restore) {
    restore_length = 0;
    if (restore != NULL) {
        restore_length = strlen(restore);
        if (restore_length >= sizeof restore_bytes) restore_length = sizeof restore_bytes - 1;
        memcpy(restore_bytes, restore, restore_length);
    }
    struct sigaction action = {0};
    action.sa_handler = on_crash;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    const int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT};
    for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) sigaction(crashes[i], &action, NULL);
}
