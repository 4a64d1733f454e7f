"""listen-check.py PORT [CLASS]: the --listen endpoint of a running benchtop.

The metrics as Prometheus users expect them (node_exporter's
conventions): one unit a metric, named in it; every per-test value keyed
by test alone (placement only on benchtop_test_info); benchtop_test_ok
bare and benchtop_test_status a state set; a slice timestamp per test;
the class spelt as --identify's CLASS; the same families and label sets
in both formats, counters named with _total in both. Then paths,
methods, Accept negotiation, then malformed requests (huge
headers and URL, garbage, path traversal, bad methods, slowloris-style
trickles): each gets a 4xx or a closed connection, never a 2xx or 5xx,
and while 30 connections trickle, /metrics still answers within 2 s and
the monitor keeps taking samples. Prints one line per problem; exit 1
if any.
"""
import re
import socket
import sys
import time

PORT = int(sys.argv[1])
CLASS = sys.argv[2] if len(sys.argv) > 2 else None
problems = []
OM_ACCEPT = "Accept: application/openmetrics-text;version=1.0.0\r\n"
# Every per-test family and its one label set; the test's own value
# families carry `test` alone.
PER_TEST = {
    "benchtop_op_seconds": {"test"},
    "benchtop_op_cycles": {"test"},
    "benchtop_latency_seconds": {"test"},
    "benchtop_latency_cycles": {"test"},
    "benchtop_bandwidth_bytes_per_second": {"test"},
    "benchtop_rate_per_second": {"test"},
    "benchtop_sample_cv_ratio": {"test"},
    "benchtop_noisy_ratio": {"test"},
    "benchtop_samples_total": {"test"},
    "benchtop_last_slice_timestamp_seconds": {"test"},
    "benchtop_test_ok": {"test"},
    "benchtop_test_status": {"test", "status"},
    "benchtop_test_info": {"test", "group", "unit", "placement"},
    # deprecated, one release: the unit is what the value means
    "benchtop_rate": {"test", "unit"},
    "benchtop_sample_cv": {"test"},
}
DEPRECATED = ("benchtop_rate", "benchtop_sample_cv")
STATUSES = {"ok", "unsupported", "failed", "stopped"}
SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


def parse(body):
    """{family: (help, type)}, [(name, {label: value}, value)]."""
    meta, samples = {}, []
    for line in body.decode().splitlines():
        if line.startswith("# HELP "):
            name, _, text = line[7:].partition(" ")
            meta.setdefault(name, [None, None])[0] = text
        elif line.startswith("# TYPE "):
            name, _, typ = line[7:].partition(" ")
            meta.setdefault(name, [None, None])[1] = typ
        elif line and not line.startswith("#"):
            m = SAMPLE.match(line)
            if not m:
                problems.append(f"unparsed line: {line}")
                continue
            samples.append((m.group(1), dict(LABEL.findall(m.group(2) or "")),
                            float(m.group(3))))
    return meta, samples


def contract(fmt, body):
    """The families, label sets and values the names promise."""
    meta, samples = parse(body)
    names = {n for n, _, _ in samples}
    for fam in ("benchtop_op_seconds", "benchtop_sample_cv_ratio",
                "benchtop_test_status", "benchtop_test_info",
                "benchtop_last_slice_timestamp_seconds",
                "benchtop_samples_total", "benchtop_http_requests_total"):
        expect(f"{fmt}: no {fam}", fam in names)
    for n in names:
        expect(f"{fmt}: {n} has no help", meta.get(n, [None])[0])
    for dep in DEPRECATED:
        expect(f"{fmt}: {dep} not marked deprecated",
               (meta.get(dep, [""])[0] or "").startswith("Deprecated"))
    for n, labels, v in samples:
        if n in PER_TEST:
            expect(f"{fmt}: {n} labels {sorted(labels)}",
                   set(labels) == PER_TEST[n])
        elif "test" in labels:
            expect(f"{fmt}: {n}: a per-test family not in the contract",
                   False)
        if n != "benchtop_test_info":
            expect(f"{fmt}: placement on {n}", "placement" not in labels)
        if n.endswith("_total"):
            typ = meta.get(n, [None, None])[1]
            expect(f"{fmt}: counter {n} typed {typ}",
                   typ == ("counter" if fmt == "text" else None))
    status = {}
    for n, labels, v in samples:
        if n == "benchtop_test_status":
            status.setdefault(labels["test"], {})[labels["status"]] = v
    expect(f"{fmt}: no status series", status)
    for test, states in status.items():
        expect(f"{fmt}: {test} states {states}",
               set(states) == STATUSES and sum(states.values()) == 1)
    now = time.time()
    for n, labels, v in samples:
        if n == "benchtop_last_slice_timestamp_seconds":
            expect(f"{fmt}: {labels['test']} slice at {v}, now {now}",
                   now - 600 < v < now + 5)
        if n == "benchtop_info" and CLASS:
            expect(f"{fmt}: class {labels.get('class')} vs --identify's "
                   f"{CLASS}", labels.get("class") == CLASS)
    return {(n, tuple(sorted(l))) for n, l, _ in samples}


