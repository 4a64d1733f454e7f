/*
 * export-log.c: --log FILE.csv (see export-log.h for what is promised).
 */

#include "config.h"

#include "export-log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base-units.h"
#include "export.h"
#include "machine-context.h"

/* The first size of the line buffer; it doubles as needed. */
#define LOG_FIRST_CAP 4096

/* Write all of buf, continuing short writes; the bytes written. */
static size_t
write_all(int fd, const char *buf, size_t len, int *error)
{
	size_t done = 0;
	ssize_t w;

	while (done < len) {
		w = write(fd, buf + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			*error = w < 0 ? errno : EIO;
			break;
		}
		done += (size_t)w;
	}
	return done;
}

/*
 * A log is appended to only under its own header: lines of other columns
 * (an older benchtop's) would be misread. 0, or -1 with the reason in err.
 */
static int
same_header(int fd, const char *path, char *err, size_t size)
{
	static const char header[] = SAMPLE_LOG_HEADER;
	char head[sizeof header];
	ssize_t got = pread(fd, head, sizeof head - 1, 0);

	if (got == (ssize_t)sizeof head - 1 &&
	    memcmp(head, header, sizeof head - 1) == 0)
		return 0;
	(void)snprintf(err, size,
	    "--log: '%s' has other columns (an older benchtop's log?): "
	    "name a new file",
	    path);
	return -1;
}

