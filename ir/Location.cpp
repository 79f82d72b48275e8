//===- Location.cpp - source locations and trace stacks -------------------===//
#include "ir/Location.h"

#include <algorithm>
#include <mutex>

namespace parax {

namespace {
struct Source {
  std::string name;
  std::string text;
  std::vector<size_t> lineStarts;
};
std::mutex &registryMutex() {
  static std::mutex m;
  return m;
}
std::vector<std::unique_ptr<Source>> &sources() {
  static std::vector<std::unique_ptr<Source>> s;
  return s;
}
} // namespace

std::string Loc::str() const {
  if (!valid())
    return "<unknown>";
  return SourceRegistry::name(file) + ":" + std::to_string(line) + ":" +
         std::to_string(col);
}

uint32_t SourceRegistry::add(std::string name, std::string text) {
  auto src = std::make_unique<Source>();
  src->name = std::move(name);
  src->text = std::move(text);
  src->lineStarts.push_back(0);
  for (size_t i = 0; i < src->text.size(); ++i)
    if (src->text[i] == '\n')
      src->lineStarts.push_back(i + 1);
  std::lock_guard<std::mutex> lock(registryMutex());
  sources().push_back(std::move(src));
  return uint32_t(sources().size());
}

std::string SourceRegistry::name(uint32_t file) {
  std::lock_guard<std::mutex> lock(registryMutex());
  if (file == 0 || file > sources().size())
    return "<unknown>";
  return sources()[file - 1]->name;
}

std::string SourceRegistry::text(uint32_t file) {
  std::lock_guard<std::mutex> lock(registryMutex());
  if (file == 0 || file > sources().size())
    return "";
  return sources()[file - 1]->text;
}

std::string SourceRegistry::line(uint32_t file, uint32_t line) {
  std::lock_guard<std::mutex> lock(registryMutex());
  if (file == 0 || file > sources().size())
    return "";
  const Source &s = *sources()[file - 1];
  if (line == 0 || line > s.lineStarts.size())
    return "";
  size_t b = s.lineStarts[line - 1];
  size_t e = s.text.find('\n', b);
  if (e == std::string::npos)
    e = s.text.size();
  std::string r = s.text.substr(b, e - b);
  if (!r.empty() && r.back() == '\r')
    r.pop_back();
  return r;
}

TraceStack TraceFrame::push(TraceStack parent, std::string label, Loc loc) {
  auto f = std::make_shared<TraceFrame>();
  f->label = std::move(label);
  f->callLoc = loc;
  f->parent = std::move(parent);
  return f;
}

std::vector<const TraceFrame *> TraceFrame::frames(const TraceStack &top) {
  std::vector<const TraceFrame *> r;
  for (const TraceFrame *f = top.get(); f; f = f->parent.get())
    r.push_back(f);
  std::reverse(r.begin(), r.end());
  return r;
}

std::vector<std::pair<const TraceFrame *, size_t>>
TraceFrame::runs(const TraceStack &top) {
  auto same = [](const TraceFrame *a, const TraceFrame *b) {
    return a->label == b->label && a->callLoc.file == b->callLoc.file &&
           a->callLoc.line == b->callLoc.line && a->callLoc.col == b->callLoc.col;
  };
  std::vector<std::pair<const TraceFrame *, size_t>> r;
  for (const TraceFrame *f : frames(top)) {
    if (!r.empty() && same(r.back().first, f))
      ++r.back().second;
    else
      r.emplace_back(f, 1);
  }
  return r;
}

std::string TraceFrame::render(const TraceStack &top) {
  std::string r;
  for (auto [f, n] : runs(top)) {
    for (size_t i = 0; i < (n < 3 ? n : 1); ++i)
      r += (r.empty() ? "" : " > ") + f->label;
    if (n >= 3)
      r += " [x" + std::to_string(n) + "]";
  }
  return r;
}

} // namespace parax
