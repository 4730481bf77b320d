#include "cpng.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char message[CPNG_MESSAGE_CAPACITY];
    char warnings[CPNG_MESSAGE_CAPACITY];
} cpng_messages;

static void cpng_append(char *buffer, const char *text) {
    size_t used = strlen(buffer);
    if (used + 1 >= CPNG_MESSAGE_CAPACITY) {
        return;
    }
    strncat(buffer, text, CPNG_MESSAGE_CAPACITY - used - 1);
}

static void cpng_on_error(png_structp png, png_const_charp text) {
    cpng_messages *messages = (cpng_messages *)png_get_error_ptr(png);
    messages->message[0] = '\0';
    cpng_append(messages->message, text != NULL ? text : "unknown libpng error");
    if (messages->warnings[0] != '\0') {
        cpng_append(messages->message, " (");
        cpng_append(messages->message, messages->warnings);
        cpng_append(messages->message, ")");
    }
    png_longjmp(png, 1);
}

static void cpng_on_warning(png_structp png, png_const_charp text) {
    cpng_messages *messages = (cpng_messages *)png_get_error_ptr(png);
    if (messages->warnings[0] != '\0') {
        cpng_append(messages->warnings, "; ");
    }
    cpng_append(messages->warnings, text != NULL ? text : "unknown libpng warning");
}

struct cpng_writer {
    png_structp png;
    png_infop info;
    uint8_t *output;
    size_t output_length;
    size_t output_capacity;
    cpng_messages messages;
};

static void cpng_write_data(png_structp png, png_bytep data, size_t length) {
    cpng_writer *writer = (cpng_writer *)png_get_io_ptr(png);
    if (length > SIZE_MAX - writer->output_length) {
        png_error(png, "output size overflow");
    }
    size_t needed = writer->output_length + length;
    if (needed > writer->output_capacity) {
        size_t capacity = writer->output_capacity < 4096 ? 4096 : writer->output_capacity;
        while (capacity < needed) {
            capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        }
        uint8_t *grown = (uint8_t *)realloc(writer->output, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory for PNG output");
        }
        writer->output = grown;
        writer->output_capacity = capacity;
    }
    memcpy(writer->output + writer->output_length, data, length);
    writer->output_length = needed;
}

static void cpng_flush_data(png_structp png) { (void)png; }

cpng_writer *cpng_writer_create(void) {
    cpng_writer *writer = (cpng_writer *)calloc(1, sizeof(cpng_writer));
    if (writer == NULL) {
        return NULL;
    }
    writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer->messages, cpng_on_error, cpng_on_warning);
    if (writer->png == NULL) {
        free(writer);
        return NULL;
    }
    writer->info = png_create_info_struct(writer->png);
    if (writer->info == NULL) {
        png_destroy_write_struct(&writer->png, NULL);
        free(writer);
        return NULL;
    }
    png_set_write_fn(writer->png, writer, cpng_write_data, cpng_flush_data);
    png_set_user_limits(writer->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    return writer;
}

