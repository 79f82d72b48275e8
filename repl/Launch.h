//===- Launch.h - parax launch -n N prog.py ---------------------*- C++ -*-===//
#pragma once

namespace parax {
/// `parax launch ...` (argv[1] == "launch"): runs the job, returns its status.
int runLaunch(int argc, char **argv);
} // namespace parax
