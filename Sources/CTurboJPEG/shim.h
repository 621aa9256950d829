// libjpeg-turbo's TurboJPEG API: errors come back as return codes (libjpeg's own API reports them
// with longjmp, which Swift cannot unwind through).
#include <stddef.h>
#include <turbojpeg.h>
