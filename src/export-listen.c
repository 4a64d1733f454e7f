/*
 * export-listen.c: the HTTP endpoint. libmicrohttpd runs one thread of its own
 * (every signal blocked: it is started after the monitor blocks them)
 * that polls all connections; each request builds its answer in memory
 * from store snapshots and hands it over. Only that thread touches the
 * request counter.
 */

#include "config.h"

#include "export-listen.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_LIBMICROHTTPD
#include <microhttpd.h>
#endif

#include "base-html.h"
#include "export-scrape.h"
#include "monitor-borrow.h"

/* How long a request waits for the workers when every CPU is claimed. */
#define LISTEN_WAIT_MS 200

struct listener {
	int fd;
	char spec[64];
	struct listen_source src;
#ifdef HAVE_LIBMICROHTTPD
	struct MHD_Daemon *daemon;
#endif
	unsigned long long requests; /* the server thread's own */
};

/* "PORT" digits only, 1..65535. */
static int
parse_port(const char *s, in_port_t *port)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9' || strlen(s) > 5)
		return -1;
	v = strtol(s, &end, 10);
	if (*end != '\0' || v < 1 || v > 65535)
		return -1;
	*port = htons((in_port_t)v);
	return 0;
}

/* "[v6]:PORT" into an IPv6 address. */
static int
parse_v6(const char *spec, struct listen_addr *a)
{
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&a->ss;
	const char *close = strchr(spec, ']');
	char host[INET6_ADDRSTRLEN];

	if (close == NULL || close[1] != ':' ||
	    (size_t)(close - spec - 1) >= sizeof host)
		return -1;
	memcpy(host, spec + 1, (size_t)(close - spec - 1));
	host[close - spec - 1] = '\0';
	in6->sin6_family = AF_INET6;
	a->len = sizeof *in6;
	if (inet_pton(AF_INET6, host, &in6->sin6_addr) != 1)
		return -1;
	return parse_port(close + 2, &in6->sin6_port);
}

int
listen_parse(const char *spec, struct listen_addr *out)
{
	struct listen_addr a;
	struct sockaddr_in *in = (struct sockaddr_in *)&a.ss;
	const char *colon = strrchr(spec, ':');
	char host[INET_ADDRSTRLEN];

	memset(&a, 0, sizeof a);
	if (spec[0] == '[') {
		if (parse_v6(spec, &a) != 0)
			return -1;
	} else {
		in->sin_family = AF_INET;
		a.len = sizeof *in;
		in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		if (colon != NULL) {
			if ((size_t)(colon - spec) >= sizeof host)
				return -1;
			memcpy(host, spec, (size_t)(colon - spec));
			host[colon - spec] = '\0';
			if (inet_pton(AF_INET, host, &in->sin_addr) != 1)
				return -1;
		}
		if (parse_port(colon ? colon + 1 : spec, &in->sin_port) != 0)
			return -1;
	}
	if (out != NULL)
		*out = a;
	return 0;
}

