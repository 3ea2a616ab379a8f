/* See fstio.h. Compiled without RS_FSTIO_WRAP: these call the real functions. */
#include "fstio.h"

#include <errno.h>

static int g_error = 0;

static void note(int failed) {
    if (failed && g_error == 0) g_error = errno != 0 ? errno : EIO;
}

int rs_fst_io_error(void) {
    return g_error;
}

void rs_fst_io_reset(void) {
    g_error = 0;
}

size_t rs_fst_fwrite(const void* ptr, size_t size, size_t n, FILE* f) {
    errno = 0;
    const size_t done = fwrite(ptr, size, n, f);
    note(done != n);
    return done;
}

int rs_fst_fputc(int c, FILE* f) {
    errno = 0;
    const int r = fputc(c, f);
    note(r == EOF);
    return r;
}

int rs_fst_fflush(FILE* f) {
    errno = 0;
    const int r = fflush(f);
    note(r != 0);
    return r;
}

int rs_fst_fclose(FILE* f) {
    errno = 0;
    const int r = fclose(f);
    note(r != 0);
    return r;
}

int rs_fst_ftruncate(int fd, off_t length) {
    errno = 0;
    const int r = ftruncate(fd, length);
    note(r != 0);
    return r;
}
