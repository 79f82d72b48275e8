//===- Location.cpp - source locations and trace stacks -------------------===//
#include "ir/Location.h"

#include <algorithm>

#include <mutex>
#include <unordered_map>

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
/// Live buffers by id, and the last id handed out.
struct Registry {
  std::unordered_map<uint32_t, std::unique_ptr<Source>> sources;
  uint32_t last = 0;
};
Registry &registry() {
  static Registry r;
  return r;
}
/// The buffer `file` or null; call with the mutex held.
const Source *find(uint32_t file) {
  auto it = registry().sources.find(file);
  return it == registry().sources.end() ? nullptr : it->second.get();
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
  Registry &r = registry();
  // 2^32 - 1 buffers would take hours of nothing but adds; wrapping to 0
  // ("no file") is still refused.
  uint32_t id = ++r.last == 0 ? ++r.last : r.last;
  r.sources[id] = std::move(src);
  return id;
}

void SourceRegistry::remove(uint32_t file) {
  std::unique_ptr<Source> gone; // freed outside the lock
  std::lock_guard<std::mutex> lock(registryMutex());
  auto it = registry().sources.find(file);
  if (it == registry().sources.end())
    return;
  gone = std::move(it->second);
  registry().sources.erase(it);
}

size_t SourceRegistry::size() {
  std::lock_guard<std::mutex> lock(registryMutex());
  return registry().sources.size();
}

std::string SourceRegistry::name(uint32_t file) {
  std::lock_guard<std::mutex> lock(registryMutex());
  const Source *s = find(file);
  return s ? s->name : "<unknown>";
}

std::string SourceRegistry::text(uint32_t file) {
  std::lock_guard<std::mutex> lock(registryMutex());
  const Source *s = find(file);
  return s ? s->text : "";
}

std::string SourceRegistry::line(uint32_t file, uint32_t line) {
  std::lock_guard<std::mutex> lock(registryMutex());
  const Source *src = find(file);
  if (!src)
    return "";
  const Source &s = *src;
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

SourceSet::~SourceSet() {
  for (uint32_t f : files_)
    SourceRegistry::remove(f);
}

uint32_t SourceSet::add(std::string name, std::string text) {
  uint32_t f = SourceRegistry::add(std::move(name), std::move(text));
  files_.push_back(f);
  return f;
}

void SourceSet::remove(uint32_t file) {
  auto it = std::find(files_.begin(), files_.end(), file);
  if (it == files_.end())
    return;
  files_.erase(it);
  SourceRegistry::remove(file);
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
  std::vector<std::string> labels;
  for (const TraceFrame *f : frames(top))
    labels.push_back(f->label);
  return elideChain(labels);
}

std::string elideChain(const std::vector<std::string> &items) {
  std::vector<std::string> runs;
  for (size_t i = 0; i < items.size();) {
    size_t j = i;
    while (j < items.size() && items[j] == items[i])
      ++j;
    runs.push_back(j - i > 1 ? items[i] + " (x" + std::to_string(j - i) + ")" : items[i]);
    i = j;
  }
  const size_t keep = 3;
  std::string r;
  for (size_t i = 0; i < runs.size(); ++i) {
    if (runs.size() > kMaxChainEntries && i == keep) {
      r += " > ... (" + std::to_string(runs.size() - 2 * keep) + " more) ...";
      i = runs.size() - keep - 1;
      continue;
    }
    r += (r.empty() ? "" : " > ") + runs[i];
  }
  return r;
}

} // namespace parax
