/*
 * bench-cpu.c: the CPU-bound tests of BYTE UNIX Benchmarks 3.11.
 *
 * Dhrystone 2 without and with register variables (dhry2, dhry2reg: see
 * bench-cpu-dhry.c), the Arithmetic Test (arith.c, built once per type of
 * `datum`: arithoh, register, short, int, long, float, double) and the
 * Recursion Test (hanoi.c). All report BYTE's loops per second; the seed
 * ("Intel P6 vs P7 system call performance", Mike Hayward) has them for a
 * Pentium III 850, a Pentium 4 2.0 GHz and a Xeon 2.4 GHz.
 *
 * DESIGN
 *
 * BYTE's programs were written for compilers that did what the source
 * said. A modern optimiser sees that arith.c's dumb_stuff() computes a
 * constant from constants and ignores its argument, and reduces the test
 * to an empty loop (GCC 12 -O3 on UnixBench's own arith.c keeps only a
 * count-down from 100, with no multiply or divide). So here:
 *
 *  - every kernel is CPU_SEPARATE (noipa, bench-cpu-dhry.h): a real call per
 *    loop, as BYTE's, that the caller cannot see through, hoist or drop;
 *  - the arithmetic kernels start their loop at arith_start(), 2 at run
 *    time but the output of an empty asm to the compiler: it cannot fold
 *    the sum, so the 100 multiplies, divides and adds are really done in
 *    the type named (checked with objdump -d, GCC 12 -O2 x86-64: imul and
 *    idiv for register/short/int, 64-bit idiv for long, mulss/divss and
 *    mulsd/divsd for float and double; no vectorising, since the trip
 *    count is unknown and floating-point sums are not reassociated;
 *    clang 14 -O2 the same, unrolled by two);
 *  - arithoh's empty body holds an empty asm that uses i, so its 100
 *    increments, compares and branches are kept;
 *  - each kernel's result is fed into the next call, as in BYTE, and the
 *    last one goes to bench_sink; hanoi's peg counts are sunk too.
 */

#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "bench-cpu-dhry.h"
#include "bench.h"

/* ---- Dhrystone 2.1 ---- */

/* The variant of the main loop a row runs. */
struct dhry_arg {
	uint64_t (*run)(struct cpu_dhry *, uint64_t);
};

static const struct dhry_arg dhry_mem_arg = { .run = cpu_dhry_run_mem };
static const struct dhry_arg dhry_reg_arg = { .run = cpu_dhry_run_reg };

/*
 * Initialise the instance as Dhrystone's main does, then run a few loops
 * and check the final values against the listing's, so that a wrong
 * implementation fails here instead of reporting a rate.
 */
static int
dhry_setup(struct bench_ctx *ctx)
{
	const struct dhry_arg *a = ctx->test->arg;
	struct cpu_dhry *g;

	if ((g = cpu_dhry_new()) == NULL)
		return bench_fail(ctx, "calloc", errno);
	ctx->state = g;
	if (a->run(g, 100) != CPU_DHRY_LOCALS_SUM || !cpu_dhry_check(g))
		return bench_reason(ctx, BENCH_FAILED,
		    "Dhrystone self-check: final values differ from the "
		    "listing's");
	return BENCH_OK;
}

static int
dhry_run(struct bench_ctx *ctx, uint64_t n)
{
	const struct dhry_arg *a = ctx->test->arg;

	bench_sink += a->run(ctx->state, n);
	return BENCH_OK;
}

static void
dhry_teardown(struct bench_ctx *ctx)
{
	cpu_dhry_free(ctx->state);
	ctx->state = NULL;
}

/* ---- Arithmetic Test (arith.c) ---- */

#define ARITH_LAST 101 /* i runs from 2 to 101: 100 iterations a loop */

/* 2, which the compiler cannot see through: the sums cannot be folded. */
static inline int
arith_start(void)
{
	int i = 2;

	__asm__ __volatile__("" : "+r"(i));
	return i;
}

/*
 * arithoh: the loop without the arithmetic. The empty asm uses i, so the
 * compiler must count it from 2 to 101 instead of deleting the loop.
 */
CPU_SEPARATE static int
arith_overhead(int i)
{
	for (i = arith_start(); i <= ARITH_LAST; i++)
		__asm__ __volatile__("" : : "r"(i));
	return 0;
}

/*
 * BYTE's dumb_stuff() for one type of datum: sum over i = 2..101 of
 * i*i/(i*i-1), each step in the type (so it is 1 per step for the integer
 * types), then x+y+z converted to int. BYTE compiled arith.c once per
 * -Ddatum=TYPE (register: -Ddatum='register int'); this macro does the
 * same within one file.
 */
#define ARITH_KERNEL(name, storage, datum)                                     \
	CPU_SEPARATE static int name(int i)                                    \
	{                                                                      \
		storage datum x = 0, y = 0, z = 0;                             \
                                                                               \
		for (i = arith_start(); i <= ARITH_LAST; i++) {                \
			x = (datum)i;                                          \
			y = (datum)(x * x);                                    \
			z = (datum)(z + y / (y - 1));                          \
		}                                                              \
		return (int)(x + y + z);                                       \
	}

ARITH_KERNEL(arith_register, register, int)
ARITH_KERNEL(arith_short, , short)
ARITH_KERNEL(arith_int, , int)
ARITH_KERNEL(arith_long, , long)
ARITH_KERNEL(arith_float, , float)
ARITH_KERNEL(arith_double, , double)

/* The kernel a row calls. */
struct arith_arg {
	int (*kernel)(int);
};

