/*
 * bench-net-ns.c: a private network namespace for one worker thread.
 *
 * Entering needs CAP_SYS_ADMIN: benchtop is multi-threaded, so the way
 * an unprivileged process would get it, a user namespace of its own, is
 * closed (CLONE_NEWUSER needs a single-threaded caller). Where entering
 * fails the caller falls back to the host's loopback and its own way of
 * leaving nothing behind. The new namespace's loopback is brought up
 * with an ioctl, so that no tool has to be run; no setting of the
 * host's own namespace is touched.
 */

#include "config.h"

#include "bench-net-ns.h"

#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

void
netns_init(struct netns *ns)
{
	ns->home = -1;
	ns->private = 0;
}

#ifdef CLONE_NEWNET
/* `lo` exists, down, in every new namespace; set IFF_UP on it. */
static int
netns_loopback_up(void)
{
	struct ifreq ifr;
	int fd, rc = -1;

	if ((fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	memset(&ifr, 0, sizeof ifr);
	(void)strncpy(ifr.ifr_name, "lo", sizeof ifr.ifr_name - 1);
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) == 0) {
		ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
		rc = ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	(void)close(fd);
	return rc;
}

int
netns_enter(struct netns *ns)
{
	netns_init(ns);
	ns->home = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
	if (ns->home < 0)
		return 0;
	if (unshare(CLONE_NEWNET) != 0) {
		(void)close(ns->home);
		ns->home = -1;
		return 0;
	}
	ns->private = 1;
	if (netns_loopback_up() != 0) {
		netns_leave(ns);
		return 0;
	}
	return 1;
}

/*
 * setns cannot fail here but for a kernel out of memory; then the
 * thread stays in its namespace, whose later sockets stay there too.
 */
void
netns_leave(struct netns *ns)
{
	if (ns->private)
		(void)setns(ns->home, CLONE_NEWNET);
	if (ns->home >= 0)
		(void)close(ns->home);
	netns_init(ns);
}
#else
int
netns_enter(struct netns *ns)
{
	netns_init(ns);
	return 0;
}

void
netns_leave(struct netns *ns)
{
	netns_init(ns);
}
#endif
