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
    : 'model' name=ident                                                     # ModelDecl
    | 'include' path=STRING                                               # IncludeDecl
    | 'const' name=ident '=' value=expr                                      # ConstDecl
    | isStatic='static'? 'struct' name=ident ('bound' bound=expr)?
          '{' members+=member* '}'                                        # StructDecl
    | 'var' name=ident (':' type=typeRef)? ('=' init=expr)?                  # GlobalVarDecl
    | 'lock' name=ident                                                      # GlobalLockDecl
    | 'mutex' name=ident                                                     # GlobalMutexDecl
    | 'list' name=ident 'of' elem=ident                                         # GlobalListDecl
    | 'set' name=ident 'of' elem=ident                                          # GlobalSetDecl
    | 'queue' name=ident 'of' elem=ident 'max' cap=expr                         # GlobalQueueDecl
    | isDaemon='daemon'? 'thread' name=ident ('[' count=expr ']')?
          ('on' 'cpu' cpu=expr)? body=block                                # ThreadDecl
    | 'work' name=ident ':' fn=ident                                         # WorkDecl
    | 'init' body=block                                                   # InitDecl
    | isOverride='override'? (isOp='op' opName=ident?)? 'fn' name=ident
          '(' (params+=param (',' params+=param)*)? ')' body=block           # FnDecl
    | 'extend' 'struct' name=ident ('bound' bound=expr)?
          ('{' members+=member* '}')?                                     # ExtendStructDecl
    | 'check' name=ident                                                     # CheckDecl
    | 'unfair' name=ident                                                    # UnfairDecl
    | 'invariant' name=ident ':' cond=expr                                   # InvariantDecl
    | 'eventually' name=ident ':' cond=expr                                  # EventuallyDecl
    | 'cost' '{' entries+=costEntry* '}'                                  # CostDecl
    | 'profile' path=STRING                                               # ProfileDecl
    | 'latency' op=ident '<=' bound=expr ('when' cond=expr)?                 # LatencyDecl
    | 'workload' name=ident '{' items+=workloadItem* '}'                     # WorkloadDecl
    | ';'                                                                 # EmptyDecl
    ;

costEntry
    : name=costKey '=' value=expr ';'?
    ;

// Profile entries may be named after the primitives they price, keywords included.
costKey
    : ident | 'alloc' | 'free' | 'lock'
    ;

// A workload (docs/cost-model.md): the benchmark a model's operations stand for. `cpus` and
// `shared` are words only here (not keywords), so models keep them as names.
workloadItem
    : key=ident '=' value=expr ';'?                                       # WorkloadSetting
    | 'const' name=ident '=' value=expr ';'?                              # WorkloadConst
    | key=ident structs+=ident (',' structs+=ident)* ';'?                 # WorkloadShared
    | op=ident ':' count=expr ';'?                                        # WorkloadRun
    ;

member
    : 'ref' name=ident '=' init=expr ('max' max=expr)? ('release' release=ident)?  # RefMember
    | 'lock' name=ident                                                      # LockMember
    | 'mutex' name=ident                                                     # MutexMember
    | 'list' name=ident 'of' elem=ident                                         # ListMember
    | 'set' name=ident 'of' elem=ident                                          # SetMember
    | 'queue' name=ident 'of' elem=ident 'max' cap=expr                         # QueueMember
    | name=ident (':' type=typeRef)? ('=' init=expr)?                        # PlainMember
    | ';'                                                                 # EmptyMember
    ;

typeRef
    : name=ident
    ;

param
    : name=ident (':' type=typeRef)?
    ;

block
    : '{' stmts+=stmt* '}'
    ;

stmt
    : target=expr '=' 'alloc' struct=ident                                   # AllocStmt
    | target=expr '=' value=expr                                          # AssignStmt
    | 'get' target=expr                                                   # GetStmt
    | 'put' target=expr                                                   # PutStmt
    | 'free' target=expr                                                  # FreeStmt
    | 'touch' target=expr                                                 # TouchStmt
    | ifStatement                                                         # IfStmt
    | 'while' cond=expr ('bound' bound=expr)? body=block                  # WhileStmt
    | 'for' var=ident 'in' coll=expr body=block                              # ForStmt
    | 'either' first=block ('or' rest+=block)+                            # EitherStmt
    | 'await' cond=expr                                                   # AwaitStmt
    | 'atomic' body=block                                                 # AtomicStmt
    | 'loop' body=block                                                   # LoopStmt
    | 'lock' target=expr                                                  # LockStmt
    | 'unlock' target=expr                                                # UnlockStmt
    | 'return' value=expr?                                                # ReturnStmt
    | 'cost' amount=expr                                                  # CostStmt
    | call=expr                                                           # ExprStmt
    | ';'                                                                 # EmptyStmt
    ;

ifStatement
    : 'if' cond=expr then=block ('else' (elseIf=ifStatement | elseBlock=block))?
    ;

expr
    : obj=expr '.' field=ident                                               # FieldExpr
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
    | q=('forall' | 'exists') var=ident 'in' set=expr ':' body=expr          # QuantExpr
    | 'closure' '(' roots=expr ',' var=ident ':' step=expr ')'             # ClosureExpr
    | fn=ident '(' (args+=expr (',' args+=expr)*)? ')'                       # CallExpr
    | '{' var=ident 'in' set=expr ':' pred=expr '}'                          # SetCompExpr
    | '{' (elems+=expr (',' elems+=expr)*)? '}'                           # SetLitExpr
    | '(' inner=expr ')'                                                  # ParenExpr
    | value=INT                                                           # IntExpr
    | value=('true' | 'false')                                            # BoolExpr
    | 'null'                                                              # NullExpr
    | name=ident                                                             # NameExpr
    ;

// Words that are keywords only where a declaration starts; elsewhere they are ordinary names,
// so `model bound` or a variable named `max` work.
ident
    : ID | 'model' | 'include' | 'bound' | 'max' | 'of' | 'release' | 'static' | 'check'
    | 'invariant' | 'eventually' | 'set' | 'queue' | 'daemon' | 'work' | 'unfair'
    | 'cost' | 'profile' | 'latency' | 'op' | 'on' | 'cpu' | 'when' | 'mutex' | 'list'
    | 'workload' | 'override' | 'extend' | 'init'
    ;

ID      : [a-zA-Z_] [a-zA-Z_0-9]* ;
INT     : [0-9]+ ;
STRING  : '"' (~["\\\r\n] | '\\' .)* '"' ;

LINE_COMMENT  : '//' ~[\r\n]* -> channel(HIDDEN) ;
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN) ;
WS            : [ \t\r\n\f]+ -> channel(HIDDEN) ;

// Never closed: a string to the end of its line, a comment to the end of the file (each is
// shorter than the closed form when that matches, so only what is left open ends up here).
UNTERMINATED_STRING  : '"' (~["\\\r\n] | '\\' .)* ;
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF ;

// Anything else is one bad character; the parser reports it with its place.
BAD_CHAR : . ;
