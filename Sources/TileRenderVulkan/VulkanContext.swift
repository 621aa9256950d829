import CVulkan
import Foundation
import Shaders
import TileRenderGeometry
import TileRenderPipeline

// Everything that touches Vulkan lives in Backends/Vulkan. Every vk* call that returns a result goes
// through `check`; handles are owned by the classes of VulkanHandles.swift, which destroy them in
// deinit (children before parents), so a failed initialiser leaks nothing.

@inline(__always)
package func check(_ result: VkResult, _ call: String) throws {
    guard result == VK_SUCCESS else {
        throw TileRenderError.backendUnavailable("\(call) failed (VkResult \(result.rawValue))")
    }
}

/// A Vulkan device with one compute queue and the fine-stage pipeline, created once per process.
package final class VulkanContext: @unchecked Sendable {
    // Handles are used under `submission` for queue work; creation happens once in init.
    package let vulkanDevice: VulkanDevice
    package let physicalDevice: VkPhysicalDevice
    package let queue: VkQueue
    package let queueFamily: UInt32
    package let memoryProperties: VkPhysicalDeviceMemoryProperties
    package let deviceName: String
    /// True for a software rasterizer such as Mesa's lavapipe (deviceType CPU).
    package let isSoftware: Bool
    /// Whether renders keep the fine shader's buffers in device memory (`choosesStaging`).
    package let stagesBuffers: Bool
    /// The largest storage buffer a descriptor may cover, in bytes.
    package let maxStorageBufferRange: Int
    /// Nanoseconds per timestamp tick and the valid bits of a timestamp, or nil where the queue family
    /// writes no timestamps (`timestampValidBits` 0).
    package let timestamps: (period: Double, validBits: UInt32)?
    package let fine: ComputePipeline
    /// filter.comp: the image filter passes (`GPUABI.ImageFilterPass`).
    package let filter: ComputePipeline
    /// Held while a queue submission is made; its value counts the submissions so far. (Not `Void`:
    /// ThreadSanitizer takes an access to a zero-size value for an access to whatever follows it.)
    package let submission = Locked<Int>(0)
    /// Copies into a caller's image or buffer still on the device (`submitCopy`); waited for when the
    /// context goes.
    package let pendingCopies = PendingCopies()
    /// Frames (persistent buffers, descriptor set, command buffer, fence) idle between renders
    /// (`withFrame`).
    let idleFrames = Locked<[VulkanFrame]>([])
    /// Buffers the frames of this context have made so far (a render that fits its frame's buffers
    /// makes none).
    package let bufferAllocations = Locked<Int>(0)

    package var device: VkDevice { vulkanDevice.handle }
    package var descriptorSetLayout: VkDescriptorSetLayout { fine.setLayout.handle }
    package var pipelineLayout: VkPipelineLayout { fine.layout.handle }
    package var pipeline: VkPipeline { fine.pipeline.handle }
    /// The fine pipeline specialised per scene features (`GPUABI.FineFeature`, at most 128 masks) and
    /// pixels per invocation (one width per device outside tests), made on first use and freed with
    /// the context.
    private let fineVariants = Locked<[UInt64: VulkanPipeline]>([:])

    /// Pixels of a row each fine-shader invocation draws on this device (`GPUABI.FineSpecialization`):
    /// a whole row on a CPU device (lavapipe), 4 on a GPU.
    package var finePixelsPerInvocation: Int {
        isSoftware ? GPUABI.FineSpecialization.softwarePixelsPerInvocation : GPUABI.FineSpecialization.gpuPixelsPerInvocation
    }

    /// The fine pipeline compiled for `features` only (on `pipelineLayout`), each invocation drawing
    /// `pixelsPerInvocation` pixels (1, 2, 4, 8 or 16; nil: `finePixelsPerInvocation`).
    package func finePipeline(features: UInt32, pixelsPerInvocation: Int? = nil) throws -> VulkanPipeline {
        let features = features & GPUABI.FineFeature.all
        let width = pixelsPerInvocation ?? finePixelsPerInvocation
        precondition([1, 2, 4, 8, 16].contains(width), "pixels per invocation must divide the tile's width")
        let key = UInt64(features) | UInt64(width) << 32
        return try fineVariants.withLock { variants in
            if let made = variants[key] { return made }
            typealias Constant = GPUABI.FineSpecialization
            let made = try ComputePipeline.makePipeline(
                vulkanDevice, spirv: fine.spirv, layout: fine.layout.handle,
                constants: [(Constant.features, features), (Constant.pixelsPerInvocation, UInt32(width)),
                            (Constant.workgroupSize, UInt32(Constant.workgroupSize(pixelsPerInvocation: width)))])
            variants[key] = made
            return made
        }
    }

    package static let bindingCount = UInt32(GPUABI.Binding.allCases.count)

    /// The process-wide context, or why there is none.
    package static let shared: Result<VulkanContext, TileRenderError> = {
        do { return .success(try VulkanContext()) } catch let error as TileRenderError {
            return .failure(error)
        } catch {
            return .failure(.backendUnavailable("\(error)"))
        }
    }()

    /// A Vulkan 1.1 instance without surfaces or layers.
    package static func makeInstance() throws -> VulkanInstance {
        var app = VkApplicationInfo()
        app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO
        app.apiVersion = cvk_make_api_version(0, 1, 1, 0)
        var instanceInfo = VkInstanceCreateInfo()
        instanceInfo.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
        var created: VkInstance?
        try withUnsafePointer(to: &app) { appPointer in
            instanceInfo.pApplicationInfo = appPointer
            try check(vkCreateInstance(&instanceInfo, nil, &created), "vkCreateInstance")
        }
        guard let created else { throw TileRenderError.backendUnavailable("vkCreateInstance returned no instance") }
        return VulkanInstance(created)
    }

    /// The instance's physical devices.
    package static func physicalDevices(_ instance: VulkanInstance) throws -> [VkPhysicalDevice] {
        var count: UInt32 = 0
        try check(vkEnumeratePhysicalDevices(instance.handle, &count, nil), "vkEnumeratePhysicalDevices")
        var devices = [VkPhysicalDevice?](repeating: nil, count: Int(count))
        try check(vkEnumeratePhysicalDevices(instance.handle, &count, &devices), "vkEnumeratePhysicalDevices")
        return devices.prefix(Int(count)).compactMap { $0 }
    }

    package static func name(of properties: VkPhysicalDeviceProperties) -> String {
        var properties = properties
        return withUnsafeBytes(of: &properties.deviceName) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private init() throws {
        // Kept alive by the device (VulkanDevice.instance) once that exists, and by this local until then.
        let instance = try VulkanContext.makeInstance()

        // Physical device: discrete > integrated > virtual > CPU, with a compute queue.
        func rank(_ type: VkPhysicalDeviceType) -> Int {
            switch type {
            case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 4
            case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 3
            case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2
            case VK_PHYSICAL_DEVICE_TYPE_CPU: return 1
            default: return 0
            }
        }
        var best: (device: VkPhysicalDevice, family: UInt32, properties: VkPhysicalDeviceProperties, rank: Int)?
        for candidate in try VulkanContext.physicalDevices(instance) {
            var properties = VkPhysicalDeviceProperties()
            vkGetPhysicalDeviceProperties(candidate, &properties)
            var familyCount: UInt32 = 0
            vkGetPhysicalDeviceQueueFamilyProperties(candidate, &familyCount, nil)
            var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(familyCount))
            vkGetPhysicalDeviceQueueFamilyProperties(candidate, &familyCount, &families)
            guard let family = families.firstIndex(where: { $0.queueFlags & VK_QUEUE_COMPUTE_BIT.rawValue != 0 }) else { continue }
            let r = rank(properties.deviceType)
            if best == nil || r > best!.rank { best = (candidate, UInt32(family), properties, r) }
        }
        guard let chosen = best else {
            throw TileRenderError.backendUnavailable("no Vulkan device with a compute queue")
        }
        physicalDevice = chosen.device
        queueFamily = chosen.family
        isSoftware = chosen.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU
        maxStorageBufferRange = Int(chosen.properties.limits.maxStorageBufferRange)
        timestamps = VulkanContext.timestamps(chosen.device, family: chosen.family, properties: chosen.properties)
        deviceName = VulkanContext.name(of: chosen.properties)
        var memory = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(chosen.device, &memory)
        memoryProperties = memory
        stagesBuffers = VulkanContext.choosesStaging(isSoftware: isSoftware, memory: memory)

        // Logical device with one compute queue.
        var priority: Float = 1
        var createdDevice: VkDevice?
        try withUnsafePointer(to: &priority) { priorityPointer in
            var queueInfo = VkDeviceQueueCreateInfo()
            queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
            queueInfo.queueFamilyIndex = chosen.family
            queueInfo.queueCount = 1
            queueInfo.pQueuePriorities = priorityPointer
            try withUnsafePointer(to: &queueInfo) { queuePointer in
                var deviceInfo = VkDeviceCreateInfo()
                deviceInfo.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
                deviceInfo.queueCreateInfoCount = 1
                deviceInfo.pQueueCreateInfos = queuePointer
                try check(vkCreateDevice(chosen.device, &deviceInfo, nil, &createdDevice), "vkCreateDevice")
            }
        }
        guard let createdDevice else { throw TileRenderError.backendUnavailable("vkCreateDevice returned no device") }
        let device = VulkanDevice(createdDevice, instance: instance)
        vulkanDevice = device
        var createdQueue: VkQueue?
        vkGetDeviceQueue(createdDevice, chosen.family, 0, &createdQueue)
        guard let createdQueue else { throw TileRenderError.backendUnavailable("vkGetDeviceQueue returned no queue") }
        queue = createdQueue
        (fine, filter) = try VulkanContext.makePipelines(device)
    }

    /// The fine-stage pipeline (a storage buffer per `GPUABI.Binding`, `GPUABI.FineConfig` as push
    /// constants) and the filter pipeline, on `device`.
    private static func makePipelines(_ device: VulkanDevice) throws -> (fine: ComputePipeline, filter: ComputePipeline) {
        let fine = try ComputePipeline(device, spirv: try ShaderCompiler.compileEmbedded("fine.comp"),
                                       bindings: GPUABI.Binding.allCases.map(\.rawValue),
                                       pushConstantBytes: MemoryLayout<GPUABI.FineConfig>.size)
        let filter = try ComputePipeline(device, spirv: try ShaderCompiler.compileEmbedded("filter.comp"),
                                         bindings: GPUABI.ImageFilterBinding.allCases.map(\.rawValue),
                                         pushConstantBytes: MemoryLayout<GPUABI.FilterConfig>.size)
        return (fine, filter)
    }

    /// A context on a caller's device (an engine's), borrowed: TileRender never destroys `instance`,
    /// `device` or the queue, only what it creates on the device (pipelines, buffers, pools, fences),
    /// and those when the last reference to this context (and to what it made) goes. Throws
    /// `backendUnavailable` when the device is older than Vulkan 1.1, or the queue family has no
    /// compute support or fewer queues than `queueIndex + 1`.
    package init(borrowing instance: VkInstance, physicalDevice: VkPhysicalDevice, device: VkDevice,
                 queueFamily: UInt32, queueIndex: UInt32) throws {
        var properties = VkPhysicalDeviceProperties()
        vkGetPhysicalDeviceProperties(physicalDevice, &properties)
        let name = VulkanContext.name(of: properties)
        guard properties.apiVersion >= cvk_make_api_version(0, 1, 1, 0) else {
            throw TileRenderError.backendUnavailable("\(name) supports Vulkan \(properties.apiVersion >> 22).\((properties.apiVersion >> 12) & 0x3ff); TileRender needs 1.1")
        }
        var familyCount: UInt32 = 0
        vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount, nil)
        var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(familyCount))
        vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount, &families)
        guard queueFamily < familyCount else {
            throw TileRenderError.backendUnavailable("queue family \(queueFamily) does not exist on \(name) (it has \(familyCount))")
        }
        let family = families[Int(queueFamily)]
        guard family.queueFlags & VK_QUEUE_COMPUTE_BIT.rawValue != 0 else {
            throw TileRenderError.backendUnavailable("queue family \(queueFamily) of \(name) has no compute support (VK_QUEUE_COMPUTE_BIT)")
        }
        guard queueIndex < family.queueCount else {
            throw TileRenderError.backendUnavailable("queue family \(queueFamily) of \(name) has \(family.queueCount) queue(s); queue \(queueIndex) does not exist")
        }
        let borrowed = VulkanDevice(device, instance: VulkanInstance(instance, owned: false), owned: false)
        vulkanDevice = borrowed
        self.physicalDevice = physicalDevice
        self.queueFamily = queueFamily
        isSoftware = properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU
        maxStorageBufferRange = Int(properties.limits.maxStorageBufferRange)
        timestamps = VulkanContext.timestamps(physicalDevice, family: queueFamily, properties: properties)
        deviceName = name
        var memory = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memory)
        memoryProperties = memory
        stagesBuffers = VulkanContext.choosesStaging(isSoftware: isSoftware, memory: memory)
        // The caller created the queue with the device (queueCount covers queueIndex, checked above
        // against the family; a device made with fewer queues is the caller's contract).
        var gotQueue: VkQueue?
        vkGetDeviceQueue(device, queueFamily, queueIndex, &gotQueue)
        guard let gotQueue else { throw TileRenderError.backendUnavailable("vkGetDeviceQueue returned no queue") }
        queue = gotQueue
        (fine, filter) = try VulkanContext.makePipelines(borrowed)
    }

    /// The queue family's timestamp support (see `timestamps`).
    private static func timestamps(_ device: VkPhysicalDevice, family: UInt32,
                                   properties: VkPhysicalDeviceProperties) -> (period: Double, validBits: UInt32)? {
        var count: UInt32 = 0
        vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nil)
        var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(count))
        vkGetPhysicalDeviceQueueFamilyProperties(device, &count, &families)
        guard family < count, families[Int(family)].timestampValidBits > 0, properties.limits.timestampPeriod > 0 else { return nil }
        return (Double(properties.limits.timestampPeriod), families[Int(family)].timestampValidBits)
    }

    /// A memory type among `bits` with all of `flags` and none of `excluded`, or nil.
    package func memoryType(bits: UInt32, flags: UInt32, excluding excluded: UInt32 = 0) -> UInt32? {
        var props = memoryProperties
        return withUnsafeBytes(of: &props.memoryTypes) { raw -> UInt32? in
            let types = raw.bindMemory(to: VkMemoryType.self)
            for i in 0..<Int(props.memoryTypeCount) where bits & (1 << UInt32(i)) != 0
                && types[i].propertyFlags & flags == flags && types[i].propertyFlags & excluded == 0 {
                return UInt32(i)
            }
            return nil
        }
    }

    /// Whether renders keep the fine shader's buffers in device memory the host cannot map, filled and
    /// read back by copies in the render's command buffer (`VulkanFrame.stage`). True on a GPU with
    /// memory of its own (a discrete card): there the shader reading and writing host memory over the
    /// bus costs several times its arithmetic (measured on an NVIDIA H200: NOTES.md, eighteenth
    /// session). False on a software device and where all device memory is host-visible (integrated
    /// GPUs, unified memory), where a copy would only add work. `TILERENDER_VULKAN_STAGING=1` or `0`
    /// overrides the choice (for measurements).
    static func choosesStaging(isSoftware: Bool, memory: VkPhysicalDeviceMemoryProperties) -> Bool {
        switch ProcessInfo.processInfo.environment["TILERENDER_VULKAN_STAGING"] {
        case "1": return true
        case "0": return false
        default: break
        }
        var props = memory
        let local = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue, visible = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue
        let deviceOnly = withUnsafeBytes(of: &props.memoryTypes) { raw in
            raw.bindMemory(to: VkMemoryType.self).prefix(Int(props.memoryTypeCount))
                .contains { $0.propertyFlags & local == local && $0.propertyFlags & visible == 0 }
        }
        return !isSoftware && deviceOnly
    }
}

