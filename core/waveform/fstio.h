/* Checked I/O for the fstapi library (internal to rs_wave; force-included into fstapi.c only).
 * The library ignores the results of its writes, so a full disk or a file-size limit gives a
 * damaged file that looks written. These wrappers call the real functions and remember the first
 * failure; the child that runs the library asks rs_fst_io_error() before it reports success. */
#ifndef RS_FSTIO_H
#define RS_FSTIO_H

#include <stdio.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef __cplusplus
extern "C" {
#endif

/** errno of the first failed write, flush, close or truncate since rs_fst_io_reset(); 0: none. */
int rs_fst_io_error(void);
void rs_fst_io_reset(void);

size_t rs_fst_fwrite(const void* ptr, size_t size, size_t n, FILE* f);
int rs_fst_fputc(int c, FILE* f);
int rs_fst_fflush(FILE* f);
int rs_fst_fclose(FILE* f);
int rs_fst_ftruncate(int fd, off_t length);

#ifdef __cplusplus
}
#endif

#ifdef RS_FSTIO_WRAP
#define fwrite rs_fst_fwrite
#define fputc rs_fst_fputc
#define fflush rs_fst_fflush
#define fclose rs_fst_fclose
#define ftruncate rs_fst_ftruncate
#endif

#endif
