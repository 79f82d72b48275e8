//===- ParaxParser.g4 - syntax of the parax Python subset -----------------===//
//
// The parser of the Python 3 syntax that parax accepts, in the shape of
// CPython's pre-PEG Grammar/Grammar, except that the operator levels are
// two flat rules (or_test, expr) whose precedence AstBuilder resolves. The
// decisions are left-factored so that almost all of them are LL(1): a
// syntax error is then reported at the token where it happens, with the
// set of tokens that could have come instead.
//
// It parses MORE than the subset: classes, try/except, raise, global,
// nonlocal, yield, async/await, decorators, set displays and
// comprehensions, walrus, positional-only markers. AstBuilder turns those
// into named errors. There are no actions; semantic checks (assignment
// targets, argument order, parameter order) are done by AstBuilder too.
//
//===----------------------------------------------------------------------===//

parser grammar ParaxParser;

options { tokenVocab = ParaxLexer; }

// file_input ::= (NEWLINE | stmt)* EOF
file_input
  : ( NEWLINE | stmt )* EOF
  ;

// The expression of an f-string replacement field (parsed on its own).
fstring_expr
  : ( yield_expr | testlist_star_expr ) EOF
  ;

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

stmt
  : simple_stmts
  | compound_stmt
  ;

// simple_stmts ::= simple_stmt (';' simple_stmt)* [';'] NEWLINE
simple_stmts
  : simple_stmt ( ';' simple_stmt )* ';'? NEWLINE
  ;

simple_stmt
  : expr_stmt
  | del_stmt
  | pass_stmt
  | break_stmt
  | continue_stmt
  | return_stmt
  | raise_stmt
  | import_stmt
  | global_stmt
  | nonlocal_stmt
  | assert_stmt
  ;

// expr_stmt ::= targets ('=' targets)* value | target augop value
//             | target ':' annotation ['=' value] | yield_expr
expr_stmt
  : testlist_star_expr
    ( annassign
    | augassign ( yield_expr | testlist_star_expr )
    | ( '=' ( yield_expr | testlist_star_expr ) )*
    )
  | yield_expr
  ;

annassign
  : ':' test ( '=' ( yield_expr | testlist_star_expr ) )?
  ;

augassign
  : '+=' | '-=' | '*=' | '@=' | '/=' | '%=' | '&=' | '|=' | '^='
  | '<<=' | '>>=' | '**=' | '//='
  ;

del_stmt      : 'del' exprlist ;
pass_stmt     : 'pass' ;
break_stmt    : 'break' ;
continue_stmt : 'continue' ;
return_stmt   : 'return' testlist_star_expr? ;
raise_stmt    : 'raise' ( test ( 'from' test )? )? ;
global_stmt   : 'global' NAME ( ',' NAME )* ;
nonlocal_stmt : 'nonlocal' NAME ( ',' NAME )* ;
assert_stmt   : 'assert' test ( ',' test )? ;

import_stmt
  : import_name
  | import_from
  ;

// import_name ::= 'import' dotted_as_names
import_name
  : 'import' dotted_as_names
  ;

// import_from ::= 'from' ('.'* dotted_name | '.'+) 'import'
//                 ('*' | '(' import_as_names ')' | import_as_names)
import_from
  : 'from' ( import_dot* dotted_name | import_dot+ )
    'import' ( '*' | '(' import_as_names ')' | import_as_names )
  ;

import_dot      : '.' | '...' ;
import_as_name  : NAME ( 'as' NAME )? ;
dotted_as_name  : dotted_name ( 'as' NAME )? ;
import_as_names : import_as_name ( ',' import_as_name )* ','? ;
dotted_as_names : dotted_as_name ( ',' dotted_as_name )* ;
dotted_name     : NAME ( '.' NAME )* ;

compound_stmt
  : if_stmt
  | while_stmt
  | for_stmt
  | try_stmt
  | with_stmt
  | funcdef
  | classdef
  | decorated
  | async_stmt
  ;

async_stmt
  : ASYNC ( funcdef | with_stmt | for_stmt )
  ;

// if_stmt ::= 'if' test ':' suite ('elif' test ':' suite)* ['else' ':' suite]
if_stmt
  : 'if' namedexpr_test ':' suite elif_clause* else_clause?
  ;

elif_clause : 'elif' namedexpr_test ':' suite ;
else_clause : 'else' ':' suite ;

while_stmt
  : 'while' namedexpr_test ':' suite else_clause?
  ;

for_stmt
  : 'for' exprlist 'in' testlist_star_expr ':' suite else_clause?
  ;

try_stmt
  : 'try' ':' suite
    ( except_clause+ else_clause? finally_clause?
    | finally_clause
    )
  ;

except_clause  : 'except' '*'? ( test ( 'as' NAME )? )? ':' suite ;
finally_clause : 'finally' ':' suite ;

with_stmt
  : 'with' with_item ( ',' with_item )* ':' suite
  ;

with_item
  : test ( 'as' expr )?
  ;

// suite ::= simple_stmts | NEWLINE INDENT stmt+ DEDENT
suite
  : simple_stmts
  | NEWLINE INDENT stmt+ DEDENT
  ;

decorated
  : decorator+ ( classdef | funcdef | async_stmt )
  ;

