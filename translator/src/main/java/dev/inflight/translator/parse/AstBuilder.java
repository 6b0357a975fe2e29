package dev.inflight.translator.parse;

import dev.inflight.grammar.InflightBaseVisitor;
import dev.inflight.grammar.InflightParser;
import dev.inflight.translator.ast.Block;
import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.ast.ModelFile;
import dev.inflight.translator.ast.Param;
import dev.inflight.translator.ast.Stmt;
import dev.inflight.translator.ast.TypeRef;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.diag.SourceFile;
import dev.inflight.translator.diag.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;

/**
 * Turns the ANTLR parse tree into immutable AST records. A visitor, never a listener with
 * stacks: each method returns the node for its subtree. Subtrees broken by syntax errors
 * become Error nodes, so one mistake yields one message.
 */
final class AstBuilder extends InflightBaseVisitor<Object> {
  private final SourceFile source;
  private final Diagnostics diags;

  /** Lines with a syntax error: the builder's own messages there would only be its echo. */
  private final java.util.Set<Integer> syntaxErrorLines;

  /** How deep in the parse tree the builder is, and whether it has said that is too deep. */
  private int depth;
  private boolean tooDeep;

  AstBuilder(SourceFile source, Diagnostics diags, java.util.Set<Integer> syntaxErrorLines) {
    this.syntaxErrorLines = syntaxErrorLines;
    this.source = source;
    this.diags = diags;
  }

  ModelFile build(InflightParser.FileContext ctx) {
    List<Decl> decls = new ArrayList<>();
    for (InflightParser.TopDeclContext d : ctx.decls) {
      if (d instanceof InflightParser.EmptyDeclContext) {
        continue;
      }
      decls.add(decl(d));
    }
    return new ModelFile(source, span(ctx), decls);
  }

  // ---- helpers ----

  private Span span(ParserRuleContext ctx) {
    Token start = ctx.getStart();
    Token stop = ctx.getStop();
    int s = start.getStartIndex();
    int e = stop == null || stop.getStopIndex() < s ? s : stop.getStopIndex() + 1;
    return source.span(s, e);
  }

  private Span span(Token t) {
    return source.span(t.getStartIndex(), t.getStopIndex() + 1);
  }

  private Ident ident(Token t) {
    if (t == null || t.getText() == null || t.getStartIndex() < 0) {
      return null;
    }
    return new Ident(t.getText(), span(t));
  }

  private Ident ident(InflightParser.IdentContext ctx) {
    if (ctx == null || ctx.exception != null) {
      return null;
    }
    return ident(ctx.getStart());
  }

  private boolean broken(ParserRuleContext ctx) {
    return ctx == null || ctx.exception != null;
  }

  private Decl decl(InflightParser.TopDeclContext ctx) {
    if (broken(ctx)) {
      return new Decl.Error(span(ctx));
    }
    Object r = visit(ctx);
    return r instanceof Decl d ? d : new Decl.Error(span(ctx));
  }

  private Expr expr(InflightParser.ExprContext ctx) {
    if (ctx == null) {
      return null;
    }
    if (broken(ctx) || !enter(ctx)) {
      return new Expr.Error(span(ctx));
    }
    try {
      Object r = visit(ctx);
      return r instanceof Expr e ? e : new Expr.Error(span(ctx));
    } finally {
      depth--;
    }
  }

  /**
   * One level deeper into the parse tree; false past {@link Nesting#LIMIT} (reported once, at
   * the first token of the subtree that is too deep). A chain of `+` is a left-deep tree, so
   * this also bounds what the token scan before parsing cannot see.
   */
  private boolean enter(ParserRuleContext ctx) {
    if (++depth <= Nesting.LIMIT) {
      return true;
    }
    depth--;
    if (!tooDeep) {
      tooDeep = true;
      diags.nestingTooDeep(span(ctx.getStart()), Nesting.LIMIT);
    }
    return false;
  }

  private Block block(InflightParser.BlockContext ctx) {
    if (ctx == null) {
      return null;
    }
    List<Stmt> stmts = new ArrayList<>();
    for (InflightParser.StmtContext s : ctx.stmts) {
      if (s instanceof InflightParser.EmptyStmtContext) {
        continue;
      }
      stmts.add(stmt(s));
    }
    return new Block(stmts, span(ctx));
  }

  private Stmt stmt(InflightParser.StmtContext ctx) {
    if (broken(ctx) || !enter(ctx)) {
      return new Stmt.Error(span(ctx));
    }
    try {
      Object r = visit(ctx);
      return r instanceof Stmt s ? s : new Stmt.Error(span(ctx));
    } finally {
      depth--;
    }
  }

