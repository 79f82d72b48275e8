//===- CudaAbiCheck.cpp - CudaDriver.h's constants against <cuda.h> -------===//
//
// Compiled with <cuda.h> only when CMake found it (PARAX_HAVE_CUDA_H). A TU
// of its own: cuda.h #defines the plain API names to their _v2 symbols,
// which would rename DriverApi's members anywhere it is included.
//
//===----------------------------------------------------------------------===//
#include "runtime/cuda/CudaDriver.h"

#if defined(PARAX_HAVE_CUDA_H)
#include <cuda.h>
static_assert(CUDA_ERROR_NO_DEVICE == parax::cuda::CUDA_ERROR_NO_DEVICE);
static_assert(CUDA_ERROR_OUT_OF_MEMORY == parax::cuda::CUDA_ERROR_OUT_OF_MEMORY);
static_assert(CUDA_ERROR_STUB_LIBRARY == parax::cuda::CUDA_ERROR_STUB_LIBRARY);
static_assert(CUDA_ERROR_INVALID_PTX == parax::cuda::CUDA_ERROR_INVALID_PTX);
static_assert(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ==
              parax::cuda::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
static_assert(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ==
              parax::cuda::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
static_assert(CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS ==
              parax::cuda::CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS);
static_assert(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT ==
              parax::cuda::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
static_assert(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK ==
              parax::cuda::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
static_assert(CU_JIT_ERROR_LOG_BUFFER == parax::cuda::CU_JIT_ERROR_LOG_BUFFER);
static_assert(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES ==
              parax::cuda::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
static_assert(sizeof(CUdeviceptr) == sizeof(parax::cuda::CUdeviceptr));
static_assert(CU_MEMORYTYPE_DEVICE == parax::cuda::CU_MEMORYTYPE_DEVICE);
static_assert(CU_EVENT_DISABLE_TIMING == parax::cuda::CU_EVENT_DISABLE_TIMING);
static_assert(sizeof(CUDA_MEMCPY2D) == sizeof(parax::cuda::CudaMemcpy2D));
#include <cstddef>
#define PARAX_SAME_OFFSET(f)                                                   \
  static_assert(offsetof(CUDA_MEMCPY2D, f) ==                                  \
                offsetof(parax::cuda::CudaMemcpy2D, f));
PARAX_SAME_OFFSET(srcMemoryType)
PARAX_SAME_OFFSET(srcDevice)
PARAX_SAME_OFFSET(srcPitch)
PARAX_SAME_OFFSET(dstXInBytes)
PARAX_SAME_OFFSET(dstMemoryType)
PARAX_SAME_OFFSET(dstDevice)
PARAX_SAME_OFFSET(dstPitch)
PARAX_SAME_OFFSET(WidthInBytes)
PARAX_SAME_OFFSET(Height)
#undef PARAX_SAME_OFFSET
#if __has_include(<cublas_api.h>)
#include <cublas_api.h>
static_assert(CUBLAS_STATUS_SUCCESS == parax::cuda::CUBLAS_STATUS_SUCCESS);
static_assert(CUBLAS_OP_N == parax::cuda::CUBLAS_OP_N);
static_assert(CUBLAS_OP_T == parax::cuda::CUBLAS_OP_T);
static_assert(sizeof(cublasHandle_t) == sizeof(parax::cuda::cublasHandle_t));
#endif
#endif
