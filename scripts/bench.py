#!/usr/bin/env python3
"""Measures noodle as its users feel it: the release binary on a pseudo-terminal of its own.

Figures come from /proc (CPU, context switches, peak RSS) and from the bytes the program writes
to the terminal. Run through `make bench`; `--quick` shortens each scenario for CI.
"""
import argparse, fcntl, json, os, pty, select, signal, struct, subprocess, sys, tempfile, termios, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("NOODLE_BIN", os.path.join(ROOT, ".build/release/noodle"))


def process_cpu(pid):
    """CPU seconds of the whole process, threads that have exited included (utime + stime, in
    clock ticks: a process that wakes 30 times a second is sampled by the tick, not timed)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def precise_cpu(pid):
    """CPU seconds the scheduler measured for the live threads, to the nanosecond (schedstat)."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except FileNotFoundError:
            pass
    return total / 1e9


class SwitchCounter:
    """Context switches summed over threads. libdispatch retires idle worker threads and their
    counts vanish with them, so each thread's last seen count is kept and sampled often."""

    def __init__(self, pid):
        self.pid, self.seen = pid, {}

    def sample(self):
        try:
            tids = os.listdir(f"/proc/{self.pid}/task")
        except FileNotFoundError:
            return
        for tid in tids:
            try:
                with open(f"/proc/{self.pid}/task/{tid}/status") as f:
                    self.seen[tid] = sum(int(line.split()[1]) for line in f if "ctxt_switches" in line)
            except FileNotFoundError:
                pass

    def total(self):
        return sum(self.seen.values())


def peak_rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM"):
                return int(line.split()[1])
    return 0


