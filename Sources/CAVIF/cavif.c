#include "cavif.h"

#include <avif/avif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static avifCodecChoice codec_choice(cavif_codec codec) {
    switch (codec) {
    case CAVIF_CODEC_AOM: return AVIF_CODEC_CHOICE_AOM;
    case CAVIF_CODEC_RAV1E: return AVIF_CODEC_CHOICE_RAV1E;
    case CAVIF_CODEC_SVT: return AVIF_CODEC_CHOICE_SVT;
    }
    return AVIF_CODEC_CHOICE_AUTO;
}

static void set_message(char message[CAVIF_MESSAGE_CAPACITY], const char *what, avifResult result, const char *detail) {
    snprintf(message, CAVIF_MESSAGE_CAPACITY, "%s: %s%s%s", what, avifResultToString(result),
             detail != NULL && detail[0] != '\0' ? ": " : "", detail != NULL ? detail : "");
}

/// Copies the samples into the layout avifImageRGBToYUV reads: uint8 at depth 8, uint16 scaled to `depth` bits.
static void *convert_samples(const uint16_t *samples, size_t count, int depth) {
    if (depth == 8) {
        uint8_t *narrow = malloc(count);
        if (narrow == NULL) return NULL;
        for (size_t i = 0; i < count; i++) narrow[i] = samples[i] > 255 ? 255 : (uint8_t)samples[i];
        return narrow;
    }
    uint16_t *scaled = malloc(count * sizeof(uint16_t));
    if (scaled == NULL) return NULL;
    const uint32_t maximum = (1u << depth) - 1;
    for (size_t i = 0; i < count; i++) scaled[i] = (uint16_t)(((uint32_t)samples[i] * maximum + 32767) / 65535);
    return scaled;
}

struct cavif_frame {
    cavif_settings settings;
    int channels;
    /// The whole image's planes.
    avifImage *image;
    /// The next row expected by cavif_frame_write_rows.
    int nextRow;
};

/// An image of `width` × `height` with the colour description every file carries, and no planes.
static avifImage *create_image(int width, int height, const cavif_settings *settings) {
    avifPixelFormat format = settings->yuv_format == CAVIF_YUV444 ? AVIF_PIXEL_FORMAT_YUV444 : AVIF_PIXEL_FORMAT_YUV420;
    avifImage *image = avifImageCreate((uint32_t)width, (uint32_t)height, (uint32_t)settings->depth, format);
    if (image == NULL) return NULL;
    image->colorPrimaries = (avifColorPrimaries)settings->primaries;
    image->transferCharacteristics = AVIF_TRANSFER_CHARACTERISTICS_SRGB;
    image->matrixCoefficients = (avifMatrixCoefficients)settings->matrix;
    image->yuvRange = AVIF_RANGE_FULL;
    image->alphaPremultiplied = AVIF_FALSE;
    return image;
}

int cavif_frame_create(
    int width, int height, int channels, const cavif_settings *settings, cavif_frame **frame,
    char message[CAVIF_MESSAGE_CAPACITY]) {
    *frame = NULL;
    message[0] = '\0';
    int depth = settings->depth;
    if (width <= 0 || height <= 0 || width > 65536 || height > 65536 || (channels != 3 && channels != 4)
        || (depth != 8 && depth != 10 && depth != 12) || settings->quantizer < 0 || settings->quantizer > 63
        || settings->speed < 0 || settings->speed > 10
        || (settings->yuv_format != CAVIF_YUV444 && settings->yuv_format != CAVIF_YUV420)) {
        snprintf(message, CAVIF_MESSAGE_CAPACITY, "invalid argument");
        return CAVIF_BAD_ARGUMENT;
    }
    if (avifCodecName(codec_choice(settings->codec), AVIF_CODEC_FLAG_CAN_ENCODE) == NULL) {
        snprintf(message, CAVIF_MESSAGE_CAPACITY, "libavif was built without the requested AV1 encoder");
        return AVIF_RESULT_NO_CODEC_AVAILABLE;
    }
    cavif_frame *created = calloc(1, sizeof *created);
    if (created == NULL) {
        snprintf(message, CAVIF_MESSAGE_CAPACITY, "out of memory for the frame");
        return CAVIF_OUT_OF_MEMORY;
    }
    created->settings = *settings;
    created->channels = channels;
    created->image = create_image(width, height, settings);
    avifResult result = AVIF_RESULT_OUT_OF_MEMORY;
    if (created->image != NULL) {
        result = avifImageAllocatePlanes(created->image, channels == 4 ? AVIF_PLANES_ALL : AVIF_PLANES_YUV);
    }
    if (result != AVIF_RESULT_OK) {
        set_message(message, "allocate planes", result, NULL);
        cavif_frame_destroy(created);
        return (int)result;
    }
    *frame = created;
    return CAVIF_OK;
}

