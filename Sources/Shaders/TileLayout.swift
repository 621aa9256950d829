// The GLSL compute shaders of the Vulkan backend live here as Swift string literals and are compiled at
// run time with shaderc (see design/swift-vulkan.md). The binned-scene layout constants are defined once,
// in this file, and both the CPU fine stage and the GLSL header are derived from them.

/// Layout constants shared by the CPU rasterizer and the GPU shaders.
public enum TileLayout {
    /// Tile edge in pixels. Tiles are square.
    public static let tileSize = 16
    /// Pixels per tile.
    public static let pixelsPerTile = tileSize * tileSize

    /// GLSL `#define`s matching these constants, prepended to every shader.
    public static var glslHeader: String {
        """
        #define TILE_SIZE \(tileSize)
        #define PIXELS_PER_TILE \(pixelsPerTile)

        """
    }
}
