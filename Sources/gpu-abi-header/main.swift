// Writes the GLSL header of the GPU ABI (Sources/Shaders/include/abi.glsl) to standard output:
//     swift run gpu-abi-header > Sources/Shaders/include/abi.glsl
import Shaders

print(GPUABI.glslHeader, terminator: "")
