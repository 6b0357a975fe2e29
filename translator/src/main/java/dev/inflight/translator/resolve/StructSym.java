package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Decl;
import java.util.LinkedHashMap;
import java.util.Map;

/** A struct: its fields and, after checking, its object-pool bound. */
public final class StructSym {
  private final Decl.Struct decl;
  private final Map<String, FieldSym> fields = new LinkedHashMap<>();
  private int bound;
  private boolean boundDerived;
  private dev.inflight.translator.ast.Expr boundExpr;

  public StructSym(Decl.Struct decl) {
    this.decl = decl;
    this.boundExpr = decl.bound();
  }

  /** The declared pool bound (`struct S bound N`, or an `extend struct S bound N`), or null. */
  public dev.inflight.translator.ast.Expr boundExpr() {
    return boundExpr;
  }

  void setBoundExpr(dev.inflight.translator.ast.Expr e) {
    this.boundExpr = e;
  }

  public String name() {
    return decl.name().text();
  }

  public Decl.Struct decl() {
    return decl;
  }

  public boolean isStatic() {
    return decl.isStatic();
  }

  public Map<String, FieldSym> fields() {
    return fields;
  }

  public int bound() {
    return bound;
  }

  public boolean boundDerived() {
    return boundDerived;
  }

  public void setBound(int bound, boolean derived) {
    this.bound = bound;
    this.boundDerived = derived;
  }

  @Override
  public String toString() {
    return name();
  }
}
