// The only C the HTTP server needs beyond what Swift's Glibc module declares.
#ifndef CSOCKET_SHIM_H
#define CSOCKET_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/sendfile.h>
#include <sys/syscall.h>
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include <unistd.h>
#include <fcntl.h>

/// An anonymous in-memory file (close-on-exec), or -1 with errno set.
/// Exists because glibc declares memfd_create only under _GNU_SOURCE, which would make this
/// module's view of the system headers differ from the Glibc module's.
static inline int csocket_memory_file(const char *name)
{
    return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC */);
}

/// A file without a name in `directory`'s file system (close-on-exec, read-write), gone when
/// closed, or -1 with errno set (EOPNOTSUPP where the file system has no unnamed files).
/// Exists because O_TMPFILE, too, is declared only under _GNU_SOURCE; glibc's __O_TMPFILE
/// (the same flags, O_DIRECTORY included) is declared without it.
static inline int csocket_unnamed_file(const char *directory)
{
    return open(directory, __O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}

/// Sends up to `count` bytes of file `in` from `*offset` on socket `out` without copying them
/// through user memory; advances `*offset`. Returns the bytes sent, or -1 with errno set.
/// Exists because Swift's Glibc module does not include <sys/sendfile.h>.
static inline ssize_t csocket_send_file(int out, int in, off_t *offset, size_t count)
{
    return sendfile(out, in, offset, count);
}

/// Bytes written to socket `socket` that the kernel has not sent yet, or -1.
/// Exists because ioctl is variadic, which Swift cannot call.
static inline int csocket_unsent_bytes(int socket)
{
    int count = 0;
    return ioctl(socket, SIOCOUTQ, &count) == 0 ? count : -1;
}

/// Accepts a connection whose descriptor is close-on-exec from the start, so a process spawned
/// meanwhile on another thread cannot inherit it. Returns the descriptor, or -1 with errno set.
/// Exists because glibc declares accept4 only under _GNU_SOURCE (see above).
extern int accept4(int socket, struct sockaddr *address, socklen_t *length, int flags);
static inline int csocket_accept(int socket, struct sockaddr *address, socklen_t *length)
{
    return accept4(socket, address, length, SOCK_CLOEXEC);
}
#endif
