//===- EmitPTX.cpp - kernel regions -> an nvptx64 module -> PTX -----------===//
//
//  1. emit the program with the CPU lowering in GPU mode (kernel regions
//     marked, see EmitKernelRegion.cpp);
//  2. outline each region that only computes (no runtime calls, no host
//     stack or argument tables) with CodeExtractor;
//  3. clone the outlined functions into an nvptx64 module: grid-stride
//     helpers defined from the special registers, one-thread kernels guarded
//     to thread 0, libm calls renamed to libdevice's __nv_* and libdevice
//     linked (only what is needed), everything but the kernels internalised;
//  4. O3 with the NVPTX TargetMachine (it runs NVVMReflect), then PTX.
// The host module (what remains of parax_main) is scanned for what the
// kernels do not cover, reported by op.
//
//===----------------------------------------------------------------------===//
#include "codegen/EmitPTX.h"
#include "codegen/Emitter.h"
#include "codegen/GpuLowering.h"
#include "codegen/Optimize.h"
#include "ir/Diagnostics.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"

#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <sys/stat.h>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

namespace parax::codegen {

namespace {

constexpr const char *kTriple = "nvptx64-nvidia-cuda";

[[noreturn]] void fail(const std::string &what) {
  throw ParaxError("InternalError",
                   "the cuda code generator failed (a bug in parax, please "
                   "report it): " + what);
}

std::string opOf(const llvm::Instruction &i, unsigned kind) {
  if (llvm::MDNode *md = i.getMetadata(kind))
    if (auto *s = llvm::dyn_cast<llvm::MDString>(md->getOperand(0)))
      return s->getString().str();
  return "program";
}

std::string sanitize(const std::string &s) {
  std::string r;
  for (char c : s)
    r += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return r;
}

/// Why region `r` cannot become a kernel ("" when it can).
std::string unfitReason(const KernelRegion &r, llvm::CodeExtractor &ce) {
  for (llvm::BasicBlock *bb : r.blocks)
    for (llvm::Instruction &i : *bb)
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(&i)) {
        llvm::Function *f = call->getCalledFunction();
        if (!f)
          return "an indirect call";
        if (f->getName().starts_with("parax_rt_"))
          return "calls the runtime (" + f->getName().str() + ")";
        if (f->getName().starts_with("llvm.x86."))
          return "uses an x86 intrinsic";
      }
  if (!ce.isEligible())
    return "not a single-entry region";
  llvm::SetVector<llvm::Value *> ins, outs, sinks;
  ce.findInputsOutputs(ins, outs, sinks);
  for (llvm::Value *v : ins) {
    if (llvm::isa<llvm::Argument>(v))
      return "reads the host argument tables";
    if (llvm::isa<llvm::AllocaInst>(v))
      return "uses host stack memory";
  }
  if (!outs.empty() && r.kind == GpuKernelKind::Grid)
    return "a grid-stride loop with scalar results";
  return "";
}

llvm::TargetMachine *nvptxMachine(const std::string &arch) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
  std::string err;
  const llvm::Target *t = llvm::TargetRegistry::lookupTarget(kTriple, err);
  if (!t)
    fail("no NVPTX target in this LLVM: " + err);
  // PTX 7.8 (a CUDA 11.8+ driver) covers sm_90 and min.NaN (sm_80+).
  return t->createTargetMachine(kTriple, arch, "+ptx78", llvm::TargetOptions(),
                                std::nullopt, std::nullopt,
                                llvm::CodeGenOptLevel::Aggressive);
}

