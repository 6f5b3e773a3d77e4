/*===- read_file.h - C API tests: a whole file into memory ----------------===*\
|*                                                                            *|
|* Shared by the C API test programs (test/CAPI/*.c).                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_TEST_CAPI_READ_FILE_H
#define CUDAPY_TEST_CAPI_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

/// The contents of `path`, NUL-terminated, in memory the caller frees; NULL
/// when it cannot be read.
static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
    free(text);
    text = NULL;
  }
  if (text)
    text[size] = '\0';
  fclose(file);
  return text;
}

#endif // CUDAPY_TEST_CAPI_READ_FILE_H
