"""listen-load.py PORT PID [SCRAPES CLIENTS]: scrape a running benchtop
--listen hard and say what it cost.

SCRAPES (2000) GETs of /metrics from CLIENTS (50) concurrent threads on
loopback, kept off CPU 0 (the monitored worker's) where there is another
CPU. Prints a table: scrape latency p50/p99/max and throughput; the
monitored test's median (lmbench.null_call, from the scraped bodies)
before the load and during it, against its own CV; benchtop's resident
memory and open descriptors before and after. Then one summary line for
bench/run.sh. Never fails: a benchmark, not a test.
"""
import http.client
import os
import re
import statistics
import sys
import threading
import time

PORT, PID = int(sys.argv[1]), int(sys.argv[2])
SCRAPES = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
CLIENTS = int(sys.argv[4]) if len(sys.argv) > 4 else 50
OP = re.compile(rb'benchtop_op_seconds\{test="lmbench.null_call"[^}]*\} (\S+)')
CV = re.compile(rb'benchtop_sample_cv\{test="lmbench.null_call"[^}]*\} (\S+)')


def scrape():
    c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
    try:
        c.request("GET", "/metrics")
        r = c.getresponse()
        return r.status, r.read()
    finally:
        c.close()


def figures(body):
    op, cv = OP.search(body), CV.search(body)
    return (float(op.group(1)) * 1e9 if op else None,
            float(cv.group(1)) * 100 if cv else None)


def footprint():
    rss = 0
    with open(f"/proc/{PID}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    return rss, len(os.listdir(f"/proc/{PID}/fd"))


def quiet_figures():
    """Median and CV of the test before the load: 3 scrapes, 1 s apart."""
    ops, cvs = [], []
    for _ in range(3):
        op, cv = figures(scrape()[1])
        if op is not None:
            ops.append(op)
            cvs.append(cv)
        time.sleep(1)
    return statistics.median(ops), statistics.median(cvs)


def load():
    """The scrapes; latencies in s, failures, and the test's medians
    from the second half of the bodies (samples taken under load)."""
    lat, during, failures = [], [], [0]
    lock = threading.Lock()
    todo = iter(range(SCRAPES))

    def client():
        others = os.sched_getaffinity(0) - {0}
        if others:
            os.sched_setaffinity(0, others)
        while True:
            with lock:
                i = next(todo, None)
            if i is None:
                return
            t0 = time.monotonic()
            try:
                status, body = scrape()
            except OSError:
                status, body = 0, b""
            dt = time.monotonic() - t0
            op = figures(body)[0] if status == 200 else None
            with lock:
                lat.append(dt)
                failures[0] += status != 200
                if i >= SCRAPES // 2 and op is not None:
                    during.append(op)

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return lat, failures[0], during, time.monotonic() - t0


def main():
    quiet_op, quiet_cv = quiet_figures()
    rss0, fd0 = footprint()
    lat, failures, during, wall = load()
    time.sleep(1)
    rss1, fd1 = footprint()
    lat.sort()
    p50 = lat[len(lat) // 2] * 1e3
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e3
    loaded_op = statistics.median(during) if during else float("nan")
    moved = abs(loaded_op - quiet_op) / quiet_op * 100
    rows = [
        ("scrapes (clients)", f"{len(lat)} ({CLIENTS})"),
        ("failed", f"{failures}"),
        ("wall time", f"{wall:.2f} s ({len(lat) / wall:.0f} scrapes/s)"),
        ("latency p50", f"{p50:.2f} ms"),
        ("latency p99", f"{p99:.2f} ms"),
        ("latency max", f"{lat[-1] * 1e3:.2f} ms"),
        ("null_call median, quiet", f"{quiet_op:.1f} ns (CV {quiet_cv:.1f}%)"),
        ("null_call median, under load", f"{loaded_op:.1f} ns"),
        ("median moved", f"{moved:.1f}% "
         f"({'less' if moved < quiet_cv else 'MORE'} than its CV)"),
        ("resident memory", f"{rss0} -> {rss1} KiB"),
        ("open descriptors", f"{fd0} -> {fd1}"),
    ]
    for k, v in rows:
        print(f"  {k:<30} {v}")
    ok = moved < quiet_cv and failures == 0 and fd1 <= fd0 + 2
    print(f"@@ listen: {SCRAPES} scrapes x {CLIENTS} clients|p50 {p50:.1f} ms"
          f" p99 {p99:.1f} ms, median moved {moved:.1f}% (CV {quiet_cv:.0f}%)"
          f"|{'#' * min(20, int(p99))}|{'ok' if ok else 'check'}")


main()
