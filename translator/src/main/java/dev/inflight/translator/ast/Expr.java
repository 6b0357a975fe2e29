package dev.inflight.translator.ast;

import dev.inflight.translator.diag.Span;
import java.util.List;

/** Expressions. They have no side effects: a user function called inside one returns an expression (FnSym#expression). */
public sealed interface Expr extends Node {

  <R> R accept(Visitor<R> v);

  record IntLit(long value, Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitInt(this); }
  }

  record BoolLit(boolean value, Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitBool(this); }
  }

  record NullLit(Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitNull(this); }
  }

  record Name(Ident name, Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitName(this); }
  }

  /** `obj.field` */
  record Field(Expr obj, Ident field, Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitField(this); }
  }

  /** `f(args)`: a built-in (`count`, `live`, `len`, …), a user fn as a statement, or an expression fn anywhere. */
  record Call(Ident fn, List<Expr> args, Span span) implements Expr {
    public Call {
      args = List.copyOf(args);
    }
    public <R> R accept(Visitor<R> v) { return v.visitCall(this); }
  }

  enum UnOp { NOT, NEG }

  record Unary(UnOp op, Expr operand, Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitUnary(this); }
  }

  enum BinOp {
    MUL("*"), DIV("/"), MOD("%"), ADD("+"), SUB("-"),
    UNION("union"), INTER("inter"), MINUS("minus"),
    IN("in"), NOT_IN("not in"),
    LT("<"), LE("<="), GT(">"), GE(">="), EQ("=="), NE("!="),
    AND("&&"), OR("||"), IMPLIES("=>");

    public final String symbol;

    BinOp(String symbol) {
      this.symbol = symbol;
    }
  }

  record Binary(BinOp op, Expr left, Expr right, Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitBinary(this); }
  }

  /** `{a, b}` */
  record SetLit(List<Expr> elems, Span span) implements Expr {
    public SetLit {
      elems = List.copyOf(elems);
    }
    public <R> R accept(Visitor<R> v) { return v.visitSetLit(this); }
  }

  /** `{x in S : P}` */
  record SetComp(Ident var, Expr set, Expr pred, Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitSetComp(this); }
  }

  /** `forall x in S : P` / `exists x in S : P` */
  record Quant(boolean forall, Ident var, Expr set, Expr body, Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitQuant(this); }
  }

  /**
   * `closure(roots, x : step)`: the smallest set containing {@code roots} and, for each of its
   * elements x, the set {@code step} (reachability, as for GC marking).
   */
  record Closure(Expr roots, Ident var, Expr step, Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitClosure(this); }
  }

  /** Stands for an expression that failed to parse or check; it produces no further messages. */
  record Error(Span span) implements Expr {
    public <R> R accept(Visitor<R> v) { return v.visitError(this); }
  }

  interface Visitor<R> {
    R visitInt(IntLit e);
    R visitBool(BoolLit e);
    R visitNull(NullLit e);
    R visitName(Name e);
    R visitField(Field e);
    R visitCall(Call e);
    R visitUnary(Unary e);
    R visitBinary(Binary e);
    R visitSetLit(SetLit e);
    R visitSetComp(SetComp e);
    R visitQuant(Quant e);
    R visitClosure(Closure e);
    R visitError(Error e);
  }
}
