import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `LazyVGrid` column rules and laziness, and `Grid`/`GridRow` sizing, with hand-computed frames.
@Suite struct GridTests {
    private func snapshot<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> LayoutSnapshot {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.layoutSnapshot()
    }

    @Test func fixedAndFlexibleColumnsShareTheWidth() throws {
        // 100 wide: the fixed column 30, 8 between, the flexible one the remaining 62. Rows as tall as
        // their tallest cell, 8 apart; cells centred.
        let s = try snapshot(LazyVGrid(columns: [GridItem(.fixed(30)), GridItem(.flexible())]) {
            Color.red.frame(width: 20, height: 10)
            Color.blue.frame(height: 20)
            Color.green.frame(width: 10, height: 10)
            Color.gray.frame(width: 40, height: 6)
        }, width: 100)
        #expect(s.root.frame == CGRect(x: 0, y: 0, width: 100, height: 38))
        #expect(s.leaves.map(\.frame) == [
            CGRect(x: 5, y: 5, width: 20, height: 10), CGRect(x: 38, y: 0, width: 62, height: 20),
            CGRect(x: 10, y: 28, width: 10, height: 10), CGRect(x: 49, y: 30, width: 40, height: 6),
        ])
    }

    @Test func adaptiveItemsMakeAsManyColumnsAsFit() throws {
        // (100 + 8) / (30 + 8) -> 2 columns of (100 - 8) / 2 = 46; at 200 wide, 5 columns of 33.6.
        let grid = LazyVGrid(columns: [GridItem(.adaptive(minimum: 30))]) {
            ForEach(0..<6, id: \.self) { _ in Color.red.frame(height: 10) }
        }
        let narrow = try snapshot(grid, width: 100)
        #expect(narrow.leaves.map(\.frame.width) == Array(repeating: 46, count: 6))
        #expect(narrow.leaves.map(\.frame.minX) == [0, 54, 0, 54, 0, 54])
        let wide = try snapshot(grid, width: 200)
        #expect(wide.leaves.prefix(5).map(\.frame.minY) == [0, 0, 0, 0, 0] && wide.leaves[5].frame.minY == 18)
        #expect(abs(wide.leaves[0].frame.width - 33.6) < 1e-9)
        // A maximum caps the share: flexible(maximum: 20) next to a flexible column takes 20.
        let capped = LazyGridNode(items: [GridItem(.flexible(maximum: 20)), GridItem(.flexible())], alignment: .center,
                                  rowSpacing: 8, children: []).columns(for: 100)
        #expect(capped.map(\.width) == [20, 72])
    }

    @Test func aLazyGridDrawsOnlyTheRowsNearTheViewport() throws {
        let grid = LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 0), count: 4), spacing: 0) {
            ForEach(0..<4000, id: \.self) { _ in Color.red.frame(height: 20) }
        }
        let renderer = ImageRenderer(content: ScrollView { grid }.scrollPosition(.constant(ScrollPosition(y: 4000))))
        renderer.proposedSize = ProposedViewSize(width: 100, height: 100)
        let leaves = try renderer.layoutSnapshot().leaves
        // Content 4000..<4100 with the 64-point margin: rows 196 to 208, four cells each.
        #expect(leaves.count == 13 * 4, "\(leaves.count) drawn")
        #expect(leaves.first?.frame == CGRect(x: 0, y: -80, width: 25, height: 20))
    }

    @Test func badColumnSizesEndInDocumentedValues() throws {
        let node = LazyGridNode(items: [GridItem(.fixed(-5)), GridItem(.flexible(minimum: .nan, maximum: -1)),
                                        GridItem(.adaptive(minimum: 0), spacing: 0), GridItem(.fixed(.infinity))],
                                alignment: .center, rowSpacing: 8, children: [])
        for width: CGFloat? in [nil, 0, 100, .infinity, .nan] {
            let columns = node.columns(for: width)
            #expect(columns.allSatisfy { $0.width.isFinite && $0.width >= 0 }, "\(String(describing: width))")
            #expect(columns.count <= 10_003)
        }
        let empty = try snapshot(LazyVGrid(columns: []) { Color.red }, width: 50)
        #expect(empty.root.frame.size == .zero)
    }

    @Test func aGridSizesColumnsAndRowsByTheirLargestCells() throws {
        let s = try snapshot(Grid(horizontalSpacing: 4, verticalSpacing: 2) {
            GridRow {
                Color.red.frame(width: 10, height: 10)
                Color.blue.frame(width: 30, height: 5)
            }
            GridRow { Color.green.frame(width: 20, height: 20) }
            Color.gray.frame(height: 3)
        })
        #expect(s.root.frame == CGRect(x: 0, y: 0, width: 54, height: 37))
        #expect(s.leaves.map(\.frame) == [
            CGRect(x: 5, y: 0, width: 10, height: 10), CGRect(x: 24, y: 2.5, width: 30, height: 5),
            CGRect(x: 0, y: 12, width: 20, height: 20), CGRect(x: 0, y: 34, width: 54, height: 3),
        ])
    }

    @Test func flexibleCellsTakeWhatTheGridIsOfferedBeyondItsCells() throws {
        let s = try snapshot(Grid {
            GridRow(alignment: .top) {
                Color.red.frame(width: 10, height: 10)
                Color.blue
            }
        }, width: 100, height: 50)
        #expect(s.leaves.map(\.frame) == [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 18, y: 0, width: 82, height: 50)])
    }

    @Test func aCellCanSpanColumns() throws {
        // Columns 20 and 30 wide (4 apart); the spanning cell takes both, 54, and is centred there;
        // a spanning cell wider than its columns widens the last of them.
        let s = try snapshot(Grid(horizontalSpacing: 4, verticalSpacing: 0) {
            GridRow { Color.red.frame(width: 20, height: 10); Color.blue.frame(width: 30, height: 10) }
            GridRow { Color.green.frame(width: 40, height: 6).gridCellColumns(2) }
        })
        #expect(s.root.frame.size == CGSize(width: 54, height: 16))
        #expect(s.leaves[2].frame == CGRect(x: 7, y: 10, width: 40, height: 6))
        let wide = try snapshot(Grid(horizontalSpacing: 4, verticalSpacing: 0) {
            GridRow { Color.red.frame(width: 20, height: 10); Color.blue.frame(width: 30, height: 10) }
            GridRow { Color.green.frame(width: 70, height: 6).gridCellColumns(2); Color.gray.frame(width: 5, height: 5) }
        })
        // 20 + 4 + 46 (the blue column widened by 16) + 4 + 5.
        #expect(wide.root.frame.width == 79)
        #expect(wide.leaves[3].frame.minX == 74)
        // Absurd spans are clamped: no crash, finite frames.
        let odd = try snapshot(Grid { GridRow { Color.red.frame(width: 2, height: 2).gridCellColumns(-5); Color.blue.frame(width: 2, height: 2).gridCellColumns(.max) } })
        #expect(odd.leaves.allSatisfy { $0.frame.minX.isFinite })
    }
}