def formats():
    """The same families and label sets in both formats."""
    _, _, text = get("/metrics")
    _, _, om = get("/metrics", OM_ACCEPT)
    expect("same series in both formats",
           contract("text", text) == contract("openmetrics", om))


def request(raw, timeout=5.0):
    """Send raw bytes; (status, headers, body), status 0 if closed."""
    s = socket.create_connection(("127.0.0.1", PORT), timeout=timeout)
    data = b""
    try:
        s.sendall(raw)
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except (ConnectionResetError, BrokenPipeError, socket.timeout):
        pass
    finally:
        s.close()
    head, _, body = data.partition(b"\r\n\r\n")
    m = re.match(rb"HTTP/1\.[01] (\d+)", head)
    headers = dict(
        (k.strip().lower(), v.strip())
        for k, _, v in (line.decode("latin-1").partition(":")
                        for line in head.split(b"\r\n")[1:]))
    return (int(m.group(1)) if m else 0), headers, body


def get(path, extra="", method="GET"):
    return request(f"{method} {path} HTTP/1.1\r\nHost: t\r\n"
                   f"Connection: close\r\n{extra}\r\n".encode())


def expect(what, ok):
    if not ok:
        problems.append(what)


def samples_taken():
    _, _, body = get("/metrics")
    m = re.search(rb'benchtop_samples_total\{test="lmbench.null_call"\} (\S+)',
                  body)
    return float(m.group(1)) if m else -1


def well_formed():
    st, h, body = get("/metrics")
    expect(f"/metrics: {st}", st == 200)
    expect("/metrics: text format", h.get("content-type", "").startswith(
        "text/plain; version=0.0.4"))
    m = re.search(rb'benchtop_op_seconds\{test="lmbench.null_call"[^}]*\} (\S+)',
                  body)
    expect("/metrics: null_call op_seconds > 0", m and float(m.group(1)) > 0)
    st, h, body = get("/metrics", "Accept: application/openmetrics-text;"
                      "version=1.0.0,text/plain;q=0.5\r\n")
    expect("OpenMetrics when asked", h.get("content-type", "").startswith(
        "application/openmetrics-text") and body.endswith(b"# EOF\n"))
    st, h, body = get("/metrics",
                      "Accept: application/openmetrics-text;q=0\r\n")
    expect("q=0 refuses OpenMetrics", b"# EOF" not in body)
    st, h, body = get("/metrics", method="HEAD")
    expect(f"HEAD /metrics: {st}, {len(body)} bytes", st == 200 and not body)
    st, h, body = get("/")
    expect(f"/: {st}", st == 200 and b'href="/metrics"' in body)


def refused(what, st):
    expect(f"{what}: {st} (want 4xx or closed)", st == 0 or 400 <= st < 500)


def malformed():
    for path in ("/nope", "/metrics/", "/../etc/passwd", "/%2e%2e/etc/passwd",
                 "//metrics", "/metrics/../../etc/passwd"):
        st, _, body = get(path)
        refused(f"GET {path}", st)
        expect(f"{path} leaks a file", b"root:" not in body)
    for method in ("POST", "PUT", "DELETE", "TRACE", "OPTIONS", "BREW"):
        st, h, _ = get("/metrics", "Content-Length: 3\r\n\r\nabc"
                       if method == "POST" else "", method)
        refused(f"{method} /metrics", st)
        if method in ("POST", "PUT", "DELETE"):
            expect(f"{method}: 405 with Allow", st == 405 and "allow" in h)
    refused("64 KiB header", get("/metrics", "X-Big: " + "a" * 65536 +
                                 "\r\n")[0])
    refused("64 KiB URL", get("/" + "a" * 65536)[0])
    refused("garbage", request(b"\x00\x01\xffgarbage\r\n\r\n")[0])
    refused("no version", request(b"GET /metrics\r\n\r\n")[0])


def slowloris():
    """30 requests trickling a byte at a time while we scrape."""
    trickles = []
    for _ in range(30):
        s = socket.create_connection(("127.0.0.1", PORT), timeout=5)
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: t\r\n")
        trickles.append(s)
    before = samples_taken()
    slowest = 0.0
    for _ in range(8):
        for s in trickles:
            try:
                s.sendall(b"X")
            except OSError:
                pass
        t0 = time.monotonic()
        st, _, _ = get("/metrics")
        slowest = max(slowest, time.monotonic() - t0)
        expect(f"scrape during slowloris: {st}", st == 200)
        time.sleep(0.4)
    after = samples_taken()
    for s in trickles:
        s.close()
    expect(f"slowest scrape during slowloris {slowest:.2f} s", slowest < 2)
    expect(f"monitor stalled: samples {before} -> {after}", after > before > 0)


well_formed()
formats()
malformed()
slowloris()
well_formed()
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
