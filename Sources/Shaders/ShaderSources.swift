// The shader sources, embedded in the binary at build time (SwiftPM's `.embedInCode`): no resource
// bundle to ship and no file lookup at run time, so a moved binary still finds its shaders.

/// The GLSL files under Sources/Shaders, by file name.
public enum ShaderSources {
    /// Compute shaders, compiled by the Vulkan backend.
    public static let shaderNames = ["fine.comp", "filter.comp"]
    /// Files a shader may `#include "name"`.
    public static let includeNames = ["abi.glsl", "blend.glsl", "coverage.glsl", "filter.glsl", "paint.glsl"]

    /// The text of a shader or include file, or nil for an unknown name.
    public static func text(_ name: String) -> String? {
        bytes(name).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func bytes(_ name: String) -> [UInt8]? {
        switch name {
        case "fine.comp": return PackageResources.fine_comp
        case "filter.comp": return PackageResources.filter_comp
        case "abi.glsl": return PackageResources.abi_glsl
        case "blend.glsl": return PackageResources.blend_glsl
        case "coverage.glsl": return PackageResources.coverage_glsl
        case "filter.glsl": return PackageResources.filter_glsl
        case "paint.glsl": return PackageResources.paint_glsl
        default: return nil
        }
    }
}
