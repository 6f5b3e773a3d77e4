#===- AddCudapy.cmake - helpers for cudapy libraries, tools and docs -----===//
#
# Every cudapy C++ library is a static, position-independent archive that links
# libMLIR.so and libLLVM.so. Tools and libcudapy-c.so link the archives they
# need, so each process holds exactly one copy of MLIR.
#
#===----------------------------------------------------------------------===//

add_custom_target(cudapy-headers)
add_custom_target(cudapy-doc)
set_target_properties(cudapy-headers cudapy-doc PROPERTIES FOLDER "cudapy")

# What cudapy libraries link for MLIR and LLVM: the two shared libraries in a
# development build, or the static components cudapy uses (and, through their
# CMake targets, what those need) in a bundle build.
if(CUDAPY_LINK_MLIR_DYLIB)
  set(CUDAPY_MLIR_DYLIBS MLIR LLVM)
else()
  set(CUDAPY_MLIR_DYLIBS
    # IR, parsing, passes
    MLIRIR MLIRParser MLIRPass MLIRSupport MLIRTransforms MLIRTransformUtils
    # dialects
    MLIRAffineDialect MLIRArithDialect MLIRControlFlowDialect MLIRFuncDialect
    MLIRGPUDialect MLIRIndexDialect MLIRLLVMDialect MLIRMathDialect
    MLIRMemRefDialect MLIRNVVMDialect MLIRNVGPUDialect MLIRSCFDialect MLIRUBDialect
    MLIRAsyncDialect
    MLIRVectorDialect MLIRFuncInlinerExtension
    # passes of the pipeline
    MLIRGPUTransforms MLIRMemRefTransforms MLIRLLVMIRTransforms
    MLIRAffineToStandard MLIRVectorToSCF MLIRSCFToControlFlow
    MLIRGPUToNVVMTransforms MLIRNVGPUToNVVM MLIRNVVMToLLVM MLIRReconcileUnrealizedCasts
    MLIRArithToLLVM MLIRControlFlowToLLVM MLIRFuncToLLVM MLIRIndexToLLVM
    MLIRMathToLLVM MLIRMemRefToLLVM MLIRUBToLLVM MLIRVectorToLLVM
    MLIRComplexDialect MLIRComplexToLLVM MLIRComplexToStandard
    MLIRSCFTransforms
    # translation to LLVM IR and PTX
    MLIRTargetLLVM MLIRNVVMTarget MLIRTargetLLVMIRExport
    MLIRBuiltinToLLVMIRTranslation MLIRGPUToLLVMIRTranslation
    MLIRLLVMToLLVMIRTranslation MLIRNVVMToLLVMIRTranslation
    LLVMNVPTXCodeGen LLVMNVPTXDesc LLVMNVPTXInfo)

  # Debian's static MLIR libraries name the LLVM shared library in their link
  # interface. Swap it for LLVM's static component libraries (the linker takes
  # only the archive members that are referenced) so that nothing of the
  # bundle depends on libLLVM.so.
  set(cudapy_llvm_static_libs)
  foreach(lib ${LLVM_AVAILABLE_LIBS})
    # Other targets' backends and LLVM's tools are never referenced.
    if(lib MATCHES "^LLVM." AND NOT lib MATCHES
       "^LLVM(AArch64|AMDGPU|ARM|AVR|BPF|Hexagon|Lanai|LoongArch|Mips|MSP430|PowerPC|RISCV|Sparc|SPIRV|SystemZ|VE|WebAssembly|X86|XCore|M68k|Xtensa|BOLT|Exegesis|OptDriver|TableGen|Fuzz|FileCheck|SupportLSP|LineEditor|Debuginfod|Orc|JITLink|MCJIT|Interpreter|ExecutionEngine|RuntimeDyld|PerfJITEvents|LTO|DTLTO|DWP|DWARFLinker|XRay|Windows|DlltoolDriver|LibDriver|Coverage|MCA|ObjCopy|InterfaceStub|Telemetry|CAS|DWARFCFIChecker|DebugInfoLogicalView|Extensions|CFIVerify|Diff)")
      list(APPEND cudapy_llvm_static_libs ${lib})
    endif()
  endforeach()
  get_property(cudapy_all_mlir_libs GLOBAL PROPERTY MLIR_ALL_LIBS)
  foreach(lib ${cudapy_all_mlir_libs})
    if(TARGET ${lib})
      get_target_property(deps ${lib} INTERFACE_LINK_LIBRARIES)
      if(deps AND "LLVM" IN_LIST deps)
        list(REMOVE_ITEM deps LLVM)
        list(APPEND deps ${cudapy_llvm_static_libs})
        set_target_properties(${lib} PROPERTIES INTERFACE_LINK_LIBRARIES "${deps}")
      endif()
    endif()
  endforeach()
  # Static MLIR and LLVM libraries refer to each other in cycles: let the
  # linker search the archives until nothing new is needed.
  set(CMAKE_CXX_CREATE_SHARED_LIBRARY
      "<CMAKE_CXX_COMPILER> <CMAKE_SHARED_LIBRARY_CXX_FLAGS> <LANGUAGE_COMPILE_FLAGS> <LINK_FLAGS> <CMAKE_SHARED_LIBRARY_CREATE_CXX_FLAGS> <SONAME_FLAG><TARGET_SONAME> -o <TARGET> <OBJECTS> -Wl,--start-group <LINK_LIBRARIES> -Wl,--end-group")