/// Defines parax_gpu_thread / _barrier / _shared (Block kernels).
void defineBlockHelpers(llvm::Module &m) {
  llvm::LLVMContext &c = m.getContext();
  if (llvm::Function *f = m.getFunction("parax_gpu_thread")) {
    f->setLinkage(llvm::GlobalValue::InternalLinkage);
    f->addFnAttr(llvm::Attribute::AlwaysInline);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", f));
    b.CreateRet(b.CreateZExt(
        b.CreateIntrinsic(llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x, {}, {}),
        b.getInt64Ty()));
  }
  if (llvm::Function *f = m.getFunction("parax_gpu_block")) {
    f->setLinkage(llvm::GlobalValue::InternalLinkage);
    f->addFnAttr(llvm::Attribute::AlwaysInline);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", f));
    b.CreateRet(b.CreateZExt(
        b.CreateIntrinsic(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x, {}, {}),
        b.getInt64Ty()));
  }
  if (llvm::Function *f = m.getFunction("parax_gpu_barrier")) {
    f->setLinkage(llvm::GlobalValue::InternalLinkage);
    f->addFnAttr(llvm::Attribute::AlwaysInline);
    f->addFnAttr(llvm::Attribute::Convergent);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", f));
    b.CreateIntrinsic(llvm::Intrinsic::nvvm_barrier0, {}, {});
    b.CreateRetVoid();
  }
  if (llvm::Function *f = m.getFunction("parax_gpu_shared")) {
    auto *ty = llvm::ArrayType::get(llvm::Type::getInt64Ty(c),
                                    uint64_t(kGpuSharedBytes / 8));
    auto *g = new llvm::GlobalVariable(
        m, ty, false, llvm::GlobalValue::InternalLinkage,
        llvm::UndefValue::get(ty), "parax_shared", nullptr,
        llvm::GlobalValue::NotThreadLocal, /*AddressSpace=*/3);
    g->setAlignment(llvm::Align(16));
    f->setLinkage(llvm::GlobalValue::InternalLinkage);
    f->addFnAttr(llvm::Attribute::AlwaysInline);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", f));
    b.CreateRet(b.CreateAddrSpaceCast(g, b.getPtrTy()));
  }
}

/// Defines parax_gpu_first / parax_gpu_stride from the special registers.
void defineGridHelpers(llvm::Module &m) {
  llvm::LLVMContext &c = m.getContext();
  auto sreg = [&](llvm::IRBuilder<> &b, llvm::Intrinsic::ID id) {
    return b.CreateZExt(b.CreateIntrinsic(id, {}, {}), b.getInt64Ty());
  };
  for (const char *name : {"parax_gpu_first", "parax_gpu_stride"}) {
    llvm::Function *f = m.getFunction(name);
    if (!f)
      continue;
    f->setLinkage(llvm::GlobalValue::InternalLinkage);
    f->addFnAttr(llvm::Attribute::AlwaysInline);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", f));
    llvm::Value *r;
    if (std::string(name) == "parax_gpu_first")
      r = b.CreateAdd(
          b.CreateMul(sreg(b, llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x),
                      sreg(b, llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x)),
          sreg(b, llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x));
    else
      r = b.CreateMul(sreg(b, llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x),
                      sreg(b, llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x));
    b.CreateRet(r);
  }
}

/// Static allocas to the entry block (the region's slots were made in its
/// first block, which CodeExtractor does not make the entry), and for a
/// one-thread kernel, a guard that lets only thread 0 through.
void shapeKernel(llvm::Function &k, GpuKernelKind kind) {
  llvm::LLVMContext &c = k.getContext();
  llvm::BasicBlock *old = &k.getEntryBlock();
  auto *entry = llvm::BasicBlock::Create(c, "entry", &k, old);
  std::vector<llvm::AllocaInst *> allocas;
  for (llvm::BasicBlock &bb : k)
    for (llvm::Instruction &i : bb)
      if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i))
        if (llvm::isa<llvm::Constant>(a->getArraySize()))
          allocas.push_back(a);
  llvm::IRBuilder<> b(entry);
  for (llvm::AllocaInst *a : allocas)
    a->moveBefore(*entry, entry->end());
  if (kind == GpuKernelKind::Serial) {
    llvm::Function *first = k.getParent()->getFunction("parax_gpu_first");
    if (!first)
      first = llvm::Function::Create(
          llvm::FunctionType::get(b.getInt64Ty(), false),
          llvm::GlobalValue::ExternalLinkage, "parax_gpu_first",
          k.getParent());
    auto *ret = llvm::BasicBlock::Create(c, "skip", &k);
    llvm::IRBuilder<>(ret).CreateRetVoid();
    b.CreateCondBr(b.CreateICmpEQ(b.CreateCall(first), b.getInt64(0)), old,
                   ret);
  } else {
    b.CreateBr(old);
  }
  k.setCallingConv(llvm::CallingConv::PTX_Kernel);
  k.setLinkage(llvm::GlobalValue::ExternalLinkage);
}

