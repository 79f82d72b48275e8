# Included from runtime/CMakeLists.txt: libparax_engine_nccl.so, next to the
# parax binary. It dlopen()s libnccl.so.2 and libcuda.so.1 at run time, so it
# builds everywhere; tested against a fake (tests/nccl), never yet on a GPU.
add_library(parax_engine_nccl SHARED ${CMAKE_CURRENT_LIST_DIR}/NcclEngine.cpp
            ${CMAKE_CURRENT_LIST_DIR}/../LaunchEnvironment.cpp)
target_link_libraries(parax_engine_nccl PRIVATE ${CMAKE_DL_LIBS} Threads::Threads)
set_target_properties(parax_engine_nccl PROPERTIES
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}
  CXX_VISIBILITY_PRESET hidden
  VISIBILITY_INLINES_HIDDEN ON)
target_link_options(parax_engine_nccl PRIVATE -Wl,--no-undefined)
