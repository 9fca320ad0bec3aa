/* LD_PRELOAD shim for the safe-write tests: makes one step of
 * lnr-rewrite's "write a temporary beside the file, then rename it over the
 * file" fail, without changing the tool. The temporaries are the files whose
 * name contains "-lnr-" (tool/FileTransaction.cpp). LNR_FAIL_IO says what
 * fails:
 *   create     creating a temporary: EACCES
 *   write      writing a temporary: ENOSPC after half of the first write
 *   chmod      setting the temporary's mode: EPERM
 *   renameN    the N-th rename of a temporary over its file: EXDEV
 *   kill       the process is killed (SIGKILL) in the middle of writing a
 *              temporary
 *   fchown     giving a temporary an owner and group: EPERM
 * or which edit is made to the file LNR_FAIL_IO_TARGET when the first
 * temporary is created (after the files were read, before any rename), as
 * an editor saving it while the tool runs would:
 *   append     a line appended
 *   same-size  its first byte changed in place, its times put back
 *   touch      its modification time set to now
 *   replace    a copy (same bytes, same times) renamed over it
 * Every failure or edit is reported on stderr as "fail_io: ...".
 * Build: cc -shared -fPIC -o fail_io.so fail_io.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static const char *mode(void) {
  const char *m = getenv("LNR_FAIL_IO");
  return m ? m : "";
}

static int is_temp(const char *path) {
  return path && strstr(path, "-lnr-") != NULL;
}

static int fd_is_temp(int fd) {
  char link[64], path[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0)
    return 0;
  path[n] = '\0';
  return is_temp(path);
}

static void note(const char *what, const char *path) {
  fprintf(stderr, "fail_io: %s %s\n", what, path ? path : "");
}

#define REAL(name, type) ((type)dlsym(RTLD_NEXT, name))

typedef int (*open_fn)(const char *, int, ...);
typedef int (*openat_fn)(int, const char *, int, ...);

typedef int (*rename_fn)(const char *, const char *);

/* The edit LNR_FAIL_IO names, made once to LNR_FAIL_IO_TARGET. */
static void edit_target(void) {
  static int done;
  const char *target = getenv("LNR_FAIL_IO_TARGET");
  struct stat st;
  if (done || !target || stat(target, &st) != 0)
    return;
  done = 1;
  struct timespec times[2] = {st.st_atim, st.st_mtim};
  if (!strcmp(mode(), "append")) {
    FILE *f = fopen(target, "a");
    fputs("/* saved while lnr-rewrite ran */\n", f);
    fclose(f);
  } else if (!strcmp(mode(), "same-size")) {
    FILE *f = fopen(target, "r+");
    int c = fgetc(f);
    fseek(f, 0, SEEK_SET);
    fputc(c == 'x' ? 'y' : 'x', f);
    fclose(f);
    utimensat(AT_FDCWD, target, times, 0);
  } else if (!strcmp(mode(), "touch")) {
    utimensat(AT_FDCWD, target, NULL, 0);
  } else if (!strcmp(mode(), "replace")) {
    char copy[4096], buf[4096];
    snprintf(copy, sizeof copy, "%s.saved", target);
    FILE *in = fopen(target, "r"), *out = fopen(copy, "w");
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
      fwrite(buf, 1, n, out);
    fclose(in);
    fclose(out);
    chmod(copy, st.st_mode & 07777);
    utimensat(AT_FDCWD, copy, times, 0);
    REAL("rename", rename_fn)(copy, target);
  } else {
    return;
  }
  note(mode(), target);
}

static int fail_create(const char *path, int flags) {
  if ((flags & O_CREAT) && is_temp(path) && !strcmp(mode(), "create")) {
    note("create", path);
    errno = EACCES;
    return 1;
  }
  if ((flags & O_CREAT) && is_temp(path))
    edit_target();
  return 0;
}

#define OPEN_WRAPPER(name)                                                     \
  int name(const char *path, int flags, ...) {                                 \
    mode_t m = 0;                                                              \
    if (flags & O_CREAT) {                                                     \
      va_list ap;                                                              \
      va_start(ap, flags);                                                     \
      m = va_arg(ap, mode_t);                                                  \
      va_end(ap);                                                              \
    }                                                                          \
    if (fail_create(path, flags))                                              \
      return -1;                                                               \
    return REAL(#name, open_fn)(path, flags, m);                               \
  }
OPEN_WRAPPER(open)
OPEN_WRAPPER(open64)

#define OPENAT_WRAPPER(name)                                                   \
  int name(int dir, const char *path, int flags, ...) {                        \
    mode_t m = 0;                                                              \
    if (flags & O_CREAT) {                                                     \
      va_list ap;                                                              \
      va_start(ap, flags);                                                     \
      m = va_arg(ap, mode_t);                                                  \
      va_end(ap);                                                              \
    }                                                                          \
    if (fail_create(path, flags))                                              \
      return -1;                                                               \
    return REAL(#name, openat_fn)(dir, path, flags, m);                        \
  }
OPENAT_WRAPPER(openat)
OPENAT_WRAPPER(openat64)

ssize_t write(int fd, const void *buf, size_t count) {
  typedef ssize_t (*write_fn)(int, const void *, size_t);
  if (count > 1 && (!strcmp(mode(), "write") || !strcmp(mode(), "kill")) &&
      fd_is_temp(fd)) {
    REAL("write", write_fn)(fd, buf, count / 2); /* a partial temporary */
    if (!strcmp(mode(), "kill")) {
      note("kill", "");
      kill(getpid(), SIGKILL);
    }
    note("write", "");
    errno = ENOSPC;
    return -1;
  }
  return REAL("write", write_fn)(fd, buf, count);
}

int chmod(const char *path, mode_t m) {
  typedef int (*chmod_fn)(const char *, mode_t);
  if (is_temp(path) && !strcmp(mode(), "chmod")) {
    note("chmod", path);
    errno = EPERM;
    return -1;
  }
  return REAL("chmod", chmod_fn)(path, m);
}

int fchown(int fd, uid_t owner, gid_t group) {
  typedef int (*fchown_fn)(int, uid_t, gid_t);
  if (fd_is_temp(fd) && !strcmp(mode(), "fchown")) {
    note("fchown", "");
    errno = EPERM;
    return -1;
  }
  return REAL("fchown", fchown_fn)(fd, owner, group);
}

int rename(const char *from, const char *to) {
  static int count;
  if (is_temp(from) && !strncmp(mode(), "rename", 6) &&
      ++count == atoi(mode() + 6)) {
    note("rename", to);
    errno = EXDEV;
    return -1;
  }
  return REAL("rename", rename_fn)(from, to);
}