void linkLibdevice(llvm::Module &dev) {
  bool needed = false;
  for (llvm::Function &f : dev)
    needed |= f.isDeclaration() && f.getName().starts_with("__nv_");
  if (!needed)
    return;
  std::string path = libdevicePath();
  if (path.empty())
    fail("the kernels call libm functions and libdevice.10.bc was not found "
         "(set PARAX_LIBDEVICE or CUDA_HOME)");
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> ld =
      llvm::getLazyIRFileModule(path, diag, dev.getContext());
  if (!ld)
    fail("cannot read libdevice: " + diag.getMessage().str());
  ld->setTargetTriple(dev.getTargetTriple());
  ld->setDataLayout(dev.getDataLayout());
  if (llvm::Linker::linkModules(dev, std::move(ld),
                                llvm::Linker::Flags::LinkOnlyNeeded))
    fail("cannot link libdevice");
}

} // namespace

std::string libdevicePath() {
  auto exists = [](const std::string &p) {
    struct stat st;
    return !p.empty() && ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
  };
  if (const char *e = std::getenv("PARAX_LIBDEVICE"); e && *e)
    return exists(e) ? e : "";
  const std::string rel = "/nvvm/libdevice/libdevice.10.bc";
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *e = std::getenv(var); e && *e && exists(e + rel))
      return e + rel;
  // The toolkit of the nvcc on PATH: <root>/bin/nvcc.
  if (const char *path = std::getenv("PATH")) {
    std::string all = path;
    for (size_t at = 0; at <= all.size();) {
      size_t end = all.find(':', at);
      if (end == std::string::npos)
        end = all.size();
      std::string dir = all.substr(at, end - at);
      at = end + 1;
      if (dir.size() > 4 && dir.substr(dir.size() - 4) == "/bin" &&
          exists(dir + "/nvcc") && exists(dir.substr(0, dir.size() - 4) + rel))
        return dir.substr(0, dir.size() - 4) + rel;
    }
  }
  for (const char *root : {"/usr/local/cuda", "/opt/cuda", "/usr/lib/cuda"})
    if (exists(root + rel))
      return root + rel;
  return "";
}

std::string defaultCudaArch() {
  if (const char *a = std::getenv("PARAX_CUDA_ARCH"); a && *a)
    return a;
  return "sm_80";
}

std::string cudaArchFor(int major, int minor) {
  int cc = major * 10 + minor;
  // What LLVM 19's NVPTX backend knows (TOOLCHAIN.md G10); newer GPUs run
  // sm_90 PTX through the driver's JIT.
  for (int a : {90, 89, 87, 86, 80, 75})
    if (cc >= a)
      return "sm_" + std::to_string(a);
  return "";
}

