#include <fribidi.h>
// FRIBIDI_PAR_* are macros built from other macros, which Swift does not import.
static const FriBidiParType CFriBidi_PAR_ON = FRIBIDI_PAR_ON;
static const FriBidiParType CFriBidi_PAR_LTR = FRIBIDI_PAR_LTR;
