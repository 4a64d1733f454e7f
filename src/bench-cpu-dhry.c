/*
 * bench-cpu-dhry.c: Dhrystone 2.1 (Reinhold P. Weicker, 1988), as BYTE UNIX
 * Benchmarks 3.11 runs it in "Dhrystone 2 without register variables"
 * (dhry2) and "Dhrystone 2 using register variables" (dhry2reg).
 *
 * Written for benchtop from the benchmark's published description: the
 * record type with its variant part, the globals, and the statements of
 * the main loop and of Proc_1 .. Proc_8 and Func_1 .. Func_3, each keeping
 * its operation mix (assignments, record and array accesses, one string
 * copy and one string compare per loop, the calls). Names follow the
 * original in lower case, so the listing can be read side by side.
 *
 * DESIGN
 *
 * Instance, not globals. Dhrystone's global variables are the members of
 * struct cpu_dhry, reached through a pointer that every procedure takes
 * as an extra first argument. Each worker then has its own copy and two
 * workers can run the benchmark at once (benchtop -j).
 *
 * The ground rules: "separate compilation, no procedure merging". Every
 * procedure is CPU_SEPARATE (noipa): a real call that the optimiser may
 * neither inline nor analyse from its callers, as if each were in a file
 * of its own. Within a procedure any optimisation is allowed, as the
 * rules allow; it is what BYTE's C compiler did too (e.g. the constant
 * `while (Int_1_Loc < Int_2_Loc)` runs once, so it need not test twice).
 *
 * Why the work cannot be deleted. Each procedure writes the instance or a
 * location its caller passed, and its callers cannot see that it does
 * nothing else, so no call can be dropped and none hoisted out of the
 * loop. The string copy fills a local that Func_2 then reads through a
 * pointer, so it is kept (as stores of the constant, not a call); the
 * compare is a call to strcmp on strings the compiler cannot see. The
 * main loop's final locals are returned to the caller, which sinks them.
 * Checked with objdump -d (GCC 12 -O2 and clang 14 -O2, x86-64): a loop
 * of cpu_dhry_run_mem or cpu_dhry_run_reg makes 9 calls (Proc_5, Proc_4,
 * Func_2, Proc_7, Proc_8, Proc_1, Func_1 twice, Proc_2; Proc_6 sits in
 * the branch never taken) and the procedures make their nested ones
 * (Proc_1 -> Proc_3, Proc_6, Proc_7; Proc_3 -> Proc_7; Proc_6 -> Func_3;
 * Func_2 -> Func_1, strcmp), 16 in all; a call in tail position may be a
 * jump. In the _mem variant every access to a REG variable is a load or
 * a store of its stack slot.
 *
 * Register variables. The variables Dhrystone declares REG (main's
 * Int_2_Loc and Ch_Index, Proc_1's Ptr_Val_Par and Next_Record, Proc_8's
 * Int_Loc and Int_Index, Func_2's Int_Loc) are declared
 *   register          in the _reg variant ("using register variables");
 *   volatile          in the _mem variant ("without register variables").
 * A 1988 compiler kept a local in a register only when told to, and in
 * memory otherwise; volatile restores that memory traffic for exactly
 * those variables, which today's register allocator would otherwise hide
 * (it ignores `register`; so, most likely, did the compiler of the
 * seed's PIII run, whose dhry2reg is 9 % slower than its dhry2: noise of
 * code placement). So here dhry2 is really the slower of the two. The
 * other locals are ordinary in both variants.
 *
 * The four procedures holding REG variables are therefore compiled twice:
 * this file includes itself once per variant with CPU_DHRY_VARIANT set,
 * DHRY_REG/DHRY_MEM giving the storage class and qualifier and DHRY_FN
 * the name suffix. Everything else is compiled once and shared.
 *
 * One deviation: Arr_2_Glob[8][7] grows by one per loop, and the listing
 * warns that it overflows; here it is incremented modulo 2^32 so that a
 * long run never meets signed overflow.
 */

#ifndef CPU_DHRY_VARIANT

#include "config.h"

#include "bench-cpu-dhry.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Enumeration: Identifier_1 .. Identifier_5. */
enum dhry_ident {
	IDENT_1,
	IDENT_2,
	IDENT_3,
	IDENT_4,
	IDENT_5,
};

#define DHRY_STR_LEN 31 /* Str_30: 30 characters and the NUL */

/* Rec_Type: a pointer, a discriminant and one of three variants. */
struct dhry_rec {
	struct dhry_rec *ptr_comp;
	enum dhry_ident discr;
	union {
		struct {
			enum dhry_ident enum_comp;
			int int_comp;
			char str_comp[DHRY_STR_LEN];
		} var_1;
		struct {
			enum dhry_ident e_comp_2;
			char str_2_comp[DHRY_STR_LEN];
		} var_2;
		struct {
			char ch_1_comp;
			char ch_2_comp;
		} var_3;
	} variant;
};

