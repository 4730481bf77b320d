#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/// Status codes returned by every CPNG function that can fail.
enum {
    CPNG_OK = 0,
    CPNG_ERROR = 1,
};

/// Capacity, in bytes including the terminating NUL, of the message buffers.
#define CPNG_MESSAGE_CAPACITY 512

/// A libpng writer whose output accumulates in a C-side growable buffer.
///
/// Every function catches libpng errors with its own setjmp, so no longjmp ever
/// leaves this file. After a failure the writer must only be destroyed.
typedef struct cpng_writer cpng_writer;

/// Creates a writer; returns NULL when memory is exhausted.
cpng_writer *cpng_writer_create(void);

/// Writes the signature and IHDR (8- or 16-bit RGB or RGBA, no interlace, no other chunks).
int cpng_writer_write_header(cpng_writer *writer, uint32_t width, uint32_t height, int bit_depth, int has_alpha);

/// Writes the signature, IHDR (8-bit indexed colour, no interlace), PLTE with `color_count` (1–256) RGB entries
/// from `rgb`, and tRNS with `alpha_count` (0–`color_count`) alpha values from `alpha` when `alpha_count` > 0.
int cpng_writer_write_palette_header(cpng_writer *writer, uint32_t width, uint32_t height, const uint8_t *rgb,
                                     int color_count, const uint8_t *alpha, int alpha_count);

/// Writes one IDAT chunk holding `length` bytes of an already compressed zlib stream.
int cpng_writer_write_idat(cpng_writer *writer, const uint8_t *data, size_t length);

/// Writes the IEND chunk.
int cpng_writer_write_iend(cpng_writer *writer);

/// Returns the bytes written so far and not yet consumed; `length` receives their count.
const uint8_t *cpng_writer_output(const cpng_writer *writer, size_t *length);

/// Forgets the pending output (after the caller has copied it).
void cpng_writer_consume_output(cpng_writer *writer);

/// The message of the last failure (libpng's error text plus any warnings), or "".
const char *cpng_writer_message(const cpng_writer *writer);

void cpng_writer_destroy(cpng_writer *writer);

/// Facts about a PNG file, as stored in its IHDR.
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
} cpng_image_info;

/// A libpng reader over a caller-owned byte buffer that must outlive it.
typedef struct cpng_decoder cpng_decoder;

/// Creates a decoder over `size` bytes at `data`; returns NULL when memory is exhausted.
cpng_decoder *cpng_decoder_create(const uint8_t *data, size_t size);

/// Reads the header. After success, rows decode as RGBA with 16-bit samples (native byte order)
/// when `info->bit_depth` is 16, and 8-bit samples otherwise.
int cpng_decoder_read_info(cpng_decoder *decoder, cpng_image_info *info);

/// Decodes every row into `pixels`, rows `row_bytes` apart, then reads to IEND.
int cpng_decoder_read_pixels(cpng_decoder *decoder, void *pixels, size_t row_bytes);

/// The message of the last failure, or "".
const char *cpng_decoder_message(const cpng_decoder *decoder);

void cpng_decoder_destroy(cpng_decoder *decoder);

#endif
