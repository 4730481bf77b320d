#ifndef CPNG_PAETH_H
#define CPNG_PAETH_H

#include <stddef.h>
#include <stdint.h>

/// Writes the bytes of `row` from `start` to `count` minus their Paeth predictor (PNG specification, section 9.4) to
/// `output`: of the byte `bytes_per_pixel` to the left, the byte above in `previous` and the byte above-left, the one
/// nearest left + above − above-left, ties going to the left, then above. `start` is at least `bytes_per_pixel`.
/// On x86-64 sixteen bytes at a time in SSE2 registers (the predictor in 16-bit lanes), elsewhere byte by byte.
void cpng_paeth(const uint8_t *row, const uint8_t *previous, size_t start, size_t count, size_t bytes_per_pixel,
                uint8_t *output);

#endif
