//===- ParaxLexer.g4 - tokens of the parax Python subset ------------------===//
//
// The lexer of the Python 3 syntax that parax accepts. It tokenizes MORE
// than the subset (class, try, yield, async, ...) so that the front end can
// name such constructs in its errors instead of reporting a generic syntax
// error. There are no actions: INDENT/DEDENT, implicit line joining inside
// brackets, blank-line folding and indentation errors are done by the
// superclass PythonLexerBase, which post-processes this token stream.
//
// Strings keep their prefix and quotes (AstBuilder decodes them, including
// f-strings); numbers keep their spelling (AstBuilder converts them and
// reports imaginary literals and leading zeros).
//
//===----------------------------------------------------------------------===//

lexer grammar ParaxLexer;

options { superClass = PythonLexerBase; }

// Emitted by PythonLexerBase, never matched by a rule.
tokens { INDENT, DEDENT }

@header {
#include "grammar/PythonLexerBase.h"
}

// Literals. STRING comes first so that `r'x'`, `f"x"` are not names.
STRING
  : STRING_PREFIX? ( SHORT_STRING | LONG_STRING )
  ;

NUMBER
  : INTEGER
  | FLOAT_NUMBER
  | ( FLOAT_NUMBER | DIGIT_PART ) [jJ]
  ;

// Keywords (Python 3.12's hard keywords).
AND      : 'and';
AS       : 'as';
ASSERT   : 'assert';
ASYNC    : 'async';
AWAIT    : 'await';
BREAK    : 'break';
CLASS    : 'class';
CONTINUE : 'continue';
DEF      : 'def';
DEL      : 'del';
ELIF     : 'elif';
ELSE     : 'else';
EXCEPT   : 'except';
FALSE    : 'False';
FINALLY  : 'finally';
FOR      : 'for';
FROM     : 'from';
GLOBAL   : 'global';
IF       : 'if';
IMPORT   : 'import';
IN       : 'in';
IS       : 'is';
LAMBDA   : 'lambda';
NONE     : 'None';
NONLOCAL : 'nonlocal';
NOT      : 'not';
OR       : 'or';
PASS     : 'pass';
RAISE    : 'raise';
RETURN   : 'return';
TRUE     : 'True';
TRY      : 'try';
WHILE    : 'while';
WITH     : 'with';
YIELD    : 'yield';

// A line break plus the indentation of the next line (PythonLexerBase turns
// it into NEWLINE/INDENT/DEDENT, or drops it inside brackets).
NEWLINE
  : '\r'? '\n' [ \t\f]*
  ;

NAME
  : ID_START ID_CONTINUE*
  ;

// Operators and delimiters (longest match wins, so `**=` beats `**`).
ELLIPSIS           : '...';
DOT                : '.';
STAR               : '*';
OPEN_PAREN         : '(';
CLOSE_PAREN        : ')';
COMMA              : ',';
COLON              : ':';
SEMI_COLON         : ';';
POWER              : '**';
ASSIGN             : '=';
OPEN_BRACK         : '[';
CLOSE_BRACK        : ']';
OR_OP              : '|';
XOR                : '^';
AND_OP             : '&';
LEFT_SHIFT         : '<<';
RIGHT_SHIFT        : '>>';
ADD                : '+';
MINUS              : '-';
DIV                : '/';
MOD                : '%';
IDIV               : '//';
NOT_OP             : '~';
OPEN_BRACE         : '{';
CLOSE_BRACE        : '}';
LESS_THAN          : '<';
GREATER_THAN       : '>';
EQUALS             : '==';
GT_EQ              : '>=';
LT_EQ              : '<=';
NOT_EQ             : '!=';
AT                 : '@';
ARROW              : '->';
WALRUS             : ':=';
ADD_ASSIGN         : '+=';
SUB_ASSIGN         : '-=';
MULT_ASSIGN        : '*=';
AT_ASSIGN          : '@=';
DIV_ASSIGN         : '/=';
MOD_ASSIGN         : '%=';
AND_ASSIGN         : '&=';
OR_ASSIGN          : '|=';
XOR_ASSIGN         : '^=';
LEFT_SHIFT_ASSIGN  : '<<=';
RIGHT_SHIFT_ASSIGN : '>>=';
POWER_ASSIGN       : '**=';
IDIV_ASSIGN        : '//=';

// Skipped: spaces, comments, backslash continuations, a leading BOM.
WS        : [ \t\f]+ -> skip;
COMMENT   : '#' ~[\r\n]* -> skip;
LINE_JOIN : '\\' '\r'? '\n' -> skip;
BOM       : '\uFEFF' -> skip;

// A triple-quoted string that is still open at the end of the input (the
// longest match, so `'''x` is not read as '' followed by 'x...).
UNTERMINATED_LONG_STRING
  : STRING_PREFIX?
    ( '\'\'\'' LONG_SQ_ITEM* ( '\'' | '\'\'' )?
    | '"""' LONG_DQ_ITEM* ( '"' | '""' )?
    ) '\\'? EOF
  ;

// Anything else (a stray `$`, `?`, `!`, a lone quote of an unterminated
// string, a backslash not followed by a newline, a full-width comma...):
// PythonLexerBase turns it into a precise error.
ERROR_CHAR : . ;

// Fragments.

fragment STRING_PREFIX
  : [rRuUfFbB]
  | [rR] [fFbB]
  | [fFbB] [rR]
  ;

fragment SHORT_STRING
  : '\'' ( STRING_ESCAPE | ~[\\\r\n'] )* '\''
  | '"' ( STRING_ESCAPE | ~[\\\r\n"] )* '"'
  ;

fragment LONG_STRING
  : '\'\'\'' LONG_STRING_ITEM*? '\'\'\''
  | '"""' LONG_STRING_ITEM*? '"""'
  ;

fragment LONG_STRING_ITEM
  : STRING_ESCAPE
  | ~'\\'
  ;

// Inside an unterminated '''...: anything but three quotes in a row.
fragment LONG_SQ_ITEM
  : ( '\'' | '\'\'' )? ( ~['\\] | STRING_ESCAPE )
  ;

fragment LONG_DQ_ITEM
  : ( '"' | '""' )? ( ~["\\] | STRING_ESCAPE )
  ;

// A backslash and the character after it (a CRLF counts as one).
fragment STRING_ESCAPE
  : '\\' ( '\r\n' | . )
  ;

fragment INTEGER
  : DIGIT_PART
  | '0' [oO] ( '_'? [0-7] )+
  | '0' [xX] ( '_'? [0-9a-fA-F] )+
  | '0' [bB] ( '_'? [01] )+
  ;

fragment FLOAT_NUMBER
  : POINT_FLOAT EXPONENT?
  | DIGIT_PART EXPONENT
  ;

fragment POINT_FLOAT
  : DIGIT_PART? '.' DIGIT_PART
  | DIGIT_PART '.'
  ;

fragment EXPONENT
  : [eE] [+-]? DIGIT_PART
  ;

fragment DIGIT_PART
  : [0-9] ( '_'? [0-9] )*
  ;

fragment ID_START
  : [_\p{L}\p{Nl}]
  ;

fragment ID_CONTINUE
  : [_\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]
  ;