/* Dhrystone's global variables, and the two records main allocates. */
struct cpu_dhry {
	struct dhry_rec *ptr_glob;
	struct dhry_rec *next_ptr_glob;
	int int_glob;
	int bool_glob;
	char ch_1_glob;
	char ch_2_glob;
	int arr_1_glob[50];
	int arr_2_glob[50][50];
	struct dhry_rec rec_glob;      /* what Ptr_Glob points to */
	struct dhry_rec rec_next_glob; /* what Next_Ptr_Glob points to */
	uint64_t run_index;            /* loops run so far, as Run_Index */
};

/* The procedures; _mem and _reg versions of the REG ones are below. */
CPU_SEPARATE static void dhry_proc_2(struct cpu_dhry *, int *);
CPU_SEPARATE static void dhry_proc_3(struct cpu_dhry *, struct dhry_rec **);
CPU_SEPARATE static void dhry_proc_4(struct cpu_dhry *);
CPU_SEPARATE static void dhry_proc_5(struct cpu_dhry *);
CPU_SEPARATE static void dhry_proc_6(struct cpu_dhry *, enum dhry_ident,
    enum dhry_ident *);
CPU_SEPARATE static void dhry_proc_7(int, int, int *);
CPU_SEPARATE static enum dhry_ident dhry_func_1(struct cpu_dhry *, char, char);
CPU_SEPARATE static int dhry_func_3(enum dhry_ident);

struct cpu_dhry *
cpu_dhry_new(void)
{
	struct cpu_dhry *g = calloc(1, sizeof *g);

	if (g == NULL)
		return NULL;
	g->next_ptr_glob = &g->rec_next_glob;
	g->ptr_glob = &g->rec_glob;
	g->ptr_glob->ptr_comp = g->next_ptr_glob;
	g->ptr_glob->discr = IDENT_1;
	g->ptr_glob->variant.var_1.enum_comp = IDENT_3;
	g->ptr_glob->variant.var_1.int_comp = 40;
	strcpy(g->ptr_glob->variant.var_1.str_comp,
	    "DHRYSTONE PROGRAM, SOME STRING");
	g->arr_2_glob[8][7] = 10;
	return g;
}

void
cpu_dhry_free(struct cpu_dhry *g)
{
	free(g);
}

/* Is one record as the listing's "should be" lines say? */
static int
dhry_rec_ok(const struct dhry_rec *r, enum dhry_ident enum_comp, int int_comp)
{
	return r->discr == IDENT_1 && r->variant.var_1.enum_comp == enum_comp &&
	    r->variant.var_1.int_comp == int_comp &&
	    strcmp(r->variant.var_1.str_comp,
	        "DHRYSTONE PROGRAM, SOME STRING") == 0;
}

int
cpu_dhry_check(const struct cpu_dhry *g)
{
	uint32_t arr_8_7 = (uint32_t)g->arr_2_glob[8][7];

	return g->int_glob == 5 && g->bool_glob == 1 && g->ch_1_glob == 'A' &&
	    g->ch_2_glob == 'B' && g->arr_1_glob[8] == 7 &&
	    arr_8_7 == (uint32_t)(g->run_index + 10) &&
	    dhry_rec_ok(g->ptr_glob, IDENT_3, 17) &&
	    dhry_rec_ok(g->next_ptr_glob, IDENT_2, 18);
}

/* Proc_2: *int_par_ref == 1 on entry, becomes 4. */
static void
dhry_proc_2(struct cpu_dhry *g, int *int_par_ref)
{
	int int_loc;
	enum dhry_ident enum_loc = IDENT_2;

	int_loc = *int_par_ref + 10;
	do {
		if (g->ch_1_glob == 'A') {
			int_loc -= 1;
			*int_par_ref = int_loc - g->int_glob;
			enum_loc = IDENT_1;
		}
	} while (enum_loc != IDENT_1);
}

/* Proc_3: *ptr_ref_par becomes Ptr_Glob->Ptr_Comp. */
static void
dhry_proc_3(struct cpu_dhry *g, struct dhry_rec **ptr_ref_par)
{
	if (g->ptr_glob != NULL)
		*ptr_ref_par = g->ptr_glob->ptr_comp;
	dhry_proc_7(10, g->int_glob, &g->ptr_glob->variant.var_1.int_comp);
}

/* Proc_4: without parameters. */
static void
dhry_proc_4(struct cpu_dhry *g)
{
	int bool_loc;

	bool_loc = g->ch_1_glob == 'A';
	g->bool_glob = bool_loc | g->bool_glob;
	g->ch_2_glob = 'B';
}

