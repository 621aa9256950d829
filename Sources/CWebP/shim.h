// libwebp's animation encoder (WebPAnimEncoder, libwebpmux) and decoder (WebPAnimDecoder, libwebpdemux).
#include <stddef.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
