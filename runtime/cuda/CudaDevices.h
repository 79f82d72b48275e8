//===- CudaDevices.h - device discovery, contexts, streams, modules -*- C++ -*-===//
//
// Host logic over a DriverApi table (the real libcuda, or the fake of
// tests/unit/cuda): discovery with a diagnostic naming what is missing, the
// primary context and one stream per device, and a cache of loaded PTX
// modules keyed by their text (a program compiled twice loads once).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/cuda/CudaDriver.h"

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace parax::cuda {

struct DeviceInfo {
  int ordinal = 0;
  CUdevice handle = 0;
  std::string name;
  int ccMajor = 0, ccMinor = 0;
  int smCount = 0;
  int maxThreadsPerBlock = 0;
  size_t totalMemory = 0;
  /// Kernels can dereference ordinary host memory (HMM/ATS): what the
  /// current execution path relies on.
  bool pageableMemoryAccess = false;
  /// The PTX target for this device (codegen::cudaArchFor).
  std::string arch;
};

/// cuInit and every device's properties. False with `error` saying why no
/// device is usable (stub library, no device, too old a GPU, ...).
bool discoverDevices(const DriverApi &api, std::vector<DeviceInfo> &out,
                     std::string &error);

/// One device's primary context and stream, and its loaded modules.
class DeviceContext {
public:
  static std::unique_ptr<DeviceContext> open(const DriverApi &api,
                                             const DeviceInfo &dev,
                                             std::string &error);
  ~DeviceContext();
  DeviceContext(const DeviceContext &) = delete;
  DeviceContext &operator=(const DeviceContext &) = delete;

  /// Makes the context current on the calling thread.
  bool makeCurrent(std::string &error);
  /// Kernel `name` of the module built from `ptx` (loaded once per text);
  /// null with `error` holding the driver's JIT log on failure.
  CUfunction function(const std::string &ptx, const std::string &name,
                      std::string &error);
  size_t loadedModules() const { return modules_.size(); }
  CUstream stream() const { return stream_; }
  const DeviceInfo &info() const { return dev_; }

private:
  DeviceContext(const DriverApi &api, const DeviceInfo &dev)
      : api_(api), dev_(dev) {}
  const DriverApi &api_;
  DeviceInfo dev_;
  CUcontext ctx_ = nullptr;
  CUstream stream_ = nullptr;
  std::mutex mutex_;
  std::unordered_map<std::string, CUmodule> modules_;
};

} // namespace parax::cuda