static const struct arith_arg arith_overhead_arg = { arith_overhead };
static const struct arith_arg arith_register_arg = { arith_register };
static const struct arith_arg arith_short_arg = { arith_short };
static const struct arith_arg arith_int_arg = { arith_int };
static const struct arith_arg arith_long_arg = { arith_long };
static const struct arith_arg arith_float_arg = { arith_float };
static const struct arith_arg arith_double_arg = { arith_double };

/* BYTE's main loop: result = dumb_stuff(result), once per loop. */
static int
arith_run(struct bench_ctx *ctx, uint64_t n)
{
	const struct arith_arg *a = ctx->test->arg;
	int result = 0;

	while (n-- > 0)
		result = a->kernel(result);
	bench_sink += (uint64_t)result;
	return BENCH_OK;
}

/* ---- Recursion Test: Tower of Hanoi (hanoi.c) ---- */

#define HANOI_DISKS 10 /* hanoi.c's default; BYTE's Run gives no count */

/* Disks on each peg (1..3); BYTE's int num[4], long so it never wraps. */
struct hanoi_state {
	long num[4];
};

/* BYTE's mov(): move n disks from peg f to peg t, recursively. */
CPU_SEPARATE static void
hanoi_move(struct hanoi_state *s, int n, int f, int t)
{
	int o;

	if (n == 1) {
		s->num[f]--;
		s->num[t]++;
		return;
	}
	o = 6 - (f + t);
	hanoi_move(s, n - 1, f, o);
	hanoi_move(s, 1, f, t);
	hanoi_move(s, n - 1, o, t);
}

static int
hanoi_setup(struct bench_ctx *ctx)
{
	struct hanoi_state *s = calloc(1, sizeof *s);

	if (s == NULL)
		return bench_fail(ctx, "calloc", errno);
	s->num[1] = HANOI_DISKS;
	ctx->state = s;
	return BENCH_OK;
}

/* As BYTE, every loop moves the tower from peg 1 to peg 3 again. */
static int
hanoi_run(struct bench_ctx *ctx, uint64_t n)
{
	struct hanoi_state *s = ctx->state;

	while (n-- > 0)
		hanoi_move(s, HANOI_DISKS, 1, 3);
	bench_sink += (uint64_t)(s->num[1] + s->num[3]);
	return BENCH_OK;
}

static void
hanoi_teardown(struct bench_ctx *ctx)
{
	free(ctx->state);
	ctx->state = NULL;
}

#define ARITH_DEF(type)                                                        \
	"one loop = one call of arith.c's kernel: x = i; y = x*x; "            \
	"z += y/(y-1) for i = 2..101 in " type "; start hidden from the "      \
	"compiler, so really computed"

static const struct bench_test cpu_tests[] = {
	{
	    .id = "byte.dhry2",
	    .title = "Dhrystone 2 (no reg)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = "one loop = one pass of Dhrystone 2.1's main loop "
	                  "(Proc_5 .. Proc_2); REG locals volatile, kept in "
	                  "memory as without register variables",
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .arg = &dhry_mem_arg,
	    .setup = dhry_setup,
	    .run = dhry_run,
	    .teardown = dhry_teardown,
	},
	{
	    .id = "byte.dhry2reg",
	    .title = "Dhrystone 2 (register)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = "one loop = one pass of Dhrystone 2.1's main loop "
	                  "(Proc_5 .. Proc_2); REG locals declared register",
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .arg = &dhry_reg_arg,
	    .setup = dhry_setup,
	    .run = dhry_run,
	    .teardown = dhry_teardown,
	},
	{
	    .id = "byte.arith_overhead",
	    .title = "Arithmetic (arithoh)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = "one loop = one call of arith.c's kernel built "
	                  "with -Darithoh: the empty loop i = 2..101, kept "
	                  "by an asm barrier",
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .arg = &arith_overhead_arg,
	    .run = arith_run,
	},
	{
	    .id = "byte.arith_register",
	    .title = "Arithmetic (register)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = ARITH_DEF("register int (compiles as int)"),
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .arg = &arith_register_arg,
	    .run = arith_run,
	},
	{
	    .id = "byte.arith_short",
	    .title = "Arithmetic (short)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = ARITH_DEF("short"),
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .arg = &arith_short_arg,
	    .run = arith_run,
	},
	{
	    .id = "byte.arith_int",
	    .title = "Arithmetic (int)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = ARITH_DEF("int"),
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .arg = &arith_int_arg,
	    .run = arith_run,
	},
	{
	    .id = "byte.arith_long",
	    .title = "Arithmetic (long)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = ARITH_DEF("long"),
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .arg = &arith_long_arg,
	    .run = arith_run,
	},
	{
	    .id = "byte.arith_float",
	    .title = "Arithmetic (float)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = ARITH_DEF("float"),
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .arg = &arith_float_arg,
	    .run = arith_run,
	},
	{
	    .id = "byte.arith_double",
	    .title = "Arithmetic (double)",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = ARITH_DEF("double"),
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .arg = &arith_double_arg,
	    .run = arith_run,
	},
	{
	    .id = "byte.hanoi",
	    .title = "Tower of Hanoi",
	    .origin = BENCH_ORIGIN_BYTE,
	    .group = BENCH_GROUP_CPU,
	    .definition = "one loop = mov(10, 1, 3) of hanoi.c: 10 disks "
	                  "(its default) moved recursively, 1023 moves in "
	                  "1534 calls",
	    .unit = BENCH_UNIT_LPS,
	    .work_per_op = 1,
	    .setup = hanoi_setup,
	    .run = hanoi_run,
	    .teardown = hanoi_teardown,
	},
};

const struct bench_family bench_cpu_family = {
	.name = "cpu",
	.title = "CPU: Dhrystone, arithmetic, recursion",
	.tests = cpu_tests,
	.ntests = sizeof cpu_tests / sizeof cpu_tests[0],
};
