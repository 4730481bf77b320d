#include "cwebp.h"

#include <webp/decode.h>
#include <webp/encode.h>

int cwebp_encode_lossless(
    const uint8_t *pixels, int width, int height, int channels, int method, int quality, cwebp_bytes *output) {
    output->bytes = NULL;
    output->count = 0;
    WebPConfig config;
    if (!WebPConfigInit(&config)) return VP8_ENC_ERROR_INVALID_CONFIGURATION;
    config.lossless = 1;
    config.exact = 1;
    config.method = method;
    config.quality = (float)quality;
    config.thread_level = 0;
    if (!WebPValidateConfig(&config)) return VP8_ENC_ERROR_INVALID_CONFIGURATION;
    if (width <= 0 || height <= 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION
        || (channels != 3 && channels != 4) || pixels == NULL) {
        return VP8_ENC_ERROR_BAD_DIMENSION;
    }
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return VP8_ENC_ERROR_INVALID_CONFIGURATION;
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    int imported = channels == 4 ? WebPPictureImportRGBA(&picture, pixels, width * 4)
                                 : WebPPictureImportRGB(&picture, pixels, width * 3);
    if (!imported) {
        int code = picture.error_code != VP8_ENC_OK ? (int)picture.error_code : VP8_ENC_ERROR_OUT_OF_MEMORY;
        WebPPictureFree(&picture);
        return code;
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int encoded = WebPEncode(&config, &picture);
    int code = encoded ? VP8_ENC_OK : (int)picture.error_code;
    WebPPictureFree(&picture);
    if (code != VP8_ENC_OK) {
        WebPMemoryWriterClear(&writer);
        return code;
    }
    output->bytes = writer.mem;
    output->count = writer.size;
    return VP8_ENC_OK;
}

int cwebp_decode_rgba(const uint8_t *data, size_t size, int *width, int *height, cwebp_bytes *output) {
    output->bytes = NULL;
    output->count = 0;
    *width = 0;
    *height = 0;
    uint8_t *rgba = WebPDecodeRGBA(data, size, width, height);
    if (rgba == NULL) return CWEBP_DECODE_FAILED;
    output->bytes = rgba;
    output->count = (size_t)*width * (size_t)*height * 4;
    return CWEBP_OK;
}

int cwebp_encoder_version(void) { return WebPGetEncoderVersion(); }

void cwebp_free(cwebp_bytes *bytes) {
    if (bytes->bytes != NULL) WebPFree(bytes->bytes);
    bytes->bytes = NULL;
    bytes->count = 0;
}