decorator
  : '@' namedexpr_test NEWLINE
  ;

// funcdef ::= 'def' NAME '(' [params] ')' ['->' test] ':' suite
funcdef
  : 'def' NAME '(' typedargslist? ')' ( '->' test )? ':' suite
  ;

typedargslist
  : typedarg ( ',' typedarg )* ','?
  ;

// One parameter: `x`, `x: T`, `x=1`, `*`, `*args`, `**kwargs` or `/`.
typedarg
  : tfpdef ( '=' test )?
  | '*' tfpdef?
  | '**' tfpdef
  | '/'
  ;

tfpdef
  : NAME ( ':' test )?
  ;

// The parameters of a lambda (no annotations).
varargslist
  : vararg ( ',' vararg )* ','?
  ;

vararg
  : NAME ( '=' test )?
  | '*' NAME?
  | '**' NAME
  | '/'
  ;

classdef
  : 'class' NAME ( '(' arglist? ')' )? ':' suite
  ;

//===----------------------------------------------------------------------===//
// Expressions, lowest precedence first
//===----------------------------------------------------------------------===//

// namedexpr_test ::= test [':=' test]
namedexpr_test
  : test ( ':=' test )?
  ;

// test ::= or_test ['if' or_test 'else' test] | lambdef
test
  : or_test ( 'if' or_test 'else' test )?
  | lambdef
  ;

lambdef
  : 'lambda' varargslist? ':' test
  ;

// The boolean and comparison levels as one flat rule:
//   or_test ::= 'not'* expr (('or' | 'and' | comp_op) 'not'* expr)*
// AstBuilder nests it by precedence (lowest first: or, and, not,
// comparisons) and rejects a 'not' right after a comparison operator.
or_test
  : 'not'* expr ( ( 'or' | 'and' | comp_op ) 'not'* expr )*
  ;

// `is not` is one operator: the greedy '?' takes the 'not' (a 'not' prefix
// of the next operand is invalid there anyway).
comp_op
  : '<' | '>' | '==' | '>=' | '<=' | '!='
  | 'in' | 'not' 'in' | 'is' 'not'?
  ;

star_expr : '*' expr ;

// The bitwise and arithmetic levels as one flat rule:
//   expr ::= unary* atom_expr (binop unary* atom_expr)*
// AstBuilder nests it by precedence (lowest first: | ^ & << >> + - * @ / %
// // unary-prefix **), with ** right-associative. Two flat rules instead of
// one rule per level keep the parse tree (and ANTLR's work) small.
expr
  : ( '+' | '-' | '~' )* atom_expr
    ( ( '|' | '^' | '&' | '<<' | '>>' | '+' | '-' | '*' | '@' | '/' | '%'
      | '//' | '**'
      )
      ( '+' | '-' | '~' )* atom_expr
    )*
  ;

// atom_expr ::= ['await'] atom trailer*
atom_expr
  : AWAIT? atom trailer*
  ;

atom
  : '(' ( yield_expr | testlist_comp )? ')'
  | '[' testlist_comp? ']'
  | '{' dictorsetmaker? '}'
  | NAME
  | NUMBER
  | STRING+
  | '...'
  | 'None'
  | 'True'
  | 'False'
  ;

// The inside of `( )` and `[ ]`: one element, a comprehension or a list.
testlist_comp
  : ( namedexpr_test | star_expr )
    ( comp_for
    | ( ',' ( namedexpr_test | star_expr ) )* ','?
    )
  ;

trailer
  : '(' arglist? ')'
  | '[' subscriptlist ']'
  | '.' NAME
  ;

subscriptlist
  : subscript_ ( ',' subscript_ )* ','?
  ;

// subscript ::= test | [test] ':' [test] [':' [test]] | star_expr
subscript_
  : test ( ':' test? sliceop? )?
  | ':' test? sliceop?
  | star_expr
  ;

sliceop
  : ':' test?
  ;

exprlist
  : ( expr | star_expr ) ( ',' ( expr | star_expr ) )* ','?
  ;

testlist_star_expr
  : ( test | star_expr ) ( ',' ( test | star_expr ) )* ','?
  ;

// The inside of `{ }`, left-factored on the first element.
dictorsetmaker
  : test ( ':' test dict_tail | set_tail )
  | '**' expr dict_tail
  | star_expr set_tail
  ;

dict_tail
  : comp_for
  | ( ',' dict_item )* ','?
  ;

dict_item
  : test ':' test
  | '**' expr
  ;

set_tail
  : comp_for
  | ( ',' ( test | star_expr ) )* ','?
  ;

arglist
  : argument ( ',' argument )* ','?
  ;

// argument ::= test [comp_for] | NAME '=' test | '*' test | '**' test
// (the name before '=' is checked by AstBuilder)
argument
  : test ( comp_for | '=' test | ':=' test )?
  | '*' test
  | '**' test
  ;

comp_for
  : ASYNC? 'for' exprlist 'in' or_test comp_iter?
  ;

comp_iter
  : comp_for
  | comp_if
  ;

comp_if
  : 'if' or_test comp_iter?
  ;

yield_expr
  : 'yield' ( 'from' test | testlist_star_expr )?
  ;