std::string PtxProgram::report() const {
  std::string r;
  int grid = 0, block = 0, multi = 0, tiles = 0;
  for (const PtxKernel &k : kernels) {
    grid += k.kind == GpuKernelKind::Grid;
    block += k.kind == GpuKernelKind::Block;
    multi += k.kind == GpuKernelKind::Blocks;
    tiles += k.kind == GpuKernelKind::Tiles;
  }
  r += "// parax: " + std::to_string(kernels.size()) + " kernels for " + arch +
       " (" + std::to_string(grid) + " grid-stride, " + std::to_string(block) +
       " one-block, " +
       (multi ? std::to_string(multi) + " multi-block, " : std::string()) +
       (tiles ? std::to_string(tiles) + " tiled, " : std::string()) +
       std::to_string(kernels.size() - size_t(grid + block + multi + tiles)) +
       " single-thread)\n";
  for (const PtxKernel &k : kernels)
    r += "// parax: kernel " + k.name + ": " +
         (k.kind == GpuKernelKind::Grid
              ? "grid-stride over " + std::to_string(k.elements) + " elements"
          : k.kind == GpuKernelKind::Block
              ? "one block over runs of " + std::to_string(k.elements)
          : k.kind == GpuKernelKind::Blocks
              ? std::to_string(kGpuReduceBlocks) + " blocks over runs of " +
                    std::to_string(k.elements)
          : k.kind == GpuKernelKind::Tiles
              ? std::to_string(k.elements) + " blocks, one output tile each"
              : std::string("single thread")) +
         ", " + std::to_string(k.numParams) + " params (" + k.op + ")\n";
  for (const std::string &s : notLowered)
    r += "// parax: not lowered to kernels: " + s + "\n";
  r += "// parax: scalar element transfers in the host program: " +
       std::to_string(scalarTransfers) + "\n";
  r += notLowered.empty() ? "// parax: coverage: complete\n"
                          : "// parax: coverage: partial\n";
  return r;
}

/// Steps 1-2: the host module with the kernels outlined (still in it), and
/// the report of what the kernels do not cover.
std::unique_ptr<llvm::Module> lowerForGpu(const ir::Module &m,
                                          llvm::LLVMContext &ctx,
                                          ProgramInfo &info, PtxProgram &out,
                                          std::map<std::string, size_t>
                                              &kernelIndex) {
  PARAX_ASSERT(!m.funcs().empty()) << "codegen: empty module";
  const ir::Func &entryFn = *m.funcs()[0];
  FusionPlan plan(entryFn, /*gpu=*/true);
  auto hostPtr = std::make_unique<llvm::Module>("parax", ctx);
  llvm::Module &host = *hostPtr;
  Emitter e(ctx, host, plan, info);
  e.gpu = true;
  e.emitEntry(entryFn);
  unsigned opKind = e.opMetadataKind();
  {
    std::string err;
    llvm::raw_string_ostream os(err);
    if (llvm::verifyModule(host, &os))
      fail("invalid host IR: " + err);
  }

  // 2. Outline.
  std::set<std::string> notLowered;
  std::vector<std::string> order;
  auto note = [&](const std::string &s) {
    if (notLowered.insert(s).second)
      order.push_back(s);
  };
  for (KernelRegion &r : e.kernelRegions) {
    if (r.blocks.empty() || r.blocks.front() != r.begin)
      fail("a kernel region does not start at its entry");
    llvm::CodeExtractorAnalysisCache cache(*r.fn);
    llvm::CodeExtractor ce(r.blocks, nullptr, false, nullptr, nullptr, nullptr,
                           false, /*AllowAlloca=*/true, nullptr, "k");
    std::string why = unfitReason(r, ce);
    if (!why.empty()) {
      note(r.op + ": " + why);
      continue;
    }
    llvm::SetVector<llvm::Value *> ins, outs, sinks;
    ce.findInputsOutputs(ins, outs, sinks);
    llvm::Function *k = ce.extractCodeRegion(cache);
    if (!k || !k->getReturnType()->isVoidTy()) {
      note(r.op + ": the region could not be outlined");
      continue;
    }
    PtxKernel pk;
    pk.name = "parax_k" + std::to_string(out.kernels.size()) + "_" +
              sanitize(r.op);
    pk.kind = r.kind;
    pk.elements = r.elements;
    pk.op = r.op;
    pk.numParams = unsigned(k->arg_size());
    pk.numOutputs = unsigned(outs.size());
    k->setName(pk.name);
    kernelIndex[pk.name] = out.kernels.size();
    out.kernels.push_back(pk);
  }

  // What the host program still does itself.
  for (llvm::Function &f : host) {
    if (f.isDeclaration() || kernelIndex.count(f.getName().str()))
      continue;
    for (llvm::BasicBlock &bb : f)
      for (llvm::Instruction &i : bb) {
        if (auto *call = llvm::dyn_cast<llvm::CallInst>(&i)) {
          llvm::Function *callee = call->getCalledFunction();
          std::string n = callee ? callee->getName().str() : "";
          std::string op = opOf(i, opKind);
          if (n == "parax_rt_eval")
            note(op + ": runs a runtime (CPU) kernel");
          else if (n == "parax_rt_collective")
            note(op + ": collective (at run time on the devices for arrays: "
                      "NCCL or the combine kernels)");
          else if (n == "parax_rt_axis_index")
            note(op + ": the device's index, a host value");
          else if (n.starts_with("parax_rt_debug"))
            note(op + ": host output of device data");
          continue;
        }
        llvm::Value *ptr = nullptr;
        if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i)) {
          if (l->isAtomic()) // the loops' stop-word poll: host memory
            continue;
          ptr = l->getPointerOperand();
        }
        else if (auto *s = llvm::dyn_cast<llvm::StoreInst>(&i))
          ptr = s->getPointerOperand();
        if (!ptr)
          continue;
        const llvm::Value *obj = llvm::getUnderlyingObject(ptr, 0);
        if (!llvm::isa<llvm::AllocaInst>(obj) && !llvm::isa<llvm::Argument>(obj) &&
            !llvm::isa<llvm::GlobalVariable>(obj))
          ++out.scalarTransfers;
      }
  }
  out.notLowered = order;
  return hostPtr;
}

