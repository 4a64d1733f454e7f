/*
 * bench-net-rpc.h: the Sun RPC rows of the net family (lmbench 2.0
 * lat_rpc), on the loopback plumbing of bench-net-loopback.h.
 *
 * Only bench-net.c includes this.
 */

#ifndef BENCHTOP_NET_RPC_H
#define BENCHTOP_NET_RPC_H

#include <stdint.h>

struct bench_ctx;

/* lmbench.lat_rpc_udp and lmbench.lat_rpc_tcp; unsupported without libtirpc. */
int net_rpc_udp_setup(struct bench_ctx *);
int net_rpc_tcp_setup(struct bench_ctx *);
int net_rpc_run(struct bench_ctx *, uint64_t n);
void net_rpc_teardown(struct bench_ctx *);

#endif
