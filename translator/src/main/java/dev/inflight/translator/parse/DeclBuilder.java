package dev.inflight.translator.parse;

import dev.inflight.grammar.InflightBaseVisitor;
import dev.inflight.grammar.InflightParser;
import dev.inflight.translator.ast.Decl;
import dev.inflight.translator.ast.Ident;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.ast.Param;
import dev.inflight.translator.ast.TypeRef;
import dev.inflight.translator.diag.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The declaration part of {@link AstBuilder}: turns a top-level declaration's parse tree (and the
 * members of a struct, the entries of `cost`, the items of `workload`) into {@link Decl} and
 * {@link Member} records. Blocks and expressions inside a declaration go back to
 * {@link AstBuilder}.
 */
final class DeclBuilder extends InflightBaseVisitor<Object> {
  private final AstBuilder ast;
  private final Diagnostics diags;

  DeclBuilder(AstBuilder ast, Diagnostics diags) {
    this.ast = ast;
    this.diags = diags;
  }

  private TypeRef type(InflightParser.TypeRefContext ctx) {
    return ctx == null ? null : new TypeRef(ast.ident(ctx.name), ast.span(ctx));
  }

  /** The members of a struct or of a struct extension; empty and broken ones are dropped. */
  private List<Member> members(List<InflightParser.MemberContext> ctxs) {
    List<Member> members = new ArrayList<>();
    for (InflightParser.MemberContext m : ctxs) {
      if (m instanceof InflightParser.EmptyMemberContext || ast.broken(m)) {
        continue;
      }
      Object r = visit(m);
      members.add((Member) r);
    }
    return members;
  }

  // ---- declarations ----

  @Override
  public Object visitModelDecl(InflightParser.ModelDeclContext ctx) {
    return new Decl.Model(ast.ident(ctx.name), ast.span(ctx));
  }

  @Override
  public Object visitIncludeDecl(InflightParser.IncludeDeclContext ctx) {
    String raw = ctx.path.getText();
    return new Decl.Include(unquote(raw), ast.span(ctx));
  }

  @Override
  public Object visitConstDecl(InflightParser.ConstDeclContext ctx) {
    return new Decl.Const(ast.ident(ctx.name), ast.expr(ctx.value), ast.span(ctx));
  }

  @Override
  public Object visitStructDecl(InflightParser.StructDeclContext ctx) {
    List<Member> members = members(ctx.members);
    return new Decl.Struct(ast.ident(ctx.name), ctx.isStatic != null, ast.expr(ctx.bound), members, ast.span(ctx));
  }

  @Override
  public Object visitGlobalVarDecl(InflightParser.GlobalVarDeclContext ctx) {
    return new Decl.Global(new Member.Plain(ast.ident(ctx.name), type(ctx.type), ast.expr(ctx.init), ast.span(ctx)), ast.span(ctx));
  }

  @Override
  public Object visitGlobalLockDecl(InflightParser.GlobalLockDeclContext ctx) {
    return new Decl.Global(new Member.Lock(ast.ident(ctx.name), false, ast.span(ctx)), ast.span(ctx));
  }

  @Override
  public Object visitGlobalMutexDecl(InflightParser.GlobalMutexDeclContext ctx) {
    return new Decl.Global(new Member.Lock(ast.ident(ctx.name), true, ast.span(ctx)), ast.span(ctx));
  }

  @Override
  public Object visitGlobalListDecl(InflightParser.GlobalListDeclContext ctx) {
    return new Decl.Global(new Member.ListOf(ast.ident(ctx.name), ast.ident(ctx.elem), ast.span(ctx)), ast.span(ctx));
  }

  @Override
  public Object visitGlobalSetDecl(InflightParser.GlobalSetDeclContext ctx) {
    return new Decl.Global(new Member.SetOf(ast.ident(ctx.name), ast.ident(ctx.elem), ast.span(ctx)), ast.span(ctx));
  }

  @Override
  public Object visitGlobalQueueDecl(InflightParser.GlobalQueueDeclContext ctx) {
    return new Decl.Global(new Member.QueueOf(ast.ident(ctx.name), ast.ident(ctx.elem), ast.expr(ctx.cap), ast.span(ctx)), ast.span(ctx));
  }

  @Override
  public Object visitThreadDecl(InflightParser.ThreadDeclContext ctx) {
    return new Decl.Thread(ast.ident(ctx.name), ast.expr(ctx.count), ast.block(ctx.body), ctx.isDaemon != null, ast.expr(ctx.cpu), ast.span(ctx));
  }

  @Override
  public Object visitWorkDecl(InflightParser.WorkDeclContext ctx) {
    return new Decl.Work(ast.ident(ctx.name), ast.ident(ctx.fn), ast.span(ctx));
  }

  @Override
  public Object visitInitDecl(InflightParser.InitDeclContext ctx) {
    return new Decl.Init(ast.block(ctx.body), ast.span(ctx));
  }

  @Override
  public Object visitFnDecl(InflightParser.FnDeclContext ctx) {
    List<Param> params = new ArrayList<>();
    for (InflightParser.ParamContext p : ctx.params) {
      params.add(new Param(ast.ident(p.name), type(p.type), ast.span(p)));
    }
    return new Decl.Fn(ast.ident(ctx.name), params, ast.block(ctx.body), ctx.isOp != null, ast.ident(ctx.opName), ctx.isOverride != null, ast.span(ctx));
  }

  @Override
  public Object visitExtendStructDecl(InflightParser.ExtendStructDeclContext ctx) {
    List<Member> members = members(ctx.members);
    return new Decl.ExtendStruct(ast.ident(ctx.name), ast.expr(ctx.bound), members, ast.span(ctx));
  }

