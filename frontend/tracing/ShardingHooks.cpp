//===- ShardingHooks.cpp - the hook table --------------------------------===//
#include "frontend/tracing/ShardingHooks.h"

namespace parax::frontend {

ShardingHooks &shardingHooks() {
  static ShardingHooks hooks;
  return hooks;
}

} // namespace parax::frontend
