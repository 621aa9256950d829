import CVulkan
import Foundation
import Shaders
import TileRenderGeometry
import TileRenderPipeline

// Image filter programs on the device: each step's passes are dispatches of filter.comp, recorded in
// one command buffer with a barrier between them; every step's image is a device buffer, and the
// outputs stay on the device as resident images (the scene that draws them copies them device-side).

extension VulkanBackend {
    /// One dispatch of filter.comp: its push constants, buffers and grid.
    private struct FilterDispatch {
        var config: GPUABI.FilterConfig
        var first: HostBuffer, second: HostBuffer, output: HostBuffer
        /// Invocations needed (pixels, or lines for a blur pass).
        var invocations: Int
    }

    package func runFilters(_ program: ImageFilterProgram, on image: ImageTexels, settings: RasterSettings) throws -> [ImageTexels]? {
        guard case .resident(let resident) = image, let source = resident as? ResidentBuffer,
              source.buffer.owner === context.vulkanDevice else { return nil }
        let width = source.width, height = source.height, pixels = width * height
        let blurs = program.steps.contains { if case .blur = $0 { true } else { false } }
        // Every buffer must fit one descriptor's range; otherwise the CPU runs the program.
        guard pixels * (blurs ? 16 : 4) <= context.maxStorageBufferRange else { return nil }

        let placeholder = try HostBuffer(context, size: 16)
        // The blur's float values never leave the device: in its own memory where renders stage.
        func valueBuffer() throws -> any VulkanStorageBuffer {
            guard blurs else { return placeholder }
            return stages ? try DeviceBuffer(context, size: pixels * 16) : try HostBuffer(context, size: pixels * 16)
        }
        let values = try valueBuffer(), otherValues = try valueBuffer()
        var table: [SIMD4<Float>] = []
        var images: [HostBuffer] = []
        func buffer(_ input: ImageFilterProgram.Input) -> HostBuffer {
            switch input {
            case .source: source.buffer
            case .step(let i): images[i]
            }
        }
        // Sizes were checked against the canvas limits (at most 32768 a side), so they convert.
        let w = UInt32(width), h = UInt32(height)
        var dispatches: [FilterDispatch] = []
        func pass(_ kind: GPUABI.ImageFilterPass, first: HostBuffer? = nil, second: HostBuffer? = nil, output: HostBuffer? = nil,
                  flags: UInt32 = 0, tableStart: Int = 0, count: Int = 0, op: UInt32 = 0, params: SIMD4<Float> = .zero,
                  invocations: Int = pixels) {
            dispatches.append(FilterDispatch(config: GPUABI.FilterConfig(pass: kind, width: w, height: h, flags: flags,
                                                                         tableStart: UInt32(tableStart), count: UInt32(count),
                                                                         op: op, params: params),
                                             first: first ?? placeholder, second: second ?? placeholder,
                                             output: output ?? placeholder, invocations: invocations))
        }
        /// Writes the blur passes' headers (then a gaussian's weights) to the table; returns where they start.
        func encode(_ passes: [BlurLine.Pass]) -> Int {
            let start = table.count
            table += Array(repeating: .zero, count: passes.count)
            for (p, line) in passes.enumerated() {
                switch line {
                case .gaussian(let weights):
                    table[start + p] = SIMD4(Float(GPUABI.BlurPassKind.gaussian.rawValue), Float(weights.count), Float(table.count), 0)
                    table += weights.map { SIMD4($0, 0, 0, 0) }
                case .box(let left, let right):
                    table[start + p] = SIMD4(Float(GPUABI.BlurPassKind.box.rawValue), Float(left), Float(right), 0)
                }
            }
            return start
        }

        for step in program.steps {
            let output = try HostBuffer(context, size: pixels * 4)
            switch step {
            case .color(let filters, let input):
                let start = table.count
                table += filters.flatMap(\.tableEntries)
                pass(.colorSteps, first: buffer(input), output: output, tableStart: start, count: filters.count)
            case .alpha(let input, let inverted):
                pass(.alpha, first: buffer(input), output: output, flags: inverted ? GPUABI.ImageFilterFlags.inverted : 0)
            case .blur(let input, let sigmaX, let sigmaY, let clampsEdges):
                let clamps = clampsEdges ? GPUABI.ImageFilterFlags.clampsEdges : 0
                let rows = BlurLine.passes(sigma: sigmaX), columns = BlurLine.passes(sigma: sigmaY)
                pass(.unpack, first: buffer(input))
                // The passes alternate between the two value buffers; track where the result is.
                var inOther = false
                func flags() -> UInt32 { clamps | (inOther ? GPUABI.ImageFilterFlags.startsInOtherValues : 0) }
                if !rows.isEmpty {
                    pass(.blurRows, flags: flags(), tableStart: encode(rows), count: rows.count, invocations: height)
                    inOther = inOther != (rows.count % 2 == 1)
                }
                if !columns.isEmpty {
                    pass(.blurColumns, flags: flags(), tableStart: encode(columns), count: columns.count, invocations: width)
                    inOther = inOther != (columns.count % 2 == 1)
                }
                pass(.pack, output: output, flags: flags())
            case .offset(let input, let dx, let dy):
                pass(.offset, first: buffer(input), output: output, params: SIMD4(dx, dy, 0, 0))
            case .flood(let color):
                pass(.flood, output: output, params: color)
            case .crop(let input, let x0, let y0, let x1, let y1):
                // Whole pixel numbers, clamped to the frame: exact in Float.
                func f(_ v: Int, _ limit: Int) -> Float { Float(max(0, min(limit, v))) }
                pass(.crop, first: buffer(input), output: output, params: SIMD4(f(x0, width), f(y0, height), f(x1, width), f(y1, height)))
            case .composite(let a, let b, let op):
                var code = GPUABI.CompositeOperator.over, k = SIMD4<Float>.zero, mode: UInt32 = 0
                switch op {
                case .over: code = .over
                case .in: code = .sourceIn
                case .out: code = .sourceOut
                case .atop: code = .atop
                case .xor: code = .xor
                case .arithmetic(let k1, let k2, let k3, let k4): (code, k) = (.arithmetic, SIMD4(k1, k2, k3, k4))
                case .blend(let m): (code, mode) = (.blend, m.encoded)
                }
                pass(.composite, first: buffer(a), second: buffer(b), output: output, count: Int(mode), op: code.rawValue, params: k)
            }
            images.append(output)
        }
        guard table.count * 16 <= context.maxStorageBufferRange else { return nil }
        let tableBuffer = try HostBuffer(context, size: max(16, table.count * 16))
        table.withUnsafeBytes { tableBuffer.bytes.copy(from: ReadOnlySpan(bytes: $0)) }
        if !dispatches.isEmpty {
            try record(dispatches, values: values, otherValues: otherValues, table: tableBuffer, settings: settings,
                       keepingAlive: images + [source.buffer, placeholder, values, otherValues, tableBuffer])
        }
        return program.outputs.map { .resident(ResidentBuffer(wrapping: buffer($0.input), width: width, height: height)) }
    }