struct listener *
listen_open(const char *spec, char *err, size_t errsize)
{
	struct listen_addr a;
	struct listener *l;
	int one = 1;

	if (listen_parse(spec, &a) != 0) {
		(void)snprintf(err, errsize, "--listen: bad value '%.64s'",
		    spec);
		return NULL;
	}
#ifndef HAVE_LIBMICROHTTPD
	(void)snprintf(err, errsize,
	    "--listen: this benchtop was built without libmicrohttpd");
	return NULL;
#endif
	if ((l = calloc(1, sizeof *l)) == NULL) {
		(void)snprintf(err, errsize, "out of memory");
		return NULL;
	}
	(void)snprintf(l->spec, sizeof l->spec, "%.63s", spec);
	l->fd = socket(a.ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (l->fd < 0 ||
	    setsockopt(l->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) !=
	        0 ||
	    bind(l->fd, (struct sockaddr *)&a.ss, a.len) != 0 ||
	    listen(l->fd, 128) != 0) {
		(void)snprintf(err, errsize,
		    "--listen: cannot bind '%.64s': %s", spec, strerror(errno));
		listen_close(l);
		return NULL;
	}
	return l;
}

#ifdef HAVE_LIBMICROHTTPD

/* Does the client's Accept take OpenMetrics (with a q above 0)? */
static int
wants_openmetrics(struct MHD_Connection *c)
{
	const char *accept =
	    MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept");
	const char *om, *q;
	size_t len;

	if (accept == NULL ||
	    (om = strstr(accept, "application/openmetrics-text")) == NULL)
		return 0;
	len = strcspn(om, ",");
	q = strstr(om, "q=");
	return q == NULL || q >= om + len || strtod(q + 2, NULL) > 0;
}

/* Queue a response of `len` malloc'd bytes; frees body either way. */
static enum MHD_Result
answer(struct MHD_Connection *c, unsigned status, const char *type, char *body,
    size_t len)
{
	struct MHD_Response *r =
	    MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	enum MHD_Result rc;

	if (r == NULL) {
		free(body);
		return MHD_NO;
	}
	(void)MHD_add_response_header(r, "Content-Type", type);
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		(void)MHD_add_response_header(r, "Allow", "GET, HEAD");
	rc = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return rc;
}

/* A short text answer (404, 405, 500). */
static enum MHD_Result
answer_text(struct MHD_Connection *c, unsigned status, const char *text)
{
	char *body = strdup(text);

	return body
	    ? answer(c, status, "text/plain; charset=utf-8", body, strlen(body))
	    : MHD_NO;
}

static enum MHD_Result
serve_metrics(struct listener *l, struct MHD_Connection *c)
{
	int om = wants_openmetrics(c);
	char *body = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&body, &len);
	int rc;

	if (f == NULL)
		return answer_text(c, 500, "out of memory\n");
	rc = scrape_write_metrics(f, l->src.store, l->src.machine,
	    l->src.monitor, l->src.check, om);
	scrape_counter_header(f, "benchtop_http_requests_total",
	    "HTTP requests this endpoint has answered.", om);
	fprintf(f, "benchtop_http_requests_total %llu\n%s", l->requests,
	    om ? "# EOF\n" : "");
	if (fclose(f) != 0 || rc != 0) {
		free(body);
		return answer_text(c, 500, "cannot build the metrics\n");
	}
	return answer(c, MHD_HTTP_OK,
	    om ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
	       : "text/plain; version=0.0.4; charset=utf-8",
	    body, len);
}

/* The latest snapshot the screen wrote, as it is on disk. */
static enum MHD_Result
serve_snapshot(struct listener *l, struct MHD_Connection *c)
{
	FILE *f = l->src.snapshot ? fopen(l->src.snapshot, "re") : NULL;
	char *body;
	long len;

	if (f == NULL)
		return answer_text(c, MHD_HTTP_NOT_FOUND,
		    "no snapshot yet: key H on the live screen writes one\n");
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
	    len > (32L << 20) || fseek(f, 0, SEEK_SET) != 0 ||
	    (body = malloc((size_t)len + 1)) == NULL) {
		(void)fclose(f);
		return answer_text(c, 500, "cannot read the snapshot\n");
	}
	len = (long)fread(body, 1, (size_t)len, f);
	(void)fclose(f);
	return answer(c, MHD_HTTP_OK, "text/html; charset=utf-8", body,
	    (size_t)len);
}

static enum MHD_Result
serve_index(struct listener *l, struct MHD_Connection *c)
{
	char *body = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&body, &len);

	if (f == NULL)
		return answer_text(c, 500, "out of memory\n");
	html_begin(f, "benchtop");
	fputs("<h1>benchtop on ", f);
	html_text(f, l->src.machine->host);
	fputs("</h1>\n<ul>\n<li><a href=\"/metrics\">/metrics</a>: "
	      "the figures of every test, for Prometheus</li>\n",
	    f);
	if (l->src.snapshot != NULL)
		fputs("<li><a href=\"/snapshot.html\">/snapshot.html</a>: the "
		      "live screen's latest HTML snapshot (key H)</li>\n",
		    f);
	fputs("</ul>\n", f);
	html_end(f);
	if (fclose(f) != 0) {
		free(body);
		return answer_text(c, 500, "out of memory\n");
	}
	return answer(c, MHD_HTTP_OK, "text/html; charset=utf-8", body, len);
}

