//===- Diagnostics.cpp - user-facing errors -------------------------------===//
#include "ir/Diagnostics.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace parax {

namespace {
/// Decodes one UTF-8 code point starting at s[i]; advances i.
uint32_t decodeUtf8(const std::string &s, size_t &i) {
  unsigned char c = s[i];
  int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
  uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1f) : n == 3 ? (c & 0x0f) : (c & 0x07);
  for (int k = 1; k < n && i + k < s.size(); ++k)
    cp = (cp << 6) | (uint32_t(s[i + k]) & 0x3f);
  i += n;
  return cp;
}

/// East-Asian wide characters take two terminal cells.
int cpWidth(uint32_t cp) {
  if ((cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) ||
      (cp >= 0x20000 && cp <= 0x3fffd))
    return 2;
  return 1;
}
} // namespace

size_t displayWidth(const std::string &s) {
  size_t w = 0;
  for (size_t i = 0; i < s.size();)
    w += cpWidth(decodeUtf8(s, i));
  return w;
}

std::string renderCaret(const Loc &loc) {
  if (!loc.valid())
    return "";
  std::string src = SourceRegistry::line(loc.file, loc.line);
  if (src.empty())
    return "";
  // Code points of the line: byte offset, display width, tab or not.
  struct Cp {
    size_t at;
    int width;
    bool tab;
  };
  std::vector<Cp> cps;
  size_t total = 0;
  for (size_t i = 0; i < src.size();) {
    size_t at = i;
    uint32_t c = decodeUtf8(src, i);
    cps.push_back({at, cpWidth(c), c == '\t'});
    total += size_t(cpWidth(c));
  }
  size_t n = cps.size();
  size_t start = std::min<size_t>(loc.col - 1, n); // n: caret just past the end
  size_t end = (loc.endLine == loc.line && loc.endCol > loc.col) ? std::min<size_t>(loc.endCol - 1, n)
               : loc.endLine > loc.line                           ? n
                                                                  : start + 1;
  end = std::max(end, start + 1);
  // A line too long for a terminal (minified code, a 400 KB literal) is
  // shown as a window around the caret, "..." marking the elided sides.
  size_t from = 0, to = n;
  if (total > kMaxSourceColumns) {
    auto widthOf = [&](size_t a, size_t b) {
      size_t w = 0;
      for (size_t k = a; k < b && k < n; ++k)
        w += size_t(cps[k].width);
      return w;
    };
    from = start;
    while (from > 0 && widthOf(from - 1, start) < kSourceContext)
      --from;
    to = std::min(end, n);
    while (to < n && widthOf(from, to + 1) < kMaxSourceColumns - 8)
      ++to;
    end = std::min(end, std::max(to, start + 1));
  }
  std::string shown = (from > 0 ? "..." : "") +
                      src.substr(from < n ? cps[from].at : src.size(),
                                 (to < n ? cps[to].at : src.size()) -
                                     (from < n ? cps[from].at : src.size())) +
                      (to < n ? "..." : "");
  std::string caretPrefix(from > 0 ? 3 : 0, ' '); // keep tabs so the caret lines up
  for (size_t k = from; k < start && k < n; ++k)
    caretPrefix += cps[k].tab ? "\t" : std::string(size_t(cps[k].width), ' ');
  if (start >= n)
    caretPrefix += " ";
  size_t span = 0;
  for (size_t k = start; k < end && k < n; ++k)
    span += size_t(cps[k].width);
  if (span == 0)
    span = 1;
  return "    " + shown + "\n    " + caretPrefix + "^" + std::string(span - 1, '~') + "\n";
}

std::string Diagnostic::render() const {
  std::string out;
  if (loc.valid())
    out += loc.str() + ": ";
  out += severity + ": " + (kind.empty() ? "" : kind + ": ") + message + "\n";
  out += renderCaret(loc);
  for (const DiagNote &n : notes) {
    if (n.loc.valid())
      out += n.loc.str() + ": ";
    out += "note: " + n.text + "\n";
    out += renderCaret(n.loc);
  }
  if (stack) {
    out += "  in " + TraceFrame::render(stack);
    std::vector<std::string> locs;
    for (const TraceFrame *f : TraceFrame::frames(stack))
      if (f->callLoc.valid())
        locs.push_back(f->callLoc.str());
    if (!locs.empty())
      out += " (" + elideChain(locs) + ")";
    out += "\n";
  }
  if (!hint.empty())
    out += "hint: " + hint + "\n";
  return out;
}

ParaxError::ParaxError(std::string kind, std::string message, Loc loc,
                       std::string hint) {
  diag_.kind = std::move(kind);
  diag_.message = std::move(message);
  diag_.loc = loc;
  diag_.hint = std::move(hint);
}

void internalError(const char *file, int line, const std::string &msg) {
  std::fprintf(stderr, "parax: internal error at %s:%d: %s\n", file, line,
               msg.c_str());
  std::abort();
}

} // namespace parax
