//===- Parser.cpp - source text to AST ------------------------------------===//
//
// The parse pipeline:
//
//   1. check the bytes (UTF-8, no NUL) so that ANTLR's UTF-8 decoder never
//      sees invalid input;
//   2. lex the whole text (layout errors surface before any parse error,
//      as in CPython);
//   3. parse with SLL prediction and a bail-out strategy (fast, and exact
//      for almost every input); if that fails, rewind and parse again with
//      full LL prediction and SyntaxErrorStrategy, which reports the error;
//   4. build the AST.
//
// The parser refuses rule nesting deeper than kMaxRuleDepth, so no input
// can exhaust the stack inside ANTLR's recursive-descent code.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Parser.h"

#include "frontend/syntax/AstBuilder.h"
#include "frontend/syntax/SyntaxErrors.h"
#include "frontend/syntax/Tokens.h"
#include "ir/Diagnostics.h"
#include "ir/StackGuard.h"

#include <algorithm>

#include "ParaxLexer.h"

#include <mutex>

namespace parax::frontend {

namespace {

/// Rule invocations deeper than this are an error. 200 nested brackets
/// (the lexer's limit) need at most about 2100, 100 nested blocks 400; the
/// parser then stays well within 1 MiB of stack.
constexpr size_t kMaxRuleDepth = 3000;

/// ParaxParser with a bound on the depth of rule invocations.
class GuardedParser : public ParaxParser {
public:
  GuardedParser(antlr4::TokenStream *input, uint32_t file)
      : ParaxParser(input), file_(file) {}

  void enterRule(antlr4::ParserRuleContext *ctx, size_t state,
                 size_t ruleIndex) override {
    // Contexts whose rules have returned are popped lazily: the new
    // context's parent is always on the stack.
    while (!stack_.empty() && stack_.back() != ctx->parent)
      stack_.pop_back();
    stack_.push_back(ctx);
    // The rule depth bounds the 8 MiB main thread; a short native stack
    // (an embedding thread) may run out before it: ir/StackGuard.h.
    if (stack_.size() > kMaxRuleDepth || stackLeft() < kStackMargin)
      throw ParaxError("SyntaxError", "too many nested expressions or blocks",
                       tokenLoc(getCurrentToken(), file_),
                       "split the expression into several statements");
    ParaxParser::enterRule(ctx, state, ruleIndex);
  }

  void reset() override {
    stack_.clear();
    ParaxParser::reset();
  }

private:
  uint32_t file_;
  std::vector<antlr4::ParserRuleContext *> stack_;
};

/// Rejects NUL bytes and invalid UTF-8 (overlong forms, surrogates,
/// code points beyond U+10FFFF).
void checkSourceBytes(const std::string &text, uint32_t file) {
  uint32_t line = 1, col = 1;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = text[i];
    auto bad = [&](const std::string &msg) {
      throw ParaxError("SyntaxError", msg, Loc{file, line, col, line, col + 1});
    };
    if (c == 0)
      bad("source code cannot contain null bytes");
    if (c == '\n') {
      ++line;
      col = 1;
      ++i;
      continue;
    }
    size_t n = c < 0x80         ? 1
               : (c >> 5) == 6  ? 2
               : (c >> 4) == 14 ? 3
               : (c >> 3) == 30 ? 4
                                : 0;
    uint32_t cp = n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    bool ok = n != 0 && i + n <= text.size();
    for (size_t k = 1; ok && k < n; ++k) {
      unsigned char cc = text[i + k];
      ok = (cc & 0xC0) == 0x80;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if (ok && n > 1)
      ok = !(n == 2 && cp < 0x80) && !(n == 3 && cp < 0x800) &&
           !(n == 4 && cp < 0x10000) && cp <= 0x10FFFF &&
           !(cp >= 0xD800 && cp <= 0xDFFF);
    if (!ok) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "0x%02x", unsigned(c));
      bad(std::string("source is not valid UTF-8 (byte ") + buf + ")");
    }
    i += n;
    ++col;
  }
}

