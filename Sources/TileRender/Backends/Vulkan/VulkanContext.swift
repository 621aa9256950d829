import CVulkan
import Foundation
import Shaders
import Synchronization

// Everything that touches Vulkan lives in Backends/Vulkan. Every vk* call goes through `check`, and
// the context owns its handles and destroys them in deinit (children before parents).

@inline(__always)
func check(_ result: VkResult, _ call: String) throws {
    guard result == VK_SUCCESS else {
        throw TileRenderError.backendUnavailable("\(call) failed (VkResult \(result.rawValue))")
    }
}

/// A Vulkan device with one compute queue and the fine-stage pipeline, created once per process.
final class VulkanContext: @unchecked Sendable {
    // Handles are used under `submission` for queue work; creation happens once in init.
    let instance: VkInstance
    let physicalDevice: VkPhysicalDevice
    let device: VkDevice
    let queue: VkQueue
    let queueFamily: UInt32
    let memoryProperties: VkPhysicalDeviceMemoryProperties
    let deviceName: String
    /// True for a software rasterizer such as Mesa's lavapipe (deviceType CPU).
    let isSoftware: Bool
    /// The largest storage buffer a descriptor may cover, in bytes.
    let maxStorageBufferRange: Int
    let descriptorSetLayout: VkDescriptorSetLayout
    let pipelineLayout: VkPipelineLayout
    let pipeline: VkPipeline
    let submission = Mutex<Void>(())

    static let bindingCount = UInt32(GPUABI.Binding.allCases.count)

    /// The process-wide context, or why there is none.
    static let shared: Result<VulkanContext, TileRenderError> = {
        do { return .success(try VulkanContext()) } catch let error as TileRenderError {
            return .failure(error)
        } catch {
            return .failure(.backendUnavailable("\(error)"))
        }
    }()

    private init() throws {
        // Instance (no surface, no layers).
        var app = VkApplicationInfo()
        app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO
        app.apiVersion = cvk_make_api_version(0, 1, 1, 0)
        var instanceInfo = VkInstanceCreateInfo()
        instanceInfo.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
        var createdInstance: VkInstance?
        try withUnsafePointer(to: &app) { appPointer in
            instanceInfo.pApplicationInfo = appPointer
            try check(vkCreateInstance(&instanceInfo, nil, &createdInstance), "vkCreateInstance")
        }
        guard let instance = createdInstance else { throw TileRenderError.backendUnavailable("no Vulkan instance") }
        self.instance = instance

        // Physical device: discrete > integrated > virtual > CPU, with a compute queue.
        var count: UInt32 = 0
        do {
            try check(vkEnumeratePhysicalDevices(instance, &count, nil), "vkEnumeratePhysicalDevices")
        } catch {
            vkDestroyInstance(instance, nil)
            throw error
        }
        var devices = [VkPhysicalDevice?](repeating: nil, count: Int(count))
        _ = vkEnumeratePhysicalDevices(instance, &count, &devices)
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
        for case let candidate? in devices {
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
            vkDestroyInstance(instance, nil)
            throw TileRenderError.backendUnavailable("no Vulkan device with a compute queue")
        }
        physicalDevice = chosen.device
        queueFamily = chosen.family
        isSoftware = chosen.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU
        maxStorageBufferRange = Int(chosen.properties.limits.maxStorageBufferRange)
        var props = chosen.properties
        deviceName = withUnsafeBytes(of: &props.deviceName) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        var memory = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(chosen.device, &memory)
        memoryProperties = memory

        // Logical device with one compute queue.
        var priority: Float = 1
        var createdDevice: VkDevice?
        let deviceResult: VkResult = withUnsafePointer(to: &priority) { priorityPointer in
            var queueInfo = VkDeviceQueueCreateInfo()
            queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
            queueInfo.queueFamilyIndex = chosen.family
            queueInfo.queueCount = 1
            queueInfo.pQueuePriorities = priorityPointer
            return withUnsafePointer(to: &queueInfo) { queuePointer in
                var deviceInfo = VkDeviceCreateInfo()
                deviceInfo.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
                deviceInfo.queueCreateInfoCount = 1
                deviceInfo.pQueueCreateInfos = queuePointer
                return vkCreateDevice(chosen.device, &deviceInfo, nil, &createdDevice)
            }
        }
        guard deviceResult == VK_SUCCESS, let device = createdDevice else {
            vkDestroyInstance(instance, nil)
            throw TileRenderError.backendUnavailable("vkCreateDevice failed (VkResult \(deviceResult.rawValue))")
        }
        self.device = device
        var createdQueue: VkQueue?
        vkGetDeviceQueue(device, chosen.family, 0, &createdQueue)
        queue = createdQueue!

        // The fine-stage pipeline: a storage buffer per `GPUABI.Binding`, `GPUABI.FineConfig` as push constants.
        do {
            var bindings = GPUABI.Binding.allCases.map { binding -> VkDescriptorSetLayoutBinding in
                var b = VkDescriptorSetLayoutBinding()
                b.binding = binding.rawValue
                b.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                b.descriptorCount = 1
                b.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT.rawValue
                return b
            }
            var layoutInfo = VkDescriptorSetLayoutCreateInfo()
            layoutInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
            layoutInfo.bindingCount = VulkanContext.bindingCount
            var setLayout: VkDescriptorSetLayout?
            try bindings.withUnsafeMutableBufferPointer { buffer in
                layoutInfo.pBindings = UnsafePointer(buffer.baseAddress)
                try check(vkCreateDescriptorSetLayout(device, &layoutInfo, nil, &setLayout), "vkCreateDescriptorSetLayout")
            }
            descriptorSetLayout = setLayout!

            var range = VkPushConstantRange()
            range.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT.rawValue
            range.size = UInt32(MemoryLayout<GPUABI.FineConfig>.size)
            var pipelineLayoutInfo = VkPipelineLayoutCreateInfo()
            pipelineLayoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
            var createdLayout: VkPipelineLayout?
            var setLayouts: [VkDescriptorSetLayout?] = [setLayout]
            try withUnsafePointer(to: &range) { rangePointer in
                try setLayouts.withUnsafeMutableBufferPointer { setPointer in
                    pipelineLayoutInfo.setLayoutCount = 1
                    pipelineLayoutInfo.pSetLayouts = UnsafePointer(setPointer.baseAddress)
                    pipelineLayoutInfo.pushConstantRangeCount = 1
                    pipelineLayoutInfo.pPushConstantRanges = rangePointer
                    try check(vkCreatePipelineLayout(device, &pipelineLayoutInfo, nil, &createdLayout), "vkCreatePipelineLayout")
                }
            }
            pipelineLayout = createdLayout!

            let spirv = try ShaderCompiler.compileEmbedded("fine.comp")
            var module: VkShaderModule?
            var moduleInfo = VkShaderModuleCreateInfo()
            moduleInfo.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
            moduleInfo.codeSize = spirv.count * 4
            try spirv.withUnsafeBufferPointer { words in
                moduleInfo.pCode = words.baseAddress
                try check(vkCreateShaderModule(device, &moduleInfo, nil, &module), "vkCreateShaderModule")
            }
            defer { vkDestroyShaderModule(device, module, nil) }
            var createdPipeline: VkPipeline?
            let layoutForPipeline = createdLayout
            try "main".withCString { entry in
                var stage = VkPipelineShaderStageCreateInfo()
                stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
                stage.stage = VK_SHADER_STAGE_COMPUTE_BIT
                stage.module = module
                stage.pName = entry
                var pipelineInfo = VkComputePipelineCreateInfo()
                pipelineInfo.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO
                pipelineInfo.stage = stage
                pipelineInfo.layout = layoutForPipeline
                try check(vkCreateComputePipelines(device, nil, 1, &pipelineInfo, nil, &createdPipeline),
                          "vkCreateComputePipelines")
            }
            pipeline = createdPipeline!
        } catch {
            vkDestroyDevice(device, nil)
            vkDestroyInstance(instance, nil)
            throw error
        }
    }

