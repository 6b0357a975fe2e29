package dev.inflight.translator.check;

import dev.inflight.translator.ast.Expr;
import dev.inflight.translator.ast.Member;
import dev.inflight.translator.ast.TypeRef;
import dev.inflight.translator.diag.Diagnostics;
import dev.inflight.translator.resolve.FieldSym;
import dev.inflight.translator.resolve.FnSym;
import dev.inflight.translator.resolve.Program;
import dev.inflight.translator.resolve.Resolver;
import dev.inflight.translator.resolve.StructSym;
import dev.inflight.translator.resolve.Symbol;
import dev.inflight.translator.resolve.Type;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The declarations' part of checking: the values of consts (with `--set` overrides), the types
 * of struct fields and globals (and their constant initial values, bounds and capacities), and
 * the types written on function parameters.
 */
final class Declarations {
  private final CheckContext ctx;
  private final Program program;
  private final Diagnostics diags;
  private final ConstEval consts;

  Declarations(CheckContext ctx) {
    this.ctx = ctx;
    this.program = ctx.program;
    this.diags = ctx.diags;
    this.consts = ctx.consts;
  }

  // ---------------------------------------------------------------- constants

  void evalConsts(Map<String, String> overrides) {
    Map<String, String> left = new LinkedHashMap<>(overrides);
    for (Symbol.ConstSym c : program.consts.values()) {
      String o = left.remove(c.name());
      if (o != null) {
        Object v = parseOverride(o);
        Object declared = consts.eval(c.decl.value());
        if (v == null || (v instanceof Long l && Math.abs(l) > Integer.MAX_VALUE)) {
          diags.badOverride(c.name() + "=" + o, o.trim().matches("[-+]?[0-9]+")
              ? "`" + o + "` is too large: integers in a model are at most " + Integer.MAX_VALUE
              : "`" + o + "` is not an integer or boolean");
          v = declared == null ? 0L : declared;
        } else if (declared != null && declared.getClass() != v.getClass()) {
          diags.badOverride(c.name() + "=" + o, "`" + c.name() + "` is " + (declared instanceof Boolean ? "a boolean" : "an integer")
              + " (declared `= " + declared + "`), but `" + o + "` is not");
          v = declared;
        }
        c.value = v;
        continue;
      }
      Object v = consts.eval(c.decl.value());
      Expr big = consts.outOfRange(c.decl.value());
      if (big != null) {
        // TLC's integers are 32-bit: it could neither read the value nor compute the part.
        diags.valueTooLarge(big.span(), (Long) consts.eval(big));
        v = v instanceof Boolean ? Boolean.FALSE : 0L;
        c.poisoned = true;
      } else if (v == null) {
        if (!(c.decl.value() instanceof Expr.Error)) {
          consts.notConstant(c.decl.value(), diags);
        }
        v = 0L;
      }
      c.value = v;
    }
    for (Map.Entry<String, String> e : left.entrySet()) {
      String sug = Resolver.suggest(e.getKey(), program.consts.keySet());
      diags.badOverride(e.getKey() + "=" + e.getValue(), "the model has no const `" + e.getKey() + "`" + (sug == null ? "" : " (did you mean `" + sug + "`?)"));
    }
  }

  private static Object parseOverride(String s) {
    if (s.equals("true") || s.equals("false")) {
      return Boolean.parseBoolean(s);
    }
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  // ---------------------------------------------------------------- members

  void fieldTypes(StructSym s) {
    for (FieldSym f : s.fields().values()) {
      f.type = memberType(f.member);
    }
    if (s.boundExpr() != null) {
      s.setBound(ctx.positiveConst(s.boundExpr(), "a pool bound"), false);
    }
  }

  Type memberType(Member m) {
    if (m instanceof Member.Ref r) {
      Type t = new ExprTyper(ctx, null, false).expr(r.init());
      ctx.expect(t, Type.INT, r.init().span());
      if (consts.eval(r.init()) == null && !(r.init() instanceof Expr.Error)) {
        consts.notConstant(r.init(), diags);
      }
      int max = r.max() != null ? ctx.positiveConst(r.max(), "a refcount's maximum") : Member.Ref.DEFAULT_MAX;
      boolean maxOk = r.max() == null || consts.eval(r.max()) instanceof Long given && given == max; // a bad max is told once, above
      if (maxOk && consts.eval(r.init()) instanceof Long init && (init < 0 || init > max)) {
        diags.refInitOutOfRange(r.init().span(), r.name().text(), init, max, r.max() != null);
      }
      return Type.REFCOUNT;
    }
    if (m instanceof Member.Lock) {
      return Type.LOCK;
    }
    if (m instanceof Member.SetOf so) {
      StructSym e = struct(so.elem());
      return e == null ? Type.ERROR : new Type.SetT(e);
    }
    if (m instanceof Member.QueueOf q) {
      StructSym e = struct(q.elem());
      ctx.positiveConst(q.capacity(), "a queue capacity");
      return e == null ? Type.ERROR : new Type.QueueT(e, false);
    }
    if (m instanceof Member.ListOf l) {
      StructSym e = struct(l.elem());
      return e == null ? Type.ERROR : new Type.QueueT(e, true);
    }
    Member.Plain p = (Member.Plain) m;
    Type declared = p.type() == null ? null : typeRef(p.type());
    Type init = p.init() == null ? null : new ExprTyper(ctx, null, false).expr(p.init());
    if (p.init() != null && consts.eval(p.init()) == null && !(p.init() instanceof Expr.NullLit) && !(p.init() instanceof Expr.Error)) {
      consts.notConstant(p.init(), diags);
    }
    if (declared != null) {
      if (init != null) {
        ctx.expect(init, declared, p.init().span());
      }
      return declared;
    }
    if (init == null || init.equals(Type.NULL)) {
      diags.typeMismatch(p.span(), "a type or an initial value", "neither", "write `" + p.name().text() + ": STRUCT` for a pointer, or `" + p.name().text() + " = 0`");
      return Type.ERROR;
    }
    return init;
  }

  private StructSym struct(dev.inflight.translator.ast.Ident name) {
    if (name == null) {
      return null;
    }
    StructSym s = program.structs.get(name.text());
    if (s == null) {
      diags.unknownStruct(name.span(), name.text(), Resolver.suggest(name.text(), program.structs.keySet()));
    }
    return s;
  }

  private Type typeRef(TypeRef t) {
    String n = t.name().text();
    if (n.equals("int")) {
      return Type.INT;
    }
    if (n.equals("bool")) {
      return Type.BOOL;
    }
    StructSym s = struct(t.name());
    return s == null ? Type.ERROR : new Type.Obj(s);
  }

  Type declaredParamType(FnSym f, int i) {
    TypeRef t = f.decl.params().get(i).type();
    return t == null ? null : typeRef(t);
  }
}
