//===- Diagnostics.cpp - user-facing errors -------------------------------===//
#include "ir/Diagnostics.h"

#include <cstdio>
#include <cstdlib>

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
  // Walk code points to find display columns of the start and end.
  size_t i = 0, cp = 1, startW = 0, endW = 0, w = 0;
  uint32_t endCol = (loc.endLine == loc.line && loc.endCol > loc.col)
                        ? loc.endCol
                        : loc.col + 1;
  bool haveStart = false, haveEnd = false;
  std::string caretPrefix; // keep tabs so the caret lines up
  while (i < src.size()) {
    if (cp == loc.col) {
      startW = w;
      haveStart = true;
    }
    if (cp == endCol) {
      endW = w;
      haveEnd = true;
    }
    size_t before = i;
    uint32_t c = decodeUtf8(src, i);
    if (!haveStart)
      caretPrefix += (c == '\t') ? "\t" : std::string(cpWidth(c), ' ');
    (void)before;
    w += cpWidth(c);
    ++cp;
  }
  if (!haveStart) {
    startW = w;
    caretPrefix += " ";
  }
  if (!haveEnd)
    endW = loc.endLine > loc.line ? w : startW + 1;
  if (endW <= startW)
    endW = startW + 1;
  std::string out = "    " + src + "\n    " + caretPrefix + "^";
  out += std::string(endW - startW - 1, '~');
  return out + "\n";
}

std::string Diagnostic::render() const {
  std::string out;
  if (loc.valid())
    out += loc.str() + ": ";
  out += "error: " + kind + ": " + message + "\n";
  out += renderCaret(loc);
  for (const DiagNote &n : notes) {
    if (n.loc.valid())
      out += n.loc.str() + ": ";
    out += "note: " + n.text + "\n";
    out += renderCaret(n.loc);
  }
  if (stack) {
    out += "  in " + TraceFrame::render(stack);
    std::string locs;
    for (auto [f, n] : TraceFrame::runs(stack)) {
      if (!f->callLoc.valid())
        continue;
      for (size_t i = 0; i < (n < 3 ? n : 1); ++i)
        locs += (locs.empty() ? "" : " > ") + f->callLoc.str();
      if (n >= 3)
        locs += " [x" + std::to_string(n) + "]";
    }
    if (!locs.empty())
      out += " (" + locs + ")";
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