/// CPython reads "\r\n" and a lone '\r' as "\n" (also inside string
/// literals); ANTLR counts only '\n'. Dropping the '\r' of "\r\n" moves
/// no token to another line or column.
std::string normalizeNewlines(const std::string &text) {
  if (text.find('\r') == std::string::npos)
    return text;
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\r')
      out += text[i];
    else if (i + 1 == text.size() || text[i + 1] != '\n')
      out += '\n';
  }
  return out;
}

} // namespace

//===----------------------------------------------------------------------===//
// ParseRun
//===----------------------------------------------------------------------===//

/// The ANTLR 4.9 runtime shares mutable state between all parser and lexer
/// instances with no locking: the generated recognizers' static DFAs and
/// PredictionContextCache, and the counters
/// PredictionContext::globalNodeCount and LexerATNSimulator::match_calls
/// (helgrind reports races on them with two interpreters). Parses therefore
/// run one at a time in the process (recursive: an f-string field is parsed
/// while its enclosing module's parse run is alive on the same thread).
static std::recursive_mutex &antlrMutex() {
  static std::recursive_mutex m;
  return m;
}

struct ParseRun::Impl {
  /// First member: held from construction to destruction of every ANTLR
  /// object below.
  std::unique_lock<std::recursive_mutex> antlrLock{antlrMutex()};
  uint32_t file;
  std::string source; ///< The UTF-8 text (token texts are sliced from it).
  antlr4::ANTLRInputStream input;
  grammar::ParaxLexer lexer;
  antlr4::CommonTokenStream tokens;
  GuardedParser parser;
  std::shared_ptr<SyntaxErrorStrategy> strategy;
  bool lexErrorAtEnd = false;

  Impl(const std::string &text, uint32_t file, size_t line, size_t col0,
       bool insideBrackets)
      : file(file), source(text), input(source), lexer(&input), tokens(&lexer),
        parser(&tokens, file),
        strategy(std::make_shared<SyntaxErrorStrategy>(file, insideBrackets)) {
    lexer.removeErrorListeners();
    parser.removeErrorListeners();
    lexer.setUtf8Source(&source);
    lexer.setLine(line);
    lexer.setCharPositionInLine(col0);
    lexer.setInsideBrackets(insideBrackets);
  }

  /// Runs `rule` on the parser: SLL first, then LL with error reporting.
  template <typename Rule> auto parse(Rule rule) {
    try {
      tokens.fill();
    } catch (const grammar::LexError &e) {
      lexErrorAtEnd = e.atEnd();
      throw lexErrorToParax(e, file);
    }
    auto *sim = parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    try {
      return (parser.*rule)();
    } catch (antlr4::ParseCancellationException &) {
    }
    parser.reset();
    parser.setErrorHandler(strategy);
    sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
    return (parser.*rule)();
  }
};

ParseRun::ParseRun(const std::string &text, uint32_t file, size_t line,
                   size_t col0, bool insideBrackets)
    : impl_(std::make_unique<Impl>(text, file, line, col0, insideBrackets)) {}

ParseRun::~ParseRun() = default;

ParaxParser::File_inputContext *ParseRun::parseFile() {
  return impl_->parse(&ParaxParser::file_input);
}

ParaxParser::Fstring_exprContext *ParseRun::parseFieldExpr() {
  return impl_->parse(&ParaxParser::fstring_expr);
}

bool ParseRun::lexErrorAtEnd() const { return impl_->lexErrorAtEnd; }

bool ParseRun::parseErrorAtEnd() const { return impl_->strategy->errorAtEnd(); }

bool ParseRun::sawIndent() const { return impl_->lexer.sawIndent(); }

std::string ParseRun::closingBrackets() const {
  return impl_->lexer.closingBrackets();
}

//===----------------------------------------------------------------------===//
// Public entry points
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> parseModule(uint32_t fileId) {
  std::string text = SourceRegistry::text(fileId);
  checkSourceBytes(text, fileId);
  ParseRun run(normalizeNewlines(text), fileId);
  ParaxParser::File_inputContext *tree = run.parseFile();
  return AstBuilder(fileId).buildModule(tree);
}