/* Proc_5: without parameters. */
static void
dhry_proc_5(struct cpu_dhry *g)
{
	g->ch_1_glob = 'A';
	g->bool_glob = 0;
}

/* Proc_6: a switch on an enumeration. */
static void
dhry_proc_6(struct cpu_dhry *g, enum dhry_ident enum_val_par,
    enum dhry_ident *enum_ref_par)
{
	*enum_ref_par = enum_val_par;
	if (!dhry_func_3(enum_val_par))
		*enum_ref_par = IDENT_4;
	switch (enum_val_par) {
	case IDENT_1:
		*enum_ref_par = IDENT_1;
		break;
	case IDENT_2:
		if (g->int_glob > 100)
			*enum_ref_par = IDENT_1;
		else
			*enum_ref_par = IDENT_4;
		break;
	case IDENT_3:
		*enum_ref_par = IDENT_2;
		break;
	case IDENT_4:
		break;
	case IDENT_5:
		*enum_ref_par = IDENT_3;
		break;
	}
}

/* Proc_7: *int_par_ref = int_2_par_val + int_1_par_val + 2. */
static void
dhry_proc_7(int int_1_par_val, int int_2_par_val, int *int_par_ref)
{
	int int_loc;

	int_loc = int_1_par_val + 2;
	*int_par_ref = int_2_par_val + int_loc;
}

/* Func_1: compares two characters, may set Ch_1_Glob. */
static enum dhry_ident
dhry_func_1(struct cpu_dhry *g, char ch_1_par_val, char ch_2_par_val)
{
	char ch_1_loc, ch_2_loc;

	ch_1_loc = ch_1_par_val;
	ch_2_loc = ch_1_loc;
	if (ch_2_loc != ch_2_par_val)
		return IDENT_1;
	g->ch_1_glob = ch_1_loc;
	return IDENT_2;
}

/* Func_3: is the enumeration Ident_3? */
static int
dhry_func_3(enum dhry_ident enum_par_val)
{
	enum dhry_ident enum_loc;

	enum_loc = enum_par_val;
	return enum_loc == IDENT_3;
}

/* Arr_2_Glob[8][7] += 1, modulo 2^32 rather than signed overflow. */
static inline void
dhry_incr(int *p)
{
	*p = (int)((uint32_t)*p + 1u);
}

/* Without register variables: Dhrystone's REG locals live in memory. */
#define CPU_DHRY_VARIANT 1
#define DHRY_REG
#define DHRY_MEM    volatile
#define DHRY_FN(fn) fn##_mem
#include "bench-cpu-dhry.c"
#undef DHRY_REG
#undef DHRY_MEM
#undef DHRY_FN

/* Using register variables. */
#define DHRY_REG register
#define DHRY_MEM
#define DHRY_FN(fn) fn##_reg
#include "bench-cpu-dhry.c"
#undef DHRY_REG
#undef DHRY_MEM
#undef DHRY_FN

#else /* CPU_DHRY_VARIANT: the procedures that hold REG variables */

/* This variant's names of the procedures, as the main loop calls them. */
#define DHRY_PROC_1 DHRY_FN(dhry_proc_1)
#define DHRY_PROC_8 DHRY_FN(dhry_proc_8)
#define DHRY_FUNC_2 DHRY_FN(dhry_func_2)

/*
 * Proc_1: record assignment and the nested calls, executed once. Defined
 * before use, so the attribute goes on the definition.
 */
CPU_SEPARATE static void
DHRY_PROC_1(struct cpu_dhry *g, DHRY_REG struct dhry_rec *DHRY_MEM ptr_val_par)
{
	DHRY_REG struct dhry_rec *DHRY_MEM next_record = ptr_val_par->ptr_comp;

	*ptr_val_par->ptr_comp = *g->ptr_glob;
	ptr_val_par->variant.var_1.int_comp = 5;
	next_record->variant.var_1.int_comp =
	    ptr_val_par->variant.var_1.int_comp;
	next_record->ptr_comp = ptr_val_par->ptr_comp;
	dhry_proc_3(g, &next_record->ptr_comp);
	if (next_record->discr == IDENT_1) {
		next_record->variant.var_1.int_comp = 6;
		dhry_proc_6(g, ptr_val_par->variant.var_1.enum_comp,
		    &next_record->variant.var_1.enum_comp);
		next_record->ptr_comp = g->ptr_glob->ptr_comp;
		dhry_proc_7(next_record->variant.var_1.int_comp, 10,
		    &next_record->variant.var_1.int_comp);
	} else {
		*ptr_val_par = *ptr_val_par->ptr_comp;
	}
}