/// `gridColumnAlignment(_:)` and `gridCellAnchor(_:)`, with hand-computed frames.
@Suite struct GridCellPlacementTests {
    private func snapshot<V: View>(_ view: V) throws -> LayoutSnapshot {
        try ImageRenderer(content: view).layoutSnapshot()
    }

    @Test func aColumnAlignmentAppliesToEveryCellOfItsColumn() throws {
        // Columns 40 and 20 wide (widest cells), 8 apart; rows 10 and 10, 8 apart.
        let s = try snapshot(Grid {
            GridRow {
                Color.red.frame(width: 40, height: 10)
                Color.blue.frame(width: 20, height: 10)
            }
            GridRow {
                Color.green.frame(width: 10, height: 10).gridColumnAlignment(.trailing)
                Color.gray.frame(width: 6, height: 10).gridColumnAlignment(.leading)
            }
        })
        #expect(s.leaves.map(\.frame) == [
            CGRect(x: 0, y: 0, width: 40, height: 10), CGRect(x: 48, y: 0, width: 20, height: 10),
            CGRect(x: 30, y: 18, width: 10, height: 10), CGRect(x: 48, y: 18, width: 6, height: 10),
        ])
        // The topmost cell that sets one wins; rows across the grid keep the grid's alignment.
        let t = try snapshot(Grid(alignment: .center) {
            GridRow {
                Color.red.frame(width: 10, height: 10).gridColumnAlignment(.leading)
                Color.blue.frame(width: 30, height: 10)
            }
            GridRow {
                Color.green.frame(width: 40, height: 10).gridColumnAlignment(.trailing)
                Color.gray.frame(width: 6, height: 10)
            }
            Color.black.frame(width: 20, height: 4)
        })
        #expect(t.leaves.map(\.frame.minX) == [0, 48, 0, 60, 29])
    }

    @Test func aCellAnchorPutsThatPointOfTheViewOnTheCell() throws {
        // A 40 x 30 cell (its row's other cell is 30 tall); the 10 x 10 view anchored top-leading, then
        // bottom-trailing, then at (0.25, 1).
        func placed(_ anchor: UnitPoint) throws -> CGRect {
            try snapshot(Grid {
                GridRow {
                    Color.red.frame(width: 40, height: 4)
                    Color.blue.frame(width: 5, height: 30)
                }
                GridRow {
                    Color.green.frame(width: 10, height: 10).gridCellAnchor(anchor)
                    Color.gray.frame(width: 5, height: 30)
                }
            }).leaves[2].frame
        }
        #expect(try placed(.topLeading) == CGRect(x: 0, y: 38, width: 10, height: 10))
        #expect(try placed(.bottomTrailing) == CGRect(x: 30, y: 58, width: 10, height: 10))
        #expect(try placed(UnitPoint(x: 0.25, y: 1)) == CGRect(x: 7.5, y: 58, width: 10, height: 10))
        // A non-finite anchor is ignored: the cell centres the view.
        #expect(try placed(UnitPoint(x: .nan, y: .infinity)) == CGRect(x: 15, y: 48, width: 10, height: 10))
    }
}
