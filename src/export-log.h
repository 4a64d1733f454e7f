/*
 * export-log.h: --log FILE.csv, every live sample appended as one CSV line.
 *
 * The screen's thread calls export_log_write at each refresh and once at
 * the end. A sample is taken from its test's ring once and then lives in
 * the log's own buffer until the file has all of it: a short write is
 * continued, a failed one keeps the rest for the next call, and while the
 * buffer is not empty no new sample is taken (the rings keep them). A
 * sample the ring overwrote before it could be taken is counted as lost.
 * Whatever went wrong stays in export_log_status until a write succeeds.
 */

#ifndef BENCHTOP_EXPORT_LOG_H
#define BENCHTOP_EXPORT_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "monitor-store.h"

#define SAMPLE_LOG_HEADER                                                      \
	"timestamp,test,value,unit,ns_per_op,cycles_per_op,cpu,placement,"     \
	"marks,noisy,first_look\n"

struct sample_log {
	int fd;                 /* -1: no --log */
	struct store *store;    /* set by export_log_start */
	double epoch_s;         /* wall time of the store's epoch */
	uint64_t *taken;        /* per test: samples already in the buffer */
	struct ring_entry *buf; /* one test's ring, copied */
	char *pending;          /* lines not yet in the file */
	size_t len, cap;
	uint64_t lost; /* samples overwritten before they were taken */
	int error;     /* errno of the last failed write or allocation */
};

/*
 * Open `path` for appending (a regular file, created 0644) and write the
 * header when it is empty; path NULL: no log (fd -1). 0, or -1 with
 * "--log: ..." in err.
 */
int export_log_open(struct sample_log *lg, const char *path, char *err,
    size_t size);

/* Allocate for the store's tests; 0, or -1 (out of memory). */
int export_log_start(struct sample_log *lg, struct store *s);

/*
 * Take every new sample (with `marks`, the marks so far) and write what
 * is pending. 0 when the file has everything, -1 when some is still
 * pending or was lost (see export_log_status).
 */
int export_log_write(struct sample_log *lg, size_t marks);

/*
 * A change of the machine's context as a row of the same eleven fields:
 * test "benchtop.context", no value, the change's name ("THP always") in
 * the unit column and the fact's key in the placement column, `marks`
 * counting it; at `t_ms` on the store's clock. Written with the next
 * export_log_write, in order. 0, or -1 (out of memory).
 */
int export_log_note(struct sample_log *lg, uint32_t t_ms, const char *label,
    const char *key, size_t marks);

/*
 * "" when all is well, else one line for the status: "--log: No space
 * left on device, 120 lines waiting, 3 samples lost".
 */
const char *export_log_status(const struct sample_log *lg, char *buf,
    size_t size);

/* Close the file and free; safe on a log never opened or started. */
void export_log_close(struct sample_log *lg);

#endif
