#ifndef CPNG_ADAPTIVE_FILTER_H
#define CPNG_ADAPTIVE_FILTER_H

#include <stddef.h>
#include <stdint.h>

/// Filters `row` (`length` bytes, `bytes_per_pixel` a pixel) against `previous` with the filter whose bytes, read as
/// signed, have the least sum of magnitudes: None, then Up, Sub, Average and Paeth, a later one taken only when its
/// sum is strictly less. This is libpng's heuristic as Pillow applies it with `optimize=True` (its ZipEncode.c), so
/// that the same rows through zlib level 9 give Pillow's bytes. Writes the filter type byte and the filtered row to
/// `output` (`length` + 1 bytes); `scratch` holds `length` bytes.
void cpng_adaptive_filter(const uint8_t *row, const uint8_t *previous, size_t length, size_t bytes_per_pixel,
                          uint8_t *output, uint8_t *scratch);

#endif
