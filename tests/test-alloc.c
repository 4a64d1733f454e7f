/*
 * test-alloc.c: no allocation in the sample path. After warm-up, what a
 * live worker does between two samples (harness_sample, the store push,
 * the rescale) must not call malloc: an allocation takes the allocator's
 * lock, may fault pages in or trim them, and all of it would land in, or
 * beside, the interval being measured.
 *
 * How: a counting hook, armed per thread, so that the partner threads of
 * two-party tests do not count (partner processes have their own copy).
 * Each test runs through runner_run, the live monitor's own path, with a
 * callback that pushes every sample into a real store as the monitor
 * does; the first callback arms the hook, every callback notes the count
 * after its push, and the count at the last one must be zero.
 *
 * The hook: plain glibc builds define malloc and its kin here, forwarding
 * to glibc's __libc_* entry points (one allocator, so every pointer may
 * go to any of them). Sanitizer builds own malloc; their hook API gives
 * the same count. Elsewhere the test skips (77).
 *
 * Arguments: a comma-separated list of test globs instead of the default
 * set, e.g. tests/test-alloc 'lmbench.*'.
 */

#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base-cycles.h"
#include "base-threads.h"
#include "base-tmpdir.h"
#include "bench-registry.h"
#include "bench.h"
#include "check.h"
#include "measure-harness.h"
#include "measure-runner.h"
#include "monitor-store.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ALLOC_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||     \
    __has_feature(memory_sanitizer)
#define ALLOC_SANITIZER 1
#endif
#endif

/* A representative set: syscalls, partner processes and threads,
 * sockets, files, the CPU. Unsupported ones are skipped. */
#define DEFAULT_TESTS                                                          \
	"lmbench.null_call,byte.syscall,lmbench.null_io,lmbench.stat,"         \
	"lmbench.lat_pipe,ctxbench.pipes,lmbench.ctx_2p_0k,lmbench.lat_tcp,"   \
	"lmbench.lat_udp,byte.fs_write,lmbench.fs_create_0k,bsd.mutex,"        \
	"bsd.lock_pingpong,byte.dhry2,lmbench.sig_handle,lmbench.page_fault"

#define SAMPLE_NS   (5 * 1000000u)
#define DURATION_NS (150 * 1000000u)
#define MIN_SAMPLES 3

/* The hook's state: the arming thread's only. */
static _Thread_local int counting;
static _Thread_local unsigned long allocs;
static _Thread_local void *first_caller; /* NULL with sanitizers */

static void
note(void *caller)
{
	if (!counting)
		return;
	if (allocs++ == 0)
		first_caller = caller;
}

#if defined(ALLOC_SANITIZER)

int
__sanitizer_install_malloc_and_free_hooks(void (
                                              *on_malloc)(const volatile void *,
                                              size_t),
    void (*on_free)(const volatile void *));

static void
on_malloc(const volatile void *p, size_t size)
{
	(void)p;
	(void)size;
	note(NULL);
}

static void
on_free(const volatile void *p)
{
	if (p != NULL)
		note(NULL);
}

static int
hook_install(void)
{
	return __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free)
	    ? 0
	    : -1;
}

#elif defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t align, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

void *
malloc(size_t size)
{
	note(__builtin_return_address(0));
	return __libc_malloc(size);
}

void *
calloc(size_t n, size_t size)
{
	note(__builtin_return_address(0));
	return __libc_calloc(n, size);
}

void *
realloc(void *p, size_t size)
{
	note(__builtin_return_address(0));
	return __libc_realloc(p, size);
}

void
free(void *p)
{
	if (p != NULL)
		note(__builtin_return_address(0));
	__libc_free(p);
}

void *
memalign(size_t align, size_t size)
{
	note(__builtin_return_address(0));
	return __libc_memalign(align, size);
}

void *
aligned_alloc(size_t align, size_t size)
{
	note(__builtin_return_address(0));
	return __libc_memalign(align, size);
}

