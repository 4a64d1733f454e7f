/*
 * export-listen.h: --listen [ADDR:]PORT: an HTTP endpoint of the running
 * monitor, through libmicrohttpd. /metrics holds the --openmetrics
 * families and the monitor's own (OpenMetrics when the scraper's Accept
 * asks for it, else the Prometheus text format); / links to it and to
 * the live screen's latest HTML snapshot. A scrape reads the store as
 * the screen does: it never blocks a worker or the screen.
 *
 * Two steps, so that a bad address or a port in use is a usage error
 * before anything runs:
 *   l = listen_open("127.0.0.1:9100", err, sizeof err);   bind
 *   listen_start(l, &source, err, sizeof err);             serve
 *   listen_close(l);                                      stop, free
 */

#ifndef BENCHTOP_LISTEN_H
#define BENCHTOP_LISTEN_H

#include <stddef.h>
#include <sys/socket.h>

#include "export-check.h"
#include "machine.h"
#include "monitor-store.h"
#include "monitor.h"

/* Connections served at once; more wait in the kernel's backlog. */
#define LISTEN_MAX_CONNECTIONS 100
/* Bytes one request may use: its line and headers (else 4xx). */
#define LISTEN_MAX_REQUEST_BYTES 16384
/* Seconds an idle or trickling connection is kept. */
#define LISTEN_TIMEOUT_S 10

struct listen_addr {
	struct sockaddr_storage ss;
	socklen_t len;
};

/* What the server shows; it must outlive the listener. */
struct listen_source {
	struct store *store;
	const struct machine *machine;
	struct monitor *monitor; /* each request is a screen pass of it */
	const char *snapshot;    /* --html FILE of the live screen, or NULL */
	const struct export_check *check; /* --check PROFILE, or NULL */
};

struct listener;

/*
 * "9100", "127.0.0.1:9100", "[::1]:9100": ADDR numeric, PORT 1..65535;
 * 127.0.0.1 unless an address is given. 0, or -1. `out` may be NULL.
 */
int listen_parse(const char *spec, struct listen_addr *out);

/* Bind and listen; NULL with a one-line message in err. */
struct listener *listen_open(const char *spec, char *err, size_t errsize);

/* Serve from a thread of the library's; 0, or -1 with a message. */
int listen_start(struct listener *l, const struct listen_source *src, char *err,
    size_t errsize);

/* Stop serving, close the socket, free; NULL is a no-op. */
void listen_close(struct listener *l);

#endif
