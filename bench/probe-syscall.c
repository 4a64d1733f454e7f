/*
 * probe-syscall.c: a minimal, independent reference probe for the
 * system-call tests, to cross-check benchtop's numbers (bench/overhead.sh).
 *
 *   probe-syscall null|byte [-s SECONDS] [-v]
 *
 *   null  one syscall(SYS_getppid) per op (the lmbench "null call" shape)
 *   byte  close(dup(0)); syscall(SYS_getpid); syscall(SYS_getuid);
 *         umask(022) per op (the BYTE "System Call Overhead" shape)
 *
 * Plain C, no project headers, on purpose: it shares no code with benchtop
 * so a bug in one is not hidden by the same bug in the other.
 *
 * Method: pin to the CPU we are on, calibrate (which also warms up), then
 * time REPS repetitions of a fixed iteration count sized to last about
 * SECONDS each (default 1) with CLOCK_MONOTONIC_RAW read only at the
 * ends of each repetition. Prints the median ns per op and the CV
 * (sample standard deviation / mean) of the repetitions on one line:
 *
 *   null 123.4 ns/op cv 0.8%
 *
 * -v also prints each repetition on stderr.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define REPS            5
#define CALIBRATE_NS    50000000.0 /* calibrate until a batch takes 50 ms */
#define CALIBRATE_TRIES 3
#define MAX_SECONDS     3600.0

typedef void (*loop_fn)(unsigned long);

static void loop_null(unsigned long);
static void loop_byte(unsigned long);
static double now_ns(void);
static double time_loop(loop_fn, unsigned long);
static void pin_here(void);
static int ensure_fd0(void);
static int cmp_double(const void *, const void *);
static void usage(const char *);

static __attribute__((noinline)) void
loop_null(unsigned long n)
{
	while (n-- > 0)
		syscall(SYS_getppid);
}

static __attribute__((noinline)) void
loop_byte(unsigned long n)
{
	while (n-- > 0) {
		close(dup(0));
		syscall(SYS_getpid);
		syscall(SYS_getuid);
		umask(022);
	}
}

static double
now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC_RAW, &ts) != 0) {
		perror("probe-syscall: clock_gettime(CLOCK_MONOTONIC_RAW)");
		exit(1);
	}
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Wall time in ns of n iterations of fn. */
static double
time_loop(loop_fn fn, unsigned long n)
{
	double t0, t1;

	t0 = now_ns();
	fn(n);
	t1 = now_ns();
	return t1 - t0;
}

/* Stay on the CPU we started on, so migrations do not add noise. */
static void
pin_here(void)
{
	cpu_set_t set;
	int cpu;

	cpu = sched_getcpu();
	if (cpu < 0) {
		fprintf(stderr,
		    "probe-syscall: sched_getcpu: %s (not pinned)\n",
		    strerror(errno));
		return;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0)
		fprintf(stderr,
		    "probe-syscall: sched_setaffinity(cpu %d): %s (not "
		    "pinned)\n",
		    cpu, strerror(errno));
}

/*
 * "byte" duplicates fd 0; if it is closed, dup(0) would fail with EBADF
 * and the loop would time a different (cheaper) path. Put /dev/null there.
 */
static int
ensure_fd0(void)
{
	int fd;

	if (fcntl(0, F_GETFD) != -1)
		return 0;
	fd = open("/dev/null", O_RDONLY);
	if (fd < 0) {
		perror("probe-syscall: /dev/null");
		return -1;
	}
	if (fd != 0) {
		if (dup2(fd, 0) != 0) {
			perror("probe-syscall: dup2");
			return -1;
		}
		close(fd);
	}
	return 0;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void
usage(const char *why)
{
	if (why != NULL)
		fprintf(stderr, "probe-syscall: %s\n", why);
	fprintf(stderr, "usage: probe-syscall null|byte [-s SECONDS] [-v]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	const char *mode = NULL;
	double seconds = 1.0, est, sum, mean, ss, sd, median;
	double ns[REPS], sorted[REPS];
	unsigned long n, iters;
	loop_fn fn;
	int i, verbose = 0;
	char *end;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-s") == 0) {
			if (++i >= argc)
				usage("-s needs a value");
			errno = 0;
			seconds = strtod(argv[i], &end);
			if (errno != 0 || end == argv[i] || *end != '\0' ||
			    !(seconds > 0.0) || seconds > MAX_SECONDS)
				usage("-s wants seconds in (0, 3600]");
		} else if (strcmp(argv[i], "-v") == 0) {
			verbose = 1;
		} else if (strcmp(argv[i], "-h") == 0) {
			usage(NULL);
		} else if (argv[i][0] == '-') {
			usage("unknown option");
		} else if (mode == NULL) {
			mode = argv[i];
		} else {
			usage("one test only");
		}
	}
	if (mode == NULL)
		usage("which test?");
	if (strcmp(mode, "null") == 0)
		fn = loop_null;
	else if (strcmp(mode, "byte") == 0)
		fn = loop_byte;
	else
		usage("test is null or byte");

	if (fn == loop_byte && ensure_fd0() != 0)
		return 1;
	pin_here();

	/*
	 * Calibrate (and warm up): grow the batch until it takes
	 * CALIBRATE_NS, then take the fastest of CALIBRATE_TRIES more
	 * batches of that size, so one slow first batch (page faults, a
	 * preemption) does not shrink every repetition.
	 */
	for (n = 1000;; n *= 2) {
		est = time_loop(fn, n);
		if (est >= CALIBRATE_NS || n > (1UL << 40))
			break;
	}
	for (i = 0; i < CALIBRATE_TRIES; i++) {
		double t = time_loop(fn, n);

		if (t < est)
			est = t;
	}
	est /= (double)n;
	if (!(est > 0.0))
		est = 1.0;
	iters = (unsigned long)(seconds * 1e9 / est);
	if (iters < 1)
		iters = 1;

	for (i = 0; i < REPS; i++) {
		ns[i] = time_loop(fn, iters) / (double)iters;
		if (verbose)
			fprintf(stderr, "%s rep %d: %.2f ns/op (%lu ops)\n",
			    mode, i + 1, ns[i], iters);
	}

	memcpy(sorted, ns, sizeof sorted);
	qsort(sorted, REPS, sizeof sorted[0], cmp_double);
	median = REPS % 2 ? sorted[REPS / 2]
	                  : (sorted[REPS / 2 - 1] + sorted[REPS / 2]) / 2.0;
	for (sum = 0.0, i = 0; i < REPS; i++)
		sum += ns[i];
	mean = sum / REPS;
	for (ss = 0.0, i = 0; i < REPS; i++)
		ss += (ns[i] - mean) * (ns[i] - mean);
	sd = sqrt(ss / (REPS - 1));

	printf("%s %.1f ns/op cv %.1f%%\n", mode, median,
	    mean > 0.0 ? sd / mean * 100.0 : 0.0);
	return 0;
}