int
posix_memalign(void **p, size_t align, size_t size)
{
	void *q;

	note(__builtin_return_address(0));
	if (align % sizeof(void *) != 0 || (align & (align - 1)) != 0)
		return EINVAL;
	if ((q = __libc_memalign(align, size)) == NULL)
		return ENOMEM;
	*p = q;
	return 0;
}

void *
valloc(size_t size)
{
	note(__builtin_return_address(0));
	return __libc_valloc(size);
}

void *
pvalloc(size_t size)
{
	note(__builtin_return_address(0));
	return __libc_pvalloc(size);
}

static int
hook_install(void)
{
	return 0;
}

#else

static int
hook_install(void)
{
	return -1;
}

#endif

/* What one worker needs, as monitor.c's worker has it. */
struct rig {
	const struct cycles_info *info;
	struct store *store;
	/* benchtop's scratch directory, in a private base: a benchtop
	 * started beside this test (make check runs them in parallel) sweeps
	 * the shared base of directories whose owner is not a benchtop */
	char base[4096];
	char tmpdir[4096];
	int cpu;
	int checked; /* tests that ran and were checked */
};

/* One run of one test, seen from its sample callback. */
struct probe {
	struct store *store;
	size_t i;
	unsigned long samples;
	unsigned long allocs; /* since the first callback, after its push */
	void *caller;         /* of the first of them, where known */
};

/* monitor.c's push_sample, plus the count. */
static void
on_sample(void *arg, const struct sample *s)
{
	struct probe *p = arg;

	if (p->samples++ == 0) {
		allocs = 0;
		first_caller = NULL;
		counting = 1;
	}
	store_push(p->store, p->i, s);
	p->allocs = allocs;
	p->caller = first_caller;
}

static int
run_probe(struct rig *rig, struct harness *h, size_t i, uint64_t duration_ns,
    struct probe *p)
{
	struct test_result r;
	struct run_config cfg = {
		.duration_ns = duration_ns,
		.tmpdir = rig->tmpdir,
		.cpu = rig->cpu,
		.placement = BENCH_PLACE_SPREAD, /* same on one CPU */
		.mem_bytes = (size_t)8 << 20,
		.on_sample = on_sample,
		.on_sample_arg = p,
	};

	memset(p, 0, sizeof *p);
	p->store = rig->store;
	p->i = i;
	(void)runner_run(store_test(rig->store, i), h, &cfg, &r);
	counting = 0;
	if (r.status != BENCH_OK)
		printf("  %s: %s (%s), not checked\n", r.test->id,
		    bench_status_name(r.status), r.reason);
	return r.status;
}

/* Name the first allocating caller, now that counting is off. */
static void
report_caller(const char *id, const struct probe *p)
{
	Dl_info dl;

	/* The executable exports no symbols: addr2line names them. */
	if (p->caller != NULL && dladdr(p->caller, &dl) != 0)
		printf("  %s: first allocation from %s, "
		       "addr2line -fe %s %#lx\n",
		    id, dl.dli_sname ? dl.dli_sname : "?", dl.dli_fname,
		    (unsigned long)((char *)p->caller - (char *)dl.dli_fbase));
}

static void
check_test(struct rig *rig, struct harness *h, size_t i)
{
	const char *id = store_test(rig->store, i)->id;
	struct probe p;
	char what[160];

	if (run_probe(rig, h, i, DURATION_NS, &p) != BENCH_OK)
		return;
	/* A loaded machine may stretch samples: one longer try. */
	if (p.samples < MIN_SAMPLES &&
	    run_probe(rig, h, i, 4 * DURATION_NS, &p) != BENCH_OK)
		return;
	rig->checked++;
	printf("  %s: %lu samples, %lu allocations\n", id, p.samples, p.allocs);
	(void)snprintf(what, sizeof what, "%s: at least %d samples", id,
	    MIN_SAMPLES);
	CHECK(what, p.samples >= MIN_SAMPLES);
	(void)snprintf(what, sizeof what, "%s: no allocation between samples",
	    id);
	if (!CHECK(what, p.allocs == 0))
		report_caller(id, &p);
}