int cavif_frame_write_rows(
    cavif_frame *frame, int y, int rows, const uint16_t *samples, char message[CAVIF_MESSAGE_CAPACITY]) {
    message[0] = '\0';
    avifImage *image = frame->image;
    int depth = frame->settings.depth;
    int chromaShift = frame->settings.yuv_format == CAVIF_YUV420 ? 1 : 0;
    if (samples == NULL || rows <= 0 || y != frame->nextRow || (uint32_t)(y + rows) > image->height
        || (chromaShift && (y & 1))) {
        snprintf(message, CAVIF_MESSAGE_CAPACITY, "rows %d..<%d are not the next band of the frame", y, y + rows);
        return CAVIF_BAD_ARGUMENT;
    }
    size_t count = (size_t)image->width * (size_t)rows * (size_t)frame->channels;
    void *pixels = convert_samples(samples, count, depth);
    avifImage *band = create_image((int)image->width, rows, &frame->settings);
    avifResult result = AVIF_RESULT_OUT_OF_MEMORY;
    if (pixels == NULL || band == NULL) {
        set_message(message, "band", result, NULL);
        goto done;
    }
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, band);
    rgb.format = frame->channels == 4 ? AVIF_RGB_FORMAT_RGBA : AVIF_RGB_FORMAT_RGB;
    rgb.depth = (uint32_t)depth;
    rgb.alphaPremultiplied = AVIF_FALSE;
    rgb.chromaDownsampling = AVIF_CHROMA_DOWNSAMPLING_AVERAGE;
    rgb.pixels = pixels;
    rgb.rowBytes = (uint32_t)((size_t)image->width * (size_t)frame->channels * (depth > 8 ? 2 : 1));
    result = avifImageRGBToYUV(band, &rgb);
    if (result != AVIF_RESULT_OK) {
        set_message(message, "RGB to YUV", result, NULL);
        goto done;
    }
    for (int plane = 0; plane < 3; plane++) {
        int shift = plane == AVIF_CHAN_Y ? 0 : chromaShift;
        size_t planeWidth = ((size_t)image->width + (size_t)shift) >> shift;
        size_t bytes = planeWidth * (depth > 8 ? 2 : 1);
        int planeRows = (rows + shift) >> shift;
        for (int row = 0; row < planeRows; row++) {
            memcpy(image->yuvPlanes[plane] + (size_t)((y >> shift) + row) * image->yuvRowBytes[plane],
                   band->yuvPlanes[plane] + (size_t)row * band->yuvRowBytes[plane], bytes);
        }
    }
    if (frame->channels == 4) {
        size_t bytes = (size_t)image->width * (depth > 8 ? 2 : 1);
        for (int row = 0; row < rows; row++) {
            memcpy(image->alphaPlane + (size_t)(y + row) * image->alphaRowBytes,
                   band->alphaPlane + (size_t)row * band->alphaRowBytes, bytes);
        }
    }
    frame->nextRow = y + rows;

done:
    free(pixels);
    if (band != NULL) avifImageDestroy(band);
    return (int)result;
}

int cavif_frame_encode(cavif_frame *frame, cavif_bytes *output, char message[CAVIF_MESSAGE_CAPACITY]) {
    output->bytes = NULL;
    output->count = 0;
    message[0] = '\0';
    if ((uint32_t)frame->nextRow != frame->image->height) {
        snprintf(message, CAVIF_MESSAGE_CAPACITY, "only %d of %u rows were written", frame->nextRow,
                 frame->image->height);
        return CAVIF_BAD_ARGUMENT;
    }
    const cavif_settings *settings = &frame->settings;
    avifEncoder *encoder = avifEncoderCreate();
    avifRWData encoded = AVIF_DATA_EMPTY;
    avifResult result = AVIF_RESULT_OUT_OF_MEMORY;
    if (encoder == NULL) {
        set_message(message, "create", result, NULL);
        goto done;
    }
    encoder->codecChoice = codec_choice(settings->codec);
    encoder->maxThreads = 1;
    encoder->speed = settings->speed;
    encoder->minQuantizer = settings->quantizer;
    encoder->maxQuantizer = settings->quantizer;
    encoder->minQuantizerAlpha = settings->quantizer;
    encoder->maxQuantizerAlpha = settings->quantizer;
    if (settings->codec == CAVIF_CODEC_AOM) {
        // Gradients have no repeated blocks for intra block copy to find, but libaom's screen-content detection
        // turns it on for some of them and then hashes every block: at 2048x2048 RGBA that took the peak from
        // 150 MB to 430 MB and doubled the time, for identical bytes.
        avifEncoderSetCodecSpecificOption(encoder, "enable-intrabc", "0");
    }
    result = avifEncoderAddImage(encoder, frame->image, 1, AVIF_ADD_IMAGE_FLAG_SINGLE);
    if (result != AVIF_RESULT_OK) {
        set_message(message, "encode", result, encoder->diag.error);
        goto done;
    }
    result = avifEncoderFinish(encoder, &encoded);
    if (result != AVIF_RESULT_OK) {
        set_message(message, "finish", result, encoder->diag.error);
        goto done;
    }
    output->bytes = malloc(encoded.size);
    if (output->bytes == NULL) {
        result = AVIF_RESULT_OUT_OF_MEMORY;
        set_message(message, "copy", result, NULL);
        goto done;
    }
    memcpy(output->bytes, encoded.data, encoded.size);
    output->count = encoded.size;

done:
    avifRWDataFree(&encoded);
    if (encoder != NULL) avifEncoderDestroy(encoder);
    return (int)result;
}

