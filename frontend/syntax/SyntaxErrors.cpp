//===- SyntaxErrors.cpp - syntax errors in plain words --------------------===//
//
// The first error the parser meets is described by fail():
//
//   1. an INDENT where none may be          -> "unexpected indent"
//   2. an INDENT expected but missing       -> "expected an indented block
//                                               after 'if' statement on
//                                               line N"
//   3. a `try` block without handlers       -> "expected 'except' or
//                                               'finally' block"
//   4. `=` after a complete expression      -> "maybe you meant '=='"
//   5. ':' missing after a block header     -> "expected ':'"
//   6. an expression missing                -> "expected an expression
//                                               after '='"
//   7. a keyword where a name must be       -> "'if' is a keyword ..."
//   8. two expressions side by side         -> print without parentheses,
//                                              `match`, "Perhaps you forgot
//                                              a comma?" inside brackets
//   9. `else`/`elif`/`except`/`finally` starting a statement
//  10. otherwise "invalid syntax", naming the expected tokens when there
//      are at most four of them (operators that would merely continue an
//      expression are not listed).
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/SyntaxErrors.h"

#include "ParaxParser.h"

using namespace antlr4;
using parax::grammar::ParaxParser;

namespace parax::frontend {

namespace {

using P = ParaxParser;

bool isLayout(size_t type) {
  return type == P::NEWLINE || type == P::INDENT || type == P::DEDENT;
}

/// Tokens that end an expression (so another expression may not follow).
bool endsExpression(size_t type) {
  switch (type) {
  case P::NAME:
  case P::NUMBER:
  case P::STRING:
  case P::CLOSE_PAREN:
  case P::CLOSE_BRACK:
  case P::CLOSE_BRACE:
  case P::NONE:
  case P::TRUE:
  case P::FALSE:
  case P::ELLIPSIS:
    return true;
  default:
    return false;
  }
}

/// Tokens that start an expression and cannot continue one.
bool startsOnlyExpression(size_t type) {
  switch (type) {
  case P::NAME:
  case P::NUMBER:
  case P::STRING:
  case P::OPEN_BRACE:
  case P::NONE:
  case P::TRUE:
  case P::FALSE:
  case P::ELLIPSIS:
  case P::LAMBDA:
    return true;
  default:
    return false;
  }
}

/// Tokens that would only continue an expression (not listed as expected).
bool continuesExpression(size_t type) {
  switch (type) {
  case P::DOT:
  case P::OPEN_PAREN:
  case P::OPEN_BRACK:
  case P::POWER:
  case P::STAR:
  case P::AT:
  case P::DIV:
  case P::MOD:
  case P::IDIV:
  case P::ADD:
  case P::MINUS:
  case P::LEFT_SHIFT:
  case P::RIGHT_SHIFT:
  case P::AND_OP:
  case P::XOR:
  case P::OR_OP:
  case P::LESS_THAN:
  case P::GREATER_THAN:
  case P::EQUALS:
  case P::GT_EQ:
  case P::LT_EQ:
  case P::NOT_EQ:
  case P::IS:
  case P::NOT:
  case P::AND:
  case P::OR:
  case P::IF:
  case P::WALRUS:
    return true;
  default:
    return false;
  }
}

bool has(const misc::IntervalSet &set, size_t type) {
  return set.contains(type);
}

bool isKeyword(size_t type) { return type >= P::AND && type <= P::YIELD; }

/// How a token type is named in "expected ..." lists.
std::string typeName(size_t type, const dfa::Vocabulary &vocab) {
  switch (type) {
  case Token::EOF:
    return "end of file";
  case P::NEWLINE:
    return "end of line";
  case P::INDENT:
    return "an indented block";
  case P::DEDENT:
    return "end of block";
  case P::NAME:
    return "a name";
  case P::NUMBER:
    return "a number";
  case P::STRING:
    return "a string";
  default:
    return vocab.getLiteralName(type);
  }
}

/// How the offending token is named in messages.
std::string tokenName(const Token *t) {
  switch (t->getType()) {
  case Token::EOF:
    return "end of file";
  case P::NEWLINE:
    return "end of line";
  case P::INDENT:
    return "indent";
  case P::DEDENT:
    return "dedent";
  default: {
    std::string text = t->getText();
    if (text.size() > 24)
      text = text.substr(0, 20) + "...";
    return "'" + text + "'";
  }
  }
}

/// The innermost enclosing rule that is a block header (if, def, ...).
ParserRuleContext *enclosingHeader(ParserRuleContext *ctx) {
  for (; ctx; ctx = dynamic_cast<ParserRuleContext *>(ctx->parent)) {
    switch (ctx->getRuleIndex()) {
    case P::RuleIf_stmt:
    case P::RuleElif_clause:
    case P::RuleElse_clause:
    case P::RuleWhile_stmt:
    case P::RuleFor_stmt:
    case P::RuleTry_stmt:
    case P::RuleExcept_clause:
    case P::RuleFinally_clause:
    case P::RuleWith_stmt:
    case P::RuleFuncdef:
    case P::RuleClassdef:
    case P::RuleLambdef:
      return ctx;
    default:
      break;
    }
  }
  return nullptr;
}

/// "'if' statement", "function definition", ... for a header rule.
std::string headerName(ParserRuleContext *h) {
  switch (h->getRuleIndex()) {
  case P::RuleFuncdef:
    return "function definition";
  case P::RuleClassdef:
    return "class definition";
  default:
    return "'" + h->getStart()->getText() + "' statement";
  }
}

} // namespace

Loc tokenLoc(const Token *t, uint32_t file) {
  Loc l;
  l.file = file;
  l.line = uint32_t(t->getLine());
  l.col = uint32_t(t->getCharPositionInLine()) + 1;
  uint32_t line = l.line, col = l.col;
  size_t type = t->getType();
  if (type == Token::EOF || isLayout(type)) {
    ++col;
  } else {
    for (unsigned char c : t->getText()) {
      if (c == '\n') {
        ++line;
        col = 1;
      } else if ((c & 0xC0) != 0x80) {
        ++col;
      }
    }
  }
  l.endLine = line;
  l.endCol = col;
  return l;
}

ParaxError lexErrorToParax(const grammar::LexError &e, uint32_t file) {
  Loc l{file, uint32_t(e.line()), uint32_t(e.col()) + 1, uint32_t(e.line()),
        uint32_t(e.col() + e.length()) + 1};
  return ParaxError(e.kind(), e.what(), l, e.hint);
}

void SyntaxErrorStrategy::reportError(Parser *parser,
                                      const RecognitionException &e) {
  Token *off = e.getOffendingToken();
  if (!off)
    off = parser->getCurrentToken();
  if (auto *nv = dynamic_cast<const NoViableAltException *>(&e))
    if (nv->getStartToken() != off) // failed deep in the lookahead
      fail(parser, off, misc::IntervalSet());
  fail(parser, off, e.getExpectedTokens());
}

Token *SyntaxErrorStrategy::recoverInline(Parser *parser) {
  fail(parser, parser->getCurrentToken(), parser->getExpectedTokens());
}

void SyntaxErrorStrategy::recover(Parser *, std::exception_ptr e) {
  std::rethrow_exception(e); // not reached: reportError always throws
}

void SyntaxErrorStrategy::reportUnwantedToken(Parser *parser) {
  fail(parser, parser->getCurrentToken(), parser->getExpectedTokens());
}

void SyntaxErrorStrategy::reportMissingToken(Parser *parser) {
  fail(parser, parser->getCurrentToken(), parser->getExpectedTokens());
}

void SyntaxErrorStrategy::fail(Parser *parser, Token *off,
                               const misc::IntervalSet &expected) {
  auto *tokens = dynamic_cast<BufferedTokenStream *>(parser->getTokenStream());
  size_t index = off->getTokenIndex(), type = off->getType();
  Token *prev = (tokens && index > 0 && index != INVALID_INDEX)
                    ? tokens->get(index - 1)
                    : nullptr;
  bool stmtStart = !prev || isLayout(prev->getType());
  ParserRuleContext *ctx = parser->getContext();
  ParserRuleContext *header = enclosingHeader(ctx);
  std::string prevText = prev ? prev->getText() : "";
  Loc loc = tokenLoc(off, file_);

  // Errors at the end of input point just after the last real token.
  bool restIsEnd = tokens != nullptr;
  for (size_t i = index; tokens && i < tokens->size() && restIsEnd; ++i) {
    size_t t = tokens->get(i)->getType();
    restIsEnd = t == Token::EOF || t == P::NEWLINE || t == P::DEDENT;
  }
  errorAtEnd_ = type == Token::EOF || (has(expected, P::INDENT) && restIsEnd);
  if (type == Token::EOF && tokens) {
    for (size_t i = index; i-- > 0;) {
      Token *t = tokens->get(i);
      if (isLayout(t->getType()))
        continue;
      Loc r = tokenLoc(t, file_);
      loc = Loc{file_, r.endLine, r.endCol, r.endLine, r.endCol + 1};
      break;
    }
  }

  auto throwIt = [&](const char *kind, const std::string &msg,
                     std::string hint = {}) {
    throw ParaxError(kind, msg, loc, std::move(hint));
  };

  if (type == P::INDENT)
    throwIt("IndentationError", "unexpected indent");
  if (has(expected, P::INDENT)) {
    if (!header)
      throwIt("IndentationError", "expected an indented block");
    throwIt("IndentationError",
            "expected an indented block after " + headerName(header) +
                " on line " + std::to_string(header->getStart()->getLine()));
  }
  if (stmtStart) {
    if (type == P::ELIF)
      throwIt("SyntaxError", "invalid syntax: 'elif' must follow an 'if' "
                             "block at the same indentation");
    if (type == P::ELSE)
      throwIt("SyntaxError", "invalid syntax: 'else' must follow an 'if', "
                             "'for', 'while' or 'try' block at the same "
                             "indentation");
    if (type == P::EXCEPT || type == P::FINALLY)
      throwIt("SyntaxError", "invalid syntax: '" + off->getText() +
                                 "' must follow a 'try' block at the same "
                                 "indentation");
  }

  if (ctx && ctx->getRuleIndex() == P::RuleTry_stmt && has(expected, P::EXCEPT))
    throwIt("SyntaxError", "expected 'except' or 'finally' block");
  if (ctx && ctx->getRuleIndex() == P::RuleDecorated && has(expected, P::DEF))
    throwIt("SyntaxError",
            "invalid syntax: expected a function definition after the "
            "decorator");
  bool exprExpected = has(expected, P::NUMBER);
  if (type == P::ASSIGN && prev && endsExpression(prev->getType()) &&
      !has(expected, P::ASSIGN) && !exprExpected)
    throwIt("SyntaxError",
            "invalid syntax: maybe you meant '==' instead of '='?");
  if (has(expected, P::COLON) && header && ctx == header)
    throwIt("SyntaxError", "expected ':'");
  if (exprExpected)
    throwIt("SyntaxError",
            "invalid syntax: expected an expression" +
                (stmtStart ? std::string() : " after '" + prevText + "'"));
  if (has(expected, P::NAME) && isKeyword(type))
    throwIt("SyntaxError", "invalid syntax: '" + off->getText() +
                               "' is a keyword and cannot be used as a name");
  if (startsOnlyExpression(type) && prev && endsExpression(prev->getType())) {
    Token *before = index >= 2 ? tokens->get(index - 2) : nullptr;
    bool prevStartsStmt = !before || isLayout(before->getType());
    if (prevStartsStmt && prevText == "print")
      throwIt("SyntaxError",
              "Missing parentheses in call to 'print'. Did you mean "
              "print(...)?");
    if (prevStartsStmt && prevText == "match")
      throwIt("NotImplementedError", "match statements are not part of parax",
              "use an if/elif chain");
    // Inside brackets (counting back to the start of the logical line)?
    int depth = insideBrackets_ ? 1 : 0;
    for (size_t i = index; i-- > 0 && depth <= 0;) {
      size_t t = tokens->get(i)->getType();
      if (isLayout(t))
        break;
      depth += (t == P::OPEN_PAREN || t == P::OPEN_BRACK || t == P::OPEN_BRACE);
      depth -=
          (t == P::CLOSE_PAREN || t == P::CLOSE_BRACK || t == P::CLOSE_BRACE);
    }
    if (depth > 0)
      throwIt("SyntaxError", "invalid syntax. Perhaps you forgot a comma?");
  }
  // Generic: list what could have come, if that list is short.
  std::vector<std::string> names;
  const dfa::Vocabulary &vocab = parser->getVocabulary();
  for (ssize_t t : expected.toList()) {
    if (t == ssize_t(Token::EPSILON) || continuesExpression(size_t(t)))
      continue;
    names.push_back(typeName(size_t(t), vocab));
  }
  std::string msg = "invalid syntax";
  if (!names.empty() && names.size() <= 4) {
    msg += ": expected ";
    for (size_t i = 0; i < names.size(); ++i)
      msg += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    if (!stmtStart)
      msg += " after '" + prevText + "'";
  } else if (type != Token::EOF && type != P::NEWLINE) {
    msg += ": unexpected " + tokenName(off);
  }
  throw ParaxError("SyntaxError", msg, loc);
}

} // namespace parax::frontend
