// Linux headers that the Glibc module map leaves out: epoll, eventfd, and accept4 (declared by glibc only under
// _GNU_SOURCE).
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