static enum MHD_Result
serve_path(struct listener *l, struct MHD_Connection *c, const char *url)
{
	if (strcmp(url, "/metrics") == 0)
		return serve_metrics(l, c);
	if (strcmp(url, "/") == 0)
		return serve_index(l, c);
	if (strcmp(url, "/snapshot.html") == 0)
		return serve_snapshot(l, c);
	return answer_text(c, MHD_HTTP_NOT_FOUND, "not found\n");
}

/*
 * An answer is built as a screen pass of the monitor: from a CPU no
 * slice claims, else while the workers wait between two samples.
 */
static enum MHD_Result
serve_off_claims(struct listener *l, struct MHD_Connection *c, const char *url)
{
	enum MHD_Result rc;
	int pass;

	if (l->src.monitor == NULL)
		return serve_path(l, c, url);
	pass = borrow_screen_begin(l->src.monitor, 0, LISTEN_WAIT_MS);
	rc = serve_path(l, c, url);
	borrow_screen_end(l->src.monitor, pass);
	return rc;
}

/* Every request: GET or HEAD of three paths; the answer at once. */
static enum MHD_Result
on_request(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **state)
{
	struct listener *l = cls;

	if (*state != NULL) { /* a body arriving after the answer: drop it */
		*upload_size = 0;
		return MHD_YES;
	}
	*state = l;
	l->requests++;
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		return answer_text(c, MHD_HTTP_METHOD_NOT_ALLOWED,
		    "only GET and HEAD\n");
	return serve_off_claims(l, c, url);
}

/*
 * The server's thread is made with the caller's CPU mask: narrow it for
 * the moment to the CPUs no worker has, when there are any, so that a
 * scrape never takes a measuring CPU. Returns 1 if the mask changed.
 */
static int
avoid_worker_cpus(const struct monitor *mon, cpu_set_t *saved)
{
	cpu_set_t free_cpus;

	if (mon == NULL ||
	    pthread_getaffinity_np(pthread_self(), sizeof *saved, saved) != 0)
		return 0;
	free_cpus = *saved;
	for (int k = 0; k < monitor_workers(mon); k++)
		if (monitor_worker_cpu(mon, k) >= 0)
			CPU_CLR(monitor_worker_cpu(mon, k), &free_cpus);
	return CPU_COUNT(&free_cpus) > 0 &&
	    pthread_setaffinity_np(pthread_self(), sizeof free_cpus,
	        &free_cpus) == 0;
}

int
listen_start(struct listener *l, const struct listen_source *src, char *err,
    size_t errsize)
{
	cpu_set_t saved;
	int narrowed = avoid_worker_cpus(src->monitor, &saved);

	l->src = *src;
	l->daemon = MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD, 0, NULL,
	    NULL, on_request, l, MHD_OPTION_LISTEN_SOCKET, l->fd,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned)LISTEN_MAX_CONNECTIONS,
	    MHD_OPTION_CONNECTION_MEMORY_LIMIT,
	    (size_t)LISTEN_MAX_REQUEST_BYTES, MHD_OPTION_CONNECTION_TIMEOUT,
	    (unsigned)LISTEN_TIMEOUT_S, MHD_OPTION_END);
	if (narrowed)
		(void)pthread_setaffinity_np(pthread_self(), sizeof saved,
		    &saved);
	if (l->daemon == NULL) {
		(void)snprintf(err, errsize,
		    "--listen '%s': the HTTP server did not start", l->spec);
		return -1;
	}
	l->fd = -1; /* the daemon closes it when it stops */
	return 0;
}

#else

int
listen_start(struct listener *l, const struct listen_source *src, char *err,
    size_t errsize)
{
	(void)snprintf(err, errsize,
	    "--listen: this benchtop was built without libmicrohttpd");
	return -1;
}

#endif

void
listen_close(struct listener *l)
{
	if (l == NULL)
		return;
#ifdef HAVE_LIBMICROHTTPD
	if (l->daemon != NULL)
		MHD_stop_daemon(l->daemon);
#endif
	if (l->fd >= 0)
		(void)close(l->fd);
	free(l);
}
