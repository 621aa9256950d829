import Testing
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `MovableRun` hands its elements over without copies and destroys what it still holds.
@Suite struct MovableRunTests {
    final class Counted {
        static let alive = Locked<Int>(0)
        let value: Int
        init(_ value: Int) { self.value = value; Counted.alive.withLock { $0 += 1 } }
        deinit { Counted.alive.withLock { $0 -= 1 } }
    }

    @Test func movesInOrderAndDestroysTheRest() {
        let before = Counted.alive.withLock { $0 }
        do {
            let run = MovableRun<Counted>(capacity: 5)
            for i in 0..<5 { run.append(Counted(i)) }
            #expect(run.count == 5 && run[3].value == 3)
            let moved = [Counted](unsafeUninitializedCapacity: 5) { buffer, count in
                count = run.moveElements(into: buffer, at: 0)
            }
            #expect(run.count == 0)
            #expect(moved.map(\.value) == [0, 1, 2, 3, 4])
            #expect(Counted.alive.withLock { $0 } == before + 5, "moved, not copied or lost")
            let kept = MovableRun<Counted>(capacity: 3)
            kept.append(Counted(9))
            #expect(Counted.alive.withLock { $0 } == before + 6)
        }
        #expect(Counted.alive.withLock { $0 } == before, "a run destroys what it still holds")
    }

    @Test func movesIntoItsPlaceInALargerArray() {
        let run = MovableRun<Int>(capacity: 2)
        run.append(7); run.append(8)
        let moved = [Int](unsafeUninitializedCapacity: 4) { buffer, count in
            buffer[0] = 1; buffer[1] = 2
            count = 2 + run.moveElements(into: buffer, at: 2)
        }
        #expect(moved == [1, 2, 7, 8] && run.count == 0)
    }

    @Test func movingPastTheDestinationsEndStops() async {
        await #expect(processExitsWith: .failure) {
            let run = MovableRun<Int>(capacity: 2)
            run.append(7); run.append(8)
            _ = [Int](unsafeUninitializedCapacity: 3) { buffer, count in
                count = run.moveElements(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<3]), at: 2)
            }
        }
    }
}
