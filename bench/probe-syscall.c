/*
 * probe-syscall.c: a minimal, independent reference probe for the
 * system-call tests, to cross-check benchtop's numbers (bench/overhead.sh).
 *
 *   probe-syscall null|io|stat|byte|fork|dhry|memrd [-s SECONDS] [-r REPS]
 *       [-t PCT] [-v]
 *
 *   null  one syscall(SYS_getppid) per op (the lmbench "null call" shape)
 *   io    a 1-byte read() of /dev/zero and a 1-byte write() to /dev/null,
 *         alternating, one of them per op: ns/op is the mean of the two,
 *         as lmbench's summary "null I/O" is the mean of its "Simple
 *         read" and "Simple write"
 *   stat  one stat() of a file the probe creates (and removes at exit):
 *         "$TMPDIR/probesys.PID.XXXXXX/lat_syscall.XXXXXX", the same
 *         depth and name lengths as benchtop's "<scratch>/lat_syscall.XXXXXX"
 *         in "$TMPDIR/benchtop.PID.XXXXXX", since the path walk is part of
 *         what stat() costs (lmbench's lat_syscall stat shape)
 *   byte  close(dup(0)); syscall(SYS_getpid); syscall(SYS_getuid);
 *         umask(022) per op (the BYTE "System Call Overhead" shape)
 *   fork  fork(); the child exit(0)s at once; waitpid() for it: the
 *         smallest process creation a C program can time (lat_proc fork
 *         and BYTE spawn, from a process of one thread and libc only;
 *         exit(), not _exit(), as their children leave),
 *         the bar for benchtop's lmbench.fork (bench/proc-fidelity.sh)
 *   dhry  a Dhrystone-like pass of CPU work: small calls the compiler
 *         may not inline, a record copy, a 30-character string copy
 *         and compare, integer arithmetic (not Dhrystone itself: the bar
 *         for byte.dhry2's steadiness, not its speed)
 *   memrd one 512-byte chunk of a 64 MiB buffer read as 128 4-byte
 *         words summed, walking on round the buffer (bw_mem frd's body;
 *         the bar for lmbench.bw_mem_read)
 *
 * Plain C, no project headers, on purpose: it shares no code with benchtop
 * so a bug in one is not hidden by the same bug in the other.
 *
 * Method: pin to the CPU we are on, calibrate (which also warms up), then
 * time REPS repetitions (-r, default 5) of a fixed iteration count sized
 * to last about SECONDS each (-s, default 1) with CLOCK_MONOTONIC_RAW
 * read only at the ends of each repetition. Prints the median ns per op,
 * the CV (sample standard deviation / mean) and the fastest of the
 * repetitions on one line:
 *
 *   null 123.4 ns/op cv 0.80% min 121.9 disturbed 0.10% noisy 2/120
 *
 * "disturbed" is the median over the repetitions of the share of a
 * repetition's wall time that the probe was off the CPU, runnable but
 * waiting (run_delay of /proc/thread-self/schedstat), or stolen by the
 * hypervisor (the CPU's steal in /proc/stat); "noisy" counts the
 * repetitions whose share exceeds -t PCT (default 5): the rule benchtop
 * flags its samples by, applied to a bare loop. Both files are read
 * between repetitions, outside the timed interval.
 *
 * -v also prints each repetition on stderr (ns/op, ops, disturbed share
 * as a fraction). Exit status 0, 1 when a
 * call fails or setup is impossible, 2 on a usage error.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define REPS_DEFAULT    5
#define REPS_MAX        1000
#define CALIBRATE_NS    50000000.0 /* calibrate until a batch takes 50 ms */
#define CALIBRATE_TRIES 3
#define MAX_SECONDS     3600.0

typedef void (*loop_fn)(unsigned long);

static void loop_null(unsigned long);
static void loop_io(unsigned long);
static void loop_stat(unsigned long);
static void loop_byte(unsigned long);
static void loop_fork(unsigned long);
static void loop_dhry(unsigned long);
static void loop_memrd(unsigned long);
static int memrd_setup(void);
static int io_setup(void);
static int stat_setup(void);
static void stat_cleanup(void);
static void on_fatal_signal(int);
static void die(const char *);
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

/* io: the two descriptors, opened once before timing. */
static int fd_zero = -1, fd_null = -1;

