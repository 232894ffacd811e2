#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
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
