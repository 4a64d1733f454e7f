/*
 * bench-cpu-dhry.h: Dhrystone 2.1 for the cpu family (bench-cpu.c) only.
 *
 * The benchmark lives in its own translation unit, bench-cpu-dhry.c, because
 * Dhrystone's ground rules ask for separate compilation and no procedure
 * merging; see that file for how the rules are kept against a modern
 * optimiser.
 */

#ifndef BENCHTOP_CPU_DHRY_H
#define BENCHTOP_CPU_DHRY_H

#include <stdint.h>

/*
 * CPU_SEPARATE marks a function the optimiser must treat as if it were
 * compiled in another file: never inlined, cloned or analysed across its
 * call sites (GCC's noipa). Where the compiler has no noipa (clang),
 * noinline is the closest it offers.
 */
#if defined(__has_attribute)
#if __has_attribute(noipa)
#define CPU_SEPARATE __attribute__((noipa))
#elif __has_attribute(noinline)
#define CPU_SEPARATE __attribute__((noinline))
#endif
#endif
#ifndef CPU_SEPARATE
#define CPU_SEPARATE
#endif

/* One instance of the benchmark: its global variables and records. */
struct cpu_dhry;

/* A new instance, initialised as Dhrystone's main does; NULL, errno. */
struct cpu_dhry *cpu_dhry_new(void);
void cpu_dhry_free(struct cpu_dhry *);

/*
 * Run n Dhrystone loops (one loop = one pass of the main loop body, from
 * Proc_5 to Proc_2). The result is the sum of main's final Int_1_Loc,
 * Int_2_Loc, Int_3_Loc and Enum_Loc: 26 when the loops ran right, and a
 * value to sink. _mem keeps the variables Dhrystone declares REG in
 * memory (volatile), "without register variables"; _reg declares them
 * register, "using register variables".
 */
uint64_t cpu_dhry_run_mem(struct cpu_dhry *, uint64_t n);
uint64_t cpu_dhry_run_reg(struct cpu_dhry *, uint64_t n);

/* The sum cpu_dhry_run_* returns after correct loops. */
#define CPU_DHRY_LOCALS_SUM 26

/*
 * Do the global variables hold the values Dhrystone's own listing says
 * they must after its loops? 1 if so, 0 if the implementation is wrong.
 */
int cpu_dhry_check(const struct cpu_dhry *);

#endif
