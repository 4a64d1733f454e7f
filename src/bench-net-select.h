/*
 * bench-net-select.h: lmbench.select_tcp, a test of the net family
 * (bench-net.c's table).
 */

#ifndef BENCHTOP_BENCH_NET_SELECT_H
#define BENCHTOP_BENCH_NET_SELECT_H

#include <stdint.h>

struct bench_ctx;

int net_select_setup(struct bench_ctx *ctx);
/* One op: a zero-timeout select() for writing on the dup()s. */
int net_select_run(struct bench_ctx *ctx, uint64_t n);
void net_select_teardown(struct bench_ctx *ctx);

#endif