  private TypeRef type(InflightParser.TypeRefContext ctx) {
    return ctx == null ? null : new TypeRef(ident(ctx.name), span(ctx));
  }

  private Member member(InflightParser.MemberContext ctx) {
    Object r = visit(ctx);
    return (Member) r;
  }

  // ---- declarations ----

  @Override
  public Object visitModelDecl(InflightParser.ModelDeclContext ctx) {
    return new Decl.Model(ident(ctx.name), span(ctx));
  }

  @Override
  public Object visitIncludeDecl(InflightParser.IncludeDeclContext ctx) {
    String raw = ctx.path.getText();
    return new Decl.Include(unquote(raw), span(ctx));
  }

  @Override
  public Object visitConstDecl(InflightParser.ConstDeclContext ctx) {
    return new Decl.Const(ident(ctx.name), expr(ctx.value), span(ctx));
  }

  @Override
  public Object visitStructDecl(InflightParser.StructDeclContext ctx) {
    List<Member> members = new ArrayList<>();
    for (InflightParser.MemberContext m : ctx.members) {
      if (m instanceof InflightParser.EmptyMemberContext || broken(m)) {
        continue;
      }
      members.add(member(m));
    }
    return new Decl.Struct(ident(ctx.name), ctx.isStatic != null, expr(ctx.bound), members, span(ctx));
  }

  @Override
  public Object visitGlobalVarDecl(InflightParser.GlobalVarDeclContext ctx) {
    return new Decl.Global(new Member.Plain(ident(ctx.name), type(ctx.type), expr(ctx.init), span(ctx)), span(ctx));
  }

  @Override
  public Object visitGlobalLockDecl(InflightParser.GlobalLockDeclContext ctx) {
    return new Decl.Global(new Member.Lock(ident(ctx.name), false, span(ctx)), span(ctx));
  }

  @Override
  public Object visitGlobalMutexDecl(InflightParser.GlobalMutexDeclContext ctx) {
    return new Decl.Global(new Member.Lock(ident(ctx.name), true, span(ctx)), span(ctx));
  }

  @Override
  public Object visitGlobalListDecl(InflightParser.GlobalListDeclContext ctx) {
    return new Decl.Global(new Member.ListOf(ident(ctx.name), ident(ctx.elem), span(ctx)), span(ctx));
  }

  @Override
  public Object visitGlobalSetDecl(InflightParser.GlobalSetDeclContext ctx) {
    return new Decl.Global(new Member.SetOf(ident(ctx.name), ident(ctx.elem), span(ctx)), span(ctx));
  }

  @Override
  public Object visitGlobalQueueDecl(InflightParser.GlobalQueueDeclContext ctx) {
    return new Decl.Global(new Member.QueueOf(ident(ctx.name), ident(ctx.elem), expr(ctx.cap), span(ctx)), span(ctx));
  }

  @Override
  public Object visitThreadDecl(InflightParser.ThreadDeclContext ctx) {
    return new Decl.Thread(ident(ctx.name), expr(ctx.count), block(ctx.body), ctx.isDaemon != null, expr(ctx.cpu), span(ctx));
  }

  @Override
  public Object visitWorkDecl(InflightParser.WorkDeclContext ctx) {
    return new Decl.Work(ident(ctx.name), ident(ctx.fn), span(ctx));
  }

  @Override
  public Object visitInitDecl(InflightParser.InitDeclContext ctx) {
    return new Decl.Init(block(ctx.body), span(ctx));
  }

  @Override
  public Object visitFnDecl(InflightParser.FnDeclContext ctx) {
    List<Param> params = new ArrayList<>();
    for (InflightParser.ParamContext p : ctx.params) {
      params.add(new Param(ident(p.name), type(p.type), span(p)));
    }
    return new Decl.Fn(ident(ctx.name), params, block(ctx.body), ctx.isOp != null, ident(ctx.opName), ctx.isOverride != null, span(ctx));
  }

  @Override
  public Object visitExtendStructDecl(InflightParser.ExtendStructDeclContext ctx) {
    List<Member> members = new ArrayList<>();
    for (InflightParser.MemberContext m : ctx.members) {
      if (m instanceof InflightParser.EmptyMemberContext || broken(m)) {
        continue;
      }
      members.add(member(m));
    }
    return new Decl.ExtendStruct(ident(ctx.name), expr(ctx.bound), members, span(ctx));
  }

