#ifndef CPNG_H
#define CPNG_H
#include <stddef.h>
const char *cpng_libpng_version(void);
#endif
