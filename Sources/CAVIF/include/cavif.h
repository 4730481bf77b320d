#ifndef CAVIF_H
#define CAVIF_H

#include <stddef.h>
#include <stdint.h>

/// Status of a cavif call: 0 (AVIF_RESULT_OK) on success, one of libavif's avifResult codes, or one of these.
enum {
    CAVIF_OK = 0,
    /// A dimension, channel count, depth, quantizer or speed outside what the shim accepts.
    CAVIF_BAD_ARGUMENT = 1000,
    /// malloc failed for the shim's own buffers.
    CAVIF_OUT_OF_MEMORY = 1001,
};

/// The AV1 encoders libavif may be built with.
typedef enum {
    CAVIF_CODEC_AOM = 1,
    CAVIF_CODEC_RAV1E = 2,
    CAVIF_CODEC_SVT = 3,
} cavif_codec;

/// Chroma layout of the YUV planes.
typedef enum {
    CAVIF_YUV444 = 1,
    CAVIF_YUV420 = 2,
} cavif_yuv_format;

/// Capacity, in bytes including the terminating NUL, of the message buffers.
#define CAVIF_MESSAGE_CAPACITY 256

/// Everything about an encode that changes its bytes. Colour is always full range with transfer 13 (sRGB's curve);
/// `primaries` is the CICP colour primaries (1 sRGB/BT.709, 12 Display P3), `matrix` the CICP matrix coefficients
/// (1 BT.709, 6 BT.601).
typedef struct {
    /// AV1 quantizer for colour and alpha, 0 (lossless) ... 63; used as both libavif's min and max quantizer.
    int quantizer;
    /// libavif speed, 0 (slowest) ... 10.
    int speed;
    /// 8, 10 or 12.
    int depth;
    cavif_yuv_format yuv_format;
    int primaries;
    int matrix;
    cavif_codec codec;
} cavif_settings;

/// A block of bytes allocated by the shim; release it with cavif_free.
typedef struct {
    uint8_t *bytes;
    size_t count;
} cavif_bytes;

/// A frame being filled band by band and then encoded: the YUV (and alpha) planes of the whole image, the only
/// full-size buffer an encode holds besides the AV1 encoder's own.
typedef struct cavif_frame cavif_frame;

/// Creates a frame of `width` × `height` pixels with `channels` (3 or 4) for `settings`, its planes allocated. On
/// failure `*frame` is NULL and `message` says why.
int cavif_frame_create(
    int width, int height, int channels, const cavif_settings *settings, cavif_frame **frame,
    char message[CAVIF_MESSAGE_CAPACITY]);

/// Converts `rows` rows of `channels` (3 RGB, 4 straight-alpha RGBA) native-endian 16-bit samples, tightly packed,
/// into the planes from row `y` on, with
/// libavif's own RGB to YUV conversion. Samples are full scale 0...65535 and are rounded to the depth, except at
/// depth 8 where they are already 8-bit values (0...255, larger values clamped); with 4 channels the alpha goes into
/// the alpha plane. Bands must come in order, and with 4:2:0 chroma every band but the last must
/// have an even number of rows, so the result is that of converting the whole image at once.
int cavif_frame_write_rows(
    cavif_frame *frame, int y, int rows, const uint16_t *samples, char message[CAVIF_MESSAGE_CAPACITY]);

/// Encodes the frame (every row written) as a single-image AVIF on one thread.
int cavif_frame_encode(cavif_frame *frame, cavif_bytes *output, char message[CAVIF_MESSAGE_CAPACITY]);

/// Releases the frame and its planes; NULL is ignored.
void cavif_frame_destroy(cavif_frame *frame);

/// A decoded AVIF: RGB or RGBA samples at the file's depth (0 ... 2^depth − 1), native-endian 16-bit, packed.
typedef struct {
    int width;
    int height;
    int depth;
    int channels;
    uint16_t *samples;
} cavif_image;

/// Decodes an AVIF file with libavif's dav1d decoder into `image` (release its samples with cavif_free_image).
int cavif_decode(const uint8_t *data, size_t size, cavif_image *image, char message[CAVIF_MESSAGE_CAPACITY]);

/// libavif's version, e.g. "0.11.1".
const char *cavif_library_version(void);

/// libavif's codec list with versions (avifCodecVersions), e.g. "dav1d [dec]:1.0.0, aom [enc/dec]:3.6.0, ...".
void cavif_codec_versions(char output[256]);

/// libavif's name for `codec` ("aom", "rav1e", "svt"), or NULL when libavif was built without it.
const char *cavif_codec_name(cavif_codec codec);

void cavif_free(cavif_bytes *bytes);
void cavif_free_image(cavif_image *image);

#endif