    /// Records the dispatches in order, each after the writes of the one before, submits them and waits.
    private func record(_ dispatches: [FilterDispatch], values: any VulkanStorageBuffer, otherValues: any VulkanStorageBuffer,
                        table: HostBuffer, settings: RasterSettings, keepingAlive buffers: [AnyObject]) throws {
        let device = context.device, pipeline = context.filter
        let bindings = UInt32(GPUABI.ImageFilterBinding.allCases.count)
        var poolSize = VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: bindings * UInt32(dispatches.count))
        let pool = try VulkanDescriptorPool(context.vulkanDevice, "vkCreateDescriptorPool") { device, handle in
            withUnsafePointer(to: &poolSize) { sizes in
                var info = VkDescriptorPoolCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
                info.maxSets = UInt32(dispatches.count)
                info.poolSizeCount = 1
                info.pPoolSizes = sizes
                return vkCreateDescriptorPool(device, &info, nil, &handle)
            }
        }
        var sets = [VkDescriptorSet?](repeating: nil, count: dispatches.count)
        var layouts = [VkDescriptorSetLayout?](repeating: pipeline.setLayout.handle, count: dispatches.count)
        try layouts.withUnsafeMutableBufferPointer { layoutPointer in
            var info = VkDescriptorSetAllocateInfo()
            info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
            info.descriptorPool = pool.handle
            info.descriptorSetCount = UInt32(dispatches.count)
            info.pSetLayouts = UnsafePointer(layoutPointer.baseAddress)
            try check(vkAllocateDescriptorSets(device, &info, &sets), "vkAllocateDescriptorSets")
        }
        for (d, set) in zip(dispatches, sets) {
            let bindings = GPUABI.ImageFilterBinding.allCases.map { binding -> (binding: UInt32, buffer: VkBuffer) in
                let b: VkBuffer = switch binding {
                case .first: d.first.buffer
                case .second: d.second.buffer
                case .output: d.output.buffer
                case .values: values.buffer
                case .otherValues: otherValues.buffer
                case .table: table.buffer
                }
                return (binding.rawValue, b)
            }
            VulkanBackend.writeStorageBuffers(device, set: set, bindings)
        }

        let (commandPool, commandBuffer) = try context.beginOneTimeCommands()
        vkCmdBindPipeline(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.pipeline.handle)
        let access = VkAccessFlagBits(rawValue: VK_ACCESS_SHADER_READ_BIT.rawValue | VK_ACCESS_SHADER_WRITE_BIT.rawValue)
        for (i, d) in dispatches.enumerated() {
            if i > 0 {
                recordMemoryBarrier(commandBuffer, source: VK_ACCESS_SHADER_WRITE_BIT, destination: access,
                                    after: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, before: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT)
            }
            var set = sets[i]
            vkCmdBindDescriptorSets(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout.handle, 0, 1, &set, 0, nil)
            var config = d.config
            vkCmdPushConstants(commandBuffer, pipeline.layout.handle, VK_SHADER_STAGE_COMPUTE_BIT.rawValue, 0,
                               UInt32(MemoryLayout<GPUABI.FilterConfig>.size), &config)
            let groups = (d.invocations + GPUABI.imageFilterGroupSize - 1) / GPUABI.imageFilterGroupSize
            let across = min(groups, GPUABI.imageFilterGridWidth)
            vkCmdDispatch(commandBuffer, UInt32(across), UInt32((groups + across - 1) / across), 1)
        }
        // The outputs are read by later scenes' copies, or read back by the host.
        let later = VkAccessFlagBits(rawValue: VK_ACCESS_HOST_READ_BIT.rawValue | VK_ACCESS_TRANSFER_READ_BIT.rawValue)
        let stages = VkPipelineStageFlagBits(rawValue: VK_PIPELINE_STAGE_HOST_BIT.rawValue | VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue)
        recordMemoryBarrier(commandBuffer, source: VK_ACCESS_SHADER_WRITE_BIT, destination: later,
                            after: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, before: stages)
        try check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer")
        try submitAndWait(commandBuffer, deadline: settings.deadline, work: "the filters", keepingAlive: buffers + [pool, commandPool])
    }
}
