"""Records a PulseAudio source in real time and writes, for every 10 ms of sound, the wall-clock
time it arrived and its peak: `<unix seconds> <peak 0..32767>` a line. The end-to-end tests read
when sound began and ended against the moments they pressed keys or a deadline passed.

usage: sound-recorder.py SOURCE OUTPUT
"""
import os
import subprocess
import sys
import time

source, output = sys.argv[1], sys.argv[2]
rate = 8000
chunk = rate // 100 * 2  # 10 ms of mono s16le
recorder = subprocess.Popen(
    ["parec", "--device=" + source, "--raw", "--format=s16le", "--rate=%d" % rate, "--channels=1", "--latency-msec=10"],
    stdout=subprocess.PIPE,
)
with open(output, "w", buffering=1) as out:
    out.write("ready\n")
    pending = b""
    while True:
        data = recorder.stdout.read1(4096)
        if not data:
            break
        now = time.time()
        pending += data
        while len(pending) >= chunk:
            block, pending = pending[:chunk], pending[chunk:]
            peak = max(abs(int.from_bytes(block[i:i + 2], "little", signed=True)) for i in range(0, chunk, 2))
            out.write("%.3f %d\n" % (now, peak))
