import Foundation

/// Which rasterizer runs the binned scene.
public enum Backend: String, Sendable, CaseIterable {
    /// The multithreaded CPU rasterizer.
    case cpu
    /// Vulkan compute shaders.
    case vulkan
    /// Vulkan when a device works, otherwise the CPU, with one log line saying why.
    case auto
}