int
export_log_open(struct sample_log *lg, const char *path, char *err, size_t size)
{
	static const char header[] = SAMPLE_LOG_HEADER;
	struct stat sb;
	int error = 0;

	memset(lg, 0, sizeof *lg);
	lg->fd = -1;
	if (path == NULL)
		return 0;
	lg->fd = open(path,
	    O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (lg->fd < 0 || fstat(lg->fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		(void)snprintf(err, size, "--log: cannot write '%s': %s", path,
		    lg->fd < 0 ? strerror(errno) : "not a regular file");
		return -1;
	}
	if (sb.st_size > 0)
		return same_header(lg->fd, path, err, size);
	if (write_all(lg->fd, header, sizeof header - 1, &error) <
	    sizeof header - 1) {
		(void)snprintf(err, size, "--log: '%s': %s", path,
		    strerror(error));
		return -1;
	}
	return 0;
}

int
export_log_start(struct sample_log *lg, struct store *s)
{
	size_t n = store_count(s);

	if (lg->fd < 0)
		return 0;
	lg->store = s;
	lg->epoch_s = export_store_epoch_s(s);
	lg->taken = calloc(n ? n : 1, sizeof *lg->taken);
	lg->buf = malloc(STORE_FINE_SLOTS * sizeof *lg->buf);
	return lg->taken != NULL && lg->buf != NULL ? 0 : -1;
}

/* Room for `more` bytes and a NUL; 0, or -1 with the buffer unchanged. */
static int
reserve(struct sample_log *lg, size_t more)
{
	size_t cap = lg->cap ? lg->cap : LOG_FIRST_CAP;
	char *p;

	while (cap < lg->len + more + 1)
		cap *= 2;
	if (cap == lg->cap)
		return 0;
	if ((p = realloc(lg->pending, cap)) == NULL) {
		lg->error = ENOMEM;
		return -1;
	}
	lg->pending = p;
	lg->cap = cap;
	return 0;
}

/* Append one sample's line; 0, or -1 (no room: nothing appended). */
static int
append_line(struct sample_log *lg, const struct bench_test *t,
    const char *place, const struct ring_entry *e, size_t marks)
{
	int w;

	for (int round = 0; round < 2; round++) {
		size_t room = lg->cap - lg->len;

		w = snprintf(lg->pending + lg->len, room,
		    "%.3f,%s,%.6g,%s,%.6g,%.6g,%d,%s,%zu,%d,%d\n",
		    lg->epoch_s + e->t_ms / 1e3, t->id,
		    units_value(t->unit, t->work_per_op, e->ns_per_op,
		        e->cycles_per_op),
		    bench_unit_name(t->unit), e->ns_per_op, e->cycles_per_op,
		    e->cpu, place, marks, (e->flags & SAMPLE_F_NOISY) != 0,
		    (e->flags & SAMPLE_F_FIRST_LOOK) != 0);
		if (w < 0) {
			lg->error = errno;
			return -1;
		}
		if ((size_t)w < room) {
			lg->len += (size_t)w;
			return 0;
		}
		/* Cut short: grow to fit and format again, never keep a cut
		 * line. */
		if (reserve(lg, (size_t)w) != 0)
			return -1;
	}
	return -1;
}

/* Move test i's new samples into the buffer; 0, or -1 if out of room. */
static int
take_test(struct sample_log *lg, size_t i, size_t marks)
{
	struct store_view v;
	const char *place;

	store_snapshot(lg->store, i, &v, lg->buf, STORE_FINE_SLOTS, 0);
	place = bench_placement_name(v.meta.placement);
	if (v.first_seq > lg->taken[i]) { /* the ring went round first */
		lg->lost += v.first_seq - lg->taken[i];
		lg->taken[i] = v.first_seq;
	}
	for (size_t k = 0; k < v.n; k++) {
		if (v.first_seq + k < lg->taken[i])
			continue;
		if (reserve(lg, 256) != 0 ||
		    append_line(lg, v.test, place, &lg->buf[k], marks) != 0)
			return -1;
		lg->taken[i] = v.first_seq + k + 1;
	}
	return 0;
}

/* Write the buffer; keeps what was not written. 0 when it is empty. */
static int
flush_pending(struct sample_log *lg)
{
	size_t done;

	if (lg->len == 0)
		return 0;
	done = write_all(lg->fd, lg->pending, lg->len, &lg->error);
	memmove(lg->pending, lg->pending + done, lg->len - done);
	lg->len -= done;
	return lg->len == 0 ? 0 : -1;
}

int
export_log_note(struct sample_log *lg, uint32_t t_ms, const char *label,
    const char *key, size_t marks)
{
	char line[256], safe[CONTEXT_LABEL_MAX];
	int w;

	if (lg->fd < 0 || lg->store == NULL)
		return 0;
	/* A comma or a quote would shift the columns: a CSV reader reads
	 * eleven fields on every line. */
	(void)snprintf(safe, sizeof safe, "%s", label);
	for (char *p = safe; *p != '\0'; p++)
		if (*p == ',' || *p == '"' || *p == '\n')
			*p = ' ';
	w = snprintf(line, sizeof line,
	    "%.3f,benchtop.context,,%s,,,,%.48s,%zu,0,0\n",
	    lg->epoch_s + t_ms / 1e3, safe, key, marks);
	if (w < 0 || (size_t)w >= sizeof line || reserve(lg, (size_t)w) != 0)
		return -1;
	memcpy(lg->pending + lg->len, line, (size_t)w);
	lg->len += (size_t)w;
	return 0;
}

int
export_log_write(struct sample_log *lg, size_t marks)
{
	if (lg->fd < 0 || lg->store == NULL)
		return 0;
	/* What an earlier call could not write goes first, and alone. */
	if (flush_pending(lg) != 0)
		return -1;
	lg->error = 0;
	for (size_t i = 0; i < store_count(lg->store); i++)
		if (take_test(lg, i, marks) != 0)
			break; /* out of memory: the rest stays in the rings */
	return flush_pending(lg);
}

/* Append ", " (unless first) and the text to buf at *n, if it fits. */
static void
status_part(char *buf, size_t size, int *n, const char *text)
{
	if (*n >= 0 && (size_t)*n < size)
		*n += snprintf(buf + *n, size - (size_t)*n, "%s%s",
		    buf[*n - 1] == ' ' ? "" : ", ", text);
}

const char *
export_log_status(const struct sample_log *lg, char *buf, size_t size)
{
	char part[64];
	size_t lines = 0;
	int n;

	buf[0] = '\0';
	if (lg->fd < 0 || (lg->error == 0 && lg->len == 0 && lg->lost == 0))
		return buf;
	for (const char *p = lg->pending; p && p < lg->pending + lg->len; p++)
		lines += *p == '\n';
	n = snprintf(buf, size, "--log: ");
	if (lg->error != 0)
		status_part(buf, size, &n, strerror(lg->error));
	if (lines > 0) {
		(void)snprintf(part, sizeof part, "%zu lines waiting", lines);
		status_part(buf, size, &n, part);
	}
	if (lg->lost > 0) {
		(void)snprintf(part, sizeof part, "%llu samples lost",
		    (unsigned long long)lg->lost);
		status_part(buf, size, &n, part);
	}
	return buf;
}

void
export_log_close(struct sample_log *lg)
{
	if (lg->fd >= 0)
		(void)close(lg->fd);
	lg->fd = -1;
	free(lg->taken);
	free(lg->buf);
	free(lg->pending);
	lg->taken = NULL;
	lg->buf = NULL;
	lg->pending = NULL;
}