/* stat: the file and its private directory ("" when none). */
static char stat_dir[4096], stat_path[4096];

static void
die(const char *what)
{
	perror(what);
	stat_cleanup();
	exit(1);
}

/*
 * One op is one call: n ops are n / 2 read+write pairs (and one more
 * read when n is odd), so time / n is the mean of a read and a write.
 */
static __attribute__((noinline)) void
loop_io(unsigned long n)
{
	char c = 0;

	for (; n >= 2; n -= 2) {
		if (read(fd_zero, &c, 1) != 1)
			die("probe-syscall: read /dev/zero");
		if (write(fd_null, &c, 1) != 1)
			die("probe-syscall: write /dev/null");
	}
	if (n > 0 && read(fd_zero, &c, 1) != 1)
		die("probe-syscall: read /dev/zero");
}

static __attribute__((noinline)) void
loop_stat(unsigned long n)
{
	struct stat sb;

	while (n-- > 0)
		if (stat(stat_path, &sb) != 0)
			die("probe-syscall: stat");
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

static __attribute__((noinline)) void
loop_fork(unsigned long n)
{
	pid_t pid;
	int status;

	while (n-- > 0) {
		if ((pid = fork()) < 0)
			die("probe-syscall: fork");
		if (pid == 0)
			exit(0);
		while (waitpid(pid, &status, 0) < 0)
			if (errno != EINTR)
				die("probe-syscall: waitpid");
	}
}

/* dhry: a record, strings and counters the compiler cannot see through. */
struct dhry_rec {
	struct dhry_rec *next;
	int kind, value;
	char text[31];
};
static struct dhry_rec dhry_a, dhry_b;
static char dhry_s1[31], dhry_s2[31];
static int dhry_arr[50];
static volatile int dhry_sink;

static __attribute__((noinline)) int
dhry_f1(int a, int b)
{
	return a + b + 2;
}

static __attribute__((noinline)) void
dhry_p1(struct dhry_rec *r, int i)
{
	*r->next = *r; /* the record copy */
	r->next->value = dhry_f1(r->value, i) % 1000;
	r->kind = (r->kind + 1) & 3;
}

static __attribute__((noinline)) int
dhry_p2(const char *a, const char *b)
{
	return strcmp(a, b) > 0;
}

static __attribute__((noinline)) void
loop_dhry(unsigned long n)
{
	int acc = 0;

	dhry_a.next = &dhry_b;
	for (unsigned long i = 0; i < n; i++) {
		int x = (int)(i & 31);

		dhry_p1(&dhry_a, x);
		memcpy(dhry_s2, "DHRYSTONE PROGRAM, 2'ND STRING", 31);
		__asm__ volatile("" ::"r"(dhry_s2) : "memory");
		acc += dhry_p2(dhry_s1, dhry_s2);
		dhry_arr[x + 8] = dhry_arr[x] * 3 + x / 7 - acc;
		acc += dhry_arr[x + 8] % 5;
	}
	dhry_sink = acc;
}

/* memrd: the buffer, its size in chunks and where the next chunk is. */
#define MEMRD_BYTES ((size_t)64 << 20)
#define MEMRD_CHUNK 512u
static unsigned *memrd_buf;
static size_t memrd_pos;
static volatile unsigned memrd_sink;

static int
memrd_setup(void)
{
	memrd_buf = malloc(MEMRD_BYTES);
	if (memrd_buf == NULL) {
		perror("probe-syscall: malloc");
		return -1;
	}
	memset(memrd_buf, 1, MEMRD_BYTES); /* touch every page now */
	return 0;
}

static __attribute__((noinline)) void
loop_memrd(unsigned long n)
{
	const size_t words = MEMRD_CHUNK / sizeof(unsigned);
	unsigned sum = 0;

	while (n-- > 0) {
		const unsigned *p = memrd_buf + memrd_pos / sizeof(unsigned);

		for (size_t i = 0; i < words; i++) {
			sum += p[i];
			__asm__("" : "+r"(p)); /* one scalar load-add a word */
		}
		memrd_pos += MEMRD_CHUNK;
		if (memrd_pos >= MEMRD_BYTES)
			memrd_pos = 0;
	}
	memrd_sink = sum;
}

/*
 * Disturbance: run_delay (ns) of this thread and the CPU's steal (ns),
 * both counters; 0 when a file cannot be read.
 */
static int
read_proc(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t len;

	if (fd < 0)
		return 0;
	len = read(fd, buf, size - 1);
	close(fd);
	buf[len > 0 ? len : 0] = '\0';
	return len > 0;
}

static double
off_cpu_ns(int cpu)
{
	static char buf[16384];
	unsigned long long v[8] = { 0 }, run = 0, delay = 0;
	char name[32], *line;
	double ns = 0;

	if (read_proc("/proc/thread-self/schedstat", buf, sizeof buf) &&
	    sscanf(buf, "%llu %llu", &run, &delay) == 2)
		ns += (double)delay;
	if (cpu < 0 || !read_proc("/proc/stat", buf, sizeof buf))
		return ns;
	snprintf(name, sizeof name, "\ncpu%d ", cpu);
	if ((line = strstr(buf, name)) != NULL &&
	    sscanf(line + strlen(name),
	        "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
	        &v[3], &v[4], &v[5], &v[6], &v[7]) == 8)
		ns += (double)v[7] * 1e9 / (double)sysconf(_SC_CLK_TCK);
	return ns;
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
io_setup(void)
{
	fd_zero = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	if (fd_zero < 0) {
		perror("probe-syscall: /dev/zero");
		return -1;
	}
	fd_null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (fd_null < 0) {
		perror("probe-syscall: /dev/null");
		return -1;
	}
	return 0;
}

/* Remove the stat file and its directory; safe to call more than once
 * and from a signal handler (unlink and rmdir only). */
static void
stat_cleanup(void)
{
	if (stat_path[0] != '\0') {
		(void)unlink(stat_path);
		stat_path[0] = '\0';
	}
	if (stat_dir[0] != '\0') {
		(void)rmdir(stat_dir);
		stat_dir[0] = '\0';
	}
}

static void
on_fatal_signal(int sig)
{
	stat_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

static int
stat_setup(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };
	const char *base = getenv("TMPDIR");
	char dir[sizeof stat_dir];
	struct sigaction sa;
	size_t i;
	int fd;

	if (base == NULL || base[0] == '\0')
		base = "/tmp";
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], &sa, NULL) != 0) {
			perror("probe-syscall: sigaction");
			return -1;
		}
	if ((size_t)snprintf(dir, sizeof dir, "%s/probesys.%ld.XXXXXX", base,
	        (long)getpid()) >= sizeof dir) {
		fprintf(stderr, "probe-syscall: TMPDIR too long\n");
		return -1;
	}
	if (mkdtemp(dir) == NULL) {
		fprintf(stderr, "probe-syscall: mkdtemp %s: %s\n", dir,
		    strerror(errno));
		return -1;
	}
	memcpy(stat_dir, dir, sizeof stat_dir);
	if ((size_t)snprintf(stat_path, sizeof stat_path,
	        "%s/lat_syscall.XXXXXX", stat_dir) >= sizeof stat_path) {
		fprintf(stderr, "probe-syscall: TMPDIR too long\n");
		stat_path[0] = '\0';
		stat_cleanup();
		return -1;
	}
	if ((fd = mkstemp(stat_path)) < 0) {
		fprintf(stderr, "probe-syscall: mkstemp %s: %s\n", stat_path,
		    strerror(errno));
		stat_path[0] = '\0';
		stat_cleanup();
		return -1;
	}
	(void)close(fd);
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
	fprintf(stderr,
	    "usage: probe-syscall null|io|stat|byte|fork|dhry|memrd "
	    "[-s SECONDS] [-r REPS] [-t PCT] [-v]\n");
	exit(2);
}

