#include <vulkan/vulkan.h>
// Function-like macros are not imported into Swift.
static inline uint32_t cvk_make_api_version(uint32_t variant, uint32_t major, uint32_t minor, uint32_t patch) {
    return VK_MAKE_API_VERSION(variant, major, minor, patch);
}
