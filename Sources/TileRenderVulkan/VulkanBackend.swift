import CVulkan
import Foundation
import Shaders
import TileRenderGeometry
import TileRenderPipeline

/// A buffer a descriptor of the fine shader can point at.
package protocol VulkanStorageBuffer: AnyObject {
    var buffer: VkBuffer { get }
}

/// The Vulkan rasterizer: uploads the binned scene (the same arrays the CPU fine stage reads), runs the
/// fine shader with one workgroup per tile that has commands, and reads the pixels back into the target.
package struct VulkanBackend: RasterBackend {
    package let context: VulkanContext
    /// Pixels each fine-shader invocation draws; nil: the device's choice
    /// (`VulkanContext.finePixelsPerInvocation`). Tests draw with both widths on one device.
    package var pixelsPerInvocation: Int? = nil
    /// Whether the fine shader's buffers live in device memory, filled and read back by copies; nil:
    /// the device's choice (`VulkanContext.stagesBuffers`). Tests stage on lavapipe too.
    package var staging: Bool? = nil
    var stages: Bool { staging ?? context.stagesBuffers }
    /// Device time one render may take, all bands together.
    package static let timeLimitSeconds = 60

    package var capabilities: BackendCapabilities {
        BackendCapabilities(kind: .vulkan, name: "Vulkan", deviceName: context.deviceName, isHardware: !context.isSoftware,
                            maxLayerDepth: GPUABI.maxLayerDepth, maxBufferBytes: context.maxStorageBufferRange,
                            maxBufferName: "maxStorageBufferRange", buffersPixelRows: true,
                            timeLimit: .seconds(VulkanBackend.timeLimitSeconds))
    }
    /// Buffers of dispatches whose wait timed out: the device may still read and write them, so they
    /// are never freed (freeing them crashed lavapipe's still-running workers).
    private static let abandoned = Locked<[[AnyObject]]>([])

    /// Submits `commandBuffer` (ended) and waits for it until `deadline` (at most `timeLimitSeconds`).
    /// A lost or hung device becomes an error, never a hang; after a timed-out wait the device may
    /// still use `objects` (buffers, pools), so they are kept (leaked) instead of freed.
    /// `frame`: its fence is reset and used (else a fence is made for this submission), and it is
    /// marked in flight until the wait succeeds.
    package func submitAndWait(_ commandBuffer: VkCommandBuffer?, deadline: ContinuousClock.Instant, work: String = "the scene",
                               frame: VulkanFrame? = nil, keepingAlive objects: [AnyObject]) throws {
        var commandBuffer = commandBuffer  // vkQueueSubmit takes its address
        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        let fenceObject = try frame?.fence ?? VulkanFence(context.vulkanDevice, "vkCreateFence") { device, handle in
            vkCreateFence(device, &fenceInfo, nil, &handle)
        }
        var fence: VkFence? = fenceObject.handle
        if frame != nil { try check(vkResetFences(context.device, 1, &fence), "vkResetFences") }
        frame?.inFlight = true
        try context.submission.withLock { submissions in
            submissions += 1
            var submit = VkSubmitInfo()
            submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
            submit.commandBufferCount = 1
            try withUnsafePointer(to: &commandBuffer) { buffers in
                submit.pCommandBuffers = buffers
                try check(vkQueueSubmit(context.queue, 1, &submit, fence), "vkQueueSubmit")
            }
        }
        // The time limit is for the whole render (all its bands and filters), not per submission.
        let left = deadline - ContinuousClock.now
        let nanoseconds = max(1_000_000, min(Int64(VulkanBackend.timeLimitSeconds) * 1_000_000_000,
                                             left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000))
        let waited = vkWaitForFences(context.device, 1, &fence, VkBool32(VK_TRUE), UInt64(nanoseconds))
        if waited == VK_TIMEOUT {
            VulkanBackend.abandoned.withLock { $0.append(objects + [fenceObject]) }
            throw TileRenderError.backendUnavailable("the Vulkan device did not finish \(work) within \(VulkanBackend.timeLimitSeconds) s")
        }
        try check(waited, "vkWaitForFences")
        frame?.inFlight = false
        withExtendedLifetime((objects, fenceObject)) {}
    }

    /// Points storage-buffer bindings of descriptor set `set` at whole buffers, one write per binding.
    static func writeStorageBuffers(_ device: VkDevice, set: VkDescriptorSet?, _ bindings: [(binding: UInt32, buffer: VkBuffer)]) {
        let infos = bindings.map { VkDescriptorBufferInfo(buffer: $0.buffer, offset: 0, range: VkDeviceSize(VK_WHOLE_SIZE)) }
        infos.withUnsafeBufferPointer { infoBuffer in
            var writes = bindings.indices.map { i -> VkWriteDescriptorSet in
                var write = VkWriteDescriptorSet()
                write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
                write.dstSet = set
                write.dstBinding = bindings[i].binding
                write.descriptorCount = 1
                write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                // Info i's address, as a one-element slice's (checked against the buffer in debug builds).
                write.pBufferInfo = UnsafeBufferPointer(rebasing: infoBuffer[i ..< i + 1]).baseAddress
                return write
            }
            vkUpdateDescriptorSets(device, UInt32(writes.count), &writes, 0, nil)
        }
    }

    /// A storage buffer of `size` bytes, without memory yet, and what memory it needs. Transfers too:
    /// resident images are copied device-side into a scene's image texels, staged buffers to and from
    /// their device twins.
    static func makeStorageBuffer(_ device: VkDevice, size: Int) throws -> (VkBuffer, VkMemoryRequirements) {
        var info = VkBufferCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
        info.size = VkDeviceSize(size)
        info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT.rawValue | VK_BUFFER_USAGE_TRANSFER_SRC_BIT.rawValue
            | VK_BUFFER_USAGE_TRANSFER_DST_BIT.rawValue
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        var created: VkBuffer?
        try check(vkCreateBuffer(device, &info, nil, &created), "vkCreateBuffer")
        var requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(device, created!, &requirements)
        return (created!, requirements)
    }

    /// A host-visible, coherent storage buffer, mapped while it lives.
    /// Used by one render at a time; abandoned ones are only kept alive, never touched again.
    package final class HostBuffer: VulkanStorageBuffer, @unchecked Sendable {
        /// Kept alive while the buffer lives.
        package let owner: VulkanDevice
        package var device: VkDevice { owner.handle }
        package let buffer: VkBuffer
        package let memory: VkDeviceMemory
        private let mapped: UnsafeMutableRawPointer
        package let size: Int

        /// The buffer's `size` bytes as mapped, the only way to them: written by the host while no
        /// submitted work uses the buffer, read once the work that wrote it has finished.
        package var bytes: ScratchSpan<UInt8> { ScratchSpan(unsafeBytes: mapped, count: size) }

        /// What the host does with a buffer, which picks its memory where the device offers a choice
        /// (a software device or an integrated GPU has one kind of memory for all).
        package enum Use: Sendable {
            /// Written and read by both sides: the first host-visible, coherent memory type.
            case general
            /// Written by the host, read by the shader: device-local memory the host can map where
            /// there is some (resizable BAR, unified memory).
            case upload
            /// Written by the shader, read by the host: host-cached memory where there is some.
            case readBack
        }

        package init(_ context: VulkanContext, size requested: Int, use: Use = .general) throws {
            owner = context.vulkanDevice
            let device = context.device
            size = max(16, requested)
            let requirements: VkMemoryRequirements
            (buffer, requirements) = try VulkanBackend.makeStorageBuffer(device, size: size)
            let flags = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue
            guard let type = context.memoryType(bits: requirements.memoryTypeBits, flags: flags) else {
                vkDestroyBuffer(device, buffer, nil)
                throw TileRenderError.backendUnavailable("no host-visible coherent memory for a \(size)-byte buffer")
            }
            let extra = switch use {
            case .general: UInt32(0)
            case .upload: VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue
            case .readBack: VK_MEMORY_PROPERTY_HOST_CACHED_BIT.rawValue
            }
            let preferred = extra == 0 ? nil : context.memoryType(bits: requirements.memoryTypeBits, flags: flags | extra)
            var allocation = VkMemoryAllocateInfo()
            allocation.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
            allocation.allocationSize = requirements.size
            allocation.memoryTypeIndex = preferred ?? type
            var createdMemory: VkDeviceMemory?
            var allocated = vkAllocateMemory(device, &allocation, nil, &createdMemory)
            if allocated != VK_SUCCESS, let preferred, preferred != type {
                // The preferred heap may be small (a BAR window): the plain kind then.
                allocation.memoryTypeIndex = type
                allocated = vkAllocateMemory(device, &allocation, nil, &createdMemory)
            }
            guard allocated == VK_SUCCESS, let memory = createdMemory else {
                vkDestroyBuffer(device, buffer, nil)
                throw TileRenderError.backendUnavailable("vkAllocateMemory of \(size) bytes failed (VkResult \(allocated.rawValue))")
            }
            self.memory = memory
            var pointer: UnsafeMutableRawPointer?
            let bound = vkBindBufferMemory(device, buffer, memory, 0)
            let mappedResult = bound == VK_SUCCESS ? vkMapMemory(device, memory, 0, VkDeviceSize(size), 0, &pointer) : bound
            guard mappedResult == VK_SUCCESS, let pointer else {
                vkFreeMemory(device, memory, nil)
                vkDestroyBuffer(device, buffer, nil)
                let call = bound == VK_SUCCESS ? "vkMapMemory" : "vkBindBufferMemory"
                throw TileRenderError.backendUnavailable("\(call) of a \(size)-byte buffer failed (VkResult \(mappedResult.rawValue))")
            }
            mapped = pointer
        }

        deinit {
            vkUnmapMemory(device, memory)
            vkDestroyBuffer(device, buffer, nil)
            vkFreeMemory(device, memory, nil)
        }
    }

    /// A storage buffer in the device's own memory, which the host cannot map: where the context
    /// stages (`VulkanContext.stagesBuffers`, a discrete GPU), the fine shader reads and writes these
    /// at the device's memory speed, and the host reaches them only through copies recorded in the
    /// render's command buffer (from and to a `HostBuffer`).
    package final class DeviceBuffer: VulkanStorageBuffer, @unchecked Sendable {
        /// Kept alive while the buffer lives.
        package let owner: VulkanDevice
        package let buffer: VkBuffer
        package let memory: VkDeviceMemory
        package let size: Int

        package init(_ context: VulkanContext, size requested: Int) throws {
            owner = context.vulkanDevice
            let device = context.device
            size = max(16, requested)
            let requirements: VkMemoryRequirements
            (buffer, requirements) = try VulkanBackend.makeStorageBuffer(device, size: size)
            let local = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue
            // The device's own memory, not the (often small) window of it the host can map.
            guard let type = context.memoryType(bits: requirements.memoryTypeBits, flags: local,
                                                excluding: VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue)
                ?? context.memoryType(bits: requirements.memoryTypeBits, flags: local) else {
                vkDestroyBuffer(device, buffer, nil)
                throw TileRenderError.backendUnavailable("no device-local memory for a \(size)-byte buffer")
            }
            var allocation = VkMemoryAllocateInfo()
            allocation.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
            allocation.allocationSize = requirements.size
            allocation.memoryTypeIndex = type
            var createdMemory: VkDeviceMemory?
            let allocated = vkAllocateMemory(device, &allocation, nil, &createdMemory)
            guard allocated == VK_SUCCESS, let memory = createdMemory else {
                vkDestroyBuffer(device, buffer, nil)
                throw TileRenderError.backendUnavailable("vkAllocateMemory of \(size) device-local bytes failed (VkResult \(allocated.rawValue))")
            }
            self.memory = memory
            let bound = vkBindBufferMemory(device, buffer, memory, 0)
            guard bound == VK_SUCCESS else {
                vkFreeMemory(device, memory, nil)
                vkDestroyBuffer(device, buffer, nil)
                throw TileRenderError.backendUnavailable("vkBindBufferMemory of a \(size)-byte buffer failed (VkResult \(bound.rawValue))")
            }
        }

        deinit {
            vkDestroyBuffer(owner.handle, buffer, nil)
            vkFreeMemory(owner.handle, memory, nil)
        }
    }

    /// Checks the buffers that do not shrink with banding (colour ramps, image texels, draws) against
    /// the device's limit, before anything is binned or uploaded.
    package func checkSceneBuffers(_ encoding: EncodedScene, limit range: Int) throws {
        for (name, bytes) in [("gradient ramps", encoding.ramps.count * 16), ("image texels", encoding.images.texelCount * 4),
                              ("paints", encoding.paints.count * MemoryLayout<EncodedPaint>.stride),
                              ("draws", encoding.draws.count * MemoryLayout<BinnedDraw>.stride)] where bytes > range {
            throw TileRenderError.backendUnavailable("the scene's \(name) need a \(bytes)-byte buffer; \(context.deviceName) allows \(range) (maxStorageBufferRange)")
        }
    }

    /// An offscreen group's image kept in a device buffer: the group is drawn into it, and the scenes
    /// that draw the group copy it device-side into their image texels. (Every buffer of this backend
    /// is host-visible, so a read-back is a copy from mapped memory.)
    package final class ResidentBuffer: ResidentImage, @unchecked Sendable {
        package let width: Int
        package let height: Int
        package let buffer: HostBuffer

        package init(_ context: VulkanContext, width: Int, height: Int) throws {
            self.width = width
            self.height = height
            buffer = try HostBuffer(context, size: width * height * 4)
            buffer.bytes.slice(from: 0, count: width * height * 4).zeroBytes()
        }

        /// An image over `buffer` (premultiplied RGBA8, `width * height` pixels), which a filter pass wrote.
        package init(wrapping buffer: HostBuffer, width: Int, height: Int) {
            precondition(buffer.size >= width * height * 4, "resident image larger than its buffer")
            self.width = width
            self.height = height
            self.buffer = buffer
        }

        package func readBack() throws -> Bitmap {
            let bytes = buffer.bytes.readOnly.slice(from: 0, count: width * height * 4).array
            return try Bitmap(width: width, height: height, premultipliedRGBA: bytes)
        }
    }

    package func makeResidentImage(width: Int, height: Int) throws -> (any ResidentImage)? {
        guard width * height * 4 <= context.maxStorageBufferRange else { return nil }
        return try ResidentBuffer(context, width: width, height: height)
    }

    /// The band's pixel rows (all of them unless the scene is banded): the shader offsets its tile rows
    /// by `tileRowStart` and indexes the pixel buffer from the band's first pixel row.
    private func bandRows(_ scene: BinnedScene, height: Int) -> (first: Int, count: Int) {
        let firstRow = scene.tileRows.lowerBound * BinnedScene.tileSize
        return (firstRow, max(0, min(height, scene.tileRows.upperBound * BinnedScene.tileSize) - firstRow))
    }

    package func rasterize(_ scene: BinnedScene, into target: RenderTarget, settings: RasterSettings) throws {
        let (firstRow, rowCount) = bandRows(scene, height: target.height)
        guard rowCount > 0 else { return }
        try checkBuffers(scene, pixelBytes: target.width * rowCount * 4)
        try context.withFrame { frame in
            let output = try frame.buffer(.pixels, bytes: target.width * rowCount * 4, in: context)
            let rowBytes = target.width * 4
            let pixels = output.bytes.slice(from: 0, count: rowCount * rowBytes)
            // A staged render clears its device buffer on the device.
            if target.startsTransparent {
                if !stages { pixels.zeroBytes() }
            } else {
                for y in 0..<rowCount { pixels.copy(from: target.rowBytes(firstRow + y).readOnly, to: y * rowBytes) }
            }
            try dispatch(scene, width: target.width, height: target.height, pixels: output, frame: frame, settings: settings,
                         stagedOutput: (.pixels, bytes: target.width * rowCount * 4, clear: target.startsTransparent))
            let start = ContinuousClock.now
            if target.bytesPerRow == rowBytes {
                VulkanFrame.copy(pixels.readOnly, to: target.bytes(ofRows: firstRow..<(firstRow + rowCount)),
                                 threads: settings.threadCount)
            } else {
                for y in 0..<rowCount {
                    target.rowBytes(firstRow + y).copy(from: pixels.readOnly.slice(from: y * rowBytes, count: rowBytes))
                }
            }
            var phases = GPUHostPhases()
            phases.readBackSeconds = VulkanBackend.seconds(since: start)
            settings.deviceTime?.add(phases)
        }
    }

    package func rasterize(_ scene: BinnedScene, intoResident image: any ResidentImage, settings: RasterSettings) throws {
        guard let image = image as? ResidentBuffer, image.buffer.owner === context.vulkanDevice,
              image.width == scene.width, image.height == scene.height else {
            throw TileRenderError.backendUnavailable("the image was not made by this Vulkan device for this scene")
        }
        let (firstRow, rowCount) = bandRows(scene, height: image.height)
        guard rowCount > 0 else { return }
        let bandBytes = image.width * rowCount * 4
        try checkBuffers(scene, pixelBytes: bandBytes)
        try context.withFrame { frame in
            if firstRow == 0 {
                // The first (usually only) band draws straight into the image.
                defer { frame.unbind(.pixels) }
                try dispatch(scene, width: image.width, height: image.height, pixels: image.buffer, frame: frame, settings: settings)
            } else {
                // A later band's rows start inside the image, at an offset a storage descriptor may not be
                // aligned to: drawn in a buffer of their own and copied into place.
                let band = try frame.buffer(.band, bytes: bandBytes, in: context)
                let rows = image.buffer.bytes.slice(from: firstRow * image.width * 4, count: bandBytes)
                let bandRows = band.bytes.slice(from: 0, count: bandBytes)
                bandRows.copy(from: rows.readOnly)
                try dispatch(scene, width: image.width, height: image.height, pixels: band, frame: frame, settings: settings)
                rows.copy(from: bandRows.readOnly)
            }
        }
    }

    private func checkBuffers(_ scene: BinnedScene, pixelBytes: Int) throws {
        guard scene.maxLayerDepth <= GPUABI.maxLayerDepth else {
            throw TileRenderError.backendUnavailable("layers nest \(scene.maxLayerDepth) deep; the Vulkan shader supports \(GPUABI.maxLayerDepth)")
        }
        let largest = [pixelBytes, scene.segments.count * MemoryLayout<TileSegment>.stride,
                       scene.pathTiles.count * MemoryLayout<PathTile>.stride, scene.tileCommands.count * 4,
                       scene.tileCommandStart.count * 4,
                       scene.backdrops.count * 4, scene.ramps.count * 16, scene.images.texelCount * 4].max()!
        guard largest <= context.maxStorageBufferRange else {
            throw TileRenderError.backendUnavailable("the scene needs a \(largest)-byte buffer; \(context.deviceName) allows \(context.maxStorageBufferRange)")
        }
    }

    /// Runs the fine shader over the band `scene.tileRows` of a `width` x `height` canvas, reading and
    /// writing the band's rows in `pixels`, with `frame`'s buffers, descriptor set and command buffer
    /// (one submission); returns once the device is done.
    ///
    /// Where renders stage (`stages`), the shader reads twins of the buffers in device memory, and the
    /// same command buffer copies what changed into them first. `stagedOutput` names the frame's slot
    /// of `pixels`: the shader then draws into its twin (cleared on the device when `clear`, else
    /// copied from `pixels`), copied back into `pixels` at the end. Without it (a resident image's
    /// buffer) the shader draws into `pixels` itself.
    private func dispatch(_ scene: BinnedScene, width: Int, height: Int, pixels output: HostBuffer, frame: VulkanFrame,
                          settings: RasterSettings,
                          stagedOutput: (slot: VulkanFrame.Slot, bytes: Int, clear: Bool)? = nil) throws {
        let device = context.device
        let uploadStart = ContinuousClock.now
        let bytesBefore = frame.uploadedBytes
        frame.copyThreads = settings.threadCount
        // Resident images of this device are copied into the image texels device-side; any other is
        // read back and written through the mapping.
        var copies: [(source: HostBuffer, start: Int, bytes: Int)] = []
        var hostImages: [(image: any ResidentImage, start: Int)] = []
        for entry in scene.images.entries {
            guard case .resident(let image) = entry.texels else { continue }
            if let image = image as? ResidentBuffer, image.buffer.owner === context.vulkanDevice {
                copies.append((image.buffer, entry.firstTexel, image.width * image.height * 4))
            } else {
                hostImages.append((image, entry.firstTexel))
            }
        }
        let hasResidentImages = !copies.isEmpty || !hostImages.isEmpty
        // The tiles with commands, after their count; only these get a workgroup.
        var tileList: [UInt32] = [0]
        for tileY in scene.tileRows {
            for tile in (tileY * scene.tilesX)..<((tileY + 1) * scene.tilesX)
            where scene.tileCommandStart[tile] != scene.tileCommandStart[tile + 1] {
                tileList.append(UInt32(tile))
            }
        }
        let tileCount = tileList.count - 1
        tileList[0] = UInt32(tileCount)
        let masks = VulkanBackend.maskArrays(scene)
        if let largest = [masks.values.count, masks.placements.count, masks.runs.count].max(), largest * 4 > context.maxStorageBufferRange {
            throw TileRenderError.backendUnavailable("the scene's glyph masks need a \(largest * 4)-byte buffer; \(context.deviceName) allows \(context.maxStorageBufferRange)")
        }
        // One buffer per binding of the fine shader, in binding order (the switch names each). The
        // frame's buffers are reused; arrays the buffer already holds (the same encoding's paints,
        // ramps and images drawn again) are not copied again.
        let all = try GPUABI.Binding.allCases.map { binding -> HostBuffer in
            switch binding {
            case .tileCommandStart: return try frame.upload(scene.tileCommandStart, to: binding, in: context)
            case .tileCommands: return try frame.upload(scene.tileCommands, to: binding, in: context)
            case .pathTiles: return try frame.upload(scene.pathTiles, to: binding, in: context)
            case .draws: return try frame.upload(scene.draws, to: binding, in: context)
            case .layers: return try frame.upload(scene.layers, to: binding, in: context)
            case .paints: return try frame.upload(scene.paints, to: binding, in: context)
            case .ramps: return try frame.upload(scene.ramps, to: binding, in: context)
            case .segments: return try frame.upload(scene.segments, to: binding, in: context)
            case .backdrops: return try frame.upload(scene.backdrops, to: binding, in: context)
            case .pixels: return output
            // Resident images are written into the texels after the upload: such a buffer is not
            // the array's copy, so it is copied again next time.
            case .images: return try frame.upload(scene.images, to: binding, in: context, reusable: !hasResidentImages)
            case .tiles: return try frame.upload(tileList, to: binding, in: context)
            case .maskRuns: return try frame.upload(masks.runs, to: binding, in: context)
            case .maskPlacements: return try frame.upload(masks.placements, to: binding, in: context)
            case .maskValues: return try frame.upload(masks.values, to: binding, in: context)
            }
        }
        let imagesIndex = GPUABI.Binding.allCases.firstIndex(of: .images)!
        let imageTexels = all[imagesIndex].bytes
        for region in hostImages {
            let bitmap = try region.image.readBack()
            bitmap.pixels.withUnsafeBufferPointer { pixels in
                let source = ReadOnlySpan(pixels), rowBytes = bitmap.width * 4
                for y in 0..<bitmap.height {
                    imageTexels.copy(from: source.slice(from: y * bitmap.bytesPerRow, count: rowBytes),
                                     to: (region.start + y * bitmap.width) * 4)
                }
            }
        }
        // Staged: the device twins, and the copies that bring them up to date.
        var bindings: [any VulkanStorageBuffer] = all
        var stagingCopies: [(from: VkBuffer, to: VkBuffer, bytes: Int)] = []
        var outputTwin: DeviceBuffer?
        if stages {
            for (index, binding) in GPUABI.Binding.allCases.enumerated() {
                if binding == .pixels {
                    guard let stagedOutput else { continue }
                    let twin = try frame.twin(of: stagedOutput.slot, host: output, in: context).buffer
                    outputTwin = twin
                    bindings[index] = twin
                } else {
                    let (twin, staleBytes) = try frame.twin(of: .binding(binding), host: all[index], in: context)
                    if staleBytes > 0 { stagingCopies.append((all[index].buffer, twin.buffer, staleBytes)) }
                    bindings[index] = twin
                }
            }
        }
        let texelsTarget = bindings[imagesIndex].buffer
        frame.bind(bindings)
        var set: VkDescriptorSet? = frame.descriptorSet
        var phases = GPUHostPhases()
        phases.uploadSeconds = VulkanBackend.seconds(since: uploadStart)
        phases.uploadedBytes = frame.uploadedBytes - bytesBefore

        // Command buffer: bind, push constants, one workgroup per tile with commands, make the writes visible to the host.
        let commandBuffer = try frame.beginCommands()
        // Two timestamps around the dispatch, where the queue writes them and someone asked.
        let queries = context.timestamps == nil || settings.deviceTime == nil ? nil : try frame.timestampQueries()
        if let queries { vkCmdResetQueryPool(commandBuffer, queries.handle, 0, 2) }
        for copy in stagingCopies {
            var region = VkBufferCopy(srcOffset: 0, dstOffset: 0, size: VkDeviceSize(copy.bytes))
            vkCmdCopyBuffer(commandBuffer, copy.from, copy.to, 1, &region)
        }
        if let outputTwin, let stagedOutput {
            if stagedOutput.clear {
                vkCmdFillBuffer(commandBuffer, outputTwin.buffer, 0, VkDeviceSize(stagedOutput.bytes), 0)
            } else {
                var region = VkBufferCopy(srcOffset: 0, dstOffset: 0, size: VkDeviceSize(stagedOutput.bytes))
                vkCmdCopyBuffer(commandBuffer, output.buffer, outputTwin.buffer, 1, &region)
            }
        }
        if !copies.isEmpty {
            // Resident images go over the texels' staged copy, after it.
            if !stagingCopies.isEmpty {
                recordMemoryBarrier(commandBuffer, source: VK_ACCESS_TRANSFER_WRITE_BIT, destination: VK_ACCESS_TRANSFER_WRITE_BIT,
                                    after: VK_PIPELINE_STAGE_TRANSFER_BIT, before: VK_PIPELINE_STAGE_TRANSFER_BIT)
            }
            for copy in copies {
                var region = VkBufferCopy(srcOffset: 0, dstOffset: VkDeviceSize(copy.start * 4), size: VkDeviceSize(copy.bytes))
                vkCmdCopyBuffer(commandBuffer, copy.source.buffer, texelsTarget, 1, &region)
            }
        }
        if !copies.isEmpty || !stagingCopies.isEmpty || outputTwin != nil {
            recordMemoryBarrier(commandBuffer, source: VK_ACCESS_TRANSFER_WRITE_BIT,
                                destination: VkAccessFlagBits(VK_ACCESS_SHADER_READ_BIT.rawValue | VK_ACCESS_SHADER_WRITE_BIT.rawValue),
                                after: VK_PIPELINE_STAGE_TRANSFER_BIT, before: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT)
        }
        let pipeline = try context.finePipeline(features: VulkanBackend.features(of: scene), pixelsPerInvocation: pixelsPerInvocation)
        vkCmdBindPipeline(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.handle)
        vkCmdBindDescriptorSets(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, context.pipelineLayout, 0, 1, &set, 0, nil)
        // All values are within the validated canvas (at most 32768 per side), so the conversions hold.
        var config = GPUABI.FineConfig(width: UInt32(width), height: UInt32(height),
                                       tilesX: UInt32(scene.tilesX), tileRowStart: UInt32(scene.tileRows.lowerBound))
        vkCmdPushConstants(commandBuffer, context.pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT.rawValue, 0,
                           UInt32(MemoryLayout<GPUABI.FineConfig>.size), &config)
        // Rows of at most 65535 workgroups (every device allows that many per dimension); a scene with
        // no commands still gets one workgroup, which finds nothing to do.
        let gridWidth = max(1, min(tileCount, 65535))
        if let queries { vkCmdWriteTimestamp(commandBuffer, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queries.handle, 0) }
        vkCmdDispatch(commandBuffer, UInt32(gridWidth), UInt32(max(1, (tileCount + gridWidth - 1) / gridWidth)), 1)
        if let queries { vkCmdWriteTimestamp(commandBuffer, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries.handle, 1) }
        if let outputTwin, let stagedOutput {
            recordMemoryBarrier(commandBuffer, source: VK_ACCESS_SHADER_WRITE_BIT, destination: VK_ACCESS_TRANSFER_READ_BIT,
                                after: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, before: VK_PIPELINE_STAGE_TRANSFER_BIT)
            var region = VkBufferCopy(srcOffset: 0, dstOffset: 0, size: VkDeviceSize(stagedOutput.bytes))
            vkCmdCopyBuffer(commandBuffer, outputTwin.buffer, output.buffer, 1, &region)
            recordMemoryBarrier(commandBuffer, source: VK_ACCESS_TRANSFER_WRITE_BIT, destination: VK_ACCESS_HOST_READ_BIT,
                                after: VK_PIPELINE_STAGE_TRANSFER_BIT, before: VK_PIPELINE_STAGE_HOST_BIT)
        } else {
            recordMemoryBarrier(commandBuffer, source: VK_ACCESS_SHADER_WRITE_BIT, destination: VK_ACCESS_HOST_READ_BIT,
                                after: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, before: VK_PIPELINE_STAGE_HOST_BIT)
        }
        try check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer")

        let waitStart = ContinuousClock.now
        try submitAndWait(commandBuffer, deadline: settings.deadline, frame: frame,
                          keepingAlive: all + copies.map(\.source) + [frame])
        phases.waitSeconds = VulkanBackend.seconds(since: waitStart)
        settings.deviceTime?.add(phases)
        // The texels now hold resident images' pixels too.
        if hasResidentImages { frame.invalidate(.images) }
        if let queries, let timestamps = context.timestamps, let deviceTime = settings.deviceTime {
            // Both are written once the wait returns; a failed read only leaves the time unreported.
            var ticks: (UInt64, UInt64) = (0, 0)
            let read = withUnsafeMutableBytes(of: &ticks) { raw in
                vkGetQueryPoolResults(device, queries.handle, 0, 2, raw.count, raw.baseAddress, 8,
                                      VK_QUERY_RESULT_64_BIT.rawValue)
            }
            let mask: UInt64 = timestamps.validBits >= 64 ? .max : (1 << UInt64(timestamps.validBits)) - 1
            let start = ticks.0 & mask, end = ticks.1 & mask
            if read == VK_SUCCESS, end >= start { deviceTime.add(Double(end - start) * timestamps.period / 1e9) }
        }
        // Nothing the dispatch used may go before the wait above (ARC may end lifetimes at last use).
        withExtendedLifetime((all, bindings, copies, pipeline)) {}
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// The mask draws' runs, placements and values as fine.comp reads them (`GPUABI.Binding.maskRuns`,
    /// `.maskPlacements`, `.maskValues`): each mask's values once, however many placements use it.
    /// Empty (one zero word each, a buffer is never empty) for a scene without mask draws.
    package static func maskArrays(_ scene: BinnedScene) -> (runs: [UInt32], placements: [UInt32], values: [Float]) {
        guard !scene.maskRuns.isEmpty, !scene.drawMaskRuns.isEmpty else { return ([0], [0], [0]) }
        var runs = [UInt32](repeating: 0, count: scene.draws.count * GPUABI.maskRunWords)
        for (draw, run) in scene.drawMaskRuns.enumerated() where run != GPUABI.noIndex && draw < scene.draws.count {
            let range = scene.maskRuns[Int(run)]
            runs[draw * GPUABI.maskRunWords] = range.start
            runs[draw * GPUABI.maskRunWords + 1] = range.count
            runs[draw * GPUABI.maskRunWords + 2] = UInt32(bitPattern: range.maxWidth)
        }
        var placements: [UInt32] = []
        placements.reserveCapacity(scene.maskPlacements.count * GPUABI.maskPlacementWords)
        var values: [Float] = []
        var firstValue: [UnsafePointer<Float>: UInt32] = [:]
        // The masks (kept alive by the scene's `maskOwners`) are read, never written.
        withExtendedLifetime(scene.maskOwners) {
            for p in scene.maskPlacements {
                let count = Int(p.width) * Int(p.height)
                let start = firstValue[p.values] ?? {
                    let start = UInt32(values.count)
                    ReadOnlySpan(unsafeStart: p.values, count: count).append(to: &values)
                    firstValue[p.values] = start
                    return start
                }()
                placements += [UInt32(bitPattern: p.x), UInt32(bitPattern: p.y), UInt32(bitPattern: p.width),
                               UInt32(bitPattern: p.height), start]
            }
        }
        return (runs, placements.isEmpty ? [0] : placements, values.isEmpty ? [0] : values)
    }

    /// The fine shader's features `scene` uses (`GPUABI.FineFeature`): the pipeline is specialised to
    /// them. A feature is left out only when nothing in the scene can reach its code.
    package static func features(of scene: BinnedScene) -> UInt32 {
        typealias F = GPUABI.FineFeature
        var features: UInt32 = 0
        let blendBits = GPUABI.Flags.blendMask << GPUABI.Flags.blendShift
        if !scene.layers.isEmpty { features |= F.layers }
        for layer in scene.layers {
            if layer.filterCount != 0 { features |= F.filters }
            if layer.flags & blendBits != 0 { features |= F.blendModes }
        }
        for draw in scene.draws {
            if draw.flags & GPUABI.Flags.clipDraw != 0 { features |= F.layers }
            if draw.flags & blendBits != 0 { features |= F.blendModes }
            if draw.rule != GPUABI.FillRule.nonZero.rawValue { features |= F.evenOdd }
            if draw.flags & GPUABI.Flags.maskDraw != 0 { features |= F.masks }
        }
        for paint in scene.paints {
            switch GPUABI.PaintKind(rawValue: paint.kind) {
            case .solid: break
            case .image, .tiledImage: features |= F.images
            case .linear, .radial, .conic, .focal: features |= F.gradients
            case nil: features |= F.all
            }
        }
        return features
    }
}
