#include "cpng_paeth.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/// |x| in each 16-bit lane.
static inline __m128i cpng_magnitude16(__m128i x) {
    return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x));
}

/// The Paeth predictor in each 16-bit lane of left `a`, above `b` and above-left `c` (each 0–255).
static inline __m128i cpng_paeth16(__m128i a, __m128i b, __m128i c) {
    // |p − a| = |b − c|, |p − b| = |a − c|, |p − c| = |a + b − 2c| for p = a + b − c.
    __m128i to_left = cpng_magnitude16(_mm_sub_epi16(b, c));
    __m128i to_up = cpng_magnitude16(_mm_sub_epi16(a, c));
    __m128i to_up_left = cpng_magnitude16(_mm_sub_epi16(_mm_add_epi16(a, b), _mm_add_epi16(c, c)));
    __m128i up_loses = _mm_cmpgt_epi16(to_up, to_up_left);
    __m128i up_or_up_left = _mm_or_si128(_mm_and_si128(up_loses, c), _mm_andnot_si128(up_loses, b));
    __m128i left_loses = _mm_or_si128(_mm_cmpgt_epi16(to_left, to_up), _mm_cmpgt_epi16(to_left, to_up_left));
    return _mm_or_si128(_mm_and_si128(left_loses, up_or_up_left), _mm_andnot_si128(left_loses, a));
}
#endif

void cpng_paeth(const uint8_t *row, const uint8_t *previous, size_t start, size_t count, size_t bytes_per_pixel,
                uint8_t *output) {
    size_t index = start;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; index + 16 <= count; index += 16) {
        __m128i current = _mm_loadu_si128((const __m128i *)(row + index));
        __m128i left = _mm_loadu_si128((const __m128i *)(row + index - bytes_per_pixel));
        __m128i up = _mm_loadu_si128((const __m128i *)(previous + index));
        __m128i up_left = _mm_loadu_si128((const __m128i *)(previous + index - bytes_per_pixel));
        __m128i low = cpng_paeth16(
            _mm_unpacklo_epi8(left, zero), _mm_unpacklo_epi8(up, zero), _mm_unpacklo_epi8(up_left, zero));
        __m128i high = cpng_paeth16(
            _mm_unpackhi_epi8(left, zero), _mm_unpackhi_epi8(up, zero), _mm_unpackhi_epi8(up_left, zero));
        _mm_storeu_si128((__m128i *)(output + index), _mm_sub_epi8(current, _mm_packus_epi16(low, high)));
    }
#endif
    for (; index < count; index++) {
        int left = row[index - bytes_per_pixel];
        int up = previous[index];
        int up_left = previous[index - bytes_per_pixel];
        int to_left = up - up_left;
        int to_up = left - up_left;
        int to_up_left = left + up - 2 * up_left;
        to_left = to_left < 0 ? -to_left : to_left;
        to_up = to_up < 0 ? -to_up : to_up;
        to_up_left = to_up_left < 0 ? -to_up_left : to_up_left;
        int predictor = to_left <= to_up && to_left <= to_up_left ? left : to_up <= to_up_left ? up : up_left;
        output[index] = (uint8_t)(row[index] - predictor);
    }
}
