# Included from runtime/CMakeLists.txt: the launcher detection (part of
# parax_runtime) and, when an MPI is installed (Debian: libopenmpi-dev), the
# MPI engine libparax_engine_mpi.so, put next to the parax binary where
# openEngine() looks for it. Nothing else links MPI.
if(TARGET parax_runtime)
  target_sources(parax_runtime PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../LaunchEnvironment.cpp)
endif()

find_package(MPI QUIET COMPONENTS C)
if(MPI_C_FOUND)
  add_library(parax_engine_mpi SHARED ${CMAKE_CURRENT_LIST_DIR}/MpiEngine.cpp)
  target_link_libraries(parax_engine_mpi PRIVATE MPI::MPI_C ${CMAKE_DL_LIBS} Threads::Threads)
  # The C API only (Open MPI's mpi.h would pull in its deprecated C++ bindings).
  target_compile_definitions(parax_engine_mpi PRIVATE OMPI_SKIP_MPICXX MPICH_SKIP_MPICXX)
  # Only the parax_engine_* entry points are exported; the library must be
  # complete on its own (it is dlopen()ed into any parax).
  set_target_properties(parax_engine_mpi PROPERTIES
    LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_link_options(parax_engine_mpi PRIVATE -Wl,--no-undefined)
  message(STATUS "parax: MPI engine: libparax_engine_mpi.so (${MPI_C_LIBRARIES})")
else()
  message(STATUS "parax: no MPI found; libparax_engine_mpi.so is not built "
                 "(install openmpi-bin libopenmpi-dev)")
endif()