void cavif_frame_destroy(cavif_frame *frame) {
    if (frame == NULL) return;
    if (frame->image != NULL) avifImageDestroy(frame->image);
    free(frame);
}

int cavif_decode(const uint8_t *data, size_t size, cavif_image *output, char message[CAVIF_MESSAGE_CAPACITY]) {
    memset(output, 0, sizeof *output);
    message[0] = '\0';
    avifDecoder *decoder = avifDecoderCreate();
    avifImage *image = avifImageCreateEmpty();
    avifRGBImage rgb;
    memset(&rgb, 0, sizeof rgb);
    avifResult result = AVIF_RESULT_OUT_OF_MEMORY;
    if (decoder == NULL || image == NULL) {
        set_message(message, "create", result, NULL);
        goto done;
    }
    decoder->codecChoice = AVIF_CODEC_CHOICE_DAV1D;
    decoder->maxThreads = 1;
    result = avifDecoderReadMemory(decoder, image, data, size);
    if (result != AVIF_RESULT_OK) {
        set_message(message, "decode", result, decoder->diag.error);
        goto done;
    }
    avifRGBImageSetDefaults(&rgb, image);
    int channels = image->alphaPlane != NULL ? 4 : 3;
    rgb.format = channels == 4 ? AVIF_RGB_FORMAT_RGBA : AVIF_RGB_FORMAT_RGB;
    rgb.depth = image->depth;
    avifRGBImageAllocatePixels(&rgb);
    if (rgb.pixels == NULL) {
        result = AVIF_RESULT_OUT_OF_MEMORY;
        set_message(message, "allocate", result, NULL);
        goto done;
    }
    result = avifImageYUVToRGB(image, &rgb);
    if (result != AVIF_RESULT_OK) {
        set_message(message, "YUV to RGB", result, NULL);
        goto done;
    }
    size_t row = (size_t)image->width * (size_t)channels;
    uint16_t *samples = malloc(row * image->height * sizeof(uint16_t));
    if (samples == NULL) {
        result = AVIF_RESULT_OUT_OF_MEMORY;
        set_message(message, "allocate", result, NULL);
        goto done;
    }
    for (uint32_t y = 0; y < image->height; y++) {
        const uint8_t *source = rgb.pixels + (size_t)y * rgb.rowBytes;
        uint16_t *target = samples + (size_t)y * row;
        if (rgb.depth > 8) {
            memcpy(target, source, row * sizeof(uint16_t));
        } else {
            for (size_t i = 0; i < row; i++) target[i] = source[i];
        }
    }
    output->width = (int)image->width;
    output->height = (int)image->height;
    output->depth = (int)image->depth;
    output->channels = channels;
    output->samples = samples;

done:
    if (rgb.pixels != NULL) avifRGBImageFreePixels(&rgb);
    if (image != NULL) avifImageDestroy(image);
    if (decoder != NULL) avifDecoderDestroy(decoder);
    return (int)result;
}

const char *cavif_library_version(void) { return avifVersion(); }

void cavif_codec_versions(char output[256]) { avifCodecVersions(output); }

const char *cavif_codec_name(cavif_codec codec) {
    return avifCodecName(codec_choice(codec), AVIF_CODEC_FLAG_CAN_ENCODE);
}

void cavif_free(cavif_bytes *bytes) {
    free(bytes->bytes);
    bytes->bytes = NULL;
    bytes->count = 0;
}

void cavif_free_image(cavif_image *image) {
    free(image->samples);
    image->samples = NULL;
}
