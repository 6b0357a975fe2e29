/*
 * Inflight model language. Every alternative is labelled and every operand named, so the
 * AstBuilder visitor never digs through children by position.
 * Statements are self-delimiting; `;` between statements is optional.
 */
grammar Inflight;

file
    : decls+=topDecl* EOF
    ;

topDecl
    : 'model' name=ID                                                     # ModelDecl
    | 'include' path=STRING                                               # IncludeDecl
    | 'const' name=ID '=' value=expr                                      # ConstDecl
    | isStatic='static'? 'struct' name=ID ('bound' bound=expr)?
          '{' members+=member* '}'                                        # StructDecl
    | 'var' name=ID (':' type=typeRef)? ('=' init=expr)?                  # GlobalVarDecl
    | 'lock' name=ID                                                      # GlobalLockDecl
    | 'set' name=ID 'of' elem=ID                                          # GlobalSetDecl
    | 'queue' name=ID 'of' elem=ID 'max' cap=expr                         # GlobalQueueDecl
    | 'thread' name=ID ('[' count=expr ']')? body=block                   # ThreadDecl
    | 'fn' name=ID '(' (params+=param (',' params+=param)*)? ')' body=block  # FnDecl
    | 'check' name=ID                                                     # CheckDecl
    | 'invariant' name=ID ':' cond=expr                                   # InvariantDecl
    | 'eventually' name=ID ':' cond=expr                                  # EventuallyDecl
    | ';'                                                                 # EmptyDecl
    ;

member
    : 'ref' name=ID '=' init=expr ('release' release=ID)?                 # RefMember
    | 'lock' name=ID                                                      # LockMember
    | 'set' name=ID 'of' elem=ID                                          # SetMember
    | 'queue' name=ID 'of' elem=ID 'max' cap=expr                         # QueueMember
    | name=ID (':' type=typeRef)? ('=' init=expr)?                        # PlainMember
    | ';'                                                                 # EmptyMember
    ;

typeRef
    : name=ID
    ;

param
    : name=ID (':' type=typeRef)?
    ;

block
    : '{' stmts+=stmt* '}'
    ;

stmt
    : target=expr '=' 'alloc' struct=ID                                   # AllocStmt
    | target=expr '=' value=expr                                          # AssignStmt
    | 'get' target=expr                                                   # GetStmt
    | 'put' target=expr                                                   # PutStmt
    | 'free' target=expr                                                  # FreeStmt
    | 'touch' target=expr                                                 # TouchStmt
    | ifStatement                                                         # IfStmt
    | 'while' cond=expr ('bound' bound=expr)? body=block                  # WhileStmt
    | 'for' var=ID 'in' coll=expr body=block                              # ForStmt
    | 'either' first=block ('or' rest+=block)+                            # EitherStmt
    | 'await' cond=expr                                                   # AwaitStmt
    | 'atomic' body=block                                                 # AtomicStmt
    | 'lock' target=expr                                                  # LockStmt
    | 'unlock' target=expr                                                # UnlockStmt
    | 'return' value=expr?                                                # ReturnStmt
    | call=expr                                                           # ExprStmt
    | ';'                                                                 # EmptyStmt
    ;

ifStatement
    : 'if' cond=expr then=block ('else' (elseIf=ifStatement | elseBlock=block))?
    ;

expr
    : obj=expr '.' field=ID                                               # FieldExpr
    | op=('!' | '-') operand=expr                                         # UnaryExpr
    | left=expr op=('*' | '/' | '%') right=expr                           # MulExpr
    | left=expr op=('+' | '-') right=expr                                 # AddExpr
    | left=expr op=('union' | 'inter' | 'minus') right=expr               # SetOpExpr
    | left=expr neg='not'? 'in' right=expr                                # InExpr
    | left=expr op=('<' | '<=' | '>' | '>=') right=expr                   # RelExpr
    | left=expr op=('==' | '!=') right=expr                               # EqExpr
    | left=expr '&&' right=expr                                           # AndExpr
    | left=expr '||' right=expr                                           # OrExpr
    | <assoc=right> left=expr '=>' right=expr                             # ImpliesExpr
    | q=('forall' | 'exists') var=ID 'in' set=expr ':' body=expr          # QuantExpr
    | fn=ID '(' (args+=expr (',' args+=expr)*)? ')'                       # CallExpr
    | '{' var=ID 'in' set=expr ':' pred=expr '}'                          # SetCompExpr
    | '{' (elems+=expr (',' elems+=expr)*)? '}'                           # SetLitExpr
    | '(' inner=expr ')'                                                  # ParenExpr
    | value=INT                                                           # IntExpr
    | value=('true' | 'false')                                            # BoolExpr
    | 'null'                                                              # NullExpr
    | name=ID                                                             # NameExpr
    ;

ID      : [a-zA-Z_] [a-zA-Z_0-9]* ;
INT     : [0-9]+ ;
STRING  : '"' (~["\\\r\n] | '\\' .)* '"' ;

LINE_COMMENT  : '//' ~[\r\n]* -> channel(HIDDEN) ;
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN) ;
WS            : [ \t\r\n\f]+ -> channel(HIDDEN) ;

// Anything else is one bad character; the parser reports it with its place.
BAD_CHAR : . ;
