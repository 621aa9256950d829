#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
// FT_LOAD_* flags are macros built from FT_LOAD_... shifts that Swift does not import.
static const int CFreeType_LOAD_OUTLINE = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