/*
 * Square root by Newton's method: the probe links libc alone, so that
 * its fork copies no more mappings than a minimal program's (libm's
 * four cost it about 10% a fork).
 */
static double
root(double x)
{
	double r = x > 1.0 ? x : 1.0;

	if (!(x > 0.0))
		return 0.0;
	for (int i = 0; i < 200 && r * r - x > x * 1e-12; i++)
		r = (r + x / r) / 2.0;
	return r;
}

int
main(int argc, char **argv)
{
	const char *mode = NULL;
	double seconds = 1.0, est, sum, mean, ss, sd, median;
	double *ns, *sorted, *dist, threshold = 5.0;
	int noisy = 0, cpu;
	unsigned long n, iters;
	loop_fn fn;
	int i, reps = REPS_DEFAULT, verbose = 0;
	long l;
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
		} else if (strcmp(argv[i], "-r") == 0) {
			if (++i >= argc)
				usage("-r needs a value");
			errno = 0;
			l = strtol(argv[i], &end, 10);
			if (errno != 0 || end == argv[i] || *end != '\0' ||
			    l < 2 || l > REPS_MAX)
				usage("-r wants a count in [2, 1000]");
			reps = (int)l;
		} else if (strcmp(argv[i], "-t") == 0) {
			if (++i >= argc)
				usage("-t needs a value");
			errno = 0;
			threshold = strtod(argv[i], &end);
			if (errno != 0 || end == argv[i] || *end != '\0' ||
			    !(threshold >= 0.0) || threshold > 100.0)
				usage("-t wants a percentage in [0, 100]");
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
	else if (strcmp(mode, "io") == 0)
		fn = loop_io;
	else if (strcmp(mode, "stat") == 0)
		fn = loop_stat;
	else if (strcmp(mode, "byte") == 0)
		fn = loop_byte;
	else if (strcmp(mode, "fork") == 0)
		fn = loop_fork;
	else if (strcmp(mode, "dhry") == 0)
		fn = loop_dhry;
	else if (strcmp(mode, "memrd") == 0)
		fn = loop_memrd;
	else
		usage("test is null, io, stat, byte, fork, dhry or memrd");

	ns = calloc((size_t)reps, sizeof *ns);
	sorted = calloc((size_t)reps, sizeof *sorted);
	dist = calloc((size_t)reps, sizeof *dist);
	if (ns == NULL || sorted == NULL || dist == NULL) {
		perror("probe-syscall: calloc");
		return 1;
	}
	if (fn == loop_byte && ensure_fd0() != 0)
		return 1;
	if (fn == loop_io && io_setup() != 0)
		return 1;
	if (fn == loop_stat && stat_setup() != 0)
		return 1;
	if (fn == loop_memrd && memrd_setup() != 0)
		return 1;
	strcpy(dhry_s1, "DHRYSTONE PROGRAM, 1'ST STRING");
	pin_here();

	/*
	 * Calibrate (and warm up): grow the batch until it takes
	 * CALIBRATE_NS, then take the fastest of CALIBRATE_TRIES more
	 * batches of that size, so one slow first batch (page faults, a
	 * preemption) does not shrink every repetition.
	 */
	for (n = fn == loop_fork ? 10 : 1000;; n *= 2) {
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

	cpu = sched_getcpu();
	for (i = 0; i < reps; i++) {
		double off0 = off_cpu_ns(cpu), wall = time_loop(fn, iters);

		dist[i] = wall > 0 ? (off_cpu_ns(cpu) - off0) / wall * 100 : 0;
		noisy += dist[i] > threshold;
		ns[i] = wall / (double)iters;
		if (verbose)
			fprintf(stderr,
			    "%s rep %d: %.2f ns/op (%lu ops) %.4f\n", mode,
			    i + 1, ns[i], iters, dist[i] / 100);
	}

	stat_cleanup();

	memcpy(sorted, ns, (size_t)reps * sizeof *sorted);
	qsort(sorted, (size_t)reps, sizeof sorted[0], cmp_double);
	median = reps % 2 ? sorted[reps / 2]
	                  : (sorted[reps / 2 - 1] + sorted[reps / 2]) / 2.0;
	for (sum = 0.0, i = 0; i < reps; i++)
		sum += ns[i];
	mean = sum / reps;
	for (ss = 0.0, i = 0; i < reps; i++)
		ss += (ns[i] - mean) * (ns[i] - mean);
	sd = root(ss / (reps - 1));

	printf("%s %.1f ns/op cv %.2f%% min %.1f", mode, median,
	    mean > 0.0 ? sd / mean * 100.0 : 0.0, sorted[0]);
	qsort(dist, (size_t)reps, sizeof dist[0], cmp_double);
	printf(" disturbed %.2f%% noisy %d/%d\n",
	    reps % 2 ? dist[reps / 2]
	             : (dist[reps / 2 - 1] + dist[reps / 2]) / 2.0,
	    noisy, reps);
	free(dist);
	free(ns);
	free(sorted);
	return 0;
}