/// A compute pipeline with its descriptor set layout (storage buffers only) and pipeline layout.
package final class ComputePipeline: @unchecked Sendable {
    package let setLayout: VulkanDescriptorSetLayout
    package let layout: VulkanPipelineLayout
    package let pipeline: VulkanPipeline

    /// The SPIR-V, kept to make specialised variants (`specialized(_:)`).
    package let spirv: [UInt32]

    package init(_ device: VulkanDevice, spirv: [UInt32], bindings: [UInt32], pushConstantBytes: Int) throws {
        self.spirv = spirv
        var layoutBindings = bindings.map { binding -> VkDescriptorSetLayoutBinding in
            var b = VkDescriptorSetLayoutBinding()
            b.binding = binding
            b.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
            b.descriptorCount = 1
            b.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT.rawValue
            return b
        }
        let setLayout = try VulkanDescriptorSetLayout(device, "vkCreateDescriptorSetLayout") { device, handle in
            layoutBindings.withUnsafeMutableBufferPointer { buffer in
                var info = VkDescriptorSetLayoutCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
                info.bindingCount = UInt32(buffer.count)
                info.pBindings = UnsafePointer(buffer.baseAddress)
                return vkCreateDescriptorSetLayout(device, &info, nil, &handle)
            }
        }
        self.setLayout = setLayout
        var range = VkPushConstantRange()
        range.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT.rawValue
        range.size = UInt32(pushConstantBytes)
        var setLayouts: [VkDescriptorSetLayout?] = [setLayout.handle]
        layout = try VulkanPipelineLayout(device, "vkCreatePipelineLayout") { device, handle in
            withUnsafePointer(to: &range) { rangePointer in
                setLayouts.withUnsafeMutableBufferPointer { setPointer in
                    var info = VkPipelineLayoutCreateInfo()
                    info.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
                    info.setLayoutCount = 1
                    info.pSetLayouts = UnsafePointer(setPointer.baseAddress)
                    info.pushConstantRangeCount = pushConstantBytes > 0 ? 1 : 0
                    info.pPushConstantRanges = pushConstantBytes > 0 ? rangePointer : nil
                    return vkCreatePipelineLayout(device, &info, nil, &handle)
                }
            }
        }
        pipeline = try ComputePipeline.makePipeline(device, spirv: spirv, layout: layout.handle, constants: [])
    }

    /// A compute pipeline of `spirv` on `layout`, with the given specialization constants (id, value)
    /// set (the others keep the shader's defaults).
    package static func makePipeline(_ device: VulkanDevice, spirv: [UInt32], layout pipelineLayout: VkPipelineLayout,
                                     constants: [(id: UInt32, value: UInt32)]) throws -> VulkanPipeline {
        // The module is only needed to create the pipeline; it is destroyed when this function returns.
        let module = try VulkanShaderModule(device, "vkCreateShaderModule") { device, handle in
            spirv.withUnsafeBufferPointer { words in
                var info = VkShaderModuleCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
                info.codeSize = words.count * 4
                info.pCode = words.baseAddress
                return vkCreateShaderModule(device, &info, nil, &handle)
            }
        }
        let values = constants.map(\.value)
        let entries = constants.enumerated().map { index, constant in
            VkSpecializationMapEntry(constantID: constant.id, offset: UInt32(index * 4), size: 4)
        }
        let pipeline = try VulkanPipeline(device, "vkCreateComputePipelines") { device, handle in
            entries.withUnsafeBufferPointer { entryPointer in
                values.withUnsafeBufferPointer { valuePointer in
                    var specialization = VkSpecializationInfo(mapEntryCount: UInt32(constants.count), pMapEntries: entryPointer.baseAddress,
                                                              dataSize: constants.count * 4,
                                                              pData: UnsafeRawPointer(valuePointer.baseAddress))
                    return withUnsafePointer(to: &specialization) { specializationPointer in
                        "main".withCString { name in
                            var info = VkComputePipelineCreateInfo()
                            info.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO
                            info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
                            info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT
                            info.stage.module = module.handle
                            info.stage.pName = name
                            info.stage.pSpecializationInfo = constants.isEmpty ? nil : specializationPointer
                            info.layout = pipelineLayout
                            return vkCreateComputePipelines(device, nil, 1, &info, nil, &handle)
                        }
                    }
                }
            }
        }
        withExtendedLifetime((entries, values)) {}
        withExtendedLifetime(module) {}
        return pipeline
    }
}

/// A cheap look at the Vulkan devices (instance and enumeration only, no device, no shader compile),
/// so `.auto` can settle on the CPU without paying for a context it will not use.
package enum VulkanProbe {
    package enum Finding: Sendable {
        case hardware(String)
        case softwareOnly(String)
        case unavailable(String)
    }

    package static let finding: Finding = {
        let instance: VulkanInstance, devices: [VkPhysicalDevice]
        do {
            instance = try VulkanContext.makeInstance()
            devices = try VulkanContext.physicalDevices(instance)
        } catch TileRenderError.backendUnavailable(let why) {
            return .unavailable(why)
        } catch {
            return .unavailable("\(error)")
        }
        // Physical devices belong to the instance: it must outlive the queries below.
        return withExtendedLifetime(instance) {
            var software: String?
            for device in devices {
                var properties = VkPhysicalDeviceProperties()
                vkGetPhysicalDeviceProperties(device, &properties)
                let name = VulkanContext.name(of: properties)
                if properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU { software = name } else { return .hardware(name) }
            }
            return software.map { .softwareOnly($0) } ?? .unavailable("no Vulkan devices")
        }
    }()
}
