import CPixelFill

/// The CPU paths Raster's C pixel kernels may take, for the whole process.
///
/// By default every extension found at run time (AVX2 and AVX-512 on x86-64); fewer to measure
/// what a CPU without them runs (`nightstand bench --cpu`). Every path gives the same pixels,
/// bit for bit (`PixelKernelPathTests`).
///
/// ```swift
/// KernelPaths.allow(.baseline)   // what a Raspberry Pi or an x86-64 CPU without AVX2 runs
/// ```
public enum KernelPaths: String, Sendable, CaseIterable {
    /// Every extension the CPU has.
    case all
    /// AVX2 at most (no AVX-512).
    case avx2
    /// The baseline every CPU of the architecture runs.
    case baseline

    /// Lets the kernels take `paths` from now on.
    public static func allow(_ paths: KernelPaths) {
        switch paths {
        case .all: pixel_fill_allow_cpu_extensions(PIXEL_CPU_ALL)
        case .avx2: pixel_fill_allow_cpu_extensions(PIXEL_CPU_AVX2)
        case .baseline: pixel_fill_allow_cpu_extensions(PIXEL_CPU_BASELINE)
        }
    }
}
