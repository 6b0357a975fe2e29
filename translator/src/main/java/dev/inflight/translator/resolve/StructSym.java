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

  public StructSym(Decl.Struct decl) {
    this.decl = decl;
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