  @Override
  public Object visitCostDecl(InflightParser.CostDeclContext ctx) {
    List<Decl.CostEntry> entries = new ArrayList<>();
    for (InflightParser.CostEntryContext e : ctx.entries) {
      Ident key = e.name == null ? null : new Ident(e.name.getText(), span(e.name));
      entries.add(new Decl.CostEntry(key, expr(e.value), span(e)));
    }
    return new Decl.Cost(entries, span(ctx));
  }

  @Override
  public Object visitProfileDecl(InflightParser.ProfileDeclContext ctx) {
    return new Decl.Profile(unquote(ctx.path.getText()), span(ctx));
  }

  @Override
  public Object visitLatencyDecl(InflightParser.LatencyDeclContext ctx) {
    return new Decl.Latency(ident(ctx.op), expr(ctx.bound), expr(ctx.cond), span(ctx));
  }

  @Override
  public Object visitWorkloadDecl(InflightParser.WorkloadDeclContext ctx) {
    List<dev.inflight.translator.ast.WorkloadItem> items = new ArrayList<>();
    for (InflightParser.WorkloadItemContext i : ctx.items) {
      if (i instanceof InflightParser.WorkloadSettingContext c) {
        if (isWord(c.key, "cpus")) {
          items.add(new dev.inflight.translator.ast.WorkloadItem.Cpus(expr(c.value), span(c)));
        } else if (!broken(c.key)) {
          diags.unknownWorkloadEntry(span(c.key), c.key.getText(), "cpus = N");
        }
      } else if (i instanceof InflightParser.WorkloadConstContext c) {
        items.add(new dev.inflight.translator.ast.WorkloadItem.Const(ident(c.name), expr(c.value), span(c)));
      } else if (i instanceof InflightParser.WorkloadSharedContext c) {
        if (isWord(c.key, "shared")) {
          items.add(new dev.inflight.translator.ast.WorkloadItem.Shared(c.structs.stream().map(this::ident).filter(Objects::nonNull).toList(), span(c)));
        } else if (!broken(c.key)) {
          diags.unknownWorkloadEntry(span(c.key), c.key.getText(), "shared STRUCT, …");
        }
      } else if (i instanceof InflightParser.WorkloadRunContext c) {
        items.add(new dev.inflight.translator.ast.WorkloadItem.Run(ident(c.op), expr(c.count), span(c)));
      }
    }
    return new Decl.Workload(ident(ctx.name), items, span(ctx));
  }

  private boolean isWord(InflightParser.IdentContext key, String word) {
    return !broken(key) && key.getText().equals(word);
  }

  @Override
  public Object visitUnfairDecl(InflightParser.UnfairDeclContext ctx) {
    return new Decl.Unfair(ident(ctx.name), span(ctx));
  }

  @Override
  public Object visitCheckDecl(InflightParser.CheckDeclContext ctx) {
    return new Decl.Check(ident(ctx.name), span(ctx));
  }

  @Override
  public Object visitInvariantDecl(InflightParser.InvariantDeclContext ctx) {
    return new Decl.Property(Decl.Property.Kind.INVARIANT, ident(ctx.name), expr(ctx.cond), span(ctx));
  }

  @Override
  public Object visitEventuallyDecl(InflightParser.EventuallyDeclContext ctx) {
    return new Decl.Property(Decl.Property.Kind.EVENTUALLY, ident(ctx.name), expr(ctx.cond), span(ctx));
  }

  // ---- members ----

  @Override
  public Object visitRefMember(InflightParser.RefMemberContext ctx) {
    return new Member.Ref(ident(ctx.name), expr(ctx.init), ctx.max == null ? null : expr(ctx.max), ident(ctx.release), span(ctx));
  }

  @Override
  public Object visitLockMember(InflightParser.LockMemberContext ctx) {
    return new Member.Lock(ident(ctx.name), false, span(ctx));
  }

  @Override
  public Object visitMutexMember(InflightParser.MutexMemberContext ctx) {
    return new Member.Lock(ident(ctx.name), true, span(ctx));
  }

  @Override
  public Object visitListMember(InflightParser.ListMemberContext ctx) {
    return new Member.ListOf(ident(ctx.name), ident(ctx.elem), span(ctx));
  }

  @Override
  public Object visitSetMember(InflightParser.SetMemberContext ctx) {
    return new Member.SetOf(ident(ctx.name), ident(ctx.elem), span(ctx));
  }

  @Override
  public Object visitQueueMember(InflightParser.QueueMemberContext ctx) {
    return new Member.QueueOf(ident(ctx.name), ident(ctx.elem), expr(ctx.cap), span(ctx));
  }

