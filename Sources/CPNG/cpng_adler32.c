#include "cpng_adler32.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    /// The Adler-32 modulus: the largest prime below 2^16.
    CPNG_ADLER_BASE = 65521,
    /// The most bytes that can be added before s2 may overflow 32 bits (zlib's NMAX).
    CPNG_ADLER_NMAX = 5552,
    /// CPNG_ADLER_NMAX rounded down to whole 16-byte blocks.
    CPNG_ADLER_CHUNK = CPNG_ADLER_NMAX / 16 * 16,
};

static void cpng_adler32_bytes(uint32_t *s1, uint32_t *s2, const uint8_t *bytes, size_t length) {
    uint32_t a = *s1;
    uint32_t b = *s2;
    while (length > 0) {
        size_t chunk = length < CPNG_ADLER_NMAX ? length : CPNG_ADLER_NMAX;
        length -= chunk;
        while (chunk-- > 0) {
            a += *bytes++;
            b += a;
        }
        a %= CPNG_ADLER_BASE;
        b %= CPNG_ADLER_BASE;
    }
    *s1 = a;
    *s2 = b;
}

#if defined(__SSE2__)
/// Adds `length` bytes (a multiple of 16, at most CPNG_ADLER_CHUNK) to s1 and s2, which are reduced after.
/// Within a block of 16 bytes starting when s1 is S, s2 grows by 16·S plus the bytes weighted 16, 15, …, 1; the
/// running S of each block is summed in `prefix` and multiplied by 16 at the end.
static void cpng_adler32_chunk(uint32_t *s1, uint32_t *s2, const uint8_t *bytes, size_t length) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i weights_low = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i weights_high = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    __m128i sums = _mm_setzero_si128();
    __m128i prefix = _mm_setzero_si128();
    __m128i weighted = _mm_setzero_si128();
    size_t blocks = length / 16;
    for (size_t block = 0; block < blocks; block++) {
        __m128i data = _mm_loadu_si128((const __m128i *)(bytes + block * 16));
        prefix = _mm_add_epi32(prefix, sums);
        sums = _mm_add_epi32(sums, _mm_sad_epu8(data, zero));
        weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(data, zero), weights_low));
        weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(data, zero), weights_high));
    }
    uint32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, sums);
    uint64_t block_sum = (uint64_t)lanes[0] + lanes[2];
    _mm_storeu_si128((__m128i *)lanes, prefix);
    uint64_t prefix_sum = (uint64_t)lanes[0] + lanes[2];
    _mm_storeu_si128((__m128i *)lanes, weighted);
    uint64_t weighted_sum = (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
    uint64_t a = *s1;
    uint64_t b = *s2 + a * length + 16 * prefix_sum + weighted_sum;
    *s1 = (uint32_t)((a + block_sum) % CPNG_ADLER_BASE);
    *s2 = (uint32_t)(b % CPNG_ADLER_BASE);
}
#endif

uint32_t cpng_adler32(uint32_t adler, const uint8_t *bytes, size_t length) {
    uint32_t s1 = adler & 0xFFFF;
    uint32_t s2 = adler >> 16;
#if defined(__SSE2__)
    while (length >= 16) {
        size_t chunk = length < CPNG_ADLER_CHUNK ? length / 16 * 16 : CPNG_ADLER_CHUNK;
        cpng_adler32_chunk(&s1, &s2, bytes, chunk);
        bytes += chunk;
        length -= chunk;
    }
#endif
    cpng_adler32_bytes(&s1, &s2, bytes, length);
    return s2 << 16 | s1;
}
