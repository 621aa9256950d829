// snprintf with one argument of a known C type. Swift cannot call C's variadic functions; its
// `withVaList` boxes each argument as an existential and casts it at run time (about 9,000 instructions
// a call, most of a chart label's formatting). The caller checks that the format has one conversion
// of the argument's type (`formatted(_:specifier:)` in Text.swift).
#include <stdio.h>

static inline int CFormat_double(char *buffer, size_t size, const char *format, double value) {
    return snprintf(buffer, size, format, value);
}

static inline int CFormat_int(char *buffer, size_t size, const char *format, int value) {
    return snprintf(buffer, size, format, value);
}

static inline int CFormat_unsigned(char *buffer, size_t size, const char *format, unsigned value) {
    return snprintf(buffer, size, format, value);
}

static inline int CFormat_long(char *buffer, size_t size, const char *format, long value) {
    return snprintf(buffer, size, format, value);
}

static inline int CFormat_unsignedLong(char *buffer, size_t size, const char *format, unsigned long value) {
    return snprintf(buffer, size, format, value);
}