/* The worker thread: pinned, own descriptors, own counter and harness. */
static void *
worker_main(void *arg)
{
	struct rig *rig = arg;
	struct cycles_counter counter;
	struct harness h;

	rig->cpu = runner_thread_pin(rig->cpu);
	runner_thread_harness(&h, &counter, rig->info, SAMPLE_NS);
	for (size_t i = 0; i < store_count(rig->store); i++)
		check_test(rig, &h, i);
	cycles_counter_close(&counter);
	return NULL;
}

/* The hook sees an allocation of this thread, when armed only. */
static void
check_hook(void)
{
	void *volatile p;
	unsigned long seen;

	/* Compilers may move a store across malloc (it reads no globals, as
	 * far as they know): barriers keep the arming where it is written. */
	p = malloc(64);
	seen = allocs;
	counting = 1;
	__asm__ volatile("" ::: "memory");
	free(p);
	p = malloc(64);
	__asm__ volatile("" ::: "memory");
	counting = 0;
	free(p);
	CHECK("the hook counts when armed, only then",
	    seen == 0 && allocs == 2);
	allocs = 0;
}

/* A fresh directory under TMPDIR (or /tmp) for benchtop's own. */
static int
private_base(char *base, size_t size)
{
	const char *tmp = getenv("TMPDIR");

	if (tmp == NULL || *tmp == '\0')
		tmp = "/tmp";
	if ((size_t)snprintf(base, size, "%s/test-alloc.XXXXXX", tmp) >= size) {
		printf("test-alloc: TMPDIR too long: %s\n", tmp);
		return -1;
	}
	if (mkdtemp(base) == NULL) {
		printf("test-alloc: mkdtemp %s: %s\n", base, strerror(errno));
		return -1;
	}
	return 0;
}

/* Select the tests, make the store and scratch directory. 0, or -1. */
static int
rig_open(struct rig *rig, const char *only, const struct cycles_info *info)
{
	const struct bench_test **tests =
	    calloc(registry_count(), sizeof *tests);
	const char *cause;
	char err[256];
	size_t n = 0;

	memset(rig, 0, sizeof *rig);
	rig->info = info;
	rig->cpu = bench_allowed_cpu(0);
	if (tests == NULL || registry_select(only, NULL, tests, &n, &cause)) {
		printf("test-alloc: %s\n", tests ? cause : "out of memory");
		free(tests);
		return -1;
	}
	rig->store = store_new(tests, n, cycles_now_ns());
	free(tests);
	if (private_base(rig->base, sizeof rig->base) != 0) {
		store_free(rig->store);
		return -1;
	}
	if (rig->store == NULL ||
	    tmpdir_create(rig->base, rig->tmpdir, sizeof rig->tmpdir, err,
	        sizeof err) != 0) {
		(void)rmdir(rig->base);
		printf("test-alloc: %s\n", rig->store ? err : "out of memory");
		store_free(rig->store);
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct cycles_info info;
	struct threads_worker w;
	struct rig rig;
	char err[256];

	if (hook_install() != 0) {
		puts("SKIP: no allocation hook here (glibc or a sanitizer "
		     "needed)");
		return CHECK_SKIP;
	}
	check_hook();
	cycles_measure(&info);
	if (rig_open(&rig, argc > 1 ? argv[1] : DEFAULT_TESTS, &info) != 0)
		return 99;
	if (threads_worker_start(&w, 0, worker_main, &rig, err, sizeof err)) {
		printf("test-alloc: %s\n", err);
		return 99;
	}
	threads_worker_join(&w);
	tmpdir_remove(rig.tmpdir);
	(void)rmdir(rig.base);
	store_free(rig.store);
	if (rig.checked == 0) {
		puts("SKIP: no test could run here");
		return CHECK_SKIP;
	}
	return check_summary("test-alloc");
}