class Pty:
    """noodle on a pty of a fixed size; everything it writes is counted."""

    def __init__(self, width, height, home, arguments=()):
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8",
                   XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"))
        self.start = time.monotonic()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
            os.execve(BIN, [BIN, *arguments], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.bytes = 0
        self.buffer = b""

    def pump(self, seconds):
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return
                self.bytes += len(data)
                self.buffer = (self.buffer + data)[-65536:]

    def wait_for(self, needle, timeout=5):
        """Seconds from exec until `needle` has been written."""
        end = time.monotonic() + timeout
        while needle not in self.buffer and time.monotonic() < end:
            self.pump(0.001)
        return time.monotonic() - self.start

    def send(self, text):
        os.write(self.fd, text.encode())

    def close(self):
        os.kill(self.pid, signal.SIGTERM)
        os.waitpid(self.pid, 0)


def scenario(name, seconds, keys="", seeded=False):
    home = tempfile.mkdtemp(prefix="noodle-bench-")
    if seeded:
        # The scale case, written straight into the database by noodle's own store code.
        subprocess.run([os.path.join(os.path.dirname(BIN), "noodle-bench"), "scale", os.path.join(home, "data", "noodle")],
                       check=True, stdout=subprocess.DEVNULL)
    term = Pty(120, 40, home)
    first_frame = term.wait_for(b"Stopwatch")
    term.pump(0.5)
    if keys:
        for start in range(0, len(keys), 512):
            term.send(keys[start:start + 512])
            term.pump(0.02)
        term.pump(1.5)
    switches = SwitchCounter(term.pid)
    switches.sample()
    cpu0, precise0, sw0 = process_cpu(term.pid), precise_cpu(term.pid), switches.total()
    bytes0 = term.bytes
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        term.pump(min(0.1, seconds - (time.monotonic() - t0)))
        switches.sample()
    elapsed = time.monotonic() - t0
    cpu1, precise1, sw1 = process_cpu(term.pid), precise_cpu(term.pid), switches.total()
    result = {
        "scenario": name,
        "seconds": round(elapsed, 1),
        "cpu_ms_per_min": round((cpu1 - cpu0) * 1000 * 60 / elapsed, 1),
        "sched_ms_per_min": round((precise1 - precise0) * 1000 * 60 / elapsed, 1),
        "wakeups_per_s": round((sw1 - sw0) / elapsed, 3),
        "bytes_per_s": round((term.bytes - bytes0) / elapsed, 1),
        "peak_rss_mb": round(peak_rss_kb(term.pid) / 1024, 2),
        "first_frame_ms": round(first_frame * 1000, 1),
    }
    term.close()
    return result


# Two references, measured the same way as noodle, for what a 30 fps reading costs on this machine.
REFERENCES = {
    # Nothing but the wake-ups and one small write each: no program can do less.
    "reference: C, poll + a 2-byte write at 30 fps": (r"""
#include <poll.h>
#include <unistd.h>
int main(void) {
    struct pollfd in = {0, POLLIN, 0};
    for (;;) { poll(&in, 1, 33); write(1, "\b3", 2); }
}
""", []),
    # The same mm:ss.cc reading as noodle's, drawn through ncurses from C, nothing else on screen.
    "reference: C + ncurses, mm:ss.cc at 30 fps": (r"""
#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/ncurses.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <time.h>
int main(void) {
    setlocale(LC_ALL, "");
    initscr(); raw(); noecho(); curs_set(0); leaveok(stdscr, TRUE); typeahead(-1);
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    struct pollfd in = {0, POLLIN, 0};
    char text[16];
    for (;;) {
        poll(&in, 1, 33);
        clock_gettime(CLOCK_MONOTONIC, &now);
        long cs = (now.tv_sec - start.tv_sec) * 100 + (now.tv_nsec - start.tv_nsec) / 10000000;
        snprintf(text, sizeof text, "%02ld:%02ld.%02ld", cs / 6000 % 60, cs / 100 % 60, cs % 100);
        mvaddstr(5, 30, text);
        refresh();
    }
}
""", ["-lncursesw"]),
}


def reference(name, seconds):
    """Compiles and runs one reference program on a pty of its own; None without a C compiler."""
    source_text, libraries = REFERENCES[name]
    folder = tempfile.mkdtemp(prefix="noodle-bench-")
    source, binary = os.path.join(folder, "reference.c"), os.path.join(folder, "reference")
    with open(source, "w") as f:
        f.write(source_text)
    if subprocess.run(["cc", "-O2", "-o", binary, source, *libraries]).returncode != 0:
        return None
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.execve(binary, [binary], env)
    end = time.monotonic() + 0.5
    while time.monotonic() < end:
        if select.select([fd], [], [], 0.1)[0]:
            os.read(fd, 65536)
    cpu0, precise0, t0 = process_cpu(pid), precise_cpu(pid), time.monotonic()
    switches = SwitchCounter(pid)
    switches.sample()
    sw0 = switches.total()
    written = 0
    while time.monotonic() - t0 < seconds:
        if select.select([fd], [], [], 0.1)[0]:
            written += len(os.read(fd, 65536))
        switches.sample()
    elapsed = time.monotonic() - t0
    result = {"scenario": name, "seconds": round(elapsed, 1),
              "cpu_ms_per_min": round((process_cpu(pid) - cpu0) * 1000 * 60 / elapsed, 1),
              "sched_ms_per_min": round((precise_cpu(pid) - precise0) * 1000 * 60 / elapsed, 1),
              "wakeups_per_s": round((switches.total() - sw0) / elapsed, 3), "bytes_per_s": round(written / elapsed, 1),
              "peak_rss_mb": round(peak_rss_kb(pid) / 1024, 2), "first_frame_ms": "-"}
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return result


def minimum_bytes():
    """The fewest bytes a second the stopwatch and 3-countdown scenarios could write (noodle-bench)."""
    out = subprocess.run([os.path.join(os.path.dirname(BIN), "noodle-bench"), "minimum-bytes"],
                         capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        name, value = line.rsplit(":", 1)
        found[name.strip()] = float(value.split()[0])
    return found


HOLD_LOCK = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
open(sys.argv[2], "w").close()
time.sleep(float(sys.argv[3]))
db.execute("ROLLBACK")
"""


class LockHolder:
    """Another program holding noodle's database with BEGIN EXCLUSIVE for `seconds`. The database
    is made first by a countdown typed into `term`, so there is a file to lock."""

    def __init__(self, term, home, seconds):
        path = os.path.join(home, "data", "noodle", "noodle.sqlite")
        term.send("2n45m first\r")
        end = time.monotonic() + 5
        while not os.path.exists(path) and time.monotonic() < end:
            term.pump(0.05)
        term.pump(0.5)
        marker = os.path.join(home, "locked")
        self.process = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, path, marker, str(seconds)])
        while not os.path.exists(marker) and self.process.poll() is None:
            term.pump(0.01)
        self.until = time.monotonic() + seconds

    def held(self):
        return self.process.poll() is None and time.monotonic() < self.until

    def release(self):
        self.process.terminate()
        self.process.wait()


def paste_time(entry, kilobytes=100):
    """Milliseconds from the first byte of a paste of `kilobytes` KB (Hangul among it) into a text
    entry until noodle has taken all of it: after the paste, Esc closes the entry (y discards a
    memo) and ? opens the help, whose frame is the sign that every byte before it was handled."""
    home = tempfile.mkdtemp(prefix="noodle-bench-")
    term = Pty(120, 40, home)
    term.wait_for(b"Stopwatch")
    opening, closing = {
        "the n prompt": ("2n", "\x1b"),
        "the catalog search": ("3a", "\x1b"),
        "the memo editor": ("3ashin ramyun\r\x1bm", "\x1by"),
    }[entry]
    term.send(opening)
    term.pump(0.5)
    # Cut at a whole character: a terminal never sends half of one.
    text = ("Shin 신라면 water 550 ml " * (kilobytes * 40)).encode()[: kilobytes * 1024].decode("utf-8", "ignore").encode()
    term.buffer = b""
    start = time.monotonic()
    os.set_blocking(term.fd, False)
    sent = 0
    while sent < len(text):
        try:
            sent += os.write(term.fd, text[sent : sent + 4096])
        except BlockingIOError:
            term.pump(0.0005)
    os.set_blocking(term.fd, True)
    term.send(closing + "?")
    while b"[ Help ]" not in term.buffer and time.monotonic() - start < 30:
        term.pump(0.0005)
    elapsed = (time.monotonic() - start) * 1000
    term.close()
    return {"scenario": f"paste {kilobytes} KB into {entry}", "keys": len(text.decode()), "median_ms": round(elapsed, 1)}


def key_latency(rounds=40, locked_seconds=None):
    """Milliseconds from writing a key to the pty until noodle has written the frame that shows it:
    Tab moves the focus, and the focused panel's title is drawn as `[ Name ]`. With
    `locked_seconds`, another program holds the database meanwhile and every key follows a new
    countdown, a change to store, so a loop that waits on the lock is caught waiting."""
    home = tempfile.mkdtemp(prefix="noodle-bench-")
    term = Pty(120, 40, home)
    term.wait_for(b"Stopwatch")
    term.pump(0.5)
    lock = LockHolder(term, home, locked_seconds) if locked_seconds else None
    samples = []
    for i in range(rounds):
        if lock and not lock.held():
            break
        panel = ["Timers", "Bookmarks", "Stopwatch"][i % 3]
        key = "\t"
        if lock:
            term.send(f"2n{30 + i}m k{i}\r")
            # Keys a stalled loop takes in one batch draw only their net effect: each round's
            # focus must differ from the last round's, not just from the Timers in between.
            panel, key = ("Bookmarks", "3") if i % 2 == 0 else ("Stopwatch", "1")
        term.buffer = b""
        start = time.monotonic()
        term.send(key)
        needle = ("[ " + panel + " ]").encode()
        # A loop waiting on the lock can take seconds: time it rather than cut it short.
        while needle not in term.buffer and time.monotonic() - start < (15 if lock else 2):
            term.pump(0.0005)
        samples.append((time.monotonic() - start) * 1000)
        term.pump(0.05)
    if lock:
        lock.release()
    term.close()
    samples.sort()
    return {"scenario": "key to screen" + (f", database locked {locked_seconds} s" if lock else ""), "keys": len(samples),
            "median_ms": round(samples[len(samples) // 2], 2),
            "p99_ms": round(samples[min(len(samples) - 1, len(samples) * 99 // 100)], 2), "max_ms": round(samples[-1], 2)}


def status_calls(calls=100, seeded=False):
    """`noodle status` run `calls` times in a row, as a status bar would once a second."""
    home = tempfile.mkdtemp(prefix="noodle-bench-")
    env = dict(os.environ, LANG="C.UTF-8", XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"))
    if seeded:
        subprocess.run([os.path.join(os.path.dirname(BIN), "noodle-bench"), "scale", os.path.join(home, "data", "noodle")],
                       check=True, stdout=subprocess.DEVNULL)
    else:
        for label in ("Shin 4:30", "egg 7m", "tea 3m"):
            duration, name = label.split(" ")[1], label.split(" ")[0]
            subprocess.run([BIN, "add", duration, name], env=env, check=True, stdout=subprocess.DEVNULL)
    times = []
    for _ in range(calls):
        start = time.monotonic()
        subprocess.run([BIN, "status"], env=env, stdout=subprocess.DEVNULL)
        times.append((time.monotonic() - start) * 1000)
    times.sort()
    return {"scenario": "noodle status" + (" (scale database)" if seeded else ""), "calls": calls,
            "median_ms": round(times[len(times) // 2], 2), "p99_ms": round(times[min(len(times) - 1, len(times) * 99 // 100)], 2),
            "max_ms": round(times[-1], 2)}


def alarm_lateness(loaded, count=20, locked_seconds=None):
    """Countdowns of 5 s to 30 s finish one by one; each finish writes an OSC 9 notification
    naming its countdown, so every alarm is timed against its own true deadline (the moment its
    Enter was written plus its duration). The BEL written in the same pass comes just before it.
    With `locked_seconds`, another program holds the database from before the first countdown
    is typed, and every countdown comes due before it lets go."""
    home = tempfile.mkdtemp(prefix="noodle-bench-")
    term = Pty(120, 40, home, arguments=("--notify", "osc9"))
    term.wait_for(b"Stopwatch")
    term.send("2")
    term.pump(0.3)
    lock = LockHolder(term, home, locked_seconds) if locked_seconds else None
    burners = []
    if loaded:
        burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 2)]
    deadlines = {}
    first, last = (3, max(4, locked_seconds - 2)) if lock else (5, 30)
    durations = [first + round(index * (last - first) / max(1, count - 1)) for index in range(count)]
    for index, seconds in enumerate(durations):
        term.send(f"n{seconds}s t{index}")
        term.pump(0.05)
        deadlines[index] = time.monotonic() + seconds
        term.send("\r")
        term.pump(0.05)
    late = {}
    end = time.monotonic() + max(durations) + 3
    seen = b""
    while time.monotonic() < end and len(late) < count:
        ready, _, _ = select.select([term.fd], [], [], 0.5)
        if not ready:
            continue
        now = time.monotonic()
        seen += os.read(term.fd, 65536)
        for index in range(count):
            if index not in late and f"]9;t{index} is done".encode() in seen:
                late[index] = (now - deadlines[index]) * 1000
    for burner in burners:
        burner.kill()
        burner.wait()
    if lock:
        lock.release()
    term.close()
    values = sorted(late.values())
    name = "alarm, both cores " + ("busy" if loaded else "idle") + (f", database locked {locked_seconds} s" if lock else "")
    if not values:
        return {"scenario": name, "alarms": 0}
    return {
        "scenario": name,
        "alarms": len(values),
        "median_ms": round(values[len(values) // 2], 1),
        "p99_ms": round(values[min(len(values) - 1, int(len(values) * 0.99))], 1),
        "max_ms": round(values[-1], 1),
    }


def machine():
    """What the figures were measured on."""
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    return {"cpus": os.cpu_count(), "cpu": model, "kernel": os.uname().release,
            "memory_gb": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="10 s a scenario instead of 60")
    parser.add_argument("--seconds", type=int, help="seconds a scenario (default 60, or 10 with --quick)")
    args = parser.parse_args()
    seconds = args.seconds or (10 if args.quick else 60)
    # One start first, so "first frame" times noodle and not a page cache cold from the build.
    subprocess.run([BIN, "--version"], stdout=subprocess.DEVNULL, check=True)
    results = [
        scenario("idle", seconds),
        scenario("stopwatch running", seconds, keys=" "),
        scenario("3 countdowns", seconds, keys="2" + "".join(f"n{20 + i}m c{i}\r" for i in range(3))),
        scenario("1000 countdowns", seconds, keys="2" + "".join(f"n{20 + i % 60}m c{i}\r" for i in range(1000))),
        scenario("scale: 1000 countdowns, 10000 bookmarks, 100000 laps", seconds, keys="3", seeded=True),
    ]
    for name in REFERENCES:
        measured = reference(name, seconds)
        if measured:
            results.append(measured)
    minimum = minimum_bytes()
    for r in results:
        least = minimum.get(r["scenario"])
        r["minimum_bytes_per_s"] = least if least is not None else "-"
        r["bytes_vs_minimum"] = round(r["bytes_per_s"] / least, 2) if least else "-"
    columns = ["scenario", "seconds", "cpu_ms_per_min", "sched_ms_per_min", "wakeups_per_s", "bytes_per_s",
               "minimum_bytes_per_s", "bytes_vs_minimum", "peak_rss_mb", "first_frame_ms"]
    print("machine:", ", ".join(f"{k} {v}" for k, v in machine().items()))
    print(" | ".join(columns))
    for r in results:
        print(" | ".join(str(r[c]) for c in columns))
    out = os.path.join(ROOT, ".build/bench")
    os.makedirs(out, exist_ok=True)
    # Another program holding the database for this long: 30 s, or 10 s with --quick.
    locked = 10 if args.quick else 30
    timings = [key_latency(), key_latency(locked_seconds=locked), status_calls(), status_calls(seeded=True)]
    timings += [paste_time(entry) for entry in ["the n prompt", "the catalog search", "the memo editor"]]
    print()
    print("measure | count | median_ms | p99_ms | max_ms")
    for t in timings:
        print(" | ".join(str(t.get(c, "-")) for c in ["scenario", "keys" if "keys" in t else "calls", "median_ms", "p99_ms", "max_ms"]))
    alarms = [alarm_lateness(loaded=False), alarm_lateness(loaded=False, count=8, locked_seconds=locked), alarm_lateness(loaded=True)]
    print()
    print("scenario | alarms | median_ms | p99_ms | max_ms")
    for a in alarms:
        print(" | ".join(str(a.get(c, "-")) for c in ["scenario", "alarms", "median_ms", "p99_ms", "max_ms"]))
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"machine": machine(), "scenarios": results, "timings": timings, "alarms": alarms}, f, indent=2)


if __name__ == "__main__":
    sys.exit(main())