endif()

# add_cudapy_library(name SOURCES... [DEPENDS targets...] [LINK_LIBS libs...])
#   A static archive of cudapy code; LINK_LIBS are other cudapy archives.
function(add_cudapy_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES} ${ARG_UNPARSED_ARGUMENTS})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} ${CUDAPY_MLIR_DYLIBS})
  target_compile_options(${name} PRIVATE ${CUDAPY_WARNING_FLAGS})
  set_target_properties(${name} PROPERTIES FOLDER "cudapy/Libraries")
endfunction()

# A dialect library: registered by cudapy::registerAllDialects.
function(add_cudapy_dialect_library name)
  add_cudapy_library(${name} ${ARGN})
  set_property(GLOBAL APPEND PROPERTY CUDAPY_DIALECT_LIBS ${name})
endfunction()

# A conversion library (lib/Conversion/<A>To<B>).
function(add_cudapy_conversion_library name)
  add_cudapy_library(${name} ${ARGN})
  set_property(GLOBAL APPEND PROPERTY CUDAPY_CONVERSION_LIBS ${name})
endfunction()

# Sources implementing the public C API; all of them end up in libcudapy-c.so.
function(add_cudapy_public_c_api_library name)
  add_cudapy_library(${name} ${ARGN})
  target_compile_definitions(${name} PRIVATE MLIR_CAPI_BUILDING_LIBRARY=1)
  set_property(GLOBAL APPEND PROPERTY CUDAPY_CAPI_LIBS ${name})
endfunction()

# add_cudapy_tablegen(target td_file OUTPUT_PREFIX prefix GEN gen... )
#   One mlir_tablegen call per output, wrapped in one public target.
#   Example: add_cudapy_tablegen(CudapyTransformsPassIncGen Passes.td
#              GEN "-gen-pass-decls -name Cudapy" Passes.h.inc)
function(add_cudapy_tablegen target td_file)
  set(LLVM_TARGET_DEFINITIONS ${td_file})
  set(args ${ARGN})
  list(LENGTH args n)
  math(EXPR last "${n} - 1")
  foreach(i RANGE 0 ${last} 2)
    math(EXPR j "${i} + 1")
    list(GET args ${i} gen)
    list(GET args ${j} out)
    separate_arguments(gen_list UNIX_COMMAND "${gen}")
    mlir_tablegen(${out} ${gen_list})
  endforeach()
  add_public_tablegen_target(${target})
  add_dependencies(cudapy-headers ${target})
endfunction()

# add_cudapy_doc(td_file output_file command [args...])
#   Generates Markdown from ODS into ${CMAKE_BINARY_DIR}/docs/<output_file>.
function(add_cudapy_doc td_file output_file command)
  set(LLVM_TARGET_DEFINITIONS ${td_file})
  string(REPLACE "/" "_" tg_name "${output_file}")
  mlir_tablegen(${tg_name}.md ${command} ${ARGN})
  set(out ${CMAKE_BINARY_DIR}/docs/${output_file}.md)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E copy
            ${CMAKE_CURRENT_BINARY_DIR}/${tg_name}.md ${out}
    DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/${tg_name}.md)
  add_custom_target(${tg_name}DocGen DEPENDS ${out})
  add_dependencies(cudapy-doc ${tg_name}DocGen)
endfunction()

# add_cudapy_tool(name SOURCES... [LINK_LIBS libs...])
function(add_cudapy_tool name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LINK_LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES} ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  target_compile_options(${name} PRIVATE ${CUDAPY_WARNING_FLAGS})
  set_target_properties(${name} PROPERTIES FOLDER "cudapy/Tools")
  install(TARGETS ${name} RUNTIME DESTINATION bin)
endfunction()
