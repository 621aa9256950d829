import TileRender