  @Override
  public Object visitPlainMember(InflightParser.PlainMemberContext ctx) {
    return new Member.Plain(ident(ctx.name), type(ctx.type), expr(ctx.init), span(ctx));
  }

  // ---- statements ----

  @Override
  public Object visitAllocStmt(InflightParser.AllocStmtContext ctx) {
    return new Stmt.Alloc(assignable(expr(ctx.target)), ident(ctx.struct), span(ctx));
  }

  @Override
  public Object visitAssignStmt(InflightParser.AssignStmtContext ctx) {
    return new Stmt.Assign(assignable(expr(ctx.target)), expr(ctx.value), span(ctx));
  }

  private Expr assignable(Expr target) {
    if (target instanceof Expr.Name || target instanceof Expr.Field || target instanceof Expr.Error) {
      return target;
    }
    if (!syntaxErrorLines.contains(target.span().line())) {
      diags.notAssignable(target.span());
    }
    return new Expr.Error(target.span());
  }

  @Override
  public Object visitGetStmt(InflightParser.GetStmtContext ctx) {
    return new Stmt.RefOp(true, expr(ctx.target), span(ctx));
  }

  @Override
  public Object visitPutStmt(InflightParser.PutStmtContext ctx) {
    return new Stmt.RefOp(false, expr(ctx.target), span(ctx));
  }

  @Override
  public Object visitFreeStmt(InflightParser.FreeStmtContext ctx) {
    return new Stmt.Free(expr(ctx.target), span(ctx));
  }

  @Override
  public Object visitTouchStmt(InflightParser.TouchStmtContext ctx) {
    return new Stmt.Touch(expr(ctx.target), span(ctx));
  }

  @Override
  public Object visitIfStmt(InflightParser.IfStmtContext ctx) {
    return ifStatement(ctx.ifStatement());
  }

  private Stmt ifStatement(InflightParser.IfStatementContext ctx) {
    if (broken(ctx) || !enter(ctx)) {
      return new Stmt.Error(span(ctx));
    }
    try {
      Block orElse = null;
      if (ctx.elseIf != null) {
        Stmt nested = ifStatement(ctx.elseIf);
        orElse = new Block(List.of(nested), nested.span());
      } else if (ctx.elseBlock != null) {
        orElse = block(ctx.elseBlock);
      }
      return new Stmt.If(expr(ctx.cond), block(ctx.then), orElse, span(ctx));
    } finally {
      depth--;
    }
  }

  @Override
  public Object visitWhileStmt(InflightParser.WhileStmtContext ctx) {
    return new Stmt.While(expr(ctx.cond), expr(ctx.bound), block(ctx.body), span(ctx));
  }

  @Override
  public Object visitForStmt(InflightParser.ForStmtContext ctx) {
    return new Stmt.For(ident(ctx.var), expr(ctx.coll), block(ctx.body), span(ctx));
  }

  @Override
  public Object visitEitherStmt(InflightParser.EitherStmtContext ctx) {
    List<Block> branches = new ArrayList<>();
    branches.add(block(ctx.first));
    for (InflightParser.BlockContext b : ctx.rest) {
      branches.add(block(b));
    }
    return new Stmt.Either(branches, span(ctx));
  }

  @Override
  public Object visitCostStmt(InflightParser.CostStmtContext ctx) {
    return new Stmt.Cost(expr(ctx.amount), span(ctx));
  }

  @Override
  public Object visitAwaitStmt(InflightParser.AwaitStmtContext ctx) {
    return new Stmt.Await(expr(ctx.cond), span(ctx));
  }

  @Override
  public Object visitAtomicStmt(InflightParser.AtomicStmtContext ctx) {
    return new Stmt.Atomic(block(ctx.body), span(ctx));
  }

  @Override
  public Object visitLoopStmt(InflightParser.LoopStmtContext ctx) {
    return new Stmt.Loop(block(ctx.body), span(ctx));
  }

  @Override
  public Object visitLockStmt(InflightParser.LockStmtContext ctx) {
    return new Stmt.LockOp(true, expr(ctx.target), span(ctx));
  }

  @Override
  public Object visitUnlockStmt(InflightParser.UnlockStmtContext ctx) {
    return new Stmt.LockOp(false, expr(ctx.target), span(ctx));
  }

  @Override
  public Object visitReturnStmt(InflightParser.ReturnStmtContext ctx) {
    return new Stmt.Return(expr(ctx.value), span(ctx));
  }

