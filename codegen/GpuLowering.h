//===- GpuLowering.h - the GPU lowering's shared first steps ----*- C++ -*-===//
//
// Internal to codegen: EmitPTX.cpp's lowering of a program into a host
// module with its kernel regions outlined (still in it), used by the PTX
// printer, the host-memory launch path and the device-resident path.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/EmitPTX.h"

#include <map>

namespace parax::codegen {

std::unique_ptr<llvm::Module> lowerForGpu(const ir::Module &m,
                                          llvm::LLVMContext &ctx,
                                          ProgramInfo &info, PtxProgram &out,
                                          std::map<std::string, size_t>
                                              &kernelIndex);

} // namespace parax::codegen