/* Proc_8: one- and two-dimensional array accesses; sets Int_Glob. */
CPU_SEPARATE static void
DHRY_PROC_8(struct cpu_dhry *g, int *arr_1_par_ref, int (*arr_2_par_ref)[50],
    int int_1_par_val, int int_2_par_val)
{
	DHRY_REG int DHRY_MEM int_index;
	DHRY_REG int DHRY_MEM int_loc;

	int_loc = int_1_par_val + 5;
	arr_1_par_ref[int_loc] = int_2_par_val;
	arr_1_par_ref[int_loc + 1] = arr_1_par_ref[int_loc];
	arr_1_par_ref[int_loc + 30] = int_loc;
	for (int_index = int_loc; int_index <= int_loc + 1; ++int_index)
		arr_2_par_ref[int_loc][int_index] = int_loc;
	dhry_incr(&arr_2_par_ref[int_loc][int_loc - 1]);
	arr_2_par_ref[int_loc + 20][int_loc] = arr_1_par_ref[int_loc];
	g->int_glob = 5;
}

/* Func_2: Func_1 on two characters of the strings, then strcmp. */
CPU_SEPARATE static int
DHRY_FUNC_2(struct cpu_dhry *g, const char *str_1_par_ref,
    const char *str_2_par_ref)
{
	DHRY_REG int DHRY_MEM int_loc;
	char ch_loc = '\0';

	int_loc = 2;
	while (int_loc <= 2) {
		if (dhry_func_1(g, str_1_par_ref[int_loc],
		        str_2_par_ref[int_loc + 1]) == IDENT_1) {
			ch_loc = 'A';
			int_loc += 1;
		}
	}
	if (ch_loc >= 'W' && ch_loc < 'Z')
		int_loc = 7;
	if (ch_loc == 'R')
		return 1;
	if (strcmp(str_1_par_ref, str_2_par_ref) > 0) {
		int_loc += 7;
		g->int_glob = int_loc;
		return 1;
	}
	return 0;
}

/*
 * The main program's loop, n times; Run_Index carries on from the last
 * call. Long because it is Dhrystone's main loop, kept in one piece so
 * that it reads against the listing.
 */
uint64_t
DHRY_FN(cpu_dhry_run)(struct cpu_dhry *g, uint64_t n)
{
	int int_1_loc;
	DHRY_REG int DHRY_MEM int_2_loc = 0;
	int int_3_loc = 0;
	DHRY_REG char DHRY_MEM ch_index;
	enum dhry_ident enum_loc = IDENT_1;
	char str_1_loc[DHRY_STR_LEN];
	char str_2_loc[DHRY_STR_LEN];

	int_1_loc = 0;
	strcpy(str_1_loc, "DHRYSTONE PROGRAM, 1'ST STRING");
	for (uint64_t end = g->run_index + n; g->run_index < end;) {
		uint64_t run_index = ++g->run_index;

		dhry_proc_5(g);
		dhry_proc_4(g);
		int_1_loc = 2;
		int_2_loc = 3;
		strcpy(str_2_loc, "DHRYSTONE PROGRAM, 2'ND STRING");
		enum_loc = IDENT_2;
		g->bool_glob = !DHRY_FUNC_2(g, str_1_loc, str_2_loc);
		while (int_1_loc < int_2_loc) {
			int_3_loc = 5 * int_1_loc - int_2_loc;
			dhry_proc_7(int_1_loc, int_2_loc, &int_3_loc);
			int_1_loc += 1;
		}
		DHRY_PROC_8(g, g->arr_1_glob, g->arr_2_glob, int_1_loc,
		    int_3_loc);
		DHRY_PROC_1(g, g->ptr_glob);
		for (ch_index = 'A'; ch_index <= g->ch_2_glob; ++ch_index) {
			if (enum_loc == dhry_func_1(g, ch_index, 'C')) {
				dhry_proc_6(g, IDENT_1, &enum_loc);
				strcpy(str_2_loc,
				    "DHRYSTONE PROGRAM, 3'RD STRING");
				int_2_loc = (int)run_index;
				g->int_glob = (int)run_index;
			}
		}
		int_2_loc = int_2_loc * int_1_loc;
		int_1_loc = int_2_loc / int_3_loc;
		int_2_loc = 7 * (int_2_loc - int_3_loc) - int_1_loc;
		dhry_proc_2(g, &int_1_loc);
	}
	return (uint64_t)(int_1_loc + int_2_loc + int_3_loc + (int)enum_loc);
}

#undef DHRY_PROC_1
#undef DHRY_PROC_8
#undef DHRY_FUNC_2

#endif /* CPU_DHRY_VARIANT */
