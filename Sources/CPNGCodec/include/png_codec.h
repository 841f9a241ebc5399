#ifndef GRIDRENDER_PNG_CODEC_H
#define GRIDRENDER_PNG_CODEC_H
/* libpng wrappers with setjmp/longjmp error handling kept on the C side (Swift cannot use it).
   Writer: png_writer.h; reader: png_reader.h. */
#endif
