#include "cpng_adaptive_filter.h"

#include <string.h>

/// The magnitude of `value` read as a signed byte.
static inline unsigned cpng_magnitude(uint8_t value) { return value < 128 ? value : 256u - value; }

/// The byte that predicts `row[index]` under `filter` (1 Sub, 2 Up, 3 Average, 4 Paeth), as PNG section 9 defines.
static inline uint8_t cpng_predictor(int filter, const uint8_t *row, const uint8_t *previous, size_t index,
                                     size_t bytes_per_pixel) {
    unsigned left = index >= bytes_per_pixel ? row[index - bytes_per_pixel] : 0;
    unsigned above = previous[index];
    unsigned above_left = index >= bytes_per_pixel ? previous[index - bytes_per_pixel] : 0;
    switch (filter) {
    case 1: return (uint8_t)left;
    case 2: return (uint8_t)above;
    case 3: return (uint8_t)((left + above) / 2);
    default: {
        int to_left = (int)above - (int)above_left, to_above = (int)left - (int)above_left;
        int to_above_left = to_left + to_above;
        to_left = to_left < 0 ? -to_left : to_left;
        to_above = to_above < 0 ? -to_above : to_above;
        to_above_left = to_above_left < 0 ? -to_above_left : to_above_left;
        if (to_left <= to_above && to_left <= to_above_left) return (uint8_t)left;
        return (uint8_t)(to_above <= to_above_left ? above : above_left);
    }
    }
}

void cpng_adaptive_filter(const uint8_t *row, const uint8_t *previous, size_t length, size_t bytes_per_pixel,
                          uint8_t *output, uint8_t *scratch) {
    unsigned long best = 0;
    for (size_t index = 0; index < length; index++) best += cpng_magnitude(row[index]);
    output[0] = 0;
    memcpy(output + 1, row, length);
    static const int order[] = {2, 1, 3, 4};
    for (int candidate = 0; candidate < 4 && best > 0; candidate++) {
        int filter = order[candidate];
        unsigned long sum = 0;
        for (size_t index = 0; index < length; index++) {
            uint8_t value = (uint8_t)(row[index] - cpng_predictor(filter, row, previous, index, bytes_per_pixel));
            scratch[index] = value;
            sum += cpng_magnitude(value);
        }
        if (sum < best) {
            best = sum;
            output[0] = (uint8_t)filter;
            memcpy(output + 1, scratch, length);
        }
    }
}