  @Override
  public Object visitCostDecl(InflightParser.CostDeclContext ctx) {
    List<Decl.CostEntry> entries = new ArrayList<>();
    for (InflightParser.CostEntryContext e : ctx.entries) {
      Ident key = e.name == null ? null : new Ident(e.name.getText(), ast.span(e.name));
      entries.add(new Decl.CostEntry(key, ast.expr(e.value), ast.span(e)));
    }
    return new Decl.Cost(entries, ast.span(ctx));
  }

  @Override
  public Object visitProfileDecl(InflightParser.ProfileDeclContext ctx) {
    return new Decl.Profile(unquote(ctx.path.getText()), ast.span(ctx));
  }

  @Override
  public Object visitLatencyDecl(InflightParser.LatencyDeclContext ctx) {
    return new Decl.Latency(ast.ident(ctx.op), ast.expr(ctx.bound), ast.expr(ctx.cond), ast.span(ctx));
  }

  @Override
  public Object visitWorkloadDecl(InflightParser.WorkloadDeclContext ctx) {
    List<dev.inflight.translator.ast.WorkloadItem> items = new ArrayList<>();
    for (InflightParser.WorkloadItemContext i : ctx.items) {
      if (i instanceof InflightParser.WorkloadSettingContext c) {
        if (isWord(c.key, "cpus")) {
          items.add(new dev.inflight.translator.ast.WorkloadItem.Cpus(ast.expr(c.value), ast.span(c)));
        } else if (!ast.broken(c.key)) {
          diags.costs().unknownWorkloadEntry(ast.span(c.key), c.key.getText(), "cpus = N");
        }
      } else if (i instanceof InflightParser.WorkloadConstContext c) {
        items.add(new dev.inflight.translator.ast.WorkloadItem.Const(ast.ident(c.name), ast.expr(c.value), ast.span(c)));
      } else if (i instanceof InflightParser.WorkloadSharedContext c) {
        if (isWord(c.key, "shared")) {
          items.add(new dev.inflight.translator.ast.WorkloadItem.Shared(c.structs.stream().map(ast::ident).filter(Objects::nonNull).toList(), ast.span(c)));
        } else if (!ast.broken(c.key)) {
          diags.costs().unknownWorkloadEntry(ast.span(c.key), c.key.getText(), "shared STRUCT, …");
        }
      } else if (i instanceof InflightParser.WorkloadRunContext c) {
        items.add(new dev.inflight.translator.ast.WorkloadItem.Run(ast.ident(c.op), ast.expr(c.count), ast.span(c)));
      }
    }
    return new Decl.Workload(ast.ident(ctx.name), items, ast.span(ctx));
  }

  private boolean isWord(InflightParser.IdentContext key, String word) {
    return !ast.broken(key) && key.getText().equals(word);
  }

  @Override
  public Object visitUnfairDecl(InflightParser.UnfairDeclContext ctx) {
    return new Decl.Unfair(ast.ident(ctx.name), ast.span(ctx));
  }

  @Override
  public Object visitCheckDecl(InflightParser.CheckDeclContext ctx) {
    return new Decl.Check(ast.ident(ctx.name), ast.span(ctx));
  }

  @Override
  public Object visitInvariantDecl(InflightParser.InvariantDeclContext ctx) {
    return new Decl.Property(Decl.Property.Kind.INVARIANT, ast.ident(ctx.name), ast.expr(ctx.cond), ast.span(ctx));
  }

  @Override
  public Object visitEventuallyDecl(InflightParser.EventuallyDeclContext ctx) {
    return new Decl.Property(Decl.Property.Kind.EVENTUALLY, ast.ident(ctx.name), ast.expr(ctx.cond), ast.span(ctx));
  }

  // ---- members ----

  @Override
  public Object visitRefMember(InflightParser.RefMemberContext ctx) {
    return new Member.Ref(ast.ident(ctx.name), ast.expr(ctx.init), ctx.max == null ? null : ast.expr(ctx.max), ast.ident(ctx.release), ast.span(ctx));
  }

  @Override
  public Object visitLockMember(InflightParser.LockMemberContext ctx) {
    return new Member.Lock(ast.ident(ctx.name), false, ast.span(ctx));
  }

  @Override
  public Object visitMutexMember(InflightParser.MutexMemberContext ctx) {
    return new Member.Lock(ast.ident(ctx.name), true, ast.span(ctx));
  }

  @Override
  public Object visitListMember(InflightParser.ListMemberContext ctx) {
    return new Member.ListOf(ast.ident(ctx.name), ast.ident(ctx.elem), ast.span(ctx));
  }

  @Override
  public Object visitSetMember(InflightParser.SetMemberContext ctx) {
    return new Member.SetOf(ast.ident(ctx.name), ast.ident(ctx.elem), ast.span(ctx));
  }

  @Override
  public Object visitQueueMember(InflightParser.QueueMemberContext ctx) {
    return new Member.QueueOf(ast.ident(ctx.name), ast.ident(ctx.elem), ast.expr(ctx.cap), ast.span(ctx));
  }

  @Override
  public Object visitPlainMember(InflightParser.PlainMemberContext ctx) {
    return new Member.Plain(ast.ident(ctx.name), type(ctx.type), ast.expr(ctx.init), ast.span(ctx));
  }

  private static String unquote(String raw) {
    String s = raw.length() >= 2 ? raw.substring(1, raw.length() - 1) : raw;
    return s.replace("\\\"", "\"").replace("\\\\", "\\");
  }
}
