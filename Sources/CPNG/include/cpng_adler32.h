#ifndef CPNG_ADLER32_H
#define CPNG_ADLER32_H

#include <stddef.h>
#include <stdint.h>

/// Updates the Adler-32 checksum `adler` (1 for an empty stream) with `length` bytes at `bytes`, as zlib's
/// `adler32` does, with the same result: on x86-64 sixteen bytes at a time in SSE2 registers, elsewhere byte by
/// byte with the modulo deferred as zlib defers it.
uint32_t cpng_adler32(uint32_t adler, const uint8_t *bytes, size_t length);

#endif
