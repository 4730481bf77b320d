#ifndef CWEBP_H
#define CWEBP_H

#include <stddef.h>
#include <stdint.h>

/// Status of a cwebp call: 0 (VP8_ENC_OK) on success, else one of libwebp's VP8_ENC_ERROR_* codes (1...10) or
/// CWEBP_DECODE_FAILED.
enum {
    CWEBP_OK = 0,
    /// The bytes are not a WebP file libwebp can decode to RGBA.
    CWEBP_DECODE_FAILED = 100,
};

/// A block of bytes allocated by libwebp; release it with cwebp_free.
typedef struct {
    uint8_t *bytes;
    size_t count;
} cwebp_bytes;

/// Encodes a tightly packed 8-bit RGB (`channels` 3) or straight-alpha RGBA (`channels` 4) frame as lossless WebP
/// with `exact` set (colour under alpha 0 kept), libwebp's `method` (0...6) and lossless `quality` (0...100), on
/// one thread. On success `output` holds the file; on failure it is empty and the libwebp error code is returned.
int cwebp_encode_lossless(
    const uint8_t *pixels, int width, int height, int channels, int method, int quality, cwebp_bytes *output);

/// Decodes a WebP file to tightly packed RGBA; `output` holds width × height × 4 bytes on success.
int cwebp_decode_rgba(const uint8_t *data, size_t size, int *width, int *height, cwebp_bytes *output);

/// libwebp's encoder version packed as 0x00MMmmpp (WebPGetEncoderVersion).
int cwebp_encoder_version(void);

/// Releases bytes returned by this file's functions (NULL is allowed).
void cwebp_free(cwebp_bytes *bytes);

#endif