std::string dumpTokens(const std::string &rawText) {
  std::string text = normalizeNewlines(rawText);
  checkSourceBytes(text, 0);
  ParseRun::Impl run(text, 0, 1, 0, false);
  try {
    run.tokens.fill();
  } catch (const grammar::LexError &e) {
    throw lexErrorToParax(e, 0);
  }
  const antlr4::dfa::Vocabulary &vocab = run.parser.getVocabulary();
  std::string out;
  for (antlr4::Token *t : run.tokens.getTokens()) {
    size_t type = t->getType();
    out += std::to_string(t->getLine()) + ":" +
           std::to_string(t->getCharPositionInLine() + 1) + " ";
    std::string literal =
        type == antlr4::Token::EOF ? std::string() : vocab.getLiteralName(type);
    if (!literal.empty()) {
      out += literal + "\n";
      continue;
    }
    out += vocab.getSymbolicName(type);
    if (type == grammar::ParaxLexer::NAME ||
        type == grammar::ParaxLexer::NUMBER ||
        type == grammar::ParaxLexer::STRING) {
      out += ' ';
      for (char c : t->getText())
        out += c == '\n' ? std::string("\\n") : std::string(1, c);
    }
    out += "\n";
  }
  return out;
}

namespace {

/// Whether the last line of `text` (ignoring one final newline) is blank:
/// in the REPL, an empty line ends a block.
bool endsWithBlankLine(const std::string &text) {
  size_t end = text.size();
  if (end > 0 && text[end - 1] == '\n')
    --end;
  size_t start = text.rfind('\n', end == 0 ? 0 : end - 1);
  if (start == std::string::npos || end == 0)
    return false; // a single line cannot end a block
  for (size_t i = start + 1; i < end; ++i)
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r' && text[i] != '\f')
      return false;
  return true;
}

/// REPL input that ends inside brackets asks for more lines, unless what is
/// already there is wrong whatever follows (`def broken(:`): with the
/// brackets closed on a new line, an error on an earlier line is final.
bool wrongBeforeOpenBrackets(const std::string &text, const std::string &closers) {
  std::string probe = text;
  if (probe.empty() || probe.back() != '\n')
    probe += '\n';
  uint32_t closersLine = 1 + uint32_t(std::count(probe.begin(), probe.end(), '\n'));
  probe += closers + "\n";
  ParseRun run(probe, 0);
  try {
    ParaxParser::File_inputContext *tree = run.parseFile();
    AstBuilder(0).buildModule(tree);
  } catch (const ParaxError &e) {
    if (run.lexErrorAtEnd()) // e.g. an open triple-quoted string
      return false;
    return e.diag().loc.valid() && e.diag().loc.line < closersLine;
  }
  return false;
}

} // namespace

InputState classifyInput(const std::string &rawText) {
  try {
    std::string text = normalizeNewlines(rawText);
    // A trailing backslash continues the line.
    size_t last = text.find_last_not_of('\n');
    if (last != std::string::npos && text[last] == '\\' &&
        text.size() - last <= 2)
      return InputState::Incomplete;
    checkSourceBytes(text, 0);
    ParseRun run(text, 0);
    try {
      ParaxParser::File_inputContext *tree = run.parseFile();
      AstBuilder(0).buildModule(tree);
    } catch (const ParaxError &) {
      std::string closers = run.lexErrorAtEnd() ? run.closingBrackets() : "";
      if (!closers.empty() && wrongBeforeOpenBrackets(text, closers))
        return InputState::Invalid;
      // Open brackets and strings may span empty lines; blocks may not.
      if (run.lexErrorAtEnd() ||
          (run.parseErrorAtEnd() && !endsWithBlankLine(text)))
        return InputState::Incomplete;
      return InputState::Invalid;
    }
    if (run.sawIndent() && !endsWithBlankLine(text))
      return InputState::Incomplete;
    return InputState::Complete;
  } catch (...) {
    return InputState::Invalid;
  }
}

} // namespace parax::frontend