PtxProgram emitPtx(const ir::Module &m, const std::string &arch) {
  PtxProgram out;
  out.arch = arch;
  ProgramInfo info;
  llvm::LLVMContext ctx;
  std::map<std::string, size_t> kernelIndex;
  std::unique_ptr<llvm::Module> hostPtr =
      lowerForGpu(m, ctx, info, out, kernelIndex);
  llvm::Module &host = *hostPtr;

  // 3. The device module.
  std::unique_ptr<llvm::TargetMachine> tm(nvptxMachine(arch));
  if (!tm)
    fail("cannot create the NVPTX target machine for " + arch);
  llvm::ValueToValueMapTy vmap;
  std::unique_ptr<llvm::Module> dev =
      llvm::CloneModule(host, vmap, [&](const llvm::GlobalValue *gv) {
        if (llvm::isa<llvm::GlobalVariable>(gv))
          return true;
        return kernelIndex.count(gv->getName().str()) > 0;
      });
  dev->setTargetTriple(kTriple);
  dev->setDataLayout(tm->createDataLayout());
  // Drop what the kernels do not use (host functions became declarations).
  for (bool changed = true; changed;) {
    changed = false;
    for (llvm::Function &f : llvm::make_early_inc_range(*dev))
      if (!kernelIndex.count(f.getName().str()) && f.use_empty()) {
        f.eraseFromParent();
        changed = true;
      }
    for (llvm::GlobalVariable &g : llvm::make_early_inc_range(dev->globals()))
      if (g.use_empty()) {
        g.eraseFromParent();
        changed = true;
      }
  }
  for (const PtxKernel &pk : out.kernels)
    shapeKernel(*dev->getFunction(pk.name), pk.kind);
  // The CPU path runs under FTZ/DAZ: f32 arithmetic flushes denormals here
  // too (.ftz on the instructions; libdevice follows nvvm-reflect-ftz).
  for (llvm::Function &f : *dev)
    if (!f.isDeclaration())
      f.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
  defineGridHelpers(*dev);
  defineBlockHelpers(*dev);
  for (llvm::Function &f : *dev) {
    if (!f.isDeclaration() || f.isIntrinsic())
      continue;
    std::string n = f.getName().str();
    if (n.starts_with("parax_"))
      fail("a kernel calls " + n);
    f.setName("__nv_" + n); // libm -> libdevice (expf -> __nv_expf)
  }
  linkLibdevice(*dev);
  for (llvm::Function &f : *dev) {
    // __nvvm_reflect is folded by NVVMReflect in the O3 pipeline.
    if (f.isDeclaration() && !f.isIntrinsic() &&
        f.getName() != "__nvvm_reflect")
      fail("libdevice has no " + f.getName().str());
    if (!f.isDeclaration() && !kernelIndex.count(f.getName().str()))
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  for (llvm::GlobalVariable &g : dev->globals())
    if (!g.isDeclaration())
      g.setLinkage(llvm::GlobalValue::InternalLinkage);
  // The CPU backend runs with FTZ/DAZ; the kernels flush denormals too.
  dev->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(1));
  {
    std::string err;
    llvm::raw_string_ostream os(err);
    if (llvm::verifyModule(*dev, &os))
      fail("invalid device IR: " + err);
  }

  // 4. Optimise and print PTX.
  optimizeModule(*dev, *tm, 3);
  llvm::SmallString<0> text;
  llvm::raw_svector_ostream os(text);
  llvm::legacy::PassManager pm;
  if (tm->addPassesToEmitFile(pm, os, nullptr,
                              llvm::CodeGenFileType::AssemblyFile))
    fail("NVPTX cannot emit PTX");
  pm.run(*dev);
  out.ptx = text.str().str();
  return out;
}

