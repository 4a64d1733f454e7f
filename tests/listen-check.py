"""listen-check.py PORT: the --listen endpoint of a running benchtop.

Paths, methods, Accept negotiation, then malformed requests (huge
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
problems = []


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
malformed()
slowloris()
well_formed()
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