  @Override
  public Object visitExprStmt(InflightParser.ExprStmtContext ctx) {
    Expr e = expr(ctx.call);
    if (e instanceof Expr.Call c) {
      return new Stmt.Call(c, span(ctx));
    }
    if (!(e instanceof Expr.Error) && !syntaxErrorLines.contains(e.span().line())) {
      diags.notAStatement(e.span());
    }
    return new Stmt.Error(span(ctx));
  }

  // ---- expressions ----

  @Override
  public Object visitFieldExpr(InflightParser.FieldExprContext ctx) {
    return new Expr.Field(expr(ctx.obj), ident(ctx.field), span(ctx));
  }

  @Override
  public Object visitUnaryExpr(InflightParser.UnaryExprContext ctx) {
    Expr.UnOp op = ctx.op.getText().equals("!") ? Expr.UnOp.NOT : Expr.UnOp.NEG;
    return new Expr.Unary(op, expr(ctx.operand), span(ctx));
  }

  private Expr binary(String op, InflightParser.ExprContext l, InflightParser.ExprContext r, ParserRuleContext ctx) {
    Expr.BinOp bop = null;
    for (Expr.BinOp b : Expr.BinOp.values()) {
      if (b.symbol.equals(op)) {
        bop = b;
      }
    }
    return new Expr.Binary(Objects.requireNonNull(bop, op), expr(l), expr(r), span(ctx));
  }

  @Override
  public Object visitMulExpr(InflightParser.MulExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitAddExpr(InflightParser.AddExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitSetOpExpr(InflightParser.SetOpExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitInExpr(InflightParser.InExprContext ctx) {
    return binary(ctx.neg != null ? "not in" : "in", ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitRelExpr(InflightParser.RelExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitEqExpr(InflightParser.EqExprContext ctx) {
    return binary(ctx.op.getText(), ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitAndExpr(InflightParser.AndExprContext ctx) {
    return binary("&&", ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitOrExpr(InflightParser.OrExprContext ctx) {
    return binary("||", ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitImpliesExpr(InflightParser.ImpliesExprContext ctx) {
    return binary("=>", ctx.left, ctx.right, ctx);
  }

  @Override
  public Object visitQuantExpr(InflightParser.QuantExprContext ctx) {
    return new Expr.Quant(ctx.q.getText().equals("forall"), ident(ctx.var), expr(ctx.set), expr(ctx.body), span(ctx));
  }

  @Override
  public Object visitClosureExpr(InflightParser.ClosureExprContext ctx) {
    return new Expr.Closure(expr(ctx.roots), ident(ctx.var), expr(ctx.step), span(ctx));
  }

  @Override
  public Object visitCallExpr(InflightParser.CallExprContext ctx) {
    List<Expr> args = new ArrayList<>();
    for (InflightParser.ExprContext a : ctx.args) {
      args.add(expr(a));
    }
    return new Expr.Call(ident(ctx.fn), args, span(ctx));
  }

  @Override
  public Object visitSetCompExpr(InflightParser.SetCompExprContext ctx) {
    return new Expr.SetComp(ident(ctx.var), expr(ctx.set), expr(ctx.pred), span(ctx));
  }

  @Override
  public Object visitSetLitExpr(InflightParser.SetLitExprContext ctx) {
    List<Expr> elems = new ArrayList<>();
    for (InflightParser.ExprContext e : ctx.elems) {
      elems.add(expr(e));
    }
    return new Expr.SetLit(elems, span(ctx));
  }

  @Override
  public Object visitParenExpr(InflightParser.ParenExprContext ctx) {
    return expr(ctx.inner);
  }

  @Override
  public Object visitIntExpr(InflightParser.IntExprContext ctx) {
    try {
      long v = Long.parseLong(ctx.value.getText());
      if (v > Integer.MAX_VALUE) {
        throw new NumberFormatException();
      }
      return new Expr.IntLit(v, span(ctx));
    } catch (NumberFormatException e) {
      diags.integerTooLarge(span(ctx));
      return new Expr.Error(span(ctx));
    }
  }

  @Override
  public Object visitBoolExpr(InflightParser.BoolExprContext ctx) {
    return new Expr.BoolLit(ctx.value.getText().equals("true"), span(ctx));
  }

  @Override
  public Object visitNullExpr(InflightParser.NullExprContext ctx) {
    return new Expr.NullLit(span(ctx));
  }

  @Override
  public Object visitNameExpr(InflightParser.NameExprContext ctx) {
    return new Expr.Name(ident(ctx.name), span(ctx));
  }

  static String unquote(String raw) {
    String s = raw.length() >= 2 ? raw.substring(1, raw.length() - 1) : raw;
    return s.replace("\\\"", "\"").replace("\\\\", "\\");
  }
}