namespace {

/// emitGpuLaunch / emitGpuEmulation: each kernel call becomes
///   parax_cuda_launch(ctx, ptx, name, params, kind, elements, unpack)
/// with `params` in cuLaunchKernel's form (a pointer to each argument
/// value). For a GPU the kernels leave the host module (`ptx` holds them);
/// emulated, they stay and `unpack(params)` calls one with its arguments,
/// so the emulation exercises the very marshalling a GPU launch uses.
std::unique_ptr<llvm::Module> emitGpuProgram(const ir::Module &m,
                                             llvm::LLVMContext &ctx,
                                             ProgramInfo &info,
                                             const std::string &arch,
                                             bool emulate) {
  PtxProgram ptx;
  if (!emulate) // its own lowering, in its own context: the same names
    ptx = emitPtx(m, arch);
  PtxProgram out;
  std::map<std::string, size_t> kernelIndex;
  std::unique_ptr<llvm::Module> host =
      lowerForGpu(m, ctx, info, out, kernelIndex);
  if (!emulate && out.kernels.size() != ptx.kernels.size())
    fail("the two lowerings of a program disagree");
  llvm::Type *ptr = llvm::PointerType::get(ctx, 0);
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx),
             *i64 = llvm::Type::getInt64Ty(ctx);
  llvm::FunctionCallee launch = host->getOrInsertFunction(
      "parax_cuda_launch",
      llvm::FunctionType::get(i32, {ptr, ptr, ptr, ptr, i32, i64, ptr},
                              false));
  auto text = [&](const std::string &s, const char *name) {
    llvm::Constant *c = llvm::ConstantDataArray::getString(ctx, s, true);
    return new llvm::GlobalVariable(*host, c->getType(), true,
                                    llvm::GlobalValue::PrivateLinkage, c,
                                    name);
  };
  // The module's text: its address keys the loaded module per device.
  llvm::Constant *ptxText = emulate
                                ? llvm::ConstantPointerNull::get(
                                      llvm::PointerType::get(ctx, 0))
                                : static_cast<llvm::Constant *>(
                                      text(ptx.ptx, "parax_ptx"));
  for (const PtxKernel &pk : out.kernels) {
    llvm::Function *k = host->getFunction(pk.name);
    llvm::GlobalVariable *name = text(pk.name, "parax_kernel_name");
    std::vector<llvm::Type *> tys;
    for (llvm::Argument &a : k->args())
      tys.push_back(a.getType());
    auto *envTy = llvm::StructType::get(ctx, tys);
    llvm::Constant *unpack = llvm::ConstantPointerNull::get(
        llvm::PointerType::get(ctx, 0));
    if (emulate) {
      auto *fn = llvm::Function::Create(
          llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr}, false),
          llvm::GlobalValue::InternalLinkage, pk.name + ".unpack", *host);
      llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", fn));
      std::vector<llvm::Value *> args;
      for (unsigned i = 0; i < tys.size(); ++i)
        args.push_back(b.CreateLoad(
            tys[i], b.CreateLoad(ptr, b.CreateConstGEP1_32(ptr, fn->getArg(0),
                                                           i))));
      b.CreateCall(k, args);
      b.CreateRetVoid();
      unpack = fn;
    }
    for (llvm::User *u : llvm::make_early_inc_range(k->users())) {
      auto *call = llvm::dyn_cast<llvm::CallInst>(u);
      if (!call)
        fail("a kernel is used other than by a call");
      llvm::Function *f = call->getFunction();
      if (f->getName().ends_with(".unpack"))
        continue;
      // cuLaunchKernel's kernelParams: one pointer per argument value.
      llvm::IRBuilder<> b(&*f->getEntryBlock().getFirstInsertionPt());
      llvm::Value *env = b.CreateAlloca(envTy);
      llvm::Value *params =
          b.CreateAlloca(ptr, b.getInt32(std::max<unsigned>(1, tys.size())));
      b.SetInsertPoint(call);
      for (unsigned i = 0; i < tys.size(); ++i) {
        llvm::Value *slot = b.CreateStructGEP(envTy, env, i);
        b.CreateStore(call->getArgOperand(i), slot);
        b.CreateStore(slot, b.CreateConstGEP1_32(ptr, params, i));
      }
      llvm::Value *st = b.CreateCall(
          launch, {f->getArg(2), ptxText, name, params,
                   b.getInt32(int32_t(pk.kind)), b.getInt64(pk.elements),
                   unpack});
      // A failed launch leaves through the function's failure exit.
      llvm::BasicBlock *failBB = nullptr;
      for (llvm::BasicBlock &bb : *f)
        if (bb.getName().starts_with("fail"))
          failBB = &bb;
      if (!failBB)
        fail("no failure exit in " + f->getName().str());
      llvm::BasicBlock *cur = call->getParent();
      llvm::BasicBlock *rest =
          cur->splitBasicBlock(call->getIterator(), "launched");
      cur->getTerminator()->eraseFromParent();
      b.SetInsertPoint(cur);
      b.CreateCondBr(b.CreateICmpNE(st, b.getInt32(0)), failBB, rest);
      call->eraseFromParent();
    }
    if (!emulate)
      k->eraseFromParent();
  }
  std::string err;
  llvm::raw_string_ostream os(err);
  if (llvm::verifyModule(*host, &os))
    fail("invalid launch IR: " + err);
  return host;
}

} // namespace

std::unique_ptr<llvm::Module> emitGpuEmulation(const ir::Module &m,
                                               llvm::LLVMContext &ctx,
                                               ProgramInfo &info) {
  return emitGpuProgram(m, ctx, info, "", true);
}

std::unique_ptr<llvm::Module> emitGpuLaunch(const ir::Module &m,
                                            llvm::LLVMContext &ctx,
                                            ProgramInfo &info,
                                            const std::string &arch) {
  return emitGpuProgram(m, ctx, info, arch, false);
}

} // namespace parax::codegen