    deinit {
        vkDestroyPipeline(device, pipeline, nil)
        vkDestroyPipelineLayout(device, pipelineLayout, nil)
        vkDestroyDescriptorSetLayout(device, descriptorSetLayout, nil)
        vkDestroyDevice(device, nil)
        vkDestroyInstance(instance, nil)
    }

    /// A memory type with all of `flags`, or nil.
    func memoryType(bits: UInt32, flags: UInt32) -> UInt32? {
        var props = memoryProperties
        return withUnsafeBytes(of: &props.memoryTypes) { raw -> UInt32? in
            let types = raw.bindMemory(to: VkMemoryType.self)
            for i in 0..<Int(props.memoryTypeCount) where bits & (1 << UInt32(i)) != 0 && types[i].propertyFlags & flags == flags {
                return UInt32(i)
            }
            return nil
        }
    }
}

/// A cheap look at the Vulkan devices (instance and enumeration only, no device, no shader compile),
/// so `.auto` can settle on the CPU without paying for a context it will not use.
enum VulkanProbe {
    enum Finding: Sendable {
        case hardware(String)
        case softwareOnly(String)
        case unavailable(String)
    }

    static let finding: Finding = {
        var app = VkApplicationInfo()
        app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO
        app.apiVersion = cvk_make_api_version(0, 1, 1, 0)
        var info = VkInstanceCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
        var instance: VkInstance?
        let created = withUnsafePointer(to: &app) { pointer -> VkResult in
            info.pApplicationInfo = pointer
            return vkCreateInstance(&info, nil, &instance)
        }
        guard created == VK_SUCCESS, let instance else {
            return .unavailable("vkCreateInstance failed (VkResult \(created.rawValue))")
        }
        defer { vkDestroyInstance(instance, nil) }
        var count: UInt32 = 0
        guard vkEnumeratePhysicalDevices(instance, &count, nil) == VK_SUCCESS, count > 0 else {
            return .unavailable("no Vulkan devices")
        }
        var devices = [VkPhysicalDevice?](repeating: nil, count: Int(count))
        _ = vkEnumeratePhysicalDevices(instance, &count, &devices)
        var software: String?
        for case let device? in devices {
            var properties = VkPhysicalDeviceProperties()
            vkGetPhysicalDeviceProperties(device, &properties)
            let name = withUnsafeBytes(of: &properties.deviceName) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU { software = name } else { return .hardware(name) }
        }
        return software.map { .softwareOnly($0) } ?? .unavailable("no Vulkan devices")
    }()
}