int cpng_writer_write_header(cpng_writer *writer, uint32_t width, uint32_t height, int bit_depth, int has_alpha) {
    if (setjmp(png_jmpbuf(writer->png))) {
        return CPNG_ERROR;
    }
    int color_type = has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB;
    png_set_IHDR(writer->png, writer->info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(writer->png, writer->info);
    return CPNG_OK;
}

int cpng_writer_write_palette_header(cpng_writer *writer, uint32_t width, uint32_t height, const uint8_t *rgb,
                                     int color_count, const uint8_t *alpha, int alpha_count) {
    if (setjmp(png_jmpbuf(writer->png))) {
        return CPNG_ERROR;
    }
    if (color_count < 1 || color_count > PNG_MAX_PALETTE_LENGTH || alpha_count < 0 || alpha_count > color_count) {
        png_error(writer->png, "palette size out of range");
    }
    png_color entries[PNG_MAX_PALETTE_LENGTH];
    for (int index = 0; index < color_count; index++) {
        entries[index].red = rgb[3 * index];
        entries[index].green = rgb[3 * index + 1];
        entries[index].blue = rgb[3 * index + 2];
    }
    png_set_IHDR(writer->png, writer->info, width, height, 8, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_PLTE(writer->png, writer->info, entries, color_count);
    if (alpha_count > 0) {
        png_set_tRNS(writer->png, writer->info, alpha, alpha_count, NULL);
    }
    png_write_info(writer->png, writer->info);
    return CPNG_OK;
}

int cpng_writer_write_idat(cpng_writer *writer, const uint8_t *data, size_t length) {
    if (setjmp(png_jmpbuf(writer->png))) {
        return CPNG_ERROR;
    }
    png_write_chunk(writer->png, (png_const_bytep) "IDAT", data, length);
    return CPNG_OK;
}

int cpng_writer_write_iend(cpng_writer *writer) {
    if (setjmp(png_jmpbuf(writer->png))) {
        return CPNG_ERROR;
    }
    png_write_chunk(writer->png, (png_const_bytep) "IEND", NULL, 0);
    return CPNG_OK;
}

const uint8_t *cpng_writer_output(const cpng_writer *writer, size_t *length) {
    *length = writer->output_length;
    return writer->output;
}

void cpng_writer_consume_output(cpng_writer *writer) { writer->output_length = 0; }

const char *cpng_writer_message(const cpng_writer *writer) { return writer->messages.message; }

void cpng_writer_destroy(cpng_writer *writer) {
    if (writer == NULL) {
        return;
    }
    png_destroy_write_struct(&writer->png, &writer->info);
    free(writer->output);
    free(writer);
}

struct cpng_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t position;
    uint32_t height;
    size_t row_bytes;
    int passes;
    cpng_messages messages;
};

static void cpng_read_data(png_structp png, png_bytep data, size_t length) {
    cpng_decoder *decoder = (cpng_decoder *)png_get_io_ptr(png);
    if (length > decoder->size - decoder->position) {
        png_error(png, "unexpected end of PNG data");
    }
    memcpy(data, decoder->data + decoder->position, length);
    decoder->position += length;
}

cpng_decoder *cpng_decoder_create(const uint8_t *data, size_t size) {
    cpng_decoder *decoder = (cpng_decoder *)calloc(1, sizeof(cpng_decoder));
    if (decoder == NULL) {
        return NULL;
    }
    decoder->data = data;
    decoder->size = size;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &decoder->messages, cpng_on_error, cpng_on_warning);
    if (decoder->png == NULL) {
        free(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, cpng_read_data);
    png_set_benign_errors(decoder->png, 0);
    return decoder;
}

int cpng_decoder_read_info(cpng_decoder *decoder, cpng_image_info *info) {
    png_structp png = decoder->png;
    png_infop png_info = decoder->info;
    if (setjmp(png_jmpbuf(png))) {
        return CPNG_ERROR;
    }
    png_read_info(png, png_info);
    png_uint_32 width = 0;
    png_uint_32 height = 0;
    int bit_depth = 0;
    int color_type = 0;
    png_get_IHDR(png, png_info, &width, &height, &bit_depth, &color_type, NULL, NULL, NULL);
    int has_trns = png_get_valid(png, png_info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (has_trns) {
        png_set_tRNS_to_alpha(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        png_set_add_alpha(png, bit_depth == 16 ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
    }
    if (bit_depth == 16) {
        const uint16_t probe = 1;
        if (*(const uint8_t *)&probe == 1) {
            png_set_swap(png);
        }
    }
    decoder->passes = png_set_interlace_handling(png);
    png_read_update_info(png, png_info);
    size_t sample_bytes = bit_depth == 16 ? 2 : 1;
    size_t expected = (size_t)width * 4 * sample_bytes;
    if (png_get_rowbytes(png, png_info) != expected) {
        png_error(png, "unexpected row size after RGBA expansion");
    }
    decoder->height = height;
    decoder->row_bytes = expected;
    info->width = width;
    info->height = height;
    info->bit_depth = bit_depth;
    info->color_type = color_type;
    return CPNG_OK;
}

int cpng_decoder_read_pixels(cpng_decoder *decoder, void *pixels, size_t row_bytes) {
    png_structp png = decoder->png;
    if (setjmp(png_jmpbuf(png))) {
        return CPNG_ERROR;
    }
    if (row_bytes < decoder->row_bytes) {
        png_error(png, "row buffer too small");
    }
    for (int pass = 0; pass < decoder->passes; pass++) {
        for (png_uint_32 y = 0; y < decoder->height; y++) {
            png_read_row(png, (png_bytep)pixels + (size_t)y * row_bytes, NULL);
        }
    }
    png_read_end(png, NULL);
    return CPNG_OK;
}

const char *cpng_decoder_message(const cpng_decoder *decoder) { return decoder->messages.message; }

void cpng_decoder_destroy(cpng_decoder *decoder) {
    if (decoder == NULL) {
        return;
    }
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder);
}
